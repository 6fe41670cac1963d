"""The engine's side of the protocol: any Python agent as an engine, in one line.

:func:`serve` reads the manager's messages from standard input and answers
on standard output, handing the agent the same :class:`~whist_ro.PlayerView`
values an in-process table would: a bot module ending in ::

    if __name__ == "__main__":
        serve(MyBot())

is an engine (``python -m mybot``) that any whist-ro table, or any other
manager speaking ``docs/protocol.md``, can seat.

>>> import io
>>> from whist_ro.bots import RandomBot
>>> from whist_ro.remote import wire
>>> manager = io.BytesIO(wire.encode(wire.hello_message()) + wire.encode({"type": "quit"}))
>>> out = io.BytesIO()
>>> serve(RandomBot(seed=1), input=manager, output=out)
0
>>> wire.decode(out.getvalue().splitlines()[0])["name"]
'RandomBot'
"""

from __future__ import annotations

import asyncio
import inspect
import sys
import traceback
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any

from whist_ro._check import excerpt
from whist_ro.actions import Action, Bid, Play
from whist_ro.agents import Agent
from whist_ro.errors import ConfigurationError, WhistError, WireError
from whist_ro.remote.wire import (
    VERSION,
    EngineInfo,
    MatchLog,
    Option,
    decode,
    encode,
    engine_hello_message,
    read_step,
)

__all__ = ["serve"]

_MAX_REASON = 200


class _Server:
    """One engine session: the handshake, then matches until ``quit``."""

    def __init__(
        self,
        agent: Agent | None,
        factory: Callable[..., Agent] | None,
        info: EngineInfo,
        output: IO[bytes],
        log: IO[str],
    ) -> None:
        self.agent = agent
        self.factory = factory
        self.info = info
        self.output = output
        self.errors = log
        self.options: dict[str, object] = {
            o.name: o.default for o in info.options if o.default is not None
        }
        self.match: MatchLog | None = None

    def say(self, message: Mapping[str, Any]) -> None:
        self.output.write(encode(message))
        self.output.flush()

    def note(self, text: str) -> None:
        print(text, file=self.errors, flush=True)

    def handle(self, message: dict[str, Any]) -> bool:
        """Answer one message; False once the session is over."""
        kind = message["type"]
        if kind == "act":
            self.act(message)
        elif kind == "step":
            self.step(message)
        elif kind == "round_end":
            if self.match is None:
                raise WireError("round_end: no match was started")
            self.match.add_round(message)
        elif kind == "new_match":
            self.new_match(message)
        elif kind == "hello":
            self.say(engine_hello_message(self.info))
        elif kind == "options":
            self.set_options(message)
        elif kind == "quit":
            return False
        return True  # match_end and unknown types need nothing

    def set_options(self, message: dict[str, Any]) -> None:
        values = message.get("options", {})
        try:
            if not isinstance(values, dict):
                raise WireError(f"options: expected an object, not {excerpt(values)}")
            self.options.update(self.info.check_options(values))
        except WireError as error:
            self.say({"type": "error", "message": str(error)})
            return
        self.say({"type": "ready"})

    def new_match(self, message: dict[str, Any]) -> None:
        self.match = MatchLog.from_message(message)
        if self.factory is not None:
            seed = message.get("seed")
            if not isinstance(seed, int) or isinstance(seed, bool):
                seed = 0
            self.agent = self.factory(seed=seed, **self.options)

    def act(self, message: dict[str, Any]) -> None:
        request = message.get("id")
        if type(request) is not int:
            raise WireError(f"act.id: expected a whole number, not {excerpt(request)}")
        try:
            if self.match is None:
                raise WireError("act: no match was started")
            view = self.match.view(message.get("view"))
            agent = self.agent
            assert agent is not None
            action = _settle(agent.act(view))
            if type(action) is not Bid and type(action) is not Play:
                raise TypeError(f"the agent returned {excerpt(action)}, not a Bid or a Play")
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as error:
            # The engine cannot decide: it says so on stderr and gives its seat up.
            self.note(traceback.format_exc().rstrip())
            # A whist-ro refusal (a bot that does not play the variant) is said as it is; any
            # other error is a bug, and its type tells the engine's author which.
            reason = (
                str(error) if isinstance(error, WhistError) else f"{type(error).__name__}: {error}"
            )
            self.say({"type": "resign", "id": request, "reason": reason[:_MAX_REASON]})
            return
        self.say({"type": "action", "id": request, "action": _answer(action)})

    def step(self, message: dict[str, Any]) -> None:
        observe = getattr(self.agent, "observe", None)
        if self.match is None or not callable(observe):
            return
        view, step = read_step(message, self.match)
        _settle(observe(view, step))


def _settle(result: Any) -> Any:
    """An async agent's coroutine run to its end; anything else as it is."""
    return asyncio.run(result) if inspect.iscoroutine(result) else result


def _answer(action: Action) -> dict[str, Any]:
    return action.to_dict()


def _info(
    agent: object,
    *,
    name: str | None,
    author: str | None,
    version: str | None,
    options: Sequence[Option],
    observe: bool,
) -> EngineInfo:
    if name is None:
        name = getattr(agent, "__name__", None) if isinstance(agent, type) else None
        name = name or type(agent).__name__
    if not isinstance(name, str) or not 0 < len(name) <= 100:
        raise ConfigurationError(
            f"name must be text of 1 to 100 characters, not {excerpt(name)}", field="name"
        )
    if not all(isinstance(o, Option) for o in options):
        raise ConfigurationError(
            f"options must be whist_ro.remote.Option values, not {excerpt(options)}",
            field="options",
        )
    return EngineInfo(
        name=name,
        version=VERSION,
        author=author,
        engine_version=version,
        options=tuple(options),
        observe=observe,
    )


def serve(
    agent: Agent | Callable[..., Agent],
    *,
    name: str | None = None,
    author: str | None = None,
    version: str | None = None,
    options: Sequence[Option] = (),
    input: IO[bytes] | None = None,
    output: IO[bytes] | None = None,
    log_as: str = "whist-ro serve",
) -> int:
    """Play the engine protocol for ``agent`` on standard input and output until ``quit``.

    ``agent`` is an :class:`~whist_ro.Agent` (one object plays every
    match), or a factory such as a bot class, called as
    ``factory(seed=..., **options)`` at each ``new_match`` with the seed the
    manager sends and the values of the ``options`` it declared (so a
    manager can set them, as UCI's ``setoption`` does).  ``name`` defaults to
    the agent's class name; ``author`` and ``version`` are sent in the
    handshake.  The agent is shown the full view (past rounds included),
    rebuilt from what the manager sends; it is told of every step when it
    has an ``observe`` method.

    When the agent raises, the engine writes the traceback to standard
    error and resigns the seat (the manager hands it to a bot).  Returns
    0 when the manager says ``quit`` or closes the input.  ``input`` and
    ``output`` default to the process's standard streams (as bytes).  A
    line it ignores is noted on standard error after ``log_as`` (``whist-ro
    engine`` notes as ``whist-ro engine:``).

    >>> import io
    >>> from whist_ro.bots import SearchBot
    >>> from whist_ro.remote import Option, wire
    >>> budget = Option(name="budget", type="int", default=50, min=1)
    >>> lines = [wire.hello_message(), {"type": "options", "options": {"budget": 99}},
    ...          {"type": "quit"}]
    >>> out = io.BytesIO()
    >>> serve(SearchBot, options=[budget], output=out,
    ...       input=io.BytesIO(b"".join(map(wire.encode, lines))))
    0
    >>> [wire.decode(line)["type"] for line in out.getvalue().splitlines()]
    ['hello', 'ready']
    """
    is_factory = isinstance(agent, type) or not callable(getattr(agent, "act", None))
    if is_factory and not callable(agent):
        raise ConfigurationError(
            f"serve takes an agent (with act(view)) or a factory of agents, not {excerpt(agent)}",
            field="agent",
        )
    if not is_factory and options:
        raise ConfigurationError(
            "options are set on a factory (a bot class): serve(MyBot, options=[...]), "
            "not on an agent already built",
            field="options",
        )
    observe = callable(getattr(agent, "observe", None))
    info = _info(agent, name=name, author=author, version=version, options=options, observe=observe)
    source = sys.stdin.buffer if input is None else input
    sink = sys.stdout.buffer if output is None else output
    server = _Server(
        None if is_factory else agent,  # type: ignore[arg-type]
        agent if is_factory else None,  # type: ignore[arg-type]
        info,
        sink,
        sys.stderr,
    )
    for line in source:
        if not line.strip():
            continue
        try:
            message = decode(line)
        except WireError as error:
            server.note(f"{log_as}: ignored a line that is no message: {error}")
            continue
        try:
            if not server.handle(message):
                return 0
        except (WireError, WhistError) as error:
            server.note(f"{log_as}: ignored a {message['type']} message: {error}")
    return 0
