"""Writing a whole file so that a failure leaves the previous file as it was.

The text goes to a temporary file beside the destination, is flushed to disk, and is renamed over
the destination: a full disk, a killed process or a bad destination leaves either the old file or
the new one, never a truncated one. Used by every file cmdsl writes for a person: game records and
saves, balance reports, the parser tables.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


class DestinationError(OSError):
    """The destination cannot take a file (a folder, a device, a FIFO, a missing folder...)."""


def check_destination(path: Path) -> None:
    """Refuse a destination that is not a regular file or a new name in a writable folder. A
    device (``/dev/null``) or a FIFO must never be replaced by a renamed file (as root, it would be)."""
    if path.is_dir():
        raise DestinationError("is a directory; give a file name")
    if path.is_symlink() and not path.exists():
        raise DestinationError("is a symbolic link to nothing")
    if path.exists() and not stat.S_ISREG(path.stat().st_mode):  # (through a link: its target)
        raise DestinationError("is not a regular file (a device, a FIFO or a socket)")
    parent = path.parent
    if not parent.is_dir():
        raise DestinationError(f"no such directory {str(parent)!r}")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise DestinationError(f"cannot write in {str(parent)!r} (permission denied)")


def write_atomically(path: Path, text: str | bytes, mode: int | None = None) -> None:
    """Write ``text`` (UTF-8; bytes as they are) to ``path`` whole or not at all; raises OSError
    (DestinationError for a bad destination). ``mode``: the new file's permissions (default: the
    old file's, or what a new file gets under the umask)."""
    check_destination(path)
    if path.is_symlink():  # write the file it points to; the link stays a link
        path = path.resolve()
    perms = _file_mode(path) if mode is None else mode
    tmp: Path | None = None
    try:
        data = text.encode("utf-8") if isinstance(text, str) else text
        with tempfile.NamedTemporaryFile("wb", dir=path.parent, prefix=f".{path.name}.", suffix=".tmp",
                                         delete=False) as fh:
            tmp = Path(fh.name)
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, perms)  # the temporary file is private (0600); the file it becomes is not
        os.replace(tmp, path)
        tmp = None
    finally:
        if tmp is not None:
            tmp.unlink(missing_ok=True)


def _file_mode(path: Path) -> int:
    """The existing file's permissions, or those a new file gets under the umask."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask
