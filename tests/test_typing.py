"""Static types catch a wrong agent or a wrong line-up entry before anything runs.

``mypy --strict`` is run on small programs a user might write: an agent
with no ``act``, and a bot class that takes no ``seed=``, must be refused;
the right versions must pass.  (The same mistakes are refused at run time
with a clear ``ConfigurationError``: see test_table.py and
test_tournament.py.)
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

PROGRAMS = {
    "agent_without_act": (
        """
        import whist_ro as wr

        class NoAct:
            def play(self, view: wr.PlayerView) -> wr.Action:
                return view.legal_actions[0]

        wr.Table(wr.variants.ROMANIAN, agents=[NoAct(), NoAct(), NoAct()])
        """,
        'incompatible type "NoAct"; expected "Agent | AsyncAgent"',
    ),
    "bot_class_without_seed": (
        """
        import whist_ro as wr
        from whist_ro.bots import RandomBot

        class NoSeed:
            def act(self, view: wr.PlayerView) -> wr.Action:
                return view.legal_actions[0]

        wr.tournaments.tournament(wr.variants.ROMANIAN, [RandomBot, RandomBot, NoSeed], seeds=[1])
        """,
        "BotFactory",
    ),
    "good_agent_and_lineup": (
        """
        import whist_ro as wr
        from whist_ro.bots import RandomBot, RuleBot

        class First:
            def __init__(self, *, seed: int) -> None:
                self.seed = seed

            def act(self, view: wr.PlayerView) -> wr.Action:
                return view.legal_actions[0]

        wr.Table(wr.variants.ROMANIAN, agents=[First(seed=1), RandomBot(), RuleBot()])
        wr.tournaments.tournament(
            wr.variants.ROMANIAN, [First, RandomBot, RuleBot], seeds=[1], workers=0
        )
        wr.tournaments.Entrant(First, name="first")
        """,
        None,
    ),
}


@pytest.fixture(scope="module")
def mypy_output(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("typing")
    for name, (source, _) in PROGRAMS.items():
        (folder / f"{name}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    # Run from the checkout so mypy reuses its cache of the package (CI runs mypy first).
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", str(folder)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    return done.stdout


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_mypy_judges_agents_and_lineups(mypy_output: str, name: str) -> None:
    _, expected = PROGRAMS[name]
    errors = [line for line in mypy_output.splitlines() if f"{name}.py:" in line]
    if expected is None:
        assert errors == []
    else:
        assert any(expected in line for line in errors), errors
