"""Small helpers for the sentences the library writes: counts, and sentences kept as data.

One place decides how a count is worded, so that "1 cards each" and
"2 round(s)" cannot come back.  A :class:`Sentence` is a message kept as
its catalogue template and the values that fill it, so that a report can
be written in English (``str()``) and rendered in Romanian later; a
sentence may hold other sentences, which render in the same language.

>>> count(1, "card"), count(3, "match", "matches"), count(1_000, "seed")
('1 card', '3 matches', '1,000 seeds')
>>> rounds = Sentence.plural(("{n:,} round", "{n:,} rounds"), 21)
>>> title = Sentence("tricks won: {tricks}", tricks=rounds)
>>> str(title), title.render("ro")
('tricks won: 21 rounds', 'levate luate: 21 de mâini')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from whist_ro._immutable import FrozenMapping, Immutable
from whist_ro.locale import N_, Plural, render, render_plural

__all__ = ["Sentence", "count", "known_reason"]


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun``, the noun in the plural (``plural``, else ``noun + "s"``) unless n is 1.

    Large counts get thousands separators.

    >>> count(0, "round"), count(2, "duplicate set")
    ('0 rounds', '2 duplicate sets')
    """
    if n == 1:
        return f"1 {noun}"
    return f"{n:,} {plural if plural is not None else noun + 's'}"


class Sentence(Immutable):
    """A catalogue message and its fields: English by ``str()``, any language by :meth:`render`.

    ``template`` is an English template marked for the catalogue; with a
    ``plural`` (built by :meth:`plural`) the count ``n`` picks the form.
    A field may be another sentence, a card, a number ... (see
    :func:`whist_ro.locale.localized`).

    >>> Sentence("seat {seat}", seat=2).render("ro")
    'locul 2'
    """

    __slots__ = ("fields", "n", "template", "template_plural")

    template: str
    template_plural: str | None
    n: int | None
    fields: Mapping[str, Any]

    def __init__(self, template: str, /, **fields: Any) -> None:
        object.__setattr__(self, "template", template)
        object.__setattr__(self, "template_plural", None)
        object.__setattr__(self, "n", None)
        object.__setattr__(self, "fields", FrozenMapping(fields))

    @classmethod
    def plural(cls, message: Plural, n: int, /, **fields: Any) -> Sentence:
        """A sentence with a plural (a :func:`~whist_ro.locale.NP_` message) for the count ``n``.

        >>> str(Sentence.plural(("{n:,} round", "{n:,} rounds"), 1))
        '1 round'
        """
        sentence = cls(message[0], **fields)
        object.__setattr__(sentence, "template_plural", message[1])
        object.__setattr__(sentence, "n", n)
        return sentence

    def render(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (``"en"`` or ``"ro"``).

        >>> Sentence.plural(("{n:,} round", "{n:,} rounds"), 20).render("ro")
        '20 de mâini'
        """
        if self.template_plural is None or self.n is None:
            return render(self.template, lang, **self.fields)
        message = (self.template, self.template_plural)
        return render_plural(message, self.n, lang, **self.fields)

    def __localized__(self, lang: str) -> str:
        return self.render(lang)

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Sentence({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sentence):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.template, self.template_plural, self.n))

    def _key(self) -> tuple[object, ...]:
        return (self.template, self.template_plural, self.n, self.fields)


# The reasons Python's json, csv and UTF-8 decoders give, so a refusal quoting one
# can say it in the reader's language; any other reason is quoted as it is.
_REASONS: Final = frozenset(
    {
        N_("Expecting value"),
        N_("Expecting property name enclosed in double quotes"),
        N_("Expecting ':' delimiter"),
        N_("Expecting ',' delimiter"),
        N_("Unterminated string starting at"),
        N_("Invalid control character at"),
        N_("Invalid \\escape"),
        N_("Invalid \\uXXXX escape"),
        N_("Extra data"),
        N_("Illegal trailing comma before end of object"),
        N_("Illegal trailing comma before end of array"),
        N_("invalid start byte"),
        N_("invalid continuation byte"),
        N_("unexpected end of data"),
        N_("',' expected after '\"'"),
        N_("';' expected after '\"'"),
    }
)


def known_reason(text: str) -> object:
    """A decoder's reason for a refusal: a sentence when the catalogue has it, else ``text``.

    Python's json, csv and UTF-8 decoders explain themselves in English;
    the reasons the catalogue knows render in the reader's language.

    Shared by the records' readers and the wire format's (whist_ro.remote.wire).

    >>> reason = known_reason("Expecting value")
    >>> str(reason), reason.render("ro")
    ('Expecting value', 'se aștepta o valoare')
    >>> known_reason("something else")
    'something else'
    """
    return Sentence(text) if text in _REASONS else text
