"""Small helpers for the sentences the library writes: a count with its noun in the right number.

One place decides how a count is worded, so that "1 cards each" and
"2 round(s)" cannot come back, and so that another language can give its
own plural forms here.

>>> count(1, "card"), count(3, "match", "matches"), count(1_000, "seed")
('1 card', '3 matches', '1,000 seeds')
"""

from __future__ import annotations

__all__ = ["count"]


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun``, the noun in the plural (``plural``, else ``noun + "s"``) unless n is 1.

    Large counts get thousands separators.

    >>> count(0, "round"), count(2, "duplicate set")
    ('0 rounds', '2 duplicate sets')
    """
    if n == 1:
        return f"1 {noun}"
    return f"{n:,} {plural if plural is not None else noun + 's'}"
