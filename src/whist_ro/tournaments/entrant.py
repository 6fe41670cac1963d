"""Line-up entries: a bot class or factory, its options, and the name its results go under.

>>> from whist_ro.bots import RandomBot
>>> Entrant(RandomBot).name
'RandomBot'
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import Any, Final

import attrs

from whist_ro._check import excerpt
from whist_ro._immutable import Immutable
from whist_ro.agents import Agent, BotFactory
from whist_ro.errors import ConfigurationError

__all__ = ["Entrant"]

_MAX_NAME: Final = 60


def _check_factory(_: object, __: object, factory: Any) -> None:
    if not callable(factory):
        raise ConfigurationError(
            f"Entrant.factory must be a bot class or a function taking seed=, "
            f"not {excerpt(factory)}",
            field="factory",
        )


def _options(value: object) -> tuple[tuple[str, Any], ...]:
    if isinstance(value, tuple) and all(isinstance(p, tuple) and len(p) == 2 for p in value):
        value = dict(value)
    if not isinstance(value, Mapping):
        raise ConfigurationError(
            f"Entrant.options must be a mapping of keyword arguments, not {excerpt(value)}",
            field="options",
        )
    for key in value:
        if not isinstance(key, str) or not key.isidentifier():
            raise ConfigurationError(
                f"Entrant.options keys must be keyword names, not {excerpt(key)}", field="options"
            )
        if key == "seed":
            raise ConfigurationError(
                "Entrant.options must not hold 'seed': the tournament seeds every bot "
                "from the match seed and its seat",
                field="options",
            )
    return tuple(sorted(value.items()))


def _check_name(_: object, __: object, name: Any) -> None:
    if not isinstance(name, str) or not name.strip() or len(name) > _MAX_NAME:
        raise ConfigurationError(
            f"Entrant.name must be a non-blank str of at most {_MAX_NAME} characters, "
            f"not {excerpt(name)}",
            field="name",
        )


@attrs.frozen
class Entrant(Immutable):
    """A bot in a line-up: how to build it for each match, and the name its results go under.

    ``factory`` is a bot class or a top-level function (a
    :class:`~whist_ro.agents.BotFactory`); it is called as
    ``factory(seed=..., **options)`` once per seat and match, with a seed
    drawn from the match seed, so a seeded bot plays the same way wherever
    the match runs.  ``name`` defaults to the factory's ``__name__``.  To
    run on worker processes or a cluster, the entry must pickle: define the
    class or function at the top level of an importable module (not a
    lambda, not inside a function).

    >>> from whist_ro.bots import RandomBot
    >>> entry = Entrant(RandomBot, name="random")
    >>> entry.name, entry.options, type(entry.build(seed=1)).__name__
    ('random', (), 'RandomBot')
    >>> Entrant(RandomBot, options={"seed": 3})
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: Entrant.options must not hold 'seed': the tournament ...
    >>> class NoSeed:
    ...     def act(self, view):
    ...         return view.legal_actions[0]
    >>> Entrant(NoSeed)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: Entrant.factory NoSeed cannot be called as ...
    """

    factory: BotFactory = attrs.field(validator=_check_factory)
    name: str = attrs.field(kw_only=True, validator=_check_name)
    options: tuple[tuple[str, Any], ...] = attrs.field(kw_only=True, default=(), converter=_options)

    @name.default
    def _default_name(self) -> str:
        return str(getattr(self.factory, "__name__", type(self.factory).__name__))

    def __attrs_post_init__(self) -> None:
        _check_call(self.factory, dict(self.options))

    def build(self, *, seed: int) -> Agent:
        """A new agent: ``factory(seed=seed, **options)``.

        >>> from whist_ro.bots import RandomBot
        >>> Entrant(RandomBot).build(seed=7)
        RandomBot()
        """
        return self.factory(seed=seed, **dict(self.options))


def _check_call(factory: BotFactory, options: dict[str, Any]) -> None:
    """Refuse a factory that cannot be called with ``seed=`` and the options, before any match."""
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):  # a builtin without a signature: its call will tell
        return
    try:
        signature.bind(seed=0, **options)
    except TypeError as error:
        name = getattr(factory, "__name__", type(factory).__name__)
        given = "".join(f", {key}=..." for key in options)
        raise ConfigurationError(
            f"Entrant.factory {name} cannot be called as {name}(seed=...{given}): {error}; "
            "a line-up entry is a bot class or function taking a seed= keyword",
            field="factory",
        ) from None


def field_of(where: str) -> str:
    """The argument an error is about: ``"lineup[2]"`` -> ``"lineup"`` (the error's ``field``).

    >>> field_of("lineup[2]"), field_of("fallback")
    ('lineup', 'fallback')
    """
    return where.partition("[")[0]


def entrant_of(value: object, where: str) -> Entrant:
    """``value`` as an :class:`Entrant`: a bare class or factory is wrapped with its own name.

    >>> from whist_ro.bots import RandomBot
    >>> entrant_of(RandomBot, "lineup[0]") == Entrant(RandomBot)
    True
    """
    if isinstance(value, Entrant):
        return value
    if callable(value):
        return Entrant(value)
    raise ConfigurationError(
        f"{where} must be an Entrant or a bot class or factory taking seed=, not {excerpt(value)}",
        field=field_of(where),
    )
