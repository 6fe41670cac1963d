"""The catalogues' tools: read ``.po`` sources, compile them to ``.mo``, find and check messages.

The Romanian texts are kept in GNU gettext ``.po`` files in this package
(``ro/LC_MESSAGES/whist_ro.po`` for whist-ro's messages, ``argparse.po``
for the words of Python's :mod:`argparse`), and read at run time from the
``.mo`` files compiled from them, which are committed beside them (a test
checks that each ``.mo`` is exactly what its ``.po`` compiles to).  After
editing a ``.po`` file, recompile::

    python -m whist_ro.locale

A message is marked in the source with :func:`~whist_ro.locale.N_` (or
:func:`~whist_ro.locale.NP_` with a plural); :func:`extract` finds the
marks, and the checks below compare them with a catalogue:

- every message used has a Romanian text (:func:`missing`);
- no catalogue entry is unused (:func:`unused`);
- a Romanian text has the same placeholders as its English message
  (:func:`placeholder_faults`);
- a Romanian text equal to its English one is marked with the translator
  comment ``# same in Romanian`` (:func:`identical`), so that an
  untranslated message cannot pass for a translated one;
- the Romanian letters s and t with a comma below (ș ț Ș Ț) are never
  written with a cedilla (ş ţ Ş Ţ; :func:`cedilla_faults`).

Only the standard library is used here.

>>> entries = read_po('msgid "the round is over"\\nmsgstr "mâna s-a încheiat"\\n')
>>> entries[0].msgid, entries[0].translations
('the round is over', ('mâna s-a încheiat',))
>>> placeholders("seat {seat} bids {bid}"), placeholders("%(prog)s: error: %(message)s\\n")
(('bid', 'seat'), ('%(message)s', '%(prog)s'))
"""

from __future__ import annotations

import ast
import re
import string
import struct
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Final, NamedTuple

__all__ = [
    "IDENTICAL",
    "LOCALE_DIR",
    "Entry",
    "cedilla_faults",
    "compile_mo",
    "extract",
    "identical",
    "main",
    "missing",
    "placeholder_faults",
    "placeholders",
    "po_path",
    "read_po",
    "unused",
]

LOCALE_DIR: Final = Path(__file__).resolve().parent
"""Where the catalogues are: ``<lang>/LC_MESSAGES/<domain>.po`` and ``.mo``."""

IDENTICAL: Final = "same in Romanian"
"""The translator comment that marks a Romanian text equal to its English one on purpose."""

_CEDILLAS: Final = {"ş": "ș", "ţ": "ț", "Ş": "Ș", "Ţ": "Ț"}
_MAGIC: Final = 0x950412DE


class Entry(NamedTuple):
    """One message of a catalogue: its key and its translations.

    ``msgid`` is the English text, ``plural`` its English plural (or
    None), ``context`` the gettext context (or None); ``translations``
    holds one text, or one per plural form.  ``comments`` are the
    translator comments (``# ...``), ``line`` where the entry starts.

    >>> read_po('msgctxt "table"\\nmsgid "bid"\\nmsgstr "licitație"\\n')[0].key
    ('table', 'bid', None)
    """

    msgid: str
    translations: tuple[str, ...]
    plural: str | None = None
    context: str | None = None
    comments: tuple[str, ...] = ()
    line: int = 0

    @property
    def key(self) -> tuple[str | None, str, str | None]:
        """``(context, msgid, plural)``: what the source marks and :func:`extract` finds."""
        return (self.context, self.msgid, self.plural)

    @property
    def translated(self) -> bool:
        """True when every form has a (non-empty) translation."""
        return bool(self.translations) and all(self.translations)


def po_path(lang: str, domain: str = "whist_ro") -> Path:
    """The ``.po`` source of ``domain`` in ``lang`` (the ``.mo`` sits beside it).

    >>> po_path("ro").name
    'whist_ro.po'
    """
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


_ESCAPES: Final = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
_KEYWORD: Final = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")\s*$')


def _unquote(text: str, line: int) -> str:
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"line {line}: expected a quoted string, not {text!r}")
    out = []
    body = text[1:-1]
    i = 0
    while i < len(body):
        char = body[i]
        if char == "\\":
            if i + 1 >= len(body) or body[i + 1] not in _ESCAPES:
                raise ValueError(f"line {line}: unknown escape in {text!r}")
            out.append(_ESCAPES[body[i + 1]])
            i += 2
            continue
        if char == '"':
            raise ValueError(f"line {line}: unescaped quote in {text!r}")
        out.append(char)
        i += 1
    return "".join(out)


def read_po(text: str) -> list[Entry]:
    """The entries of a ``.po`` file's text, header (``msgid ""``) included, in file order.

    Obsolete entries (``#~``) are skipped; a malformed line raises
    :class:`ValueError` naming it.

    >>> text = 'msgid ""\\nmsgstr "Language: ro\\\\n"\\n\\nmsgid "a"\\nmsgstr "b"\\n'
    >>> [e.msgid for e in read_po(text)]
    ['', 'a']
    """
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    forms: dict[int, str] = {}
    comments: list[str] = []
    current: str | None = None
    start = 0

    def flush() -> None:
        nonlocal current, start
        if "msgid" in fields:
            translations = (
                tuple(forms[k] for k in sorted(forms)) if forms else (fields.get("msgstr", ""),)
            )
            entries.append(
                Entry(
                    msgid=fields["msgid"],
                    translations=translations,
                    plural=fields.get("msgid_plural"),
                    context=fields.get("msgctxt"),
                    comments=tuple(comments),
                    line=start,
                )
            )
        elif fields or forms:
            raise ValueError(f"line {start}: an entry without a msgid")
        fields.clear()
        forms.clear()
        comments.clear()
        current = None

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if fields or forms:
                flush()
            if line.startswith("#~"):
                continue
            if not line.startswith(("#.", "#:", "#,", "#|")):
                comments.append(line[1:].strip())
            continue
        if line.startswith('"'):
            if current is None:
                raise ValueError(f"line {number}: a string continues no keyword")
            value = _unquote(line, number)
            if current.startswith("msgstr["):
                forms[int(current[7:-1])] += value
            else:
                fields[current] += value
            continue
        match = _KEYWORD.match(line)
        if match is None:
            raise ValueError(f"line {number}: not a .po line: {raw!r}")
        keyword, index, quoted = match.groups()
        if (keyword == "msgctxt" and (fields or forms)) or (
            keyword == "msgid" and (set(fields) - {"msgctxt"} or forms)
        ):
            flush()
        if not fields and not forms:
            start = number
        value = _unquote(quoted, number)
        if index is not None:
            forms[int(index)] = value
            current = f"msgstr[{index}]"
        else:
            if keyword in fields:
                raise ValueError(f"line {number}: {keyword} given twice in one entry")
            fields[keyword] = value
            current = keyword
    flush()
    return entries


def compile_mo(entries: Iterable[Entry]) -> bytes:
    """The GNU ``.mo`` file of ``entries``: translated ones only, keys sorted, little-endian.

    The same entries always give the same bytes, so a committed ``.mo``
    can be compared with its ``.po``.

    >>> import gettext, io
    >>> header = 'msgid ""\\nmsgstr "Content-Type: text/plain; charset=UTF-8\\\\n"\\n'
    >>> mo = compile_mo(read_po(header + 'msgid "trick"\\nmsgstr "levată"\\n'))
    >>> gettext.GNUTranslations(io.BytesIO(mo)).gettext("trick")
    'levată'
    """
    messages: dict[bytes, bytes] = {}
    for entry in entries:
        if not entry.translated and entry.msgid:
            continue
        key = entry.msgid if entry.plural is None else f"{entry.msgid}\0{entry.plural}"
        if entry.context is not None:
            key = f"{entry.context}\x04{key}"
        messages[key.encode("utf-8")] = "\0".join(entry.translations).encode("utf-8")
    keys = sorted(messages)
    ids = b""
    strs = b""
    spans = []
    for raw in keys:
        spans.append((len(ids), len(raw), len(strs), len(messages[raw])))
        ids += raw + b"\0"
        strs += messages[raw] + b"\0"
    head = 7 * 4
    key_start = head + 16 * len(keys)
    value_start = key_start + len(ids)
    key_table = b"".join(struct.pack("<2I", length, key_start + at) for at, length, _, _ in spans)
    value_table = b"".join(
        struct.pack("<2I", length, value_start + at) for _, _, at, length in spans
    )
    header = struct.pack("<7I", _MAGIC, 0, len(keys), head, head + 8 * len(keys), 0, 0)
    return header + key_table + value_table + ids + strs


Key = tuple[str | None, str, str | None]


def extract(paths: Iterable[Path], *, names: Sequence[str] = ("N_", "NP_")) -> dict[Key, str]:
    """The messages marked in the Python files ``paths``: each key and where it was first seen.

    A mark is a call of one of ``names`` (``N_`` with one string, ``NP_`` with
    a singular and a plural) whose arguments are string literals; argparse
    marks with ``_`` and ``ngettext`` (``names=("_", "ngettext")``).

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "m.py"
    >>> _ = path.write_text('A = N_("one")\\nB = NP_("{n} card", "{n} cards")\\n', encoding="utf-8")
    >>> sorted(extract([path]))
    [(None, 'one', None), (None, '{n} card', '{n} cards')]
    """
    found: dict[Key, str] = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id not in names:
                continue
            texts = [a.value for a in node.args if isinstance(a, ast.Constant)]
            strings = [t for t in texts if isinstance(t, str)]
            if not strings:
                continue
            plural = strings[1] if len(strings) > 1 else None
            found.setdefault((None, strings[0], plural), f"{path.name}:{node.lineno}")
    return found


_PERCENT: Final = re.compile(r"%(?:\([a-z_]+\))?[-#0 +]*\d*(?:\.\d+)?[sdrifx%]")


def placeholders(template: str) -> tuple[str, ...]:
    """The fields of a template, sorted: ``{name}`` fields (with their format), or ``%`` ones.

    >>> placeholders("{n:,} seeds, {seat!r}")
    ('n:,', 'seat!r')
    """
    if _PERCENT.search(template) and "{" not in template:
        return tuple(sorted(m for m in _PERCENT.findall(template) if m != "%%"))
    fields = []
    for _, name, spec, conversion in string.Formatter().parse(template):
        if name is None:
            continue
        fields.append(
            name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
        )
    return tuple(sorted(fields))


def placeholder_faults(entries: Iterable[Entry]) -> list[str]:
    """Each entry whose translation has other placeholders than its English text.

    >>> placeholder_faults(read_po('msgid "seat {seat}"\\nmsgstr "locul {loc}"\\n'))
    ["line 1: 'seat {seat}' has ('seat',), its translation 'locul {loc}' has ('loc',)"]
    """
    faults = []
    for entry in entries:
        if not entry.msgid:
            continue
        try:
            wanted = placeholders(entry.msgid)
            plural = placeholders(entry.plural) if entry.plural is not None else wanted
        except ValueError as error:
            faults.append(f"line {entry.line}: {entry.msgid!r} is not a template: {error}")
            continue
        for index, text in enumerate(entry.translations):
            if not text:
                continue
            try:
                got = placeholders(text)
            except ValueError as error:
                faults.append(f"line {entry.line}: {text!r} is not a template: {error}")
                continue
            # A singular form may leave the count out ("o levată"); the others may not.
            allowed = {wanted, plural}
            if entry.plural is not None and index == 0:
                allowed.add(tuple(f for f in wanted if f.split(":")[0].split("!")[0] != "n"))
            if got not in allowed:
                faults.append(
                    f"line {entry.line}: {entry.msgid!r} has {wanted}, "
                    f"its translation {text!r} has {got}"
                )
    return faults


def missing(used: Iterable[Key], entries: Iterable[Entry]) -> list[Key]:
    """The used messages that have no (complete) translation in ``entries``.

    >>> missing([(None, "a", None), (None, "b", None)], read_po('msgid "a"\\nmsgstr "x"\\n'))
    [(None, 'b', None)]
    """
    done = {e.key for e in entries if e.translated}
    return sorted((k for k in set(used) if k not in done), key=str)


def unused(used: Iterable[Key], entries: Iterable[Entry]) -> list[Entry]:
    """The entries (header aside) that no used message asks for.

    >>> [e.msgid for e in unused([(None, "a", None)], read_po('msgid "b"\\nmsgstr "x"\\n'))]
    ['b']
    """
    wanted = set(used)
    return [e for e in entries if e.msgid and e.key not in wanted]


def identical(entries: Iterable[Entry]) -> tuple[list[Entry], list[Entry]]:
    """``(marked, faults)``: entries marked ``# same in Romanian``, and the marks that are wrong.

    A fault is a translation equal to the English text without the mark,
    or a mark on a translation that differs.

    >>> marked, faults = identical(read_po('# same in Romanian\\nmsgid "OK"\\nmsgstr "OK"\\n'
    ...                                    'msgid "trick"\\nmsgstr "trick"\\n'))
    >>> [e.msgid for e in marked], [e.msgid for e in faults]
    (['OK'], ['trick'])
    """
    marked, faults = [], []
    for entry in entries:
        if not entry.msgid:
            continue
        english = (entry.msgid,) if entry.plural is None else (entry.msgid, entry.plural)
        same = all(text in english for text in entry.translations)
        flagged = IDENTICAL in entry.comments
        if flagged:
            marked.append(entry)
        if same != flagged:
            faults.append(entry)
    return marked, faults


def cedilla_faults(text: str) -> list[str]:
    """Each place ``text`` writes ş ţ Ş Ţ (cedilla) where Romanian has ș ț Ș Ț (comma below).

    >>> cedilla_faults("ştiu că ești")
    ["line 1, column 1: 'ş' (U+015F) should be 'ș' (U+0219)"]
    """
    faults = []
    for number, line in enumerate(text.splitlines(), start=1):
        for column, char in enumerate(line, start=1):
            if char in _CEDILLAS:
                right = _CEDILLAS[char]
                faults.append(
                    f"line {number}, column {column}: {char!r} (U+{ord(char):04X}) should be "
                    f"{right!r} (U+{ord(right):04X})"
                )
    return faults


def main(argv: Sequence[str] | None = None) -> int:
    """Compile every ``.po`` of the package to its ``.mo`` (``--check``: only compare); 0 if done.

    >>> main(["--check"])
    0
    """
    check = "--check" in (sys.argv[1:] if argv is None else argv)
    stale = []
    for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        data = compile_mo(read_po(po.read_text(encoding="utf-8")))
        if mo.exists() and mo.read_bytes() == data:
            continue
        if check:
            stale.append(str(mo))
        else:
            mo.write_bytes(data)
            print(f"compiled {mo}")
    for path in stale:
        print(f"{path} does not match its .po source", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
