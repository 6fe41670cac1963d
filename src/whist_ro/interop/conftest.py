"""pytest: leave out the doctests of an adapter whose peer is not installed.

Those modules cannot even be imported without their peer.  The adapters'
own tests (tests/test_interop_*.py) skip in that case, naming the extra to
install, so the gap is reported there.
"""

from __future__ import annotations

import importlib.util

_PEERS = {"openspiel.py": "pyspiel", "pettingzoo.py": "pettingzoo"}


def _missing(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is None
    except (ImportError, ValueError):  # a module blocked in sys.modules has no spec
        return True


collect_ignore = [name for name, module in _PEERS.items() if _missing(module)]
