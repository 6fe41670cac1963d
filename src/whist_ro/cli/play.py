"""``whist-ro play``: one person against bots at the terminal.

The person's seat sees only its player view (its hand sorted by suit with
the trump suit marked, the bids, the trick on the table); the bots see only
theirs.  Only legal bids are offered, so the dealer never sees the number
the hook forbids; a card the rules refuse is answered with the rule and the
reason, and the question is asked again.  ``last`` shows the last trick and
``hint`` what :class:`~whist_ro.bots.RuleBot` would play.

Every game has a seed, drawn fresh unless ``--seed`` is given, and printed.
The match record is written when the game ends, also when it is stopped
with ``quit``, the end of the input or Ctrl-C; it holds the seed, so
``whist-ro play --resume RECORD`` plays on from where it stopped.  The
record's path is checked before the first card: an existing file is never
overwritten without ``--force`` (the game takes the next free numbered name
instead), and a record that cannot be written at the end is saved to a
fallback file whose name is printed.

>>> import io
>>> from whist_ro import variants
>>> answers = iter(["sheet", "5", "0", "quit"])
>>> out = io.StringIO()
>>> game = TerminalGame(variants.ROMANIAN, players=3, seed=1, seat=0, bots="random",
...                     ask=lambda prompt: next(answers), write=out.write)
>>> m = game.run()
>>> game.stopped, m.round.bids[0]
(True, 0)
>>> print(out.getvalue().split("refused: ")[1].splitlines()[0])
seat 0 cannot bid 5: bids run from 0 to the hand size 1 (R-BID-3)
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import secrets
import sys
import tempfile
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from whist_ro import bots as bot_package
from whist_ro import locale, records
from whist_ro._check import excerpt
from whist_ro._check import seat as check_seat
from whist_ro._immutable import FrozenMapping
from whist_ro.actions import Action, Bid, Play
from whist_ro.agents import BotFactory
from whist_ro.cards import Card, Suit
from whist_ro.cli import status, text
from whist_ro.cli.options import names_of, players_of, variant_of
from whist_ro.engine.match import Match
from whist_ro.engine.step import Step
from whist_ro.engine.tricks import Trick, trick_winner
from whist_ro.errors import CardParseError, ConfigurationError, RecordError
from whist_ro.tournaments.entrant import Entrant
from whist_ro.variants import Variant
from whist_ro.views import PlayerView

__all__ = [
    "BOTS",
    "COMMANDS",
    "DEFAULT_RECORD",
    "SUIT_WORDS",
    "TerminalGame",
    "bot_class",
    "check_bot",
    "fallback_entrant",
    "make_bot",
    "play",
    "read_card",
    "record_path",
]

BOTS: Final = ("random", "lowrisk", "rule", "search")
"""The bot names the command line knows, weakest first."""

DEFAULT_RECORD: Final = "whist-ro-game.json"
"""Where ``play`` writes its record unless told (or the next free numbered name)."""

# Command-line name -> (class in whist_ro.bots, the family it plays or None for every one).
_KINDS: Final[dict[str, tuple[str, str | None]]] = {
    "random": ("RandomBot", None),
    "lowrisk": ("LowRiskBot", "exact"),
    "rule": ("RuleBot", None),
    "search": ("SearchBot", None),
}
_MAX_NUMBERED: Final = 999  # game-2.json ... game-999.json, then --force or another name
_PROGRAM: Final = "whist-ro play"


class _QuitError(Exception):
    """The person asked to stop."""


def bot_class(name: str) -> BotFactory:
    """The class of :mod:`whist_ro.bots` a command-line bot name stands for.

    >>> bot_class("random").__name__
    'RandomBot'
    """
    kind = _KINDS.get(name)
    cls = getattr(bot_package, kind[0], None) if kind else None
    if cls is None:
        raise ConfigurationError(
            text.tr(text.UNKNOWN_BOT, name=excerpt(name), bots=", ".join(BOTS)), field="bots"
        )
    found: BotFactory = cls
    return found


def check_bot(name: str, variant: Variant) -> None:
    """Refuse a bot that does not play ``variant`` before any game starts.

    LowRisk is defined for the exact-bid family only; at a classic table
    the fallback would play all its seats, and a summary would credit
    LowRisk with the fallback's results.

    >>> from whist_ro import variants
    >>> check_bot("lowrisk", variants.ROMANIAN)
    >>> check_bot("lowrisk", variants.CLASSIC)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: the lowrisk bot plays the exact-bid family ...
    """
    bot_class(name)
    family = _KINDS[name][1]
    if family is not None and variant.family != family:
        raise ConfigurationError(
            text.tr(
                text.BOT_WRONG_FAMILY,
                name=name,
                variant=variant.name,
                bots=", ".join(b for b in BOTS if _KINDS[b][1] in (None, variant.family)),
            ),
            field="bots",
        )


def fallback_entrant(name: str, variant: Variant) -> Entrant | None:
    """The ``--fallback`` bot as a tournament's fallback: None for ``random``, the table's own.

    A table with no fallback given seats a RandomBot seeded from the match
    seed, so ``--fallback random`` plays exactly as the commands did before
    the option existed.  A bot that does not play the variant is refused.

    >>> from whist_ro import variants
    >>> fallback_entrant("random", variants.ROMANIAN) is None
    True
    >>> fallback_entrant("rule", variants.ROMANIAN).name
    'rule'
    >>> fallback_entrant("lowrisk", variants.CLASSIC)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: --fallback lowrisk is refused: the lowrisk bot ...
    """
    try:
        check_bot(name, variant)
    except ConfigurationError as error:
        raise ConfigurationError(
            text.tr(text.FALLBACK_REFUSED, name=name, reason=error.explain(text.lang())),
            field="fallback",
        ) from None
    if name == "random":
        return None
    return Entrant(bot_class(name), name=name)


def make_bot(name: str, *, seed: int | str) -> object:
    """A seeded bot of :mod:`whist_ro.bots` by its command-line name.

    >>> type(make_bot("random", seed=1)).__name__
    'RandomBot'
    >>> make_bot("genius", seed=1)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: unknown bot 'genius'; bots: random, lowrisk, rule, search
    """
    # The built-in bots take text seeds too; BotFactory promises only ints.
    factory: Any = bot_class(name)
    bot: object = factory(seed=seed)
    return bot


COMMANDS: Final[Mapping[str, str]] = FrozenMapping(
    {
        **{word: word for word in ("help", "quit", "sheet", "last", "hint", "card")},
        "?": "help",
        "ajutor": "help",
        "iesire": "quit",
        "scor": "sheet",
        "ultima": "last",
        "sfat": "hint",
        "carte": "card",
    }
)
"""What the person may type besides a bid or a card, in English or Romanian -> the command.

The words are matched in lower case and without diacritics, so ``ieșire``,
``iesire`` and ``IEȘIRE`` all stop the game.
"""

SUIT_WORDS: Final[Mapping[str, Suit]] = FrozenMapping(
    {
        "inima": Suit.HEARTS,
        "inimi": Suit.HEARTS,
        "caro": Suit.DIAMONDS,
        "romb": Suit.DIAMONDS,
        "trefla": Suit.CLUBS,
        "trefle": Suit.CLUBS,
        "pica": Suit.SPADES,
        "frunza": Suit.SPADES,
        "hearts": Suit.HEARTS,
        "diamonds": Suit.DIAMONDS,
        "clubs": Suit.CLUBS,
        "spades": Suit.SPADES,
    }
)
"""The suit names a card may be typed with, matched in lower case without diacritics.

Romanian (inimă, caro or romb, treflă, pică or frunză) and English; the
notation's letters and symbols (``Qh``, ``Q♥``) are read by
:meth:`Card.parse <whist_ro.Card.parse>` as before.  There are no Romanian
one-letter suits: ``c`` is clubs (treflă) as in the notation, never caro.
"""

_WORDED_CARD: Final = re.compile(r"(10|[2-9]|[akqjt])\s*(?:(?:de|of)\s+)?([a-z]+)")
_LONGEST_CARD: Final = 3  # "10h": a longer answer that is no card was meant as words


def _plain(text: str) -> str:
    """``text`` in lower case without diacritics (``Ieșire`` -> ``iesire``), spaces trimmed."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# A bid as the move list writes it ("your move: bid 0, bid 1"; whist_ro.views.render), and the
# word before its number in every language: "bid 1" and "licitează 1" are read as "1".
_BID_MOVE: Final = locale.N_("bid {tricks}")
_BID_WORDS: Final = frozenset(
    _plain(locale.render(_BID_MOVE, lang, tricks=0)).split()[0] for lang in locale.LANGUAGES
)


def read_card(answer: str) -> Card:
    """The card a person typed: the notation (``Qh``, ``10c``, ``K♠``) or words (``Q inimă``).

    A card in words is a rank and a suit name of :data:`SUIT_WORDS`, with
    or without ``de`` between them and with or without diacritics: ``Q
    inimă``, ``10 de caro``, ``a pica``, ``K hearts``, ``Q of hearts``.  An
    answer that is neither is quoted as typed, with answers that would be read.

    >>> read_card("Q inimă"), read_card("10 de caro"), read_card("a pica"), read_card("Kh")
    (Card.parse('Qh'), Card.parse('10d'), Card.parse('As'), Card.parse('Kh'))
    >>> read_card("Q rosu")
    Traceback (most recent call last):
    ...
    whist_ro.errors.CardParseError: cannot read 'Q rosu' as a card: unknown suit rosu; ...
    >>> read_card("queen of diamonds")
    Traceback (most recent call last):
    ...
    whist_ro.errors.CardParseError: cannot read 'queen of diamonds' as a card: type ... Q hearts ...
    """
    match = _WORDED_CARD.fullmatch(_plain(answer))
    if match is not None and len(match[2]) > 1:
        suit = SUIT_WORDS.get(match[2])
        if suit is None:
            raise CardParseError(
                text.UNKNOWN_SUIT_WORD,
                evidence={"text": excerpt(answer), "word": match[2]},
            )
        return Card.parse(match[1] + suit.letter)
    try:
        return Card.parse(answer)
    except CardParseError:
        if len(answer.strip()) <= _LONGEST_CARD:
            raise
        raise CardParseError(text.CARD_AS_TYPED, evidence={"text": excerpt(answer)}) from None


class TerminalGame:
    """A match with a person at ``seat`` and bots (of kind ``bots``) at the other seats.

    ``ask`` reads one answer (default :func:`input`), ``write`` prints
    (default: standard output); tests pass their own.  ``names`` names the
    players (the person is "you" in the game's messages all the same).
    ``match`` continues a match already under way (``--resume``) instead of
    a new one from ``seed``.  :meth:`run` plays to the end, or until the person stops, and
    returns the match as it stands.
    """

    def __init__(
        self,
        variant: Variant,
        *,
        players: int,
        seed: int | str,
        seat: int = 0,
        bots: str = "rule",
        ask: Callable[[str], str] = input,
        write: Callable[[str], object] | None = None,
        match: Match | None = None,
        wide: bool = False,
        names: Sequence[str] | None = None,
    ) -> None:
        check_bot(bots, variant)
        self.match = (
            match
            if match is not None
            else Match.new(variant, players=players, seed=seed, names=names)
        )
        self.seat = check_seat(seat, players=players, name="seat")
        self.seed = seed
        self.bots = {s: make_bot(bots, seed=f"{seed}:bot:{s}") for s in range(players) if s != seat}
        self.wide = wide
        self._ask = ask
        self._write = write if write is not None else sys.stdout.write
        self.stopped = False
        self.interrupted = False
        self.input_lost = False

    def say(self, line: str = "") -> None:
        """Print one line."""
        self._write(line + "\n")

    def name(self, seat: int) -> str:
        """How the game calls a seat: "you" for the person, else the player's name ("seat N")."""
        if seat == self.seat:
            return text.tr(text.YOU)
        return text.seat_name(self.match.names, seat)

    def run(self) -> Match:
        """Play until the match is over or the person stops; the match as it stands."""
        try:
            while not self.match.is_over:
                seat = self.match.to_act
                assert seat is not None
                if seat == self.seat:
                    self.match = self._person_acts(self.match)
                else:
                    self.match = self._bot_acts(self.match, seat)
                step = self.match.last_step
                assert step is not None
                self._announce(step)
        except (_QuitError, EOFError, KeyboardInterrupt, OSError) as stop:
            # OSError: the terminal went away mid-game; the record is still written.
            self.stopped = True
            self.interrupted = isinstance(stop, KeyboardInterrupt)
            self.input_lost = isinstance(stop, OSError)
            self.say()
            self.say(text.tr(text.STOPPED))
        return self.match

    def sheet(self) -> str:
        """The score sheet so far, as ``sheet`` shows it (compact unless ``wide``)."""
        m = self.match
        if not m.rounds:
            return text.tr(text.NO_ROUND_YET)
        return m.score_sheet.format(wide=self.wide, lang=text.lang())

    # -- turns ---------------------------------------------------------------------

    def _bot_acts(self, m: Match, seat: int) -> Match:
        bot = self.bots[seat]
        action = bot.act(m.view(seat))  # type: ignore[attr-defined]
        return m.apply(action)

    def _person_acts(self, m: Match) -> Match:
        view = m.view(self.seat)
        self.say()
        self.say(view.render(lang=text.lang()))
        while True:
            answer = self._ask(self._prompt(view)).strip()
            command = COMMANDS.get(_plain(answer)) if answer else "help"
            if command == "help":
                self.say(text.tr(text.GAME_HELP))
                continue
            if command == "quit":
                raise _QuitError
            if command == "sheet":
                self.say(self.sheet())
                continue
            if command == "last":
                self.say(self._last_trick(m))
                continue
            if command == "hint":
                self.say(self._hint(m, view))
                continue
            action = self._read_action(view, answer)
            if action is None:
                continue
            refusal = m.refusal(action)
            if refusal is None:
                return m.apply(action)
            # The rule and the evidence, then the question again.
            self.say(text.tr(text.REFUSED, reason=refusal.explain(text.lang())))

    def _prompt(self, view: PlayerView) -> str:
        bids = [a.tricks for a in view.legal_actions if isinstance(a, Bid)]
        if bids:
            return text.tr(text.BID_PROMPT, bids=", ".join(map(str, bids)))
        return text.tr(text.CARD_PROMPT)

    def _read_action(self, view: PlayerView, answer: str) -> Action | None:
        if any(isinstance(a, Bid) for a in view.legal_actions):
            words = answer.split()
            if len(words) == 2 and _plain(words[0]) in _BID_WORDS:
                answer = words[1]  # "bid 1", as "your move: bid 0, bid 1" lists it
            if answer.isdecimal() and len(answer) < 4:  # isdigit() also passes "²", int() not
                return Bid(seat=self.seat, tricks=int(answer))
            self.say(text.tr(text.NOT_A_BID, answer=excerpt(answer)))
            return None
        if COMMANDS.get(_plain(answer)) == "card":
            return Play(seat=self.seat, card=None)
        try:
            return Play(seat=self.seat, card=read_card(answer))
        except CardParseError as error:
            self.say(text.tr(text.NOT_A_CARD, reason=error.explain(text.lang())))
            return None

    def _last_trick(self, m: Match) -> str:
        """The last completed trick, of this round or else of the round before."""
        found: tuple[Trick, Any] | None = None
        if m.round.tricks:
            found = (m.round.tricks[-1], m.round.trump)
        elif m.rounds and m.rounds[-1].tricks:
            found = (m.rounds[-1].tricks[-1], m.rounds[-1].trump)
        if found is None:
            return text.tr(text.NO_TRICK_YET)
        trick, trump = found
        return text.tr(
            text.LAST_TRICK,
            cards=self._played(trick),
            winner=self.name(trick_winner(trick, trump)),
        )

    def _played(self, trick: Trick) -> str:
        return ", ".join(
            text.tr(text.PLAYED_BY, who=self.name(s), card=c)
            for s, c in zip(trick.seats, trick.cards, strict=True)
        )

    def _hint(self, m: Match, view: PlayerView) -> str:
        """RuleBot's choice for the person's view, seeded by the game and the move number."""
        adviser = make_bot("rule", seed=f"{self.seed}:hint:{len(m.history)}")
        action = adviser.act(view)  # type: ignore[attr-defined]
        if isinstance(action, Bid):
            return text.tr(text.HINT_BID, bid=action.tricks)
        assert isinstance(action, Play)
        if action.card is None:
            return text.tr(text.HINT_ONLY_CARD)
        return text.tr(text.HINT_CARD, card=action.card)

    # -- what happened ------------------------------------------------------------

    def _announce(self, step: Step) -> None:
        action = step.action
        you = action.seat == self.seat
        if isinstance(action, Bid):
            line = text.YOU_BID if you else text.SEAT_BIDS
            self.say(text.tr(line, who=self.name(action.seat), bid=action.tricks))
        elif isinstance(action, Play):
            line = text.YOU_PLAY if you else text.SEAT_PLAYS
            self.say(text.tr(line, who=self.name(action.seat), card=action.card))
        if step.trick is not None and step.trick_winner is not None:
            played_in = self.match.rounds[-1] if step.round_over else self.match.round
            number = len(played_in.tricks)
            winner = step.trick_winner
            line = text.YOU_WIN_TRICK if winner == self.seat else text.SEAT_WINS_TRICK
            self.say(
                text.tr(line, number=number, who=self.name(winner), cards=self._played(step.trick))
            )
        if step.round_over and step.points is not None and step.totals is not None:
            done = len(self.match.rounds)
            points = ", ".join(f"{self.name(s)} {p:+d}" for s, p in enumerate(step.points))
            totals = ", ".join(f"{self.name(s)} {t}" for s, t in enumerate(step.totals))
            self.say(text.tr(text.ROUND_OVER, number=done, points=points))
            bonuses = step.bonuses or ()
            if any(bonuses):
                shown = ", ".join(f"{self.name(s)} {b:+d}" for s, b in enumerate(bonuses) if b)
                self.say(text.tr(text.ROUND_BONUSES, bonuses=shown))
            self.say(text.tr(text.ROUND_TOTALS, totals=totals))


# -- the record -------------------------------------------------------------------------


def record_path(path: str | None, *, force: bool, resumed: str | None = None) -> Path:
    """Where the game's record goes, checked before the game starts.

    ``path`` is ``--record`` (None: :data:`DEFAULT_RECORD`, or the resumed
    record itself).  An existing regular file is never overwritten unless
    ``force``: the next free name ``NAME-2.json``, ``NAME-3.json`` ... is
    taken instead.  A path that can never be written (a folder, a folder
    that does not exist or is read-only, the empty name) is refused with a
    :class:`~whist_ro.errors.ConfigurationError`.

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> first = record_path(os.path.join(folder, "g.json"), force=False)
    >>> _ = first.write_text("{}", encoding="utf-8")
    >>> record_path(str(first), force=False).name, record_path(str(first), force=True).name
    ('g-2.json', 'g.json')
    >>> record_path(folder, force=False)
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: cannot write the record to ...: it is a folder
    """
    if path is None:
        path = resumed if resumed is not None else DEFAULT_RECORD
        if resumed is not None:
            force = True  # resuming writes the game on into its own record
    if not path or "\0" in path:
        raise ConfigurationError(text.tr(text.RECORD_NO_NAME, path=excerpt(path)), field="record")
    target = Path(path)
    if target.is_dir():
        raise ConfigurationError(text.tr(text.RECORD_IS_FOLDER, path=excerpt(path)), field="record")
    folder = target.parent
    if not folder.is_dir():
        raise ConfigurationError(
            text.tr(text.RECORD_NO_FOLDER, path=excerpt(path), folder=excerpt(str(folder))),
            field="record",
        )
    if not os.access(folder, os.W_OK):
        raise ConfigurationError(
            text.tr(text.RECORD_READ_ONLY, path=excerpt(path), folder=excerpt(str(folder))),
            field="record",
        )
    if force or not target.exists():
        return target
    if not target.is_file():
        raise ConfigurationError(text.tr(text.RECORD_NOT_FILE, path=excerpt(path)), field="record")
    for number in range(2, _MAX_NUMBERED + 1):
        numbered = target.with_name(f"{target.stem}-{number}{target.suffix}")
        if not numbered.exists():
            return numbered
    raise ConfigurationError(text.tr(text.RECORD_ALL_TAKEN, path=excerpt(path)), field="record")


def _save(record: records.Record, target: Path, say: Callable[[str], None]) -> Path | None:
    """Write the record to ``target``, or to a fallback file; say where it went.

    Returns where the record is: ``target``, the fallback file, or None
    when no file could be written (the record is then printed).
    """
    try:
        records.dump(record, target)
    except (OSError, RecordError) as error:
        cause = error.__cause__ if isinstance(error.__cause__, OSError) else error
        reason = cause.strerror if isinstance(cause, OSError) else str(error)
        say(text.tr(text.RECORD_FAILED, path=target, reason=reason or type(error).__name__))
    else:
        say(text.tr(text.RECORD_WRITTEN, path=target))
        return target
    data = records.dumps(record)
    try:
        descriptor, fallback = tempfile.mkstemp(prefix="whist-ro-game-", suffix=".json")
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="\n") as file:
            file.write(data)
    except OSError:
        # Nowhere on disk takes it: the record itself, on standard output, is the last resort.
        say(text.tr(text.RECORD_PRINTED))
        say(data)
        return None
    say(text.tr(text.RECORD_FALLBACK, path=fallback))
    return Path(fallback)


# -- the command --------------------------------------------------------------------------


def _resumed(args: argparse.Namespace) -> tuple[Match, int | str, dict[str, Any]]:
    """The match a ``--resume`` record holds, its seed, and the settings it was played with."""
    record = records.load(args.resume)
    if record.seed is None:
        raise RecordError(text.tr(text.RESUME_NO_SEED, path=excerpt(args.resume)))
    match = Match.from_record(record)
    if match.is_over:
        raise RecordError(text.tr(text.RESUME_OVER, path=excerpt(args.resume)))
    # A setting typed beside --resume must agree with the record: never silently dropped.
    given: tuple[tuple[str, object, object, str, str], ...] = (
        ("--variant", args.variant, match.variant, _name(args.variant), match.variant.name),
        ("--players", args.players, match.players, str(args.players), str(match.players)),
        ("--seed", args.seed, record.seed, str(args.seed), str(record.seed)),
        ("--names", args.names, match.names, ",".join(args.names or ()), ",".join(match.names)),
    )
    for flag, typed, recorded, typed_text, recorded_text in given:
        if typed is not None and typed != recorded:
            raise ConfigurationError(
                text.tr(text.RESUME_DIFFERS, option=flag, typed=typed_text, recorded=recorded_text),
                field=flag[2:],
            )
    meta = dict(record.meta) if isinstance(record.meta, Mapping) else {}
    return match, record.seed, meta


def _to_stderr(line: str) -> None:
    with contextlib.suppress(OSError, ValueError, AttributeError):  # stderr may be gone too
        sys.stderr.write(line + "\n")


def _can_read(stream: object) -> bool:
    """False for a closed standard input (``<&-``, or a descriptor closed under us)."""
    if stream is None or getattr(stream, "closed", False):
        return False
    try:
        os.fstat(stream.fileno())  # type: ignore[attr-defined]
    except OSError:
        return False
    except (AttributeError, ValueError, io.UnsupportedOperation):
        return True  # an in-memory stream (a test's): readable as it is
    return True


def _name(variant: Variant | None) -> str:
    return "" if variant is None else variant.name


def play(args: argparse.Namespace) -> int:
    """``whist-ro play``: run a :class:`TerminalGame`, then write its record.

    The exit status is 0 when the match ends or the person stops it
    (``quit``, the end of the input), 130 after Ctrl-C, and 3 when the
    record could not be written where asked (it is then in a fallback file).
    Everything that could stop the game from starting (the settings, the
    record's path, a closed standard input) is checked first.
    """
    if not _can_read(sys.stdin):
        raise ConfigurationError(text.tr(text.PLAY_STDIN_CLOSED), field="stdin")
    # A line that is not valid in the terminal's encoding is answered, not a crash.
    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")
    meta: dict[str, Any] = {}
    match: Match | None = None
    if args.resume is not None:
        match, seed, meta = _resumed(args)
        variant, players = match.variant, match.players
    else:
        variant = variant_of(args)
        players = players_of(args)
        seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000_000)
    seat = args.seat if args.seat is not None else meta.get("seat", 0)
    kind = args.bots if args.bots is not None else meta.get("bots", "rule")
    if kind not in BOTS:
        raise RecordError(text.tr(text.RESUME_BAD_BOTS, bots=excerpt(kind)))
    target = record_path(args.record, force=args.force, resumed=args.resume)
    game = TerminalGame(
        variant,
        players=players,
        seed=seed,
        seat=seat,
        bots=kind,
        match=match,
        wide=bool(args.wide),
        names=None if match is not None else names_of(args, players),
    )
    if args.resume is not None:
        game.say(
            text.tr(
                text.RESUMING,
                path=args.resume,
                number=len(game.match.rounds) + 1,
                variant=variant.name,
            )
        )
    you = game.match.names[seat]
    game.say(
        text.tr(
            text.GAME_HEAD,
            variant=variant.name,
            players=players,
            you=text.tr(text.SEAT, seat=seat)
            if you == f"seat {seat}"
            else text.tr(text.NAMED_SEAT, name=you, seat=seat),
            bots=kind,
            seed=seed,
        )
    )
    if target.name != Path(args.record or args.resume or DEFAULT_RECORD).name:
        game.say(text.tr(text.RECORD_NUMBERED, path=args.record or DEFAULT_RECORD, other=target))

    def record_of(m: Match) -> records.Record:
        return m.to_record(
            seed=True,  # what --resume needs to deal the rounds still to come
            meta={"program": _PROGRAM, "seat": seat, "bots": kind},
        )

    try:
        m = game.run()
    except BaseException:
        # A failing bot or a broken stdout: the game so far is still saved, then the error
        # is reported as it is (an internal error, a closed pipe ...).
        _save(record_of(game.match), target, _to_stderr)
        raise
    record = record_of(m)
    if m.is_over:
        game.say()
        game.say(game.sheet())
        game.say()
        game.say(m.standings().format(lang=text.lang()))
    saved = _save(record, target, game.say)
    if game.stopped and not m.is_over and saved is not None:
        game.say(text.tr(text.RESUME_WITH, path=saved))
    if saved != target or game.input_lost:
        return status.SYSTEM
    return status.INTERRUPTED if game.interrupted else status.OK
