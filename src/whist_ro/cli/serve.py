"""``whist-ro serve``: the web table (:mod:`whist_ro.web`) on uvicorn.

The server binds its socket itself, so ``--port 0`` takes a free port and
the first line printed names the address actually used.

>>> check_public_url("https://whist.example.org/")
'https://whist.example.org'
>>> check_public_url("whist.example.org")
Traceback (most recent call last):
...
whist_ro.errors.ConfigurationError: --public-url must be an http:// or https:// address, ...
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import socket
import sys
from typing import Final
from urllib.parse import urlsplit

from whist_ro._check import excerpt
from whist_ro.cli import status, text
from whist_ro.errors import ConfigurationError

__all__ = ["DEFAULT_DB", "check_public_url", "positive_number", "serve"]

DEFAULT_DB: Final = "whist-ro-web.sqlite3"
"""Where ``whist-ro serve`` keeps its tables unless ``--db`` says otherwise."""


def check_public_url(url: str | None) -> str | None:
    """``url`` without a trailing slash when it is an http(s) address; None stays None."""
    if url is None:
        return None
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ConfigurationError(text.tr(text.SERVE_BAD_URL, url=excerpt(url)), field="public_url")
    return url.rstrip("/")


def positive_number(value: str) -> float:
    """An argparse ``type``: a finite number above 0 (seconds, days).

    >>> positive_number("1.5")
    1.5
    >>> positive_number("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a number above 0, not '0'
    """
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if not 0 < number < math.inf:
        raise argparse.ArgumentTypeError(text.tr(text.SERVE_POSITIVE, value=excerpt(value)))
    return number


def serve(args: argparse.Namespace) -> int:
    """Run the web table until interrupted."""
    for module in ("starlette", "uvicorn"):
        if importlib.util.find_spec(module) is None:
            raise ConfigurationError(text.tr(text.SERVE_NEEDS_WEB, missing=module), field="serve")
    import uvicorn  # noqa: PLC0415  (an extra: imported only when serving)

    from whist_ro.web import Limits, create_app  # noqa: PLC0415

    public_url = check_public_url(args.public_url)
    # --lang makes every page speak it; else each page speaks its browser's language.
    app = create_app(
        db=args.db,
        public_url=public_url,
        bot_delay=args.bot_delay,
        lang=getattr(args, "lang", None),
        per_address=args.max_waiting,
        open_per_address=args.max_open,
        maker_wait=args.maker_wait,
        start_wait=args.start_wait,
        keep_finished=args.keep_finished,
        forwarded_allow_ips=[a for a in args.forwarded_allow_ips.split(",") if a.strip()],
        busy_timeout=args.busy_timeout / 1000,
        limits=Limits(
            connections=args.max_connections,
            address_connections=args.max_address_connections,
        ),
    )
    # Read every table before listening: a file SQLite cannot read is one error line here,
    # not a traceback from the server's start-up.
    app.state.lobby.load()
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((args.host, args.port))
    listener.set_inheritable(True)
    port = listener.getsockname()[1]
    host = f"[{args.host}]" if family == socket.AF_INET6 else args.host
    print(text.tr(text.SERVE_LISTENING, host=host, port=port, db=args.db), flush=True)
    config = uvicorn.Config(
        app,
        log_level="warning",
        ws_max_size=65_536,  # a table's messages are small; refuse a flood at the socket
        ws_ping_interval=15.0,  # a silent dead connection is noticed within about 30 s
        ws_ping_timeout=15.0,
        server_header=False,
        # The app reads X-Forwarded-For itself, from --forwarded-allow-ips only: uvicorn's
        # own reading would believe any client on 127.0.0.1.
        proxy_headers=False,
        lifespan="on",
    )
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[listener])
    finally:
        listener.close()
    sys.stdout.flush()
    return status.OK
