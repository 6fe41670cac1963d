"""``whist-ro analyse``: post-mortems of match records, one file or a folder, on processes.

Each file is judged by :func:`whist_ro.solve.post_mortem` and written as a
report a table can read, one line per round and seat (per side in classic
whist) and a summary.  :func:`report` does one file's text in a language
named explicitly, so the work can run in other processes (``--workers``)
or, from Python, on any :class:`concurrent.futures.Executor`, such as a
``dask.distributed`` client's ``client.get_executor()``.

>>> import whist_ro as wr
>>> from whist_ro import records
>>> m = wr.Match.new(wr.variants.ROMANIAN, players=3, seed=3)
>>> while len(m.rounds) < 1:
...     m = m.apply(m.legal_actions()[0])
>>> print(report(records.dumps(m.to_record(players=["Ana", "Bia", "Cici"])), lang="en"))
round 1, Ana bid 0 and took 0: made
round 1, Bia bid 0 and took 1: not makeable
round 1, Cici bid 0 and took 0: made
0 of 1 missed bids were makeable; 0 answers unknown
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator
from concurrent.futures import Executor
from typing import Final

from whist_ro import records
from whist_ro._check import excerpt
from whist_ro.cli import status, text
from whist_ro.cli.commands import read_input
from whist_ro.engine.match import Match
from whist_ro.engine.round import Round
from whist_ro.errors import RecordError
from whist_ro.locale import check as check_lang
from whist_ro.locale import render
from whist_ro.records.replay import replay_round
from whist_ro.solve import SideVerdict, Verdict, post_mortem

__all__ = ["DEFAULT_BUDGET", "MAX_BUDGET", "analyse", "files_of", "report"]

DEFAULT_BUDGET: Final = 200_000
"""Positions each question may search by default: a few seconds at most on one core."""

MAX_BUDGET: Final = 10**12
"""The largest ``--budget``: beyond it a question is searched to the end anyway."""

_SUFFIXES: Final = (".json", ".txt")


def report(record_text: str, *, lang: str, budget: int | None = DEFAULT_BUDGET) -> str:
    """The post-mortem of one record or round-notation text, in ``lang``, as lines of text.

    A record that breaks a rule is a :class:`~whist_ro.errors.RecordError`
    (``whist-ro check`` reports it in full).

    >>> print(report("dealer: 2\\nhand 0: Ah\\nhand 1: Kh\\nhand 2: Qh\\nturn-up: Jh\\n"
    ...              "bids: 1 1 0\\ntrick: Ah Kh Qh", lang="ro"))
    mâna 1, locul 0 a licitat 1 și a luat 1: făcută
    mâna 1, locul 1 a licitat 1 și a luat 0: nu se putea face
    mâna 1, locul 2 a licitat 0 și a luat 0: făcută
    0 din 1 licitații ratate se puteau face; 0 răspunsuri necunoscute
    """
    lang = check_lang(lang)
    read = records.read_text(record_text)
    names: tuple[str, ...] | None = None
    judged: Match | Round
    if isinstance(read, records.Record):
        judged = Match.from_record(read)
        if read.names != tuple(f"seat {seat}" for seat in range(len(read.names))):
            names = read.names
    else:
        replayed = replay_round(read.variant, read.round)
        if replayed.violation is not None or not isinstance(replayed.state, Round):
            why = "" if replayed.violation is None else replayed.violation.render(lang)
            raise RecordError(why or "the round cannot be replayed")
        judged = replayed.state
    verdicts = post_mortem(judged, budget=budget)
    if not verdicts:
        return render(text.ANALYSE_NO_ROUND, lang)
    return "\n".join(_lines(verdicts, names, lang))


def _lines(
    verdicts: tuple[Verdict, ...] | tuple[SideVerdict, ...],
    names: tuple[str, ...] | None,
    lang: str,
) -> Iterator[str]:
    unknown = 0
    if isinstance(verdicts[0], SideVerdict):
        costly = 0
        for side in verdicts:
            assert isinstance(side, SideVerdict)
            pair = None if names is None else (names[side.side[0]], names[side.side[1]])
            yield side.render(lang, names=pair)
            costly += side.costly_play is not None
            unknown += not side.complete
        yield render(
            text.ANALYSE_SIDE_SUMMARY, lang, costly=costly, sides=len(verdicts), unknown=unknown
        )
        return
    missed = makeable = 0
    for v in verdicts:
        assert isinstance(v, Verdict)
        yield v.render(lang, name=None if names is None else names[v.seat])
        if not v.made:
            missed += 1
            makeable += v.makeable is True
        unknown += not v.complete
    yield render(text.ANALYSE_SUMMARY, lang, makeable=makeable, missed=missed, unknown=unknown)


def files_of(path: str) -> list[str]:
    """``path`` itself, or the ``.json`` and ``.txt`` files of a folder in name order.

    >>> files_of("-")
    ['-']
    """
    if path == "-" or not os.path.isdir(path):
        return [path]
    found = sorted(
        os.path.join(path, name)
        for name in os.listdir(path)
        if name.endswith(_SUFFIXES) and os.path.isfile(os.path.join(path, name))
    )
    if not found:
        raise RecordError(text.tr(text.ANALYSE_EMPTY_FOLDER, path=excerpt(path)))
    return found


def analyse(args: argparse.Namespace) -> int:
    """``whist-ro analyse``: print each file's post-mortem; a folder's under each file's name."""
    # A process pool is set up only by the command that uses it.
    from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415

    paths = files_of(args.file)
    texts = [read_input(path) for path in paths]  # read here: stdin is this process's
    lang = text.lang()
    workers = min(args.workers, len(paths))
    executor: Executor | None = ProcessPoolExecutor(workers) if workers > 1 else None
    try:
        if executor is None:
            reports = (report(t, lang=lang, budget=args.budget) for t in texts)
        else:
            futures = [executor.submit(report, t, lang=lang, budget=args.budget) for t in texts]
            reports = (future.result() for future in futures)
        for index, (path, found) in enumerate(zip(paths, reports, strict=True)):
            if len(paths) > 1:
                print(("\n" if index else "") + f"{path}:")
            print(found)
    finally:
        if executor is not None:
            executor.shutdown(cancel_futures=True)
    return status.OK
