"""The agent protocol: anything that chooses actions from a player view (R-SEAT-1).

An agent is given only :class:`~whist_ro.views.PlayerView` values and
:class:`~whist_ro.Step` results, never a ``Round`` or a ``Match``, so it
decides from what its seat may know (R-VIEW-1, R-VIEW-2).  Bots are agents,
and so is a human front end that asks a person.  Any object with an
``act(view)`` method is one; ``observe(view, step)`` is optional and, when
present, is told what each action did.

An agent runs in the caller's process and is **trusted code**: the values
it is given are immutable, but Python lets any code read any object of
its process (the frame stack included), so an in-process agent could find
every hand.  Run a bot you do not trust in another process.

>>> from whist_ro.bots import RandomBot
>>> isinstance(RandomBot(seed=1), Agent)
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Final, Protocol, runtime_checkable

if TYPE_CHECKING:
    from whist_ro.actions import Action
    from whist_ro.engine.step import Step
    from whist_ro.views.view import PlayerView

__all__ = [
    "Agent",
    "AsyncAgent",
    "BotFactory",
    "Observer",
    "Seated",
    "engine_class",
    "register_engine",
]

# Who runs an agent in a process of its own: the engine side of the protocol
# (whist_ro.remote.EngineAgent) sits above the table, so it registers itself
# here, below both, when imported, instead of the table importing it.  The one
# place that knows where it lives is this module name, imported on first need.
_ENGINE: list[type] = []
_ENGINE_MODULE: Final = "whist_ro.remote.engine"


def register_engine(engine: type) -> None:
    """Register the class of an agent that plays from an engine process.

    :class:`~whist_ro.remote.EngineAgent` registers itself when its module
    is imported; a :class:`~whist_ro.Table` then recognises its engines (it
    tells them only the steps they asked for, and names them in the record)
    and, with ``isolate=True``, starts each isolated agent through its
    ``spawn_all``/``aspawn_all`` classmethods.

    >>> from whist_ro.remote import EngineAgent
    >>> register_engine(EngineAgent); engine_class(load=False) is EngineAgent
    True
    """
    _ENGINE[:] = [engine]


def engine_class(*, load: bool) -> Any:
    """The registered engine class, or None; with ``load``, its module is imported first.

    Without ``load`` nothing is imported: no engine can exist before the
    engine side is imported, so a table asks this for every step it tells.
    With ``load`` (a table isolating its first agent), the engine side is
    imported, and registers itself, if it was not yet.

    >>> engine_class(load=True).__name__
    'EngineAgent'
    """
    if not _ENGINE and load:
        importlib.import_module(_ENGINE_MODULE)  # registers itself: see register_engine
    return _ENGINE[0] if _ENGINE else None


@runtime_checkable
class Agent(Protocol):
    """Chooses one action for its seat from the seat's player view.

    ``act`` is called only when it is the view's seat's turn, and must
    return one of ``view.legal_actions`` (a :class:`~whist_ro.Bid` or a
    :class:`~whist_ro.Play`).  An agent may also define
    ``observe(view, step)`` (see :class:`Observer`).

    >>> class FirstLegal:
    ...     def act(self, view):
    ...         return view.legal_actions[0]
    >>> isinstance(FirstLegal(), Agent)
    True
    """

    def act(self, view: PlayerView) -> Action:
        """The action this agent takes in ``view``."""
        ...


@runtime_checkable
class AsyncAgent(Protocol):
    """An agent that decides asynchronously: its ``act`` is a coroutine function.

    :meth:`Table.arun <whist_ro.Table.arun>` awaits it (and cancels it at
    the time limit); :meth:`Table.run <whist_ro.Table.run>` runs it to its
    end.  Its ``observe`` may be ``async def`` too.

    >>> import asyncio
    >>> class Thinker:
    ...     async def act(self, view):
    ...         await asyncio.sleep(0)
    ...         return view.legal_actions[0]
    >>> isinstance(Thinker(), AsyncAgent)
    True
    """

    async def act(self, view: PlayerView) -> Action:
        """The action this agent takes in ``view``."""
        ...


Seated = Agent | AsyncAgent
"""What a :class:`~whist_ro.Table` seats: an agent, synchronous or asynchronous."""


@runtime_checkable
class Observer(Protocol):
    """The optional half of an agent: told, after every action, its new view and the step.

    >>> class Counter:
    ...     def __init__(self):
    ...         self.seen = 0
    ...     def observe(self, view, step):
    ...         self.seen += 1
    >>> isinstance(Counter(), Observer)
    True
    """

    def observe(self, view: PlayerView, step: Step) -> None:
        """Take note of ``step``, seen from this agent's seat as ``view``."""
        ...


class BotFactory(Protocol):
    """What builds a seeded bot: a bot class or a function called as ``factory(seed=...)``.

    A tournament line-up (:class:`~whist_ro.tournaments.Entrant`) builds one
    agent per seat and match with a seed drawn from the match seed, so a
    bot class that takes no ``seed=`` argument is not a factory, and
    ``mypy`` says so before anything runs.

    >>> from whist_ro.bots import RandomBot
    >>> factory: BotFactory = RandomBot
    >>> isinstance(factory(seed=3), Agent)
    True
    """

    def __call__(self, *, seed: int) -> Agent:
        """A new agent, seeded with ``seed``."""
        ...
