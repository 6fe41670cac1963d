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
from concurrent.futures import Executor
from typing import Final

from whist_ro._check import excerpt
from whist_ro.cli import status, text
from whist_ro.cli.commands import read_input
from whist_ro.errors import RecordError
from whist_ro.locale import check as check_lang
from whist_ro.records import analysis
from whist_ro.records.analysis import DEFAULT_BUDGET

__all__ = ["DEFAULT_BUDGET", "MAX_BUDGET", "analyse", "files_of", "report"]

MAX_BUDGET: Final = 10**12
"""The largest ``--budget``: beyond it a question is searched to the end anyway."""

_SUFFIXES: Final = (".json", ".txt")


def report(record_text: str, *, lang: str, budget: int | None = DEFAULT_BUDGET) -> str:
    """The post-mortem of one record or round-notation text, in ``lang``, as lines of text.

    :func:`whist_ro.records.analysis.analyse` rendered; a record that breaks a rule
    is a :class:`~whist_ro.errors.RecordError` (``whist-ro check`` reports it in full).

    >>> print(report("dealer: 2\\nhand 0: Ah\\nhand 1: Kh\\nhand 2: Qh\\nturn-up: Jh\\n"
    ...              "bids: 1 1 0\\ntrick: Ah Kh Qh", lang="en"))
    round 1, seat 0 bid 1 and took 1: made
    round 1, seat 1 bid 1 and took 0: not makeable
    round 1, seat 2 bid 0 and took 0: made
    0 of 1 missed bids were makeable; 0 answers unknown
    """
    return analysis.analyse(record_text, budget=budget).render(check_lang(lang))


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
