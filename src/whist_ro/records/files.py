"""The records' files: read from a path or an open file, written atomically.

A loader takes a path (``str`` or :class:`os.PathLike`) or a file already
open for reading; anything else (``None``, a list, an ``int``, which
:func:`open` would take as a file descriptor and close) is refused with
:class:`~whist_ro.errors.RecordError`, as is a path holding a NUL
character.  A file given open is read but never closed: it is the
caller's.

Writing to a path is atomic: the text goes to a temporary file in the same
folder, is flushed to the disk, and only then replaces the target, so a
refusal or a crash never leaves a half-written file or destroys the old
one.  A target that is not a regular file (``/dev/stdout``, a named pipe)
cannot be replaced; it is written in place.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "notes.txt")
>>> write_text(path, "hello\\n")
>>> read_source(path, what="text", max_chars=100)
b'hello\\n'
>>> read_source(0, what="text", max_chars=100)
Traceback (most recent call last):
...
whist_ro.errors.RecordError: expected a path or an open file to read, not 0
"""

from __future__ import annotations

import contextlib
import io
import os
import secrets
import stat
from typing import IO, Any, Final, Literal

from whist_ro._check import excerpt
from whist_ro.errors import RecordError
from whist_ro.locale import N_

__all__ = ["Source", "Target", "read_source", "write_text"]

Source = str | os.PathLike[str] | IO[str] | IO[bytes]
"""What a loader reads: a path, or a file open for reading (text or binary)."""
Target = str | os.PathLike[str] | IO[str] | IO[bytes]
"""Where a writer writes: a path, or a file open for writing (text or binary)."""


# The refusals, as catalogue templates: one set for reading, one for writing.
_PATH_NOT_TEXT: Final = {
    "read": N_("a path to read must be text, not {path}"),
    "write": N_("a path to write must be text, not {path}"),
}
_PATH_NUL: Final = {
    "read": N_("cannot read {path}: a path cannot hold a NUL character"),
    "write": N_("cannot write {path}: a path cannot hold a NUL character"),
}
_PATH_EMPTY: Final = {
    "read": N_("cannot read '': the path is empty"),
    "write": N_("cannot write '': the path is empty"),
}
_CANNOT_READ: Final = N_("cannot read {path}: {reason}")
_NOT_READABLE: Final = N_("expected a path or an open file to read, not {value}")
_NOT_TEXT: Final = N_("reading {source} gave {data}, not text")
_NOT_UNICODE: Final = N_(
    "the text is not valid Unicode (a lone surrogate at character {at}); nothing was written"
)
_NOT_WRITABLE: Final = N_("expected a path or an open file to write to, not {value}")
_CANNOT_WRITE: Final = N_("cannot write {path}: {reason}")


def _path_of(value: object, *, verb: Literal["read", "write"]) -> str | None:
    """``value`` as a path string, None if it is not a path; a bad path is refused."""
    if not isinstance(value, (str, os.PathLike)):
        return None
    path: object
    try:
        path = os.fspath(value)
    except Exception:  # a __fspath__ that fails or returns neither str nor bytes
        path = value
    if not isinstance(path, str):
        raise RecordError(_PATH_NOT_TEXT[verb], evidence={"path": excerpt(path)})
    if "\0" in path:
        raise RecordError(_PATH_NUL[verb], evidence={"path": excerpt(path)})
    if not path:
        raise RecordError(_PATH_EMPTY[verb], evidence={})
    return path


def _has(value: object, method: str) -> bool:
    try:
        return callable(getattr(value, method, None))
    except Exception:  # a hostile __getattr__ is not a file
        return False


def read_source(source: object, *, what: str, max_chars: int) -> str | bytes:
    """The text of a path or an open file, at most about ``max_chars`` characters of it.

    Returns bytes for a path or a binary file and str for a text file;
    :func:`~whist_ro.records.schema.decode_text` decodes and checks it.
    An unreadable file is a :class:`~whist_ro.errors.RecordError`.

    >>> import io
    >>> read_source(io.StringIO("dealer: 1"), what="round text", max_chars=100)
    'dealer: 1'
    >>> read_source("/nonexistent/sheet.csv", what="CSV text", max_chars=100)
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: cannot read '/nonexistent/sheet.csv': No such file or directory
    """
    # Enough for max_chars characters of UTF-8 and a byte-order mark, and one more
    # so that an over-long text is seen to be too long.
    limit = 4 * max_chars + 4
    path = _path_of(source, verb="read")
    if path is not None:
        try:
            with open(path, "rb") as file:
                return file.read(limit)
        except OSError as error:
            evidence = {"path": excerpt(path), "reason": error.strerror}
            raise RecordError(_CANNOT_READ, evidence=evidence) from None
    if isinstance(source, (bytes, bytearray, int)) or not _has(source, "read"):
        raise RecordError(_NOT_READABLE, evidence={"value": excerpt(source)})
    try:
        data = source.read(limit)  # type: ignore[attr-defined]
    except (OSError, ValueError) as error:  # closed, not readable, or not decodable
        evidence = {"path": excerpt(source), "reason": excerpt(str(error))}
        raise RecordError(_CANNOT_READ, evidence=evidence) from None
    if not isinstance(data, (str, bytes)):
        raise RecordError(_NOT_TEXT, evidence={"source": excerpt(source), "data": excerpt(data)})
    return data


def _write_in_place(path: str, data: bytes) -> None:
    with open(path, "wb") as file:
        file.write(data)


def _write_atomically(path: str, data: bytes) -> None:
    if not os.path.basename(path):
        raise IsADirectoryError(21, "the path names a folder (it ends with a separator)")
    target = os.path.realpath(path)  # through a symbolic link, as open() writes
    try:
        mode: int | None = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        _write_in_place(target, data)  # a device or a pipe cannot be replaced
        return
    folder, name = os.path.split(target)
    temporary = os.path.join(folder, f".{name}.{secrets.token_hex(6)}.tmp")
    # 0o666 and the process's umask, as open() would give a new file.
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    descriptor = os.open(temporary, flags, 0o666)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if mode is not None:
            os.chmod(temporary, stat.S_IMODE(mode))  # the old file's permissions stay
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    with contextlib.suppress(OSError, AttributeError):  # the rename itself, to the disk
        folder_descriptor = os.open(folder or ".", os.O_RDONLY)
        try:
            os.fsync(folder_descriptor)
        finally:
            os.close(folder_descriptor)


def _write_to_file(target: Any, text: str) -> None:
    binary = isinstance(target, (io.RawIOBase, io.BufferedIOBase)) or (
        "b" in str(getattr(target, "mode", ""))
    )
    target.write(text.encode("utf-8") if binary else text)
    if _has(target, "flush"):
        target.flush()


def write_text(target: object, text: str) -> None:
    """Write ``text`` (UTF-8, ``\\n`` line ends) to a path, atomically, or to an open file.

    The text is encoded before anything is touched, so text that cannot
    be written (a lone surrogate) leaves the target as it was.  A failure
    is a :class:`~whist_ro.errors.RecordError` naming the target.

    >>> write_text(None, "x")
    Traceback (most recent call last):
    ...
    whist_ro.errors.RecordError: expected a path or an open file to write to, not None
    """
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise RecordError(_NOT_UNICODE, evidence={"at": error.start}) from None
    path = _path_of(target, verb="write")
    if path is None and (isinstance(target, (bytes, bytearray, int)) or not _has(target, "write")):
        raise RecordError(_NOT_WRITABLE, evidence={"value": excerpt(target)})
    try:
        if path is not None:
            _write_atomically(path, data)
        else:
            _write_to_file(target, text)
    except (OSError, ValueError, TypeError) as error:  # TypeError: a file of the wrong mode
        why = error.strerror if isinstance(error, OSError) and error.strerror else None
        shown = excerpt(target if path is None else path)
        # Chained: a caller may read the OSError (its strerror) from __cause__.
        evidence = {"path": shown, "reason": why or excerpt(str(error))}
        raise RecordError(_CANNOT_WRITE, evidence=evidence) from error
