"""The languages whist-ro speaks: English and Romanian, chosen and looked up here.

whist-ro writes English unless asked otherwise.  A caller asks with
``lang=``: ``view.render(lang="ro")``, ``error.explain(lang="ro")``,
``sheet.format(lang="ro")``; ``str()`` of a value is always English, so
doctests and logs never change with the machine they run on.  The
``whist-ro`` command and the web table choose a language for the person
in front of them with :func:`choose`: ``--lang`` (or the browser's
``Accept-Language``), then ``WHIST_RO_LANG``, then the first of the
``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` variables that is
set, read as text (a machine without a Romanian locale installed still
gets Romanian), with English as the fallback.

The Romanian texts live in GNU gettext catalogues (``.po`` sources beside
their compiled ``.mo`` files, in this package) and are read with the
standard library's :mod:`gettext`; the English text of a message is its
key.  A message is a :meth:`str.format` template whose fields are filled
per language by :func:`localized`: numbers get the language's separators,
and values that know how to name themselves in a language (cards, suits,
sets of cards) do so.  Nothing is looked up until a text is rendered.

>>> choose("ro"), choose(environ={"LANG": "ro_RO.UTF-8"}), choose(environ={"LANG": "de_DE"})
('ro', 'ro', 'en')
>>> render(N_("expected a whole number from {low:,} to {high:,}, not {value}"), "ro",
...        low=1, high=10_000, value=0)
'se aștepta un număr întreg de la 1 la 10.000, nu 0'
>>> render(N_("expected a whole number from {low:,} to {high:,}, not {value}"), "en",
...        low=1, high=10_000, value=0)
'expected a whole number from 1 to 10,000, not 0'

This package sits at the base of the library.  What the errors need to
render themselves (the languages, the catalogues, :func:`localized`) lives
in ``whist_ro._messages``, below the errors, and is re-exported here; this
package imports the errors and refuses a language with their
:class:`~whist_ro.errors.ConfigurationError`, whatever was imported first.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from typing import Any, Final, NoReturn

# The languages, the catalogues and the filling of templates are the errors' too,
# so they sit below both in whist_ro._messages; this package adds the choosing
# and the checking, and refuses with the errors' own ConfigurationError.
from whist_ro._messages import (
    DOMAIN,
    ENGLISH,
    LANGUAGES,
    N_,
    NP_,
    Plural,
    catalogue,
    fill,
    fill_plural,
    localized,
    spoken,
)
from whist_ro.errors import _refused_language

__all__ = [
    "DOMAIN",
    "ENGLISH",
    "LANGUAGES",
    "NP_",
    "N_",
    "VARIABLES",
    "Plural",
    "check",
    "choose",
    "from_accept_language",
    "from_environment",
    "gettext_for",
    "language_of",
    "localized",
    "render",
    "render_plural",
    "translation",
]

VARIABLES: Final = ("WHIST_RO_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables :func:`from_environment` reads, in order."""

_NAMES: Final = {
    "en": "en",
    "english": "en",
    "c": "en",
    "posix": "en",
    "ro": "ro",
    "romanian": "ro",
    "română": "ro",
    "romana": "ro",
}


def language_of(value: str) -> str | None:
    """The language a locale string or language tag names, or None if whist-ro does not speak it.

    Reads POSIX locale names (``ro_RO.UTF-8``, ``ro_RO@euro``), language tags
    (``ro-RO``), the names ``C`` and ``POSIX`` (English) and colon-separated
    lists as ``LANGUAGE`` holds them (the first language whist-ro speaks wins).

    >>> language_of("ro_RO.UTF-8"), language_of("en-GB"), language_of("C.UTF-8")
    ('ro', 'en', 'en')
    >>> language_of("fr_FR:ro"), language_of("de_DE"), language_of("")
    ('ro', None, None)
    """
    if not isinstance(value, str):
        return None
    for entry in value.split(":"):
        tag = entry.strip().split(".", 1)[0].split("@", 1)[0]
        primary = tag.replace("-", "_").split("_", 1)[0].lower()
        found = _NAMES.get(primary)
        if found is not None:
            return found
    return None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for (default: ``os.environ``); English if none.

    ``WHIST_RO_LANG`` comes first and must name a language whist-ro speaks
    (``en`` or ``ro``; a locale name such as ``ro_RO.UTF-8`` will do).  Then
    the first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that
    is set decides, as gettext reads them: its first language whist-ro
    speaks, else English.  The ``locale`` module is never asked, since a
    machine may have no Romanian locale installed.

    >>> from_environment({"LANGUAGE": "fr:ro", "LANG": "en_US.UTF-8"})
    'ro'
    >>> from_environment({"LC_ALL": "", "LANG": "ro_RO.UTF-8"})
    'ro'
    >>> from_environment({"WHIST_RO_LANG": "en", "LANG": "ro_RO.UTF-8"})
    'en'
    >>> from_environment({"WHIST_RO_LANG": "fr"})
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: WHIST_RO_LANG='fr' names no language whist-ro speaks: en, ro
    """
    env = os.environ if environ is None else environ
    own = env.get("WHIST_RO_LANG", "")
    if own.strip():
        found = language_of(own)
        if found is None:
            _refuse(own, field="WHIST_RO_LANG")
        return found
    for name in VARIABLES[1:]:
        value = env.get(name, "")
        if value:
            return language_of(value) or ENGLISH
    return ENGLISH


def from_accept_language(header: str | None) -> str | None:
    """The language whist-ro speaks that a browser's ``Accept-Language`` prefers, or None.

    Entries are taken by their ``q`` weight (equal weights in their
    order); ``q=0`` refuses a language, and ``*`` names none in
    particular.  A header that is not text, or names no language whist-ro
    speaks, gives None: the caller then falls back (see :func:`choose`).

    >>> from_accept_language("ro-RO,ro;q=0.9,en-US;q=0.8,en;q=0.7")
    'ro'
    >>> from_accept_language("de-DE, en;q=0.5, ro;q=0.8")
    'ro'
    >>> from_accept_language("ro;q=0, fr") is None
    True
    """
    if not isinstance(header, str):
        return None
    weighted: list[tuple[float, int, str]] = []
    for index, entry in enumerate(header[:1000].split(",")):
        tag, *params = (part.strip() for part in entry.split(";"))
        weight = 1.0
        for param in params:
            key, _, number = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(number)
                except ValueError:
                    weight = 0.0
        found = language_of(tag) if tag and tag != "*" and ":" not in tag else None
        if found is not None and 0 < weight <= 1:
            weighted.append((-weight, index, found))
    return min(weighted)[2] if weighted else None


def choose(
    lang: str | None = None,
    *,
    accept_language: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> str:
    """The language to speak to a person: ``lang``, else the browser's, else the environment's.

    ``lang`` is what the person asked for (``--lang``): ``"en"``, ``"ro"`` or
    a locale name; anything else is refused.  ``accept_language`` is a
    browser's ``Accept-Language`` header, used when it names a language
    whist-ro speaks.  Then :func:`from_environment` decides (``environ``
    defaults to ``os.environ``), and English is the fallback.

    >>> choose("ro_RO"), choose(accept_language="ro,en;q=0.5", environ={})
    ('ro', 'ro')
    >>> choose(accept_language="de", environ={"LANG": "ro_RO.UTF-8"})
    'ro'
    >>> choose("klingon")
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: lang='klingon' names no language whist-ro speaks: en, ro
    """
    if lang is not None:
        found = language_of(lang)
        if found is None or ":" in lang:
            _refuse(lang, field="lang")
        return found
    browser = from_accept_language(accept_language)
    if browser is not None:
        return browser
    return from_environment(environ)


def check(lang: object) -> str:
    """``lang`` itself when it is a language whist-ro speaks (``"en"`` or ``"ro"``).

    Every ``lang=`` argument of the library is checked here; anything else
    is refused with a :class:`~whist_ro.errors.ConfigurationError` (a
    locale name such as ``ro_RO`` is read by :func:`choose`, not here).

    >>> check("ro")
    'ro'
    >>> check("RO")
    Traceback (most recent call last):
    ...
    whist_ro.errors.ConfigurationError: lang='RO' names no language whist-ro speaks: en, ro
    """
    if spoken(lang):
        return lang
    _refuse(lang, field="lang")


def _refuse(value: object, *, field: str) -> NoReturn:
    raise _refused_language(value, field=field)


def translation(lang: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The catalogue of ``domain`` in ``lang`` (English: the messages themselves).

    Each catalogue is read once, the first time it is asked for.

    >>> translation("ro").gettext("the match is over")
    'partida s-a încheiat'
    >>> translation("en").gettext("the match is over")
    'the match is over'
    """
    return catalogue(check(lang), domain)


def gettext_for(lang: str) -> tuple[Any, Any]:
    """``(gettext, ngettext)`` of argparse's domain in ``lang``, for the command line.

    >>> gettext_for("ro")[0]("usage: ")
    'utilizare: '
    """
    catalogue = translation(lang, "argparse")
    return catalogue.gettext, catalogue.ngettext


def render(message: str, lang: str, /, **fields: object) -> str:
    """``message`` (a marked English template) in ``lang``, its fields filled there.

    >>> render(N_("seat {seat}"), "ro", seat=2)
    'locul 2'
    """
    return fill(message, check(lang), **fields)


def render_plural(message: Plural, n: int, lang: str, /, **fields: object) -> str:
    """A :func:`NP_` message for the count ``n`` in ``lang``; ``{n}`` is ``n`` unless given.

    >>> render_plural(NP_("{n} game", "{n} games"), 1, "en")
    '1 game'
    >>> [render_plural(NP_("{n} game", "{n} games"), k, "ro") for k in (1, 2, 20, 101)]
    ['1 joc', '2 jocuri', '20 de jocuri', '101 jocuri']
    """
    return fill_plural(message, n, check(lang), **fields)
