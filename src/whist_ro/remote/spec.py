"""The engine protocol's specification as text, read from the installed package.

``whist-ro protocol`` prints it, so an engine author who installed the
package from a wheel has the page that ``--help`` of ``engine``, ``match``
and ``engine-test`` points to.  The page is ``docs/protocol.md`` of the
source: the wheel carries it as ``whist_ro/remote/protocol.md`` (see
``[tool.hatch.build.targets.wheel.force-include]`` in pyproject.toml), and a
checkout run from its ``src`` folder reads the page itself, so there is one
text and no copy to keep in step.

>>> specification().splitlines()[0]
'# The engine protocol and the wire format'
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Final

__all__ = ["PAGE", "specification"]

PAGE: Final = "protocol.md"
"""The page's name in the package (``whist_ro/remote/protocol.md``)."""


def specification() -> str:
    """The text of the protocol's specification (Markdown, English).

    Raises :class:`FileNotFoundError` only for a package installed without
    its data, which ``whist-ro`` reports as a failed system (status 3).
    """
    shipped = resources.files(__package__ or "whist_ro.remote").joinpath(PAGE)
    if shipped.is_file():
        return shipped.read_text(encoding="utf-8")
    package = Path(__file__).resolve().parent.parent  # .../src/whist_ro
    if package.parent.name == "src":  # a checkout: the page is the source's docs/protocol.md
        page = package.parent.parent / "docs" / PAGE
        if page.is_file():
            return page.read_text(encoding="utf-8")
    raise FileNotFoundError(f"whist_ro/remote/{PAGE} is missing from this installation")
