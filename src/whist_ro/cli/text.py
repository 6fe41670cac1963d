"""Every sentence the ``whist-ro`` command prints, in one place, and the language it prints in.

The commands build their output from these templates and structured values
(seats, cards, counts), never by editing English text.  Each template is
a catalogue message (marked with :func:`~whist_ro.locale.N_`): :func:`tr`
gives it in the language the command speaks (``--lang``, then the
environment, see :mod:`whist_ro.cli.language`), its ``{fields}`` filled
there.  Help texts are read by argparse, which treats ``%`` specially in
an option's ``help``: none of them holds one, in either language.  The
rule texts are not here: they belong to the rule book
(:mod:`whist_ro.rules.book`).

>>> tr(WHOLE_BETWEEN, low=1, high=1000, value="0")
'expected a whole number from 1 to 1,000, not 0'
>>> with speaking("ro"):
...     tr(WHOLE_BETWEEN, low=1, high=1000, value="0")
'se aștepta un număr întreg de la 1 la 1.000, nu 0'
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator, Sequence
from typing import Final

from whist_ro import locale
from whist_ro.locale import N_, NP_, Plural

_LANG: Final[contextvars.ContextVar[str]] = contextvars.ContextVar(
    "whist_ro_cli_lang", default=locale.ENGLISH
)


def lang() -> str:
    """The language the command speaks now (English unless inside :func:`speaking`).

    >>> lang()
    'en'
    """
    return _LANG.get()


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """Within the block, :func:`tr` and the command's output speak ``language``.

    >>> with speaking("ro"):
    ...     lang()
    'ro'
    """
    token = _LANG.set(locale.check(language))
    try:
        yield
    finally:
        _LANG.reset(token)


def tr(message: str, /, **fields: object) -> str:
    """``message`` (a template of this module) in the command's language, fields filled.

    >>> tr(SEAT, seat=2)
    'seat 2'
    """
    return locale.render(message, _LANG.get(), **fields)


def tr_plural(message: Plural, n: int, /, **fields: object) -> str:
    """A message with a plural, for the count ``n``, in the command's language.

    >>> tr_plural(GAMES, 1), tr_plural(GAMES, 2)
    ('1 game', '2 games')
    """
    return locale.render_plural(message, n, _LANG.get(), **fields)


def seat_name(names: Sequence[str], seat: int) -> str:
    """How the command calls the player at ``seat``: the name, or "seat N" in its language.

    >>> seat_name(("seat 0", "Ana"), 0), seat_name(("seat 0", "Ana"), 1)
    ('seat 0', 'Ana')
    """
    name = names[seat]
    return tr(SEAT, seat=seat) if name == f"seat {seat}" else name


# -- the command line as a whole -------------------------------------------------------

DESCRIPTION: Final = N_("""\
Rules engine for Romanian whist and classic whist.
With no command: play one match between rule-based bots and print
the score sheet, the standings and the winner.

The options --variant, --players, --seed, --names, --ascii, --wide and
--lang may stand before the command or after it: 'whist-ro --players 3
simulate' is 'whist-ro simulate --players 3'.""")

COMMANDS_TITLE: Final = N_("commands")
VERSION_HELP: Final = N_("show the version and exit")
ERROR_LINE: Final = N_("{prog}: error: {message}")
ABOUT_FLAG: Final = N_("argument {flag}: {message}")

EXIT_STATUSES: Final = N_("""\
exit status:
  0    done (check, audit: legal and consistent; play: the match ended or
       you stopped it with quit or the end of the input)
  1    check, audit: a broken rule or a wrong total; perft --table: a
       count differs from the documented table
  2    usage error: a bad option, a setting the rules refuse, or an input
       file that cannot be read (one 'whist-ro: error:' line)
  3    the system failed: the output could not be written, memory ran
       out, or play saved its record to a fallback file (named)
  70   a bug in whist-ro: please report it with the traceback
  130  interrupted by Ctrl-C (play still writes its record)""")

PRESETS_HEAD: Final = N_("variant presets:")
ALSO: Final = N_("also: {aliases}")

HELP_VARIANT: Final = N_("a preset or one of its aliases (listed below); default romanian")
HELP_PLAYERS: Final = N_("players: 3 to 6 for the exact-bid presets, 4 for classic; default 4")
HELP_SEED: Final = N_(
    "seed for the deals and the bots' moves: a number or a word; "
    "default 7 (play and match: a fresh seed, printed)"
)
HELP_ASCII: Final = N_(
    "plain ASCII output: suits as the letters s h d c; automatic when the output "
    "cannot show the suit symbols"
)
HELP_WIDE: Final = N_(
    "the wide score sheet, with each seat's points and bonus in their own columns "
    "(the default fits 80 columns)"
)
HELP_NAMES: Final = N_(
    "the players' names in seat order, comma-separated (Ana,Bogdan,Cici,Dan); "
    "default seat 0, seat 1 ..."
)
HELP_LANG: Final = N_(
    "the language to speak: en (English) or ro (Romanian); default: WHIST_RO_LANG, "
    "else LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else English"
)
HELP_HAND_SIZE: Final = N_("cards per hand, 1 to 13; default {default}")
HELP_DEALER: Final = N_("the dealing seat; default 0")
HELP_WORKERS_CAP: Final = N_(" (at most {cap}: four per CPU)")
HELP_PROGRESS: Final = N_("draw a progress bar on stderr")
FIRST_ROUND_SIZE: Final = N_("the first round of the schedule")
LARGEST_SIZE: Final = N_("the largest of the schedule")

# -- checking options ------------------------------------------------------------------

UNKNOWN_VARIANT: Final = N_("unknown variant {name}; presets: {presets}")
SEED_TOO_LONG: Final = N_("{value} has too many digits: use a shorter number or a word")
WHOLE_BETWEEN: Final = N_("expected a whole number from {low:,} to {high:,}, not {value}")
WHOLE_AT_LEAST: Final = N_("expected a whole number of at least {low:,}, not {value}")
WHOLE_NUMBER: Final = N_("expected a whole number, not {value}")
OPTION_NOT_TAKEN: Final = N_("{command} takes no {option}")
OPTION_TWICE: Final = N_(
    "{option} is given twice, as {before} before the command and as {after} after it: give it once"
)
VARIANT_TWICE: Final = N_(
    "two variants are given, --variant {option} and VARIANT {positional}: give one"
)

# -- what goes wrong around a command ------------------------------------------------------

STDOUT_CLOSED: Final = N_("error: standard output is closed, so there is nowhere to print")
STDIN_CLOSED: Final = N_("standard input is closed")
INTERRUPTED: Final = N_("interrupted")
OUT_OF_MEMORY: Final = N_("error: out of memory")
SYSTEM_ERROR: Final = N_("error: {reason}")
INTERNAL_ERROR: Final = N_(
    "internal error: this is a bug in whist-ro; please report it with the traceback above"
)
CANNOT_READ: Final = N_("cannot read {path}: {reason}")
NOT_UTF8: Final = N_("not UTF-8 text")
TOO_LONG: Final = N_("{path} is longer than {limit:,} characters")

# -- check, audit --------------------------------------------------------------------------

CHECK_HELP: Final = N_("adjudicate a match record or one round in the round notation")
CHECK_DESCRIPTION: Final = N_("""\
Replay a match record (JSON) or one round written in the round notation
under its rules, and print the referee's report.

Exit status: 0 legal and consistent, 1 a rule violation or a wrong
claimed total, 2 unreadable. RECORD may be - for standard input; like
cat, reading a FIFO (a named pipe) waits until something writes to it.""")
CHECK_FILE_HELP: Final = N_("the record or round file; - reads standard input")

AUDIT_HELP: Final = N_("audit a paper score sheet (CSV)")
AUDIT_DESCRIPTION: Final = N_("""\
Check a score sheet kept on paper (hand_size,dealer,bid0,won0,...; an
optional last row 'total,...') and recompute it.

Exit status: 0 consistent, 1 a broken rule or a wrong total, 2 unreadable.""")
AUDIT_FILE_HELP: Final = N_("the CSV file; - reads standard input")

# -- analyse ---------------------------------------------------------------------------

ANALYSE_HELP: Final = N_("say for each round whether each bid could have been made")
ANALYSE_DESCRIPTION: Final = N_("""\
Judge every finished round of a match record (JSON) or a round in the round
notation with every card known: could each seat have been sure of its bid
from the first lead, and if so, which of its cards lost it and which would
have kept it (classic whist: each side's tricks with perfect play and its
first card that cost a trick). RECORD may be a folder: every .json and .txt
file in it is analysed, in name order.

A search that needs more than --budget positions leaves its answer unknown,
never a guess. Exit status: 0 analysed, 2 unreadable or not a legal record
(whist-ro check says why).""")
ANALYSE_FILE_HELP: Final = N_("the record, round file or folder of them; - reads standard input")
ANALYSE_BUDGET_HELP: Final = N_(
    "positions each question may search before its answer is left unknown (default {default:,})"
)
ANALYSE_WORKERS_HELP: Final = N_("processes analysing the files of a folder; default 1")
ANALYSE_EMPTY_FOLDER: Final = N_("{path} holds no .json or .txt file")

# -- perft -----------------------------------------------------------------------------

PERFT_HELP: Final = N_("count legal action sequences (a move-generator check)")
PERFT_DESCRIPTION: Final = N_("""\
Count the legal sequences of DEPTH actions from a seeded deal, or
recompute the documented table of counts (--table; exit status 1 when a
count differs).""")
PERFT_DEPTH_HELP: Final = N_("actions deep, 0 to {most}")
PERFT_DIVIDE_HELP: Final = N_("split the count by first action")
PERFT_TABLE_HELP: Final = N_("recompute the documented table")
PERFT_NEEDS_DEPTH: Final = N_("perft needs a DEPTH (or --table)")
PERFT_ENTRY: Final = N_("{preset}, dealer {dealer}, turn-up {turn_up}")
PERFT_HAND: Final = N_("  hand {seat}: {hand}")
PERFT_COUNTS: Final = N_("  counts: {counts}  {verdict}")
PERFT_SAME: Final = N_("ok")
PERFT_DIFFERENT: Final = N_("DIFFERENT")
PERFT_HEAD: Final = N_("{variant}, {players} players, seed {seed}: {deal}")
PERFT_DIVIDED: Final = N_("{action}: {count}")
PERFT_TOTAL: Final = N_("total: {count}")
PERFT_COUNT: Final = N_("perft({depth}) = {count}")

# -- rules -----------------------------------------------------------------------------

RULES_HELP: Final = N_("the rules of a variant with their IDs, or one rule in full")
RULES_DESCRIPTION: Final = N_("""\
Print the rules that bind a variant, one line each with its ID; --rule ID
prints one rule in full (whist-ro rules classic --rule R-PLAY-5), and
--full every rule of the variant in full.""")
RULES_VARIANT_HELP: Final = N_("a preset or alias; default romanian")
RULES_RULE_HELP: Final = N_("print this rule (R-PLAY-2, say) in full")
RULES_FULL_HELP: Final = N_("print every rule of the variant in full")
RULES_FOOTER: Final = N_("Any rule in full: whist-ro rules --rule ID (R-PLAY-2, say).")

# -- the demo match ----------------------------------------------------------------------

DEMO_HEAD: Final = N_(
    "{variant} whist, {players} players, seed {seed}, first dealer {dealer}: "
    "the rule bot plays every seat"
)
STANDINGS_HEAD: Final = N_("Standings ({system}):")
WINNERS_PARTNERS: Final = N_("Winners: {first} and {second} (partners)")
WINNERS_TIED: Final = N_("Winners: {who} with {points} points")
WINNER: Final = N_("Winner: {who} with {points} points")

# -- simulate, stats -----------------------------------------------------------------------

SIMULATE_HELP: Final = N_("play many bot matches and summarise them")
SIMULATE_DESCRIPTION: Final = N_("""\
Play bot matches (one bot per seat, or one kind at every seat) through
whist_ro.tournaments.tournament and print each bot's and seat's mean
total and win rate with 95% confidence intervals, and how many of its
seats were taken over by the fallback bot. A bot that does not play the
variant is refused before the first match.""")
SIMULATE_BOTS_HELP: Final = N_("one bot per seat, comma-separated, or one for all; bots: {bots}")
SIMULATE_MATCHES_HELP: Final = N_("seeds to play, 1 to {most:,}; default 20")
SIMULATE_DUPLICATE_HELP: Final = N_("deal each seed once per rotation of the seats")
SIMULATE_REFERENCE_HELP: Final = N_("report edges over this bot")
SIMULATE_WORKERS_HELP: Final = N_("processes to play on (0: this process); default 1")
HELP_FALLBACK: Final = N_(
    "the bot that plays a seat taken over (R-SEAT-1), one of {bots}; default random"
)
FALLBACK_REFUSED: Final = N_("--fallback {name} is refused: {reason}")
NO_BOTS: Final = N_("--bots names no bot")
EMPTY_BOT: Final = N_(
    "--bots {bots} has no bot name at place {place}: one name between each two commas"
)
BOTS_MISMATCH: Final = N_("--players {players} but --bots names {bots} bots")
BOTS_COUNT: Final = N_("--bots names {bots} bots: {reason}")
SEEDS_RUN_OUT: Final = N_(
    "--seed {seed} with --matches {matches} runs past the largest seed (2**63 - 1): "
    "give a smaller --seed"
)
REFERENCE_NOT_PLAYING: Final = N_("--reference {reference} is not one of the bots: {bots}")

STATS_HELP: Final = N_("bulk statistics of random or policy playouts")
STATS_DESCRIPTION: Final = N_("""\
Play many fresh deals of one hand size with the playout kernels and print
per seat the tricks taken (mean and distribution), the bid made rate and
the mean points. The same seed gives the same counts with any number of
workers. Ctrl-C stops a long run.""")
STATS_GAMES_HELP: Final = N_("playouts to run, 1 to {most:,}; default 10000")
STATS_POLICY_HELP: Final = N_("how every seat bids and plays; default random")
STATS_WORKERS_HELP: Final = N_(
    "processes to spread the games over (0 or 1: this process); default 1"
)
GAMES: Final = NP_("{n} game", "{n} games")
STATS_COLUMNS: Final = N_("seat  tricks  {columns}   made    points")
STATS_HEAD: Final = N_(
    "{variant}, {players} players, hands of {size}, dealer seat {dealer}: "
    "{games:,} {policy} playouts, seed {seed}"
)

# -- play ------------------------------------------------------------------------------

PLAY_HELP: Final = N_("play a match against bots at the terminal")
PLAY_DESCRIPTION: Final = N_("""\
Play one match at the terminal against bots. Only the legal bids are
offered; a card the rules refuse is answered with the rule and the reason.
Each game draws a fresh seed (printed) unless --seed is given. The match
record is written at the end, also when the game is stopped early, and
holds the seed: 'whist-ro play --resume RECORD' plays on from there. An
existing record is never overwritten unless --force: the game takes the
next free numbered name instead.

Exit status: 0 the match ended or you stopped it (quit, end of input);
130 Ctrl-C; 3 the record could not be written where asked (it is saved to
a fallback file, named); 2 a usage error, before the game starts.""")
PLAY_SEAT_HELP: Final = N_("your seat; default 0")
PLAY_BOTS_HELP: Final = N_("the bots at the other seats; default rule")
PLAY_RECORD_HELP: Final = N_("where to write the match record; default whist-ro-game.json")
PLAY_FORCE_HELP: Final = N_("overwrite an existing record instead of taking a numbered name")
PLAY_RESUME_HELP: Final = N_("play on from a record written by an earlier game")
PLAY_STDIN_CLOSED: Final = N_(
    "play reads your moves from standard input, which is closed: run it at a terminal "
    "or give it the moves on standard input"
)

UNKNOWN_BOT: Final = N_("unknown bot {name}; bots: {bots}")
BOT_WRONG_FAMILY: Final = N_(
    "the {name} bot plays the exact-bid family only, not {variant}; bots for {variant}: {bots}"
)

GAME_HEAD: Final = N_(
    "{variant}, {players} players: you are {you}, {bots} bots at the other seats; "
    "seed {seed}. Type help for the commands."
)
RESUMING: Final = N_("resuming the {variant} match of {path} at round {number}")
GAME_HELP: Final = N_("""\
  a number   your bid, when bidding (only the offered bids are legal)
  a card     e.g. Ah, 10c, Td, K♠: the card to play
  card       your only card, in a blind 1-card round you cannot see
  last       the last trick: who played what, and who won it
  hint       what the rule bot would play here (a bot's choice, not a rule)
  sheet      the score sheet so far
  help, ?    this list
  quit       stop here; the record is written and --resume plays on
In the hand, the trump suit is marked with a *: ♥* means hearts are trumps.""")
BID_PROMPT: Final = N_("your bid ({bids}): ")
CARD_PROMPT: Final = N_("your card: ")
NOT_A_BID: Final = N_("a bid is a number: one of the offered bids, not {answer}")
NOT_A_CARD: Final = N_("not a card: {reason}")
UNKNOWN_SUIT_WORD: Final = N_(
    "cannot read {text} as a card: unknown suit {word}; the suits are hearts, diamonds, "
    "clubs and spades (h d c s), or inimă, caro, treflă and pică"
)
CARD_AS_TYPED: Final = N_(
    "cannot read {text} as a card: type its rank and its suit, such as Qd, 10c, K♠, "
    "Q hearts or 10 de caro"
)
REFUSED: Final = N_("refused: {reason}")
NO_ROUND_YET: Final = N_("no round is finished yet.")
NO_TRICK_YET: Final = N_("no trick has been played yet.")
LAST_TRICK: Final = N_("last trick: {cards}; {winner} won it")
PLAYED_BY: Final = N_("{who} {card}")
HINT_BID: Final = N_("hint (the rule bot's choice, not a rule): bid {bid}")
HINT_CARD: Final = N_("hint (the rule bot's choice, not a rule): play {card}")
HINT_ONLY_CARD: Final = N_("hint (the rule bot's choice, not a rule): play your only card (card)")
STOPPED: Final = N_("stopped.")

YOU: Final = N_("you")
NAMED_SEAT: Final = N_("{name} (seat {seat})")
SEAT: Final = N_("seat {seat}")
YOU_BID: Final = N_("you bid {bid}")
SEAT_BIDS: Final = N_("{who} bids {bid}")
YOU_PLAY: Final = N_("you play {card}")
SEAT_PLAYS: Final = N_("{who} plays {card}")
YOU_WIN_TRICK: Final = N_("  trick {number} ({cards}): you win it")
SEAT_WINS_TRICK: Final = N_("  trick {number} ({cards}): {who} wins it")
ROUND_OVER: Final = N_("end of round {number}: {points}")
ROUND_BONUSES: Final = N_("  bonuses: {bonuses}")
ROUND_TOTALS: Final = N_("  totals: {totals}")

RECORD_WRITTEN: Final = N_("record written to {path}")
RECORD_NUMBERED: Final = N_(
    "{path} exists: this game's record will be {other} (--force overwrites)"
)
RECORD_FAILED: Final = N_("could not write the record to {path}: {reason}")
RECORD_FALLBACK: Final = N_("the record is saved in {path} instead")
RECORD_PRINTED: Final = N_("no file could be written either; here is the record:")
RECORD_NO_NAME: Final = N_("--record needs a file name, not {path}")
RECORD_IS_FOLDER: Final = N_("cannot write the record to {path}: it is a folder")
RECORD_NO_FOLDER: Final = N_(
    "cannot write the record to {path}: the folder {folder} does not exist"
)
RECORD_READ_ONLY: Final = N_(
    "cannot write the record to {path}: the folder {folder} is not writable"
)
RECORD_NOT_FILE: Final = N_(
    "{path} exists and is not a regular file: give another --record, or --force to write to it"
)
RECORD_ALL_TAKEN: Final = N_(
    "{path} and its numbered names up to 999 all exist: give another --record, or --force"
)
RESUME_WITH: Final = N_("play on with: whist-ro play --resume {path}")
RESUME_NO_SEED: Final = N_(
    "{path} holds no seed, so the rounds still to come cannot be dealt: only records "
    "written by whist-ro play can be resumed"
)
RESUME_OVER: Final = N_("the match in {path} is over: there is nothing to resume")
RESUME_DIFFERS: Final = N_("{option} {typed} differs from the record's {recorded}")
RESUME_BAD_BOTS: Final = N_("the record names the bots {bots}, which whist-ro does not know")

# -- protocol --------------------------------------------------------------------------

PROTOCOL_HELP: Final = N_("print the engine protocol's specification, or one of its JSON Schemas")
PROTOCOL_DESCRIPTION: Final = N_("""\
Print the specification of the engine protocol and its wire format (the
page docs/protocol.md of the source, in English, shipped in the package):
all an engine written in any language needs to play at a whist-ro table.
--schema NAME prints one of the JSON Schemas the messages follow instead.""")
PROTOCOL_SCHEMA_HELP: Final = N_("print this JSON Schema instead: {names}")

# -- engines: engine, match, engine-test (whist_ro.cli.remote) ----------------------------

ENGINE_HELP: Final = N_("serve a built-in bot as an engine on stdin and stdout")
ENGINE_DESCRIPTION: Final = N_("""\
Serve a built-in bot over the engine protocol (see whist-ro protocol): read the
manager's messages on standard input, answer on standard output, log on
standard error, until 'quit' or the end of the input. The options set the
search bot's defaults; a manager may change them with an 'options' message.""")
ENGINE_BOT_HELP: Final = N_("the bot to serve: {bots}")
ENGINE_SAMPLES_HELP: Final = N_("search: deals sampled per decision; default {default}")
ENGINE_ROLLOUTS_HELP: Final = N_("search: playouts per deal and action; default {default}")
ENGINE_MS_HELP: Final = N_("search: time budget per decision in milliseconds; default none")
ENGINE_POLICY_HELP: Final = N_("search: the playout policy; default {default}")
ENGINE_OTHERS_HELP: Final = N_(
    "search: the playout policy of the other seats (the bot's own policy for every seat "
    "alike); default {default}"
)
ENGINE_SOLVE_HELP: Final = N_(
    "search: tricks left at which the rest is solved exactly; default 2 in the exact-bid "
    "family, 4 in classic whist"
)
ENGINE_SPITE_HELP: Final = N_(
    "search: weight of the other seats' mean score, 0 to 1; default {default}"
)
ENGINE_SEARCH_ONLY: Final = N_("{flags}: only the search bot takes these options")
ENGINE_SPITE_RANGE: Final = N_("expected a number from 0 to 1, not {value}")
ENGINE_MS_RANGE: Final = N_("expected milliseconds above 0 and at most 60000, not {value}")

# -- serve -------------------------------------------------------------------------------

SERVE_HELP: Final = N_("host the web table: play in a browser with friends and bots")
SERVE_DESCRIPTION: Final = N_("""\
Serve the web table: a lobby to create and join tables, the tables
themselves (people and bots, spectators), and a referee page. Every
table lives in the SQLite file --db: stop the server (even with kill -9)
and start it again, and every table resumes where it was.

It listens on 127.0.0.1 unless told otherwise. Behind a reverse proxy,
give --public-url (the address people type), so invite links use it.
Each page speaks its browser's language, English or Romanian (else the
one the environment names); --lang makes every page speak one language.
Needs the web extra: pip install 'whist-ro[web]'
(in a checkout: pip install '.[web]').""")
SERVE_HOST_HELP: Final = N_("the address to listen on (default: 127.0.0.1, this machine only)")
SERVE_PORT_HELP: Final = N_("the port to listen on; 0 picks a free one (default: 8000)")
SERVE_DB_HELP: Final = N_("the SQLite file that holds the tables (default: whist-ro-web.sqlite3)")
SERVE_PUBLIC_URL_HELP: Final = N_(
    "the address people reach the server at, such as https://whist.example.org "
    "(for invite links and the WebSocket origin check behind a proxy)"
)
SERVE_BOT_DELAY_HELP: Final = N_(
    "the least seconds a bot takes to act, so people can follow the play (default: 0.6)"
)
SERVE_BUSY_TIMEOUT_HELP: Final = N_(
    "the milliseconds a write waits for a database another program has locked before the "
    "table pauses and tries again (default: 1000)"
)
SERVE_MAX_CONNECTIONS_HELP: Final = N_(
    "the most table connections open at once on the server (default: 1000)"
)
SERVE_MAX_ADDRESS_CONNECTIONS_HELP: Final = N_(
    "the most table connections one client address may hold at once (default: 50; raise "
    "it for a club whose players share one address)"
)
SERVE_MAX_OPEN_HELP: Final = N_(
    "the most tables, waiting or playing, that one client address may have made (default: 20)"
)
SERVE_NEEDS_WEB: Final = N_(
    "whist-ro serve needs the web extra ({missing} is not installed): pip install "
    "'whist-ro[web]' (in a checkout: pip install '.[web]')"
)
SERVE_BAD_URL: Final = N_("--public-url must be an http:// or https:// address, not {url}")
SERVE_LISTENING: Final = N_("whist-ro serve: http://{host}:{port}/ (tables in {db}; Ctrl-C stops)")
SERVE_MAKER_WAIT_HELP: Final = N_(
    "close a waiting table unplayed when its maker has not opened it this many seconds after "
    "making it (default: 600)"
)
SERVE_START_WAIT_HELP: Final = N_(
    "close a waiting table unplayed when it has not started this many seconds after it was made "
    "(default: 3600)"
)
SERVE_MAX_WAITING_HELP: Final = N_(
    "the most tables waiting for players that one address may have made (default: 5)"
)
SERVE_KEEP_FINISHED_HELP: Final = N_(
    "delete finished tables this many days after they ended, at start and every hour "
    "(default: keep them)"
)
SERVE_FORWARDED_HELP: Final = N_(
    "the reverse proxies whose X-Forwarded-For header names the client: addresses or networks "
    "separated by commas, or * (default: none; each connection's own address counts)"
)
SERVE_POSITIVE: Final = N_("expected a number above 0, not {value}")

# -- match, engine-test (whist_ro.cli.remote) ----------------------------------------------

MATCH_HELP: Final = N_("play engines against each other and summarise the matches")
MATCH_DESCRIPTION: Final = N_("""\
Play engines (programs that speak the engine protocol, see whist-ro protocol)
against each other through whist_ro.tournaments.tournament, and print each
engine's and seat's mean total and win rate with 95% confidence intervals
and the seats taken over by the fallback bot, then every takeover's reason.
Each match starts its engines afresh: an engine remembers nothing from one
match to the next, and a crash costs one match only. With --record-dir, each
match's record (takeovers and engines included) is written there, for
'whist-ro check' to read.""")
MATCH_ENGINE_HELP: Final = N_(
    "an engine, NAME=COMMAND (the command line that starts it); one per seat, or fewer: "
    "with k engines seat i plays engine i mod k"
)
MATCH_MATCHES_HELP: Final = N_("seeds to play, 1 to {most:,}; default 20")
MATCH_TIME_LIMIT_HELP: Final = N_("seconds an engine may take per decision; default 10")
MATCH_RECORD_DIR_HELP: Final = N_("write each match's record to this folder (made if missing)")
MATCH_ENGINE_LOG_HELP: Final = N_(
    "keep each engine's stderr in this folder (made if missing), one file per match and seat "
    "(match-0001-seat0-NAME.log), each cut after 1 MiB with the cut said in it"
)
MATCH_WORKERS_HELP: Final = N_("processes to play on (0: this process); default 1")
NO_ENGINES: Final = N_("name at least one engine: --engine NAME=COMMAND")
ENGINE_ENTRY: Final = N_("--engine takes NAME=COMMAND, not {value}")
ENGINE_ENTRY_NAME: Final = N_("--engine takes NAME=COMMAND, not {value}: {reason}")
FOLDER_NOT_MADE: Final = N_("{option}: cannot make the folder {path}: {reason}")
ENGINE_COMMAND: Final = N_("--engine {name} gives a command that cannot be run: {reason}")
ENGINE_TWICE: Final = N_("--engine {name} is given two different commands")
ENGINES_MISMATCH: Final = N_("--players {players} but --engine names {engines} engines")
ENGINES_COUNT: Final = N_("--engine names {engines} engines: {reason}")
ENGINES_BOTH_SIDES: Final = N_(
    "--engine names {engines} engines: classic whist seats partners opposite each other, and "
    "with {engines} engines at {seats} seats the first would sit on both sides (seats {both}); "
    "give {fits} or {last} engines"
)
MATCH_SEEDS: Final = N_(
    "seeds {first} to {last}, drawn at random (--seed {first} deals them again)"
)
TAKEOVERS_HEAD: Final = N_("takeovers:")
TAKEOVER_LINE: Final = N_("  match {match}, round {round}, {where}: seat {seat} ({who}): {reason}")
RECORD_TAKEOVER_LINE: Final = N_("  round {round}, {where}: seat {seat} ({who}): {reason}")
RECORDS_WRITTEN: Final = NP_(
    "{n:,} record written to {folder}", "{n:,} records written to {folder}"
)
IN_BIDDING: Final = N_("bidding")
IN_TRICK: Final = N_("trick {trick}")

ENGINE_TEST_HELP: Final = N_("check that a program speaks the engine protocol")
ENGINE_TEST_DESCRIPTION: Final = N_("""\
Check that COMMAND speaks the engine protocol (see whist-ro protocol): the
handshake, whole matches of the Romanian family (blind 1-card rounds
included) and of classic whist (an engine may resign a variant it does not
play), messages of unknown types, a new match in the middle of one, and
that it exits on 'quit' and at the end of its input. Exit status 0 when
every check passes, 1 otherwise.""")
ENGINE_TEST_COMMAND_HELP: Final = N_("the command line that starts the engine (quote it)")
COMMAND_READING: Final = N_(
    "COMMAND is split into words as a shell line is, then run without a shell: no "
    "redirection (>, 2>), no pipes, no VAR=value, no ~ or $VAR; for those, give "
    "sh -c '...' as the command"
)
ENGINE_TEST_QUICK_HELP: Final = N_("short matches (three rounds each): a quick check")
ENGINE_TEST_TIME_LIMIT_HELP: Final = N_("seconds the engine may take per decision; default 5")
SECONDS_RANGE: Final = N_("expected seconds above 0 and at most 3600, not {value}")
