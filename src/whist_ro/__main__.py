"""``python -m whist_ro`` runs the ``whist-ro`` command (see :mod:`whist_ro.cli`)."""

from __future__ import annotations

from whist_ro.cli import main

if __name__ == "__main__":  # pragma: no cover - exercised through the command line
    raise SystemExit(main())
