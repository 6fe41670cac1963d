"""Catalogue messages filled in a language: the part of :mod:`whist_ro.locale` the errors need.

The errors render their own text, and :mod:`whist_ro.locale` refuses a
language it does not speak with one of them (a
:class:`~whist_ro.errors.ConfigurationError`).  So that neither has to
import the other lazily, or hand the other a hook at import time, what
both need sits here, below them both: the languages, the catalogues (read
once, when first asked for), how a template's fields are written in a
language, and how a bad value is quoted.  Nothing here refuses anything:
a language is checked by the callers (:func:`whist_ro.locale.check`,
:meth:`whist_ro.errors.WhistError.explain`) before it gets here.

The constants, the markers and :func:`localized` are public as
:mod:`whist_ro.locale`'s, which re-exports them (its ``render`` and
``translation`` are :func:`fill` and :func:`catalogue` with the language
checked first).  This is a base module: it imports nothing of the package.

>>> fill(N_("expected a whole number from {low:,} to {high:,}, not {value}"), "ro",
...      low=1, high=10_000, value=0)
'se aștepta un număr întreg de la 1 la 10.000, nu 0'
"""

from __future__ import annotations

import functools
import gettext
import numbers
import reprlib
import string
from importlib import resources
from typing import Any, Final, TypeGuard

__all__ = [
    "DOMAIN",
    "ENGLISH",
    "LANGUAGES",
    "NP_",
    "N_",
    "Plural",
    "catalogue",
    "excerpt",
    "fill",
    "fill_plural",
    "localized",
    "spoken",
]

LANGUAGES: Final = ("en", "ro")
"""The languages whist-ro speaks, English first."""

ENGLISH: Final = "en"
"""The language of the API, of ``str()`` and the fallback of every choice."""

DOMAIN: Final = "whist_ro"
"""The gettext domain of whist-ro's own messages (argparse's words are domain ``argparse``)."""

Plural = tuple[str, str]
"""A message with a plural: its English singular and plural templates (see :func:`NP_`)."""


def N_(message: str) -> str:  # noqa: N802 (gettext's own name for the marker)
    """Mark ``message`` as a catalogue message; it is returned unchanged.

    The catalogue checks find every ``N_("...")`` of the package's source,
    so a marked message without a Romanian text, or a Romanian text with
    other placeholders, fails the tests.

    >>> N_("the match is over")
    'the match is over'
    """
    return message


def NP_(singular: str, plural: str) -> Plural:  # noqa: N802
    """Mark a message with a plural: the English singular and plural (``{n}`` the count).

    Romanian has three forms (1, 2 to 19 and 101 to 119 ..., 20 and over
    with "de"); the catalogue holds them, :func:`whist_ro.locale.render_plural` picks one.

    >>> fill_plural(NP_("{n} game", "{n} games"), 20, "ro")
    '20 de jocuri'
    """
    return (singular, plural)


def spoken(lang: object) -> TypeGuard[str]:
    """Whether ``lang`` is exactly a language whist-ro speaks (``"en"`` or ``"ro"``).

    >>> spoken("ro"), spoken("RO"), spoken(None)
    (True, False, False)
    """
    return isinstance(lang, str) and lang in LANGUAGES


def catalogue(lang: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The catalogue of ``domain`` in ``lang``, a language already checked (:func:`spoken`).

    >>> catalogue("ro").gettext("the match is over")
    'partida s-a încheiat'
    """
    return _load(lang, domain if domain == "argparse" else DOMAIN)


@functools.cache
def _load(lang: str, domain: str) -> gettext.NullTranslations:
    if lang == ENGLISH:
        return gettext.NullTranslations()
    # Read through the package, not whist_ro.locale: that module sits above this one.
    path = resources.files("whist_ro").joinpath("locale", lang, "LC_MESSAGES", f"{domain}.mo")
    with path.open("rb") as file:
        return gettext.GNUTranslations(file)


class _Formatter(string.Formatter):
    """:meth:`str.format` with each field shown in one language (:func:`localized`)."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        return localized(value, self.lang, format_spec)


def localized(value: object, lang: str, spec: str = "") -> str:
    """``value`` as text in ``lang``: how a message's fields are shown.

    A value with a ``__localized__(lang)`` method (a card, a suit, a set
    of cards) names itself; a tuple or list is its items, comma-separated;
    a number is formatted by ``spec`` and, in Romanian, written with a
    decimal comma and a thousands point (``1.234,5``).  Anything else is
    ``format(value, spec)``.

    >>> localized(1234.5, "ro", ",.1f"), localized(1234.5, "en", ",.1f")
    ('1.234,5', '1,234.5')
    >>> localized([1, 2], "ro")
    '1, 2'
    """
    hook = getattr(type(value), "__localized__", None)
    if hook is not None:
        return format(str(hook(value, lang)), spec)
    if isinstance(value, (tuple, list)):
        return format(", ".join(localized(item, lang) for item in value), spec)
    text = format(value, spec)
    if lang == "ro" and isinstance(value, numbers.Number) and not isinstance(value, bool):
        text = text.translate(_RO_NUMBER)
    return text


_RO_NUMBER: Final = str.maketrans({",": ".", ".": ","})


def fill(message: str, lang: str, /, **fields: object) -> str:
    """``message`` (a marked English template) in ``lang`` (already checked), its fields filled.

    >>> fill(N_("seat {seat}"), "ro", seat=2)
    'locul 2'
    """
    return _Formatter(lang).vformat(catalogue(lang).gettext(message), (), fields)


def fill_plural(message: Plural, n: int, lang: str, /, **fields: object) -> str:
    """A :func:`NP_` message for the count ``n`` in ``lang`` (already checked).

    ``{n}`` is ``n`` unless given.

    >>> [fill_plural(NP_("{n} game", "{n} games"), k, "ro") for k in (1, 2, 20, 101)]
    ['1 joc', '2 jocuri', '20 de jocuri', '101 jocuri']
    """
    template = catalogue(lang).ngettext(message[0], message[1], n)
    values: dict[str, object] = {"n": n, **fields}
    return _Formatter(lang).vformat(template, (), values)


_EXCERPT_CHARS: Final = 60
_DIGITS_SHOWN: Final = 30


class _Excerpt(reprlib.Repr):
    """``reprlib`` with ints and strings capped too, and every container bounded."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = _EXCERPT_CHARS
        self.maxother = _EXCERPT_CHARS
        self.maxlong = _DIGITS_SHOWN

    def repr_int(self, x: int, level: int) -> str:
        # int.__str__ refuses numbers of more than 4,300 digits; count them instead.
        if abs(x) >= 10**_DIGITS_SHOWN:
            digits = len(str(x)) if x.bit_length() < 14_000 else int(x.bit_length() * 0.30103) + 1
            return f"<int of {digits} digits>"
        return repr(x)


_REPR: Final = _Excerpt()


def excerpt(value: object) -> str:
    """A short, always printable ``repr`` of ``value`` for an error message.

    Containers are cut after a few items and levels, text after 60
    characters, and numbers too large to print are described instead.
    (:func:`whist_ro._check.excerpt` is this function; it lives here so that
    the errors, below ``_check``, quote a value the same way.)

    >>> excerpt("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxx'"
    >>> excerpt([[[[[[1]]]]]])
    '[[[[...]]]]'
    >>> excerpt(10**5000)
    '<int of 5001 digits>'
    """
    try:
        text = _REPR.repr(value)
    except Exception:  # a hostile __repr__: say what it is, not what it claims
        text = f"<{type(value).__name__} object>"
    if len(text) > 2 * _EXCERPT_CHARS:
        text = text[: 2 * _EXCERPT_CHARS - 3] + "..."
    return text
