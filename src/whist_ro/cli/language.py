"""The language of the ``whist-ro`` command: chosen before the arguments are read, argparse's too.

The command speaks English or Romanian.  The choice (see
:func:`whist_ro.locale.choose`): ``--lang en|ro`` wherever it stands on the
command line (the last one when it is given twice, as for any option), then
``WHIST_RO_LANG``, then the first of ``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES`` and ``LANG`` that is set; English otherwise.

The choice is made before argparse builds the parser, because argparse
writes its own words ("usage:", "options:", "positional arguments", its
error messages) when the parser is built and when it fails.  It takes them
from gettext's domain ``argparse``; :func:`argparse_speaking` hands it
whist-ro's catalogue of that domain for the chosen language, and English
words for English, whatever catalogues the machine has installed.

>>> choose_language(["play", "--lang", "ro"], environ={})
'ro'
>>> choose_language(["--lang=en", "rules"], environ={"LANG": "ro_RO.UTF-8"})
'en'
>>> choose_language(["rules"], environ={"LANG": "ro_RO.UTF-8"})
'ro'
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator, Mapping, Sequence

from whist_ro import locale

__all__ = ["argparse_speaking", "choose_language"]


def _typed(argv: Sequence[str]) -> str | None:
    """The last ``--lang`` value on the command line (before any ``--``), as typed.

    The last, as argparse keeps the last value of an option given twice.

    >>> _typed(["rules", "--lang", "ro", "--lang=en"])
    'en'
    """
    typed = None
    index = 0
    while index < len(argv):
        token = argv[index]
        if token == "--":
            break
        if token == "--lang" and index + 1 < len(argv):
            index += 1
            typed = argv[index]
        elif token.startswith("--lang="):
            typed = token.partition("=")[2]
        index += 1
    return typed


def choose_language(argv: Sequence[str], *, environ: Mapping[str, str] | None = None) -> str:
    """The language the command speaks for ``argv``: ``--lang``, else the environment.

    A ``--lang`` value that is not ``en`` or ``ro`` is left for argparse to
    refuse (in the environment's language).  A ``WHIST_RO_LANG`` that names
    no language whist-ro speaks is refused with a
    :class:`~whist_ro.errors.ConfigurationError` unless ``--lang`` is given.

    >>> choose_language(["--lang", "fr"], environ={"LANGUAGE": "ro"})
    'ro'
    """
    typed = _typed(argv)
    if typed in locale.LANGUAGES:
        assert typed is not None
        return typed
    return locale.from_environment(environ)


@contextlib.contextmanager
def argparse_speaking(lang: str) -> Iterator[None]:
    """Within the block, argparse writes its own words in ``lang``.

    argparse looks its words up through the names ``_`` and ``ngettext``
    it imported from :mod:`gettext`; they are pointed at whist-ro's
    ``argparse`` catalogue for ``lang`` and restored on leaving.

    >>> with argparse_speaking("ro"):
    ...     print(argparse.ArgumentParser(prog="x").format_usage().strip())
    utilizare: x [-h]
    >>> print(argparse.ArgumentParser(prog="x").format_usage().strip())
    usage: x [-h]
    """
    words, plural_words = locale.gettext_for(lang)
    module = vars(argparse)
    saved = module.get("_"), module.get("ngettext")
    module["_"], module["ngettext"] = words, plural_words
    try:
        yield
    finally:
        module["_"], module["ngettext"] = saved
