"""Release metadata: the licence ships, and the package claims the Python versions CI tests.

The wheel and the sdist are built in-process with the project's own build
backend (hatchling, from the ``test`` extra), with no network and in well
under a second, so the LICENSE check reads the real archives.
"""

from __future__ import annotations

import importlib.metadata
import re
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import hatchling.build
import pytest

import whist_ro

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT: dict[str, Any] = PYPROJECT["project"]
VERSION_CLASSIFIER = re.compile(r"Programming Language :: Python :: 3\.(\d+)")


def claimed_minors() -> list[int]:
    """The Python 3 minor versions the classifiers claim, in order."""
    return sorted(
        int(match[1])
        for classifier in PROJECT["classifiers"]
        if (match := VERSION_CLASSIFIER.fullmatch(classifier))
    )


def test_license_is_mit_and_the_file_is_declared() -> None:
    assert PROJECT["license"] == "MIT"
    assert PROJECT["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert "Copyright (c) 2026 whist-ro developers" in text


def test_python_versions_agree_everywhere() -> None:
    minors = claimed_minors()
    assert minors, "no 'Programming Language :: Python :: 3.x' classifier"
    # The classifiers list every minor version from the floor up, with no gaps.
    assert minors == list(range(minors[0], minors[-1] + 1))
    floor = f"3.{minors[0]}"
    assert PROJECT["requires-python"] == f">={floor}"
    assert PYPROJECT["tool"]["ruff"]["target-version"] == f"py3{minors[0]}"
    assert PYPROJECT["tool"]["mypy"]["python_version"] == floor


def test_the_interpreter_running_the_tests_is_claimed() -> None:
    # CI runs this suite: the version it runs on must be one the package claims.
    assert sys.version_info[:2] in {(3, minor) for minor in claimed_minors()}


def test_version_has_one_source_and_the_install_reports_it() -> None:
    assert "version" not in PROJECT
    assert PROJECT["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["hatch"]["version"]["path"] == "src/whist_ro/__init__.py"
    assert importlib.metadata.version("whist-ro") == whist_ro.__version__


def test_the_command_is_the_cli_main() -> None:
    assert PROJECT["scripts"] == {"whist-ro": "whist_ro.cli:main"}
    (entry,) = importlib.metadata.entry_points(group="console_scripts", name="whist-ro")
    assert entry.value == "whist_ro.cli:main"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Build the wheel and the sdist once, from this checkout, into a temporary folder."""
    out = tmp_path_factory.mktemp("dist")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(ROOT)  # a PEP 517 backend builds the project in the current directory
        wheel = hatchling.build.build_wheel(str(out))
        sdist = hatchling.build.build_sdist(str(out))
    return {"wheel": out / wheel, "sdist": out / sdist}


def test_wheel_ships_the_license_and_the_metadata(built: dict[str, Path]) -> None:
    with zipfile.ZipFile(built["wheel"]) as wheel:
        names = wheel.namelist()
        dist_info = next(name.split("/")[0] for name in names if ".dist-info/" in name)
        assert f"{dist_info}/licenses/LICENSE" in names
        assert wheel.read(f"{dist_info}/licenses/LICENSE") == (ROOT / "LICENSE").read_bytes()
        metadata = wheel.read(f"{dist_info}/METADATA").decode()
    assert "whist_ro/py.typed" in names
    assert "License-Expression: MIT\n" in metadata
    assert "License-File: LICENSE\n" in metadata
    assert f"Requires-Python: {PROJECT['requires-python']}\n" in metadata
    assert f"Version: {whist_ro.__version__}\n" in metadata


def test_wheel_ships_the_web_tables_page(built: dict[str, Path]) -> None:
    static = ROOT / "src" / "whist_ro" / "web" / "static"
    with zipfile.ZipFile(built["wheel"]) as wheel:
        names = set(wheel.namelist())
        for path in sorted(static.iterdir()):
            name = f"whist_ro/web/static/{path.name}"
            assert name in names, name
            assert wheel.read(name) == path.read_bytes()


def test_sdist_ships_the_license(built: dict[str, Path]) -> None:
    with tarfile.open(built["sdist"]) as sdist:
        names = sdist.getnames()
    top = names[0].split("/")[0]
    assert f"{top}/LICENSE" in names
    assert f"{top}/pyproject.toml" in names
    assert not any("/docs/_build/" in name for name in names)
