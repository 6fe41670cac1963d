"""What the command prints goes through here: text a stream cannot show is made plain.

A terminal or a pipe set to cp1252 or ASCII cannot show the suit symbols
``♠ ♥ ♦ ♣``; printing them raised ``UnicodeEncodeError`` and lost the
output (and ``play`` its record).  When the stream's encoding cannot show
them, or ``--ascii`` asks for it, :func:`plain` rewrites each piece of
text before it is written, by one documented rule:

1. the suit symbols become the letters of the card notation:
   ``♠ ♥ ♦ ♣`` -> ``s h d c`` (so ``A♥`` reads ``Ah``);
2. a letter with a diacritic loses it (``ș`` -> ``s``, ``é`` -> ``e``);
3. anything else the stream still cannot show becomes ``?``.

>>> plain("A♥ 10♠, Ștefan", "ascii")
'Ah 10s, Stefan'
>>> plain("K♣ ✓", "cp1252")
'Kc ?'
"""

from __future__ import annotations

import codecs
import contextlib
import sys
import unicodedata
from collections.abc import Iterator
from typing import Final, TextIO

__all__ = ["ascii_output", "can_show", "plain"]

_SUIT_LETTERS: Final = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c"})
_SAMPLE: Final = "♠♥♦♣"


def plain(value: str, encoding: str) -> str:
    """``value`` as ``encoding`` can show it, by the rule of this module.

    >>> plain("trump ♦*", "utf-8")
    'trump d*'
    """
    value = value.translate(_SUIT_LETTERS)
    if not value.isascii():
        decomposed = unicodedata.normalize("NFKD", value)
        value = "".join(c for c in decomposed if not unicodedata.combining(c))
    return value.encode(encoding, errors="replace").decode(encoding, errors="replace")


def can_show(stream: object) -> bool:
    """Whether ``stream`` can write the suit symbols (a stream of unknown encoding: yes).

    >>> import io
    >>> can_show(io.TextIOWrapper(io.BytesIO(), encoding="cp1252"))
    False
    """
    encoding = getattr(stream, "encoding", None)
    if not isinstance(encoding, str):
        return True
    try:
        codecs.encode(_SAMPLE, encoding)
    except (UnicodeError, LookupError):
        return False
    return True


class _Plain:
    """A text stream that writes :func:`plain` text to the stream it wraps."""

    def __init__(self, stream: TextIO, encoding: str) -> None:
        self._stream = stream
        self._encoding = encoding

    def write(self, value: str) -> int:
        self._stream.write(plain(value, self._encoding))
        return len(value)

    def __getattr__(self, name: str) -> object:
        # flush, fileno, isatty, encoding ...: the wrapped stream's own.
        return getattr(self._stream, name)


@contextlib.contextmanager
def ascii_output(*, forced: bool = False) -> Iterator[None]:
    """Within the block, stdout and stderr write plain text where they must.

    A stream is wrapped when ``forced`` (``--ascii``: plain ASCII) or when
    its encoding cannot show the suit symbols (plain text in that
    encoding); otherwise it is left alone.  The streams are restored on
    leaving.

    >>> import io
    >>> out = io.StringIO()
    >>> with contextlib.redirect_stdout(out), ascii_output(forced=True):
    ...     print("Q♥")
    >>> out.getvalue()
    'Qh\\n'
    """
    saved = sys.stdout, sys.stderr
    try:
        for name in ("stdout", "stderr"):
            stream = getattr(sys, name)
            if stream is None:
                continue
            if forced:
                setattr(sys, name, _Plain(stream, "ascii"))
            elif not can_show(stream):
                setattr(sys, name, _Plain(stream, str(stream.encoding)))
        yield
    finally:
        sys.stdout, sys.stderr = saved
