"""The shell commands the docs and the README tell a reader to type still work.

Every command line in a ``sh``, ``text`` or ``console`` block (and every
inline code span that is a whole command) of docs/*.md and README.md that
runs ``python benchmarks/X.py``, ``python examples/X.py`` or ``whist-ro ...``
is collected here. Each script must exist, each distinct script and
subcommand must answer ``--help`` with exit status 0, and every ``--option``
a documented command uses must be one its ``--help`` lists. Running
``--help`` keeps this to seconds; the examples themselves run in
tests/test_examples.py and the benchmarks in CI's own steps.
"""

from __future__ import annotations

import functools
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = [*sorted(DOCS.glob("*.md")), ROOT / "README.md"]
SHELL_BLOCKS = {"sh", "bash", "shell", "console", "text"}
FENCE = re.compile(
    r"^(?P<fence>```+)\s*(?P<lang>[^\s`]*)[^\n]*\n(?P<body>.*?)^(?P=fence)\s*$", re.M | re.S
)
INLINE_CODE = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
SCRIPT = re.compile(r"^(?:benchmarks|examples)/[\w-]+\.py$")
OPTION = re.compile(r"^--[\w-]+")
# A subcommand is a lower-case word; placeholders such as RECORD.json are not.
SUBCOMMAND = re.compile(r"^[a-z][a-z-]*$")


class Command(NamedTuple):
    """One documented command: what it runs, the options it passes, where it is written."""

    program: str  # "benchmarks/kernel.py", "whist-ro" or "whist-ro check"
    options: tuple[str, ...]
    where: str


def commands_in_line(line: str, where: str) -> list[Command]:
    """The documented commands on one line of a shell block (or one code span)."""
    line = line.strip().removeprefix("$ ")
    # Comments and the prose after a command in a ``text`` block (two or more
    # spaces, as in records.md's command list) are not part of it.
    line = re.split(r"\s#|\s{2,}", line, maxsplit=1)[0]
    found = []
    for segment in re.split(r"&&|\|\||;|\|", line):
        try:
            words = shlex.split(segment)
        except ValueError:
            continue  # not shell: a grammar line, say
        if len(words) >= 2 and words[0] in {"python", "python3"} and SCRIPT.match(words[1]):
            program, rest = words[1], words[2:]
        elif words and words[0] == "whist-ro":
            rest = words[1:]
            program = "whist-ro"
            # The shared options may stand before the command: the command is the first
            # word that names one (placeholders such as RECORD.json do not).
            named = [w for w in rest if SUBCOMMAND.match(w) and w in known_commands()]
            if named:
                program = f"whist-ro {named[0]}"
                rest = [w for w in rest if w != named[0]]
        else:
            continue
        options = tuple(m.group(0) for word in rest if (m := OPTION.match(word)))
        found.append(Command(program, options, where))
    return found


def commands_in_page(path: Path, text: str) -> list[Command]:
    name = path.relative_to(ROOT).as_posix()
    found = []
    for block in FENCE.finditer(text):
        if block["lang"] not in SHELL_BLOCKS:
            continue
        first = text.count("\n", 0, block.start()) + 2
        for offset, line in enumerate(block["body"].splitlines()):
            found += commands_in_line(line, f"{name}:{first + offset}")
    prose = FENCE.sub("", text)
    for span in INLINE_CODE.finditer(prose):
        found += commands_in_line(span[1], f"{name} (`{span[1]}`)")
    return found


@functools.cache
def documented_commands() -> tuple[Command, ...]:
    return tuple(c for page in PAGES for c in commands_in_page(page, page.read_text("utf-8")))


def argv(program: str) -> list[str]:
    if program.startswith("whist-ro"):
        # The console script runs ``whist_ro.__main__``; ``-m`` needs no PATH entry.
        return [sys.executable, "-m", "whist_ro", *program.split()[1:]]
    return [sys.executable, str(ROOT / program)]


@functools.cache
def known_commands() -> frozenset[str]:
    """The commands ``whist-ro --help`` lists (the indented words under "commands:")."""
    lines = help_text("whist-ro").stdout.split("\ncommands:\n", 1)[-1].splitlines()
    return frozenset(line.split()[0] for line in lines if line.startswith("    ") and line.split())


@functools.cache
def help_text(program: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*argv(program), "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_the_docs_document_commands() -> None:
    programs = {c.program for c in documented_commands()}
    # Guards against a change of block syntax that would leave nothing to check.
    assert {"whist-ro", "whist-ro check", "examples/tournament.py"} <= programs, programs
    assert any(p.startswith("benchmarks/") for p in programs), programs


def test_every_documented_script_exists() -> None:
    missing = sorted(
        f"{c.where}: {c.program}"
        for c in documented_commands()
        if not c.program.startswith("whist-ro") and not (ROOT / c.program).is_file()
    )
    assert not missing, f"the docs run scripts that are not in the repository: {missing}"


@pytest.mark.parametrize(
    "program", sorted({c.program for c in documented_commands()}), ids=lambda p: p
)
def test_every_documented_command_answers_help(program: str) -> None:
    if not program.startswith("whist-ro"):
        assert (ROOT / program).is_file(), f"{program} does not exist"
    done = help_text(program)
    assert done.returncode == 0, f"{' '.join(argv(program))} --help: {done.stderr[-2000:]}"
    assert "usage:" in done.stdout.lower(), done.stdout[:500]
    written = [c for c in documented_commands() if c.program == program]
    unknown = sorted(
        f"{c.where}: {option}"
        for c in written
        for option in c.options
        if not re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", done.stdout)
    )
    assert not unknown, f"{program} --help does not list options the docs use: {unknown}"


# -- the collector itself ----------------------------------------------------------------


def test_collector_reads_blocks_spans_chains_and_comments() -> None:
    page = ROOT / "docs" / "x.md"
    text = (
        "Run `python benchmarks/strength.py --workers 2` or `pip install whist-ro`.\n\n"
        "```sh\n"
        "python -m pip install . && whist-ro --seed 3   # a match\n"
        "whist-ro --players 3 simulate --matches 2\n"
        "$ python examples/own_bot.py\n"
        "```\n\n"
        "```text\n"
        "whist-ro perft DEPTH           counts (--divide, --table)\n"
        'round = [variant] dealer "x\n'
        "```\n\n"
        "```python\n>>> print('whist-ro check')\nwhist-ro check\n```\n"
    )
    assert commands_in_page(page, text) == [
        Command("whist-ro", ("--seed",), "docs/x.md:4"),
        Command("whist-ro simulate", ("--players", "--matches"), "docs/x.md:5"),
        Command("examples/own_bot.py", (), "docs/x.md:6"),
        Command("whist-ro perft", (), "docs/x.md:10"),
        Command(
            "benchmarks/strength.py",
            ("--workers",),
            "docs/x.md (`python benchmarks/strength.py --workers 2`)",
        ),
    ]


def test_a_missing_script_or_unknown_subcommand_fails_help() -> None:
    assert help_text("examples/no_such_example.py").returncode != 0
    assert help_text("whist-ro no-such-command").returncode != 0
