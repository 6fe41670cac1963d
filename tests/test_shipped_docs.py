"""Every page the installed command points to can be read from the installed package.

The wheel is built in-process with the project's own backend (hatchling),
unpacked (a pure-Python wheel unpacked is an installation), and the
command is run from it in a subprocess, so nothing of the checkout helps.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import hatchling.build
import pytest

from whist_ro.cli import main, text
from whist_ro.locale import translation
from whist_ro.locale._catalogue import po_path, read_po
from whist_ro.remote import wire
from whist_ro.remote.spec import specification

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "protocol.md"
SHIPPED = "whist_ro/remote/protocol.md"


def build_wheel(source: Path, out: Path) -> Path:
    """Build the wheel of the project in ``source`` into ``out``: its path."""
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(source)  # a PEP 517 backend builds the project in the current directory
        return out / hatchling.build.build_wheel(str(out))


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_wheel(ROOT, tmp_path_factory.mktemp("dist"))


def test_whist_ro_protocol_prints_the_protocol_page(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["protocol"]) == 0
    assert capsys.readouterr().out == PAGE.read_text(encoding="utf-8")
    assert specification() == PAGE.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", wire.SCHEMAS)
def test_whist_ro_protocol_prints_each_json_schema(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["protocol", "--schema", name]) == 0
    assert json.loads(capsys.readouterr().out) == wire.schema(name)


def test_the_wheel_ships_the_protocol_page_and_the_command_reads_it_there(
    wheel: Path, tmp_path: Path
) -> None:
    with zipfile.ZipFile(wheel) as archive:
        assert archive.read(SHIPPED) == PAGE.read_bytes()
        archive.extractall(tmp_path / "site")
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "site")}
    run = [sys.executable, "-c", "import whist_ro, sys; sys.exit(whist_ro.cli.main())"]
    done = subprocess.run(
        [*run, "protocol"], capture_output=True, env=env, cwd=tmp_path, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == PAGE.read_bytes()
    where = subprocess.run(
        [sys.executable, "-c", "import whist_ro; print(whist_ro.__file__)"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
        check=True,
    )
    assert Path(where.stdout.strip()).is_relative_to(tmp_path / "site")  # not the checkout


def test_a_wheel_built_from_the_sdist_ships_the_page_too(tmp_path: Path) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(ROOT)
        sdist = tmp_path / hatchling.build.build_sdist(str(tmp_path))
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path / "src", filter="data")
    (top,) = (tmp_path / "src").iterdir()
    with zipfile.ZipFile(build_wheel(top, tmp_path / "dist")) as archive:
        assert archive.read(SHIPPED) == PAGE.read_bytes()


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_no_message_of_the_command_points_to_a_page_it_does_not_carry(lang: str) -> None:
    # A page the installed command names must be one it prints: the protocol page
    # (named once, in `protocol`'s own description, as the page it prints).
    said = translation(lang)
    for name, message in vars(text).items():
        if not name.isupper() or not isinstance(message, str):
            continue
        pages = re.findall(r"[\w/.-]+\.md\b", said.gettext(message))
        assert pages == (["docs/protocol.md"] if name == "PROTOCOL_DESCRIPTION" else []), name


def test_no_message_of_the_library_points_to_a_page_either() -> None:
    # Every catalogue message, in both languages: a refusal, a report, a help text.
    for entry in read_po(po_path("ro").read_text(encoding="utf-8")):
        shipped = entry.msgid == text.PROTOCOL_DESCRIPTION  # names the page it prints
        for said in (entry.msgid, *entry.translations):
            pages = re.findall(r"[\w/.-]+\.md\b", said)
            assert pages == (["docs/protocol.md"] if shipped else []), said


@pytest.mark.parametrize("command", ["engine", "match", "engine-test"])
@pytest.mark.parametrize("lang", ["en", "ro"])
def test_the_engine_commands_help_points_to_whist_ro_protocol(
    command: str, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", lang, command, "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "whist-ro protocol" in shown
    assert "docs/protocol.md" not in shown


def test_the_readme_installs_from_a_checkout_until_the_package_is_published() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    install = readme[readme.index("## Install") : readme.index("## Two commands")]
    assert "pip install whist-ro" not in install
    assert "python -m pip install .  " in install
    assert "not published on a package index yet" in " ".join(install.split())
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "[project.urls]" not in pyproject  # no home to point to yet


def test_the_shipped_protocol_page_points_to_no_page_the_wheel_does_not_carry() -> None:
    # `whist-ro protocol` prints this page from an installed wheel: a link to another
    # page of the docs, or to a file of the checkout, would lead nowhere there.
    text = PAGE.read_text(encoding="utf-8")
    assert not re.findall(r"\]\((?!https?:|#)[^)]*\)", text), "a link to another page"
    assert not re.findall(r"\b[\w/-]+\.md\b", text), "a page of the docs named"
    assert "benchmarks/" not in text
