"""``python -m whist_ro.locale``: compile the catalogues' ``.po`` sources to ``.mo`` (``--check``).

See :mod:`whist_ro.locale._catalogue`.
"""

from __future__ import annotations

import sys

from whist_ro.locale._catalogue import main

if __name__ == "__main__":
    sys.exit(main())
