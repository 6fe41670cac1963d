"""Variants are configuration, not subclasses.

A :class:`Variant` is a frozen, comparable, serialisable record of every
option in the rule book.  The presets below are ordinary instances, and a
house rule is one field away:

>>> import attrs
>>> from whist_ro import variants
>>> house = attrs.evolve(variants.ROMANIAN, name="no duty to trump", must_trump=False)
>>> house.must_trump, variants.ROMANIAN.must_trump
(False, True)
>>> variants.get("8-1-8") is variants.INVERTED
True

Plain "Oh Hell" as other engines play it needs no code either:

>>> oh_hell = attrs.evolve(
...     variants.ROMANIAN, name="oh hell", schedule=(7,), must_trump=False,
...     made_base=10, streak_bonus=0)
>>> oh_hell.schedule
(7,)

Classic whist grows into short or long whist with honours and rubbers:

>>> variants.LONG_WHIST.target, variants.LONG_WHIST.honours, variants.LONG_WHIST.rubber
(10, True, True)
>>> variants.ROMANIAN.ranking
TablePoints(per_player=10, zero_win=False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, Literal

import attrs

from whist_ro._check import excerpt, is_whole, valid_text, whole_setting
from whist_ro._immutable import Immutable
from whist_ro._text import Sentence
from whist_ro.errors import ConfigurationError
from whist_ro.locale import N_
from whist_ro.ranking import RankingSystem, TablePoints, ranking_from_dict

__all__ = [
    "CLASSIC",
    "CLASSIC_RUBBER",
    "GAME_TARGETS",
    "INVERTED",
    "LONG_WHIST",
    "MAX_NAME",
    "MAX_ROUNDS",
    "ROMANIAN",
    "ROMANIAN_FOREHEAD",
    "ROMANIAN_HIDDEN",
    "Variant",
    "check_variant",
    "check_zero_win",
    "get",
    "names",
]

Family = Literal["exact", "classic"]
Pattern = Literal["1-8-1", "8-1-8"]
OneCardRounds = Literal["skip", "break", "count"]
DealtOutTrump = Literal["none", "dealer_last"]
BlindOneCard = Literal["off", "forehead", "hidden"]
Scorer = Callable[[int, int], int]

GAME_TARGETS: Final = (5, 7, 10)
"""The classic game targets: short whist (5) and long whist (7 or 10), R-END-2."""
MAX_ROUNDS: Final = 1000
"""The longest custom schedule a variant accepts, in rounds (R-SCHED-5)."""
MAX_NAME: Final = 100
"""The longest variant name, in characters."""

_MAX_RANKS: Final = 13

# The refusals of a variant's settings, as catalogue templates.
_ONE_OF: Final = N_("Variant.{field} must be one of {allowed}, not {value}")
_NOT_BOOL: Final = N_("Variant.{field} must be True or False, not {value}")
_BAD_NAME: Final = N_(
    "Variant.name must be a string of 1 to {most} characters of valid Unicode, not {value}"
)
_BAD_SCHEDULE: Final = N_(
    "Variant.schedule must be None or a tuple of 1 to {most} hand sizes, not {value} (R-SCHED-5)"
)
_BAD_HAND_SIZE: Final = N_(
    "Variant.schedule holds {value}; every hand size must be a whole number from 1 to {most} "
    "(and fit the deck for the player count) (R-SCHED-5)"
)
_BAD_SIZES: Final = N_("Variant.no_trump_sizes must be a set of hand sizes 1..{most}, not {value}")
_BAD_RANKS: Final = N_(
    "Variant.deck_ranks must be None or a whole number from 1 to {most}, not {value}"
)
_BAD_SCORER: Final = N_(
    "Variant.scorer must be None or a callable (bid, tricks) -> points, not {value}"
)
_UNHASHABLE_SCORER: Final = N_(
    "Variant.scorer must be hashable, as a variant is; {value} is not (a class that defines "
    "__eq__ must define __hash__ too)"
)
_BAD_RANKING: Final = N_(
    "Variant.ranking must be a ranking system (TablePoints, Stake, Rating) or its to_dict() "
    "form, not {value}"
)
_ZERO_WIN: Final = N_(
    "the zero win is a 1-8-1 rule; variant {name} {kind}, and only a schedule that opens with "
    "1-card rounds allows it (R-RANK-4)"
)
_IS_CLASSIC: Final = N_("is classic whist")
_OPENS_WITH: Final = N_("has a schedule that opens with {size}-card rounds")
_IS_PATTERN: Final = N_("is an {pattern} game")
_CLASSIC_FLAG: Final = N_("Variant.{field} must be False for the classic family: {why} ({rule})")
_CLASSIC_SCHEDULE: Final = N_(
    "Variant.schedule must be None for the classic family: classic whist deals 13 cards every "
    "round until a side reaches the target (R-SCHED-3)"
)
_CLASSIC_RANKS: Final = N_(
    "Variant.deck_ranks must be None or 13 for the classic family (R-DECK-3)"
)
_CLASSIC_TARGET: Final = N_(
    "Variant.target must be 5 (short whist), 7 or 10 (long whist) for the classic family, not "
    "{target} (R-END-2)"
)
_CLASSIC_BLIND: Final = N_(
    "Variant.blind_one_card must be 'off' for the classic family: classic whist deals 13 cards "
    "and has no 1-card rounds to play blind (R-VIEW-3)"
)
_CLASSIC_ONLY: Final = N_(
    "Variant.{field} is a classic whist option; the exact-bid family has no {field} ({rule})"
)
_EXACT_ONLY: Final = N_(
    "Variant.{field}={value} is an exact-bid option that classic whist would ignore: {why} ({rule})"
)
_HONOURS_CAP: Final = N_(
    "Variant.honours_can_win=False needs honours=True: without honours there is nothing to cap "
    "(R-HON-2)"
)
_OVERTRUMP: Final = N_(
    "Variant.must_overtrump needs must_trump=True: the duty to overtrump only binds a player who "
    "must trump (R-PLAY-8)"
)
_NO_SERIAL: Final = N_(
    "a Variant with a custom scorer cannot be serialised: a callable has no portable text form"
)
_NOT_A_DICT: Final = N_("a Variant is read from a dict of its fields, not {value}")
_UNKNOWN_FIELDS: Final = N_("unknown Variant field(s): {fields}")
_NOT_A_VARIANT: Final = N_(
    "{name} must be a Variant such as variants.ROMANIAN (see whist_ro.variants), not {value}"
)


def _one_of(*allowed: str) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def check(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, str) or value not in allowed:
            evidence = {
                "field": attribute.name,
                "allowed": ", ".join(map(repr, allowed)),
                "value": excerpt(value),
            }
            raise ConfigurationError(_ONE_OF, field=attribute.name, evidence=evidence)

    return check


def _is_bool(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, bool):
        evidence = {"field": attribute.name, "value": excerpt(value)}
        raise ConfigurationError(_NOT_BOOL, field=attribute.name, evidence=evidence)


def _check_name(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, str) or not 1 <= len(value) <= MAX_NAME or not valid_text(value):
        raise ConfigurationError(
            _BAD_NAME, field="name", evidence={"most": MAX_NAME, "value": excerpt(value)}
        )


def _exact_family_only(variant: Variant) -> bool:
    # The hook and the duty to trump are exact-family rules: classic whist
    # has no bidding and lets a void player discard (R-PLAY-5).
    return variant.family != "classic"


def _check_schedule(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None:
        return
    if not isinstance(value, tuple) or not 1 <= len(value) <= MAX_ROUNDS:
        raise ConfigurationError(
            _BAD_SCHEDULE,
            field="schedule",
            rule="R-SCHED-5",
            evidence={"most": MAX_ROUNDS, "value": excerpt(value)},
        )
    for size in value:
        if not (is_whole(size) and 1 <= size <= _MAX_RANKS):
            raise ConfigurationError(
                _BAD_HAND_SIZE,
                field="schedule",
                rule="R-SCHED-5",
                evidence={"value": excerpt(size), "most": _MAX_RANKS},
            )


def _check_sizes(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, frozenset) or not all(
        is_whole(v) and 1 <= v <= _MAX_RANKS for v in value
    ):
        raise ConfigurationError(
            _BAD_SIZES,
            field="no_trump_sizes",
            evidence={"most": _MAX_RANKS, "value": excerpt(value)},
        )


def _check_ranks(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and not (is_whole(value) and 1 <= value <= _MAX_RANKS):
        raise ConfigurationError(
            _BAD_RANKS, field="deck_ranks", evidence={"most": _MAX_RANKS, "value": excerpt(value)}
        )


def _check_scorer(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None:
        return
    if not callable(value):
        raise ConfigurationError(_BAD_SCORER, field="scorer", evidence={"value": excerpt(value)})
    try:
        # A variant is a hashable value (matches cache by it): so must its scorer be.
        hash(value)
    except Exception:
        raise ConfigurationError(
            _UNHASHABLE_SCORER, field="scorer", evidence={"value": excerpt(value)}
        ) from None


def _check_ranking(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, RankingSystem):
        raise ConfigurationError(_BAD_RANKING, field="ranking", evidence={"value": excerpt(value)})


def _to_ranking(value: Any) -> Any:
    if isinstance(value, Mapping):
        return ranking_from_dict(value)
    return value


def _to_sizes(value: Any) -> Any:
    if isinstance(value, (set, list, tuple)):
        try:
            return frozenset(value)
        except TypeError:  # an unhashable item: the validator quotes and refuses it
            return value
    return value


def _to_schedule(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(value)
    return value


def _opens_with_one_card_rounds(variant: Variant) -> bool:
    # The schedule itself decides (R-RANK-4): a custom one by its first hand
    # size, the built-in ones by their pattern (1-8-1 opens with N 1-card
    # rounds, 8-1-8 with N 8-card rounds: R-SCHED-1, R-SCHED-2).
    if variant.is_classic:
        return False
    if variant.schedule is not None:
        return variant.schedule[0] == 1
    return variant.pattern == "1-8-1"


def check_zero_win(system: RankingSystem, variant: Variant) -> None:
    """Refuse a zero-win system unless the schedule opens with 1-card rounds (R-RANK-4).

    The zero win is a 1-8-1 rule.  It is decided from the schedule itself:
    a custom schedule under pattern ``"1-8-1"`` that opens with 8-card
    rounds is refused, and classic whist (no schedule) always is.

    >>> import attrs
    >>> from whist_ro.ranking import Rating
    >>> check_zero_win(Rating(zero_win=True), ROMANIAN)
    >>> check_zero_win(Rating(zero_win=True), INVERTED)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: the zero win is a 1-8-1 rule; ... (R-RANK-4)
    >>> spelled_out = attrs.evolve(ROMANIAN, schedule=(8, 8, 8, 1, 1, 1, 8, 8, 8))
    >>> check_zero_win(Rating(zero_win=True), spelled_out)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: ... has a schedule that opens with 8-card rounds, ...
    """
    if not system.zero_win or _opens_with_one_card_rounds(variant):
        return
    if variant.is_classic:
        kind = Sentence(_IS_CLASSIC)
    elif variant.schedule is not None:
        kind = Sentence(_OPENS_WITH, size=variant.schedule[0])
    else:
        kind = Sentence(_IS_PATTERN, pattern=variant.pattern)
    raise ConfigurationError(
        _ZERO_WIN,
        field="ranking",
        rule="R-RANK-4",
        evidence={"name": excerpt(variant.name), "kind": kind},
    )


# Options the classic family has no use for, with the rule that says so: set
# explicitly to True they would be silently ignored, so they are refused.
_EXACT_ONLY_FLAGS: Final = (
    ("hook", "R-BID-2", N_("classic whist has no bidding")),
    ("must_trump", "R-PLAY-5", N_("a void classic player may play any card")),
    ("must_overtrump", "R-PLAY-5", N_("a void classic player may play any card")),
)

# The exact-bid family's other settings, with the classic rule that leaves no room for
# them: away from their defaults they would change nothing in classic whist, so they are
# refused (a setting never does nothing silently).
_CLASSIC_DEALS_13: Final = N_("classic whist deals 13 cards every round")
_CLASSIC_TRUMP: Final = N_("the dealer's last card sets trumps in every classic round")
_CLASSIC_SCORES: Final = N_("classic sides score the tricks over six")
_CLASSIC_NO_BIDS: Final = N_("classic whist has no bids to make or miss")
_EXACT_ONLY_SETTINGS: Final = (
    ("pattern", "R-SCHED-3", _CLASSIC_DEALS_13),
    ("no_trump_sizes", "R-TRUMP-3", _CLASSIC_TRUMP),
    ("dealt_out_trump", "R-TRUMP-3", _CLASSIC_TRUMP),
    ("made_base", "R-SCORE-3", _CLASSIC_SCORES),
    ("made_per_trick", "R-SCORE-3", _CLASSIC_SCORES),
    ("miss_per_trick", "R-SCORE-3", _CLASSIC_SCORES),
    ("scorer", "R-SCORE-3", _CLASSIC_SCORES),
    ("streak_length", "R-STREAK-1", _CLASSIC_NO_BIDS),
    ("streak_bonus", "R-STREAK-1", _CLASSIC_NO_BIDS),
    ("one_card_rounds", "R-STREAK-4", _CLASSIC_NO_BIDS),
    ("streak_repeats", "R-STREAK-2", _CLASSIC_NO_BIDS),
)


@attrs.frozen(kw_only=True, cache_hash=True)
class Variant(Immutable):
    """Every rule option of one game, as a frozen value.

    Fields (the names are part of the public API):

    ``name``
        A label for humans, 1 to :data:`MAX_NAME` characters; presets
        register under it (see :func:`get`).
    ``family``
        ``"exact"`` for the exact-bid games (Romanian and inverted whist) or
        ``"classic"`` for partnership whist.
    ``pattern``
        The built-in schedule of the exact family when ``schedule`` is None:
        ``"1-8-1"`` (R-SCHED-1) or ``"8-1-8"`` (R-SCHED-2).
    ``schedule``
        A custom tuple of 1 to :data:`MAX_ROUNDS` hand sizes, or None for the
        pattern's own schedule.
    ``hook``
        The dealer may not make the bids total the hand size (R-BID-2).
        Defaults to True in the exact family and False in classic, where
        True is refused (classic whist has no bidding).
    ``must_trump`` / ``must_overtrump``
        A void player must trump if able (R-PLAY-3); and must beat a trump
        already in the trick if able (R-PLAY-8).  ``must_trump`` defaults to
        True in the exact family; classic whist has no duty to trump
        (R-PLAY-5), so True is refused there.
    ``no_trump_sizes``
        Hand sizes played without trump even when cards are left over.
    ``dealt_out_trump``
        When the whole deck is dealt: ``"none"`` (R-TRUMP-2) or
        ``"dealer_last"`` (the dealer's last card shows trump).
    ``deck_ranks``
        Ranks per suit, or None for the rule book's deck (R-DECK-2, R-DECK-3).
    ``made_base``, ``made_per_trick``, ``miss_per_trick``
        An exact bid scores ``made_base + made_per_trick * tricks``; a miss
        scores ``-miss_per_trick * |tricks - bid|`` (R-SCORE-1, R-SCORE-2).
    ``scorer``
        Optional callable ``(bid, tricks) -> points`` replacing the formula;
        it must be hashable, since a variant is.
    ``streak_length``, ``streak_bonus``, ``one_card_rounds``
        The streak bonus (R-STREAK-*); a bonus of 0 switches streaks off.
    ``streak_repeats``
        True (the default, R-STREAK-2): the count restarts after each bonus,
        so the 5th, 10th and 15th made bids in a row each pay.  False: a run
        pays once, at its ``streak_length``-th round, and pays nothing more
        until it breaks.
    ``target``
        Classic game target (R-END-2): 5 (short whist), 7 or 10 (long whist).
    ``honours``
        Classic only: the side holding three or four trump honours at the
        deal scores 2 or 4 (R-HON-1..3).
    ``honours_can_win``
        With ``honours``: True (the default, R-HON-2) lets honours win a
        game, except for a side that stood one point short of the target
        when the deal began; False stops honours one point short of the
        target.
    ``rubber``
        Classic only: play best of three games, scored by game values
        (R-RUBBER-1..3).
    ``blind_one_card``
        The blind 1-card house rule (R-VIEW-3), exact family only:
        ``"off"`` (the default), ``"forehead"`` (in a 1-card round each
        seat sees every other seat's card but not its own) or ``"hidden"``
        (nobody sees a card before it is played, and the bids are made
        blind).  Only the player views change; legality and scoring do not.
    ``ranking``
        The ranking system :meth:`Match.standings <whist_ro.Match.standings>`
        uses by default (R-RANK-*); table points unless set.

    Every whole-number option is at most ``MAX_WHOLE`` (10**9).

    >>> ROMANIAN.family, ROMANIAN.pattern, ROMANIAN.hook, ROMANIAN.streak_repeats
    ('exact', '1-8-1', True, True)
    >>> Variant(one_card_rounds="sometimes")
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: Variant.one_card_rounds must be one of ..., not 'sometimes'
    >>> Variant(family="classic", hook=True)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: Variant.hook must be False for the classic family: ...
    """

    name: str = attrs.field(default="custom", validator=_check_name)
    family: Family = attrs.field(default="exact", validator=_one_of("exact", "classic"))
    pattern: Pattern = attrs.field(default="1-8-1", validator=_one_of("1-8-1", "8-1-8"))
    schedule: tuple[int, ...] | None = attrs.field(
        default=None, converter=_to_schedule, validator=_check_schedule
    )
    hook: bool = attrs.field(
        default=attrs.Factory(_exact_family_only, takes_self=True), validator=_is_bool
    )
    must_trump: bool = attrs.field(
        default=attrs.Factory(_exact_family_only, takes_self=True), validator=_is_bool
    )
    must_overtrump: bool = attrs.field(default=False, validator=_is_bool)
    no_trump_sizes: frozenset[int] = attrs.field(
        default=frozenset(), converter=_to_sizes, validator=_check_sizes
    )
    dealt_out_trump: DealtOutTrump = attrs.field(
        default="none", validator=_one_of("none", "dealer_last")
    )
    deck_ranks: int | None = attrs.field(default=None, validator=_check_ranks)
    made_base: int = attrs.field(default=5, validator=whole_setting("Variant", low=0))
    made_per_trick: int = attrs.field(default=1, validator=whole_setting("Variant", low=0))
    miss_per_trick: int = attrs.field(default=1, validator=whole_setting("Variant", low=0))
    scorer: Scorer | None = attrs.field(default=None, validator=_check_scorer)
    streak_length: int = attrs.field(default=5, validator=whole_setting("Variant", low=1))
    streak_bonus: int = attrs.field(default=10, validator=whole_setting("Variant", low=0))
    one_card_rounds: OneCardRounds = attrs.field(
        default="skip", validator=_one_of("skip", "break", "count")
    )
    streak_repeats: bool = attrs.field(default=True, validator=_is_bool)
    target: int = attrs.field(default=5, validator=whole_setting("Variant", low=1))
    honours: bool = attrs.field(default=False, validator=_is_bool)
    honours_can_win: bool = attrs.field(default=True, validator=_is_bool)
    rubber: bool = attrs.field(default=False, validator=_is_bool)
    ranking: RankingSystem = attrs.field(
        default=TablePoints(), converter=_to_ranking, validator=_check_ranking
    )
    blind_one_card: BlindOneCard = attrs.field(
        default="off", validator=_one_of("off", "forehead", "hidden")
    )

    def __attrs_post_init__(self) -> None:
        if self.family == "classic":
            for name, rule, why in _EXACT_ONLY_FLAGS:
                if getattr(self, name):
                    evidence = {"field": name, "why": Sentence(why), "rule": rule}
                    raise ConfigurationError(
                        _CLASSIC_FLAG, field=name, rule=rule, evidence=evidence
                    )
            if self.schedule is not None:
                raise ConfigurationError(
                    _CLASSIC_SCHEDULE, field="schedule", rule="R-SCHED-3", evidence={}
                )
            if self.deck_ranks not in (None, _MAX_RANKS):
                raise ConfigurationError(
                    _CLASSIC_RANKS, field="deck_ranks", rule="R-DECK-3", evidence={}
                )
            if self.target not in GAME_TARGETS:
                raise ConfigurationError(
                    _CLASSIC_TARGET,
                    field="target",
                    rule="R-END-2",
                    evidence={"target": self.target},
                )
            if self.blind_one_card != "off":
                raise ConfigurationError(
                    _CLASSIC_BLIND, field="blind_one_card", rule="R-VIEW-3", evidence={}
                )
            fields = attrs.fields_dict(Variant)
            for name, rule, why in _EXACT_ONLY_SETTINGS:
                value = getattr(self, name)
                if value != fields[name].default:
                    evidence = {"field": name, "value": excerpt(value), "why": Sentence(why)}
                    raise ConfigurationError(
                        _EXACT_ONLY, field=name, rule=rule, evidence={**evidence, "rule": rule}
                    )
        else:
            for name, rule in (("honours", "R-HON-1"), ("rubber", "R-RUBBER-1")):
                if getattr(self, name):
                    raise ConfigurationError(
                        _CLASSIC_ONLY, field=name, rule=rule, evidence={"field": name, "rule": rule}
                    )
            if self.target != attrs.fields_dict(Variant)["target"].default:
                # The exact-bid match ends with its schedule, never at a score (R-END-1).
                raise ConfigurationError(
                    _CLASSIC_ONLY,
                    field="target",
                    rule="R-END-2",
                    evidence={"field": "target", "rule": "R-END-2"},
                )
        if not self.honours_can_win and not self.honours:
            raise ConfigurationError(
                _HONOURS_CAP, field="honours_can_win", rule="R-HON-2", evidence={}
            )
        if self.must_overtrump and not self.must_trump:
            raise ConfigurationError(
                _OVERTRUMP, field="must_overtrump", rule="R-PLAY-8", evidence={}
            )
        check_zero_win(self.ranking, self)

    @property
    def is_classic(self) -> bool:
        """True for partnership whist (no bidding, sides score together).

        >>> CLASSIC.is_classic, ROMANIAN.is_classic
        (True, False)
        """
        return self.family == "classic"

    @property
    def player_counts(self) -> range:
        """The numbers of players this variant allows.

        >>> list(ROMANIAN.player_counts), list(CLASSIC.player_counts)
        ([3, 4, 5, 6], [4])
        """
        return range(4, 5) if self.is_classic else range(3, 7)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every field; :meth:`from_dict` reads it back.

        >>> Variant.from_dict(INVERTED.to_dict()) == INVERTED
        True
        """
        if self.scorer is not None:
            raise ConfigurationError(_NO_SERIAL, field="scorer", evidence={})
        data = attrs.asdict(self, recurse=False)
        del data["scorer"]
        data["schedule"] = None if self.schedule is None else list(self.schedule)
        data["no_trump_sizes"] = sorted(self.no_trump_sizes)
        data["ranking"] = self.ranking.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Variant:
        """Build a variant from :meth:`to_dict` output; unknown keys are refused.

        A missing key takes its default.  Anything that is not such a dict
        raises :class:`~whist_ro.ConfigurationError`, quoting the bad part.

        >>> Variant.from_dict({"name": "short", "schedule": [1, 2, 1]}).schedule
        (1, 2, 1)
        >>> Variant.from_dict([1])
        Traceback (most recent call last):
        ...
        whist_ro.errors.ConfigurationError: a Variant is read from a dict of its fields, not [1]
        """
        if not isinstance(data, Mapping):
            raise ConfigurationError(
                _NOT_A_DICT, field="variant", evidence={"value": excerpt(data)}
            )
        known = {a.name for a in attrs.fields(cls)} - {"scorer"}
        unknown = [key for key in data if key not in known]
        if unknown:
            raise ConfigurationError(
                _UNKNOWN_FIELDS,
                field=unknown[0] if isinstance(unknown[0], str) else "variant",
                evidence={"fields": ", ".join(map(excerpt, unknown))},
            )
        return cls(**data)


ROMANIAN: Final = Variant(name="romanian")
"""Romanian whist, 1-8-1 (R-SCHED-1)."""

INVERTED: Final = Variant(name="inverted", pattern="8-1-8")
"""Whist inversat, 8-1-8 (R-SCHED-2)."""

ROMANIAN_FOREHEAD: Final = Variant(name="romanian-forehead", blind_one_card="forehead")
"""Romanian whist whose 1-card rounds are played "on the forehead" (R-VIEW-3)."""

ROMANIAN_HIDDEN: Final = Variant(name="romanian-hidden", blind_one_card="hidden")
"""Romanian whist whose 1-card rounds are bid and played blind (R-VIEW-3)."""

CLASSIC: Final = Variant(name="classic", family="classic")
"""Partnership whist to 5 points (R-DECK-3, R-SCORE-3, R-END-2)."""

CLASSIC_RUBBER: Final = attrs.evolve(CLASSIC, name="classic-rubber", honours=True, rubber=True)
"""Short whist by the rubber: games to 5, best of three, honours that can win (R-HON-2)."""

LONG_WHIST: Final = attrs.evolve(CLASSIC_RUBBER, name="long-whist", target=10)
"""Long whist: games to 10, best of three, honours that can win (R-END-2, R-HON-2)."""

_REGISTRY: Final[dict[str, Variant]] = {
    "romanian": ROMANIAN,
    "1-8-1": ROMANIAN,
    "whist": ROMANIAN,
    "romanian-forehead": ROMANIAN_FOREHEAD,
    "forehead": ROMANIAN_FOREHEAD,
    "romanian-hidden": ROMANIAN_HIDDEN,
    "blind": ROMANIAN_HIDDEN,
    "inverted": INVERTED,
    "inversat": INVERTED,
    "8-1-8": INVERTED,
    "classic": CLASSIC,
    "partnership": CLASSIC,
    "short-whist": CLASSIC,
    "classic-rubber": CLASSIC_RUBBER,
    "rubber": CLASSIC_RUBBER,
    "short-whist-rubber": CLASSIC_RUBBER,
    "long-whist": LONG_WHIST,
    "long": LONG_WHIST,
}


def check_variant(value: object, *, name: str = "variant") -> Variant:
    """``value`` if it is a :class:`Variant`; the one check every entry point makes.

    Anything else is a :class:`~whist_ro.errors.ConfigurationError` whose
    ``field`` is ``name``; a preset's name is not looked up here (see
    :func:`get`).

    >>> check_variant(ROMANIAN) is ROMANIAN
    True
    >>> check_variant("romanian")
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: variant must be a Variant such as ... not 'romanian'
    """
    if isinstance(value, Variant):
        return value
    raise ConfigurationError(
        _NOT_A_VARIANT, field=name, evidence={"name": name, "value": excerpt(value)}
    )


def names() -> tuple[str, ...]:
    """Every name and alias :func:`get` accepts.

    >>> "inversat" in names()
    True
    """
    return tuple(_REGISTRY)


_UNKNOWN: Final = N_("unknown variant {name}; known: {known}")


def get(name: str) -> Variant:
    """Look a preset up by name or alias (case and spaces do not matter).

    >>> get("Romanian") is ROMANIAN
    True
    >>> get(None)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: unknown variant None; known: romanian, ...
    >>> get("bridge")
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: unknown variant 'bridge'; known: romanian, ...
    """
    key = (
        name.strip().lower().replace("_", "-").replace(" ", "-") if isinstance(name, str) else None
    )
    found = _REGISTRY.get(key) if key is not None else None
    if found is None:
        raise ConfigurationError(
            _UNKNOWN, field="name", evidence={"name": excerpt(name), "known": ", ".join(_REGISTRY)}
        )
    return found
