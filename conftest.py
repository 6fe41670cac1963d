"""pytest, for the whole checkout: leave out the doctests of an adapter whose peer is missing.

``--doctest-modules`` imports every module under ``src/whist_ro``, and the
adapters in ``whist_ro.interop`` cannot even be imported without their
peer.  (This file sits at the root, not in the package, so the wheel does
not ship it.)  The adapters'
own tests (tests/test_interop_*.py) skip in that case, naming the extra to
install, so the gap is reported there.
"""

from __future__ import annotations

import importlib.util

_PEERS = {
    "src/whist_ro/interop/openspiel.py": "pyspiel",
    "src/whist_ro/interop/pettingzoo.py": "pettingzoo",
}


def _missing(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is None
    except (ImportError, ValueError):  # a module blocked in sys.modules has no spec
        return True


collect_ignore = [name for name, module in _PEERS.items() if _missing(module)]
