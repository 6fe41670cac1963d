"""The deadline of the decision a table is asking for: what an agent has left, and the limit.

A :class:`~whist_ro.table.Table` with a ``time_limit`` sets the deadline
while it waits for an agent's decision; :func:`time_left` and
:func:`decision_limit` read it from inside the agent (in the table's thread,
its task, or the worker thread it runs a synchronous agent in, since the
deadline travels in a :mod:`contextvars` context).  It lives below the
table so that both the table, which sets it, and an engine's manager
(:class:`~whist_ro.remote.EngineAgent`), which reads it, import it without
importing each other.  ``whist_ro.table`` re-exports both readers, their
documented home.

>>> time_left() is None, decision_limit() is None
(True, True)
"""

from __future__ import annotations

import contextvars
import time
from typing import Final, NamedTuple

__all__ = ["decision_limit", "reset_deadline", "set_deadline", "time_left"]


class _Deadline(NamedTuple):
    """The monotonic time by which the decision being asked must be made, and the limit set.

    >>> _Deadline(at=12.5, limit=5.0).limit
    5.0
    """

    at: float
    limit: float


_DEADLINE: Final[contextvars.ContextVar[_Deadline | None]] = contextvars.ContextVar(
    "whist_ro_table_deadline", default=None
)


def set_deadline(limit: float | None) -> contextvars.Token[_Deadline | None]:
    """Start the clock of a decision of at most ``limit`` seconds (None: no limit).

    What a table does before it asks an agent; give the token back to
    :func:`reset_deadline` once the agent has answered.

    >>> token = set_deadline(5.0)
    >>> 0 < time_left() <= 5, decision_limit()
    (True, 5.0)
    >>> reset_deadline(token); time_left() is None
    True
    """
    return _DEADLINE.set(None if limit is None else _Deadline(time.monotonic() + limit, limit))


def reset_deadline(token: contextvars.Token[_Deadline | None]) -> None:
    """End the decision :func:`set_deadline` started (the deadline before it holds again).

    >>> reset_deadline(set_deadline(None)); decision_limit() is None
    True
    """
    _DEADLINE.reset(token)


def time_left() -> float | None:
    """Seconds left for the decision a table is asking for right now, or None.

    A table with a ``time_limit`` sets the deadline while it waits for an
    agent's ``act`` (in its thread, its task, or the worker thread it runs
    a synchronous agent in), so an agent can budget its thinking: a search
    bot can stop early, and an :class:`~whist_ro.remote.EngineAgent` sends
    its engine the time left.  Outside a decision, or without a limit, it
    is None.

    >>> import whist_ro as wr
    >>> from whist_ro.table import Table
    >>> class Timid:
    ...     def act(self, view):
    ...         print(0 < time_left() <= 5)
    ...         return view.legal_actions[0]
    >>> _ = Table(wr.variants.ROMANIAN, agents=[Timid()] * 3, seed=1, time_limit=5).step()
    True
    >>> time_left() is None
    True
    """
    deadline = _DEADLINE.get()
    if deadline is None:
        return None
    return max(deadline.at - time.monotonic(), 0.0)


def decision_limit() -> float | None:
    """The time limit of the decision a table is asking for right now, as set; or None.

    :func:`time_left` is what remains of it; this is the limit itself, the
    table's ``time_limit``, for a message that names it (an
    :class:`~whist_ro.remote.EngineAgent`'s timeout says "did not answer
    within 1 s", not what was left when it asked).

    >>> import whist_ro as wr
    >>> from whist_ro.table import Table
    >>> class Told:
    ...     def act(self, view):
    ...         print(decision_limit())
    ...         return view.legal_actions[0]
    >>> _ = Table(wr.variants.ROMANIAN, agents=[Told()] * 3, seed=1, time_limit=5).step()
    5.0
    >>> decision_limit() is None
    True
    """
    deadline = _DEADLINE.get()
    return None if deadline is None else deadline.limit
