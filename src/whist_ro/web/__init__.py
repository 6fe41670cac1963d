"""The web table: play Romanian whist in a browser with friends and bots (``whist-ro serve``).

:func:`create_app` is the ASGI application; ``whist-ro serve`` runs it with
uvicorn.  It needs the ``web`` extra (``pip install 'whist-ro[web]'``:
Starlette and uvicorn).  Tables, seats and every action live in one SQLite
file, so a server killed at any moment resumes every table where it was
(:mod:`whist_ro.web.store`).  See the web table's page in the docs for the
routes, the WebSocket messages and a reverse-proxy set-up.

>>> from whist_ro.web import create_app
>>> app = create_app(db=":memory:")
>>> app.state.lobby.rooms()
[]
"""

try:
    import starlette  # noqa: F401  (the web table's framework, imported by whist_ro.web.app)
except ModuleNotFoundError as error:  # an optional dependency: say which extra brings it
    from whist_ro.errors import missing_extra

    raise missing_extra(error, extra="web", needed_by=__name__) from None

from typing import TYPE_CHECKING

from whist_ro._deprecation import moved_names
from whist_ro.web.app import Limits, create_app
from whist_ro.web.room import BOTS, PROTOCOL, Lobby, Room
from whist_ro.web.store import Store

__all__ = [
    "BOTS",
    "PROTOCOL",
    "Limits",
    "Lobby",
    "Room",
    "Store",
    "create_app",
]

# RoomError and StoreError live with every other error now; their old names here warn.
if not TYPE_CHECKING:  # a type checker no longer sees the moved names (docs/stability.md)
    __getattr__ = moved_names(
        __name__,
        {"RoomError": "whist_ro.errors:RoomError", "StoreError": "whist_ro.errors:StoreError"},
    )
