"""What every game's files for a person share (docs/secrets.md, "Files"): the log as one view saw
it, the digest of the full log that a replay checks, the order in which a hidden answer's number
counts its options, and the reading of those fields. Names no game: each game's ``record.py``
says which seats it has."""

from __future__ import annotations

import hashlib
import re
from typing import Any, Callable, Final, Iterable, Mapping, Sequence

from ..errors import RecordError
from ..game.audience import Event
from ..game.decisions import CHANCE, Option, PlayerSeat

FULL: Final = "full"  # a file holding the full log (a bug report's)
PUBLIC: Final = "public"  # a hot-seat file: what every seat may see
_HEX64: Final = re.compile(r"[0-9a-f]{64}")


def log_digest(texts: Iterable[str]) -> str:
    """The digest of an event log (one text per event), as a seat's file keeps it."""
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()


def hidden_order(options: Sequence[Option], seed: int, index: int) -> list[Option]:
    """A hidden answer's options in the order its number counts them: by a digest of the record's
    seed, the answer's place and the option, not the hand's order or a card's rank (which would
    give the card away: "option 7 of 8" in a sorted hand is a high one)."""
    return sorted(options, key=lambda o: hashlib.sha256(f"{seed}:{index}:{o.id}".encode()).digest())


def view_texts(events: Iterable[Event], view: str | None, seat_named: Callable[[str], PlayerSeat | None]) -> list[str]:
    """The log as ``view`` sees it: a seat's (``seat_named`` reads its name), the public one (each
    event redacted for a seat in no audience), or the full log (None, ``full``)."""
    if view is None or view == FULL:
        return [e.text() for e in events]
    seat = seat_named(view)
    viewer = seat if seat is not None else CHANCE  # the public view: chance is in no event's audience
    return [e.redacted(viewer).text() for e in events]


def shown(x: Any) -> str:
    """A value of a file, short, for an error message."""
    text = repr(x)
    return text if len(text) <= 40 else text[:37] + "..."


def seat_file_fields(data: Mapping[str, Any], where: str, seats: Sequence[str]) -> tuple[str, str | None, bool]:
    """A file for a person's ``view`` (one of ``seats``, ``public``, ``full``), ``log_sha256`` and
    ``debugged``, each checked: a bad one is one located ``RecordError``."""
    view = data.get("view")
    views = [*seats, PUBLIC, FULL]
    if view not in views:
        raise RecordError(f"{where}: view: expected one of {', '.join(views)}, got {shown(view)}")
    digest = data.get("log_sha256")
    if digest is not None and not (isinstance(digest, str) and _HEX64.fullmatch(digest)):
        raise RecordError(f"{where}: log_sha256: expected 64 hexadecimal digits, got {shown(digest)}")
    debugged = data.get("debugged", False)
    if type(debugged) is not bool:
        raise RecordError(f"{where}: debugged: expected true or false, got {shown(debugged)}")
    return str(view), digest, debugged


def log_problem(texts: Sequence[str], log: Sequence[str], answers: int) -> str | None:
    """How a replay's log (``texts``, as the file's view sees it) differs from the file's ``log``,
    in a few words, or None: the first event that differs, a record cut short or run long."""
    at = next((i for i, (a, b) in enumerate(zip(texts, log)) if a != b), None)
    if at is not None:
        return f"the log differs at event {at + 1}: the record has \"{log[at]}\", the replay \"{texts[at]}\""
    if len(texts) < len(log):
        return (f"the record is incomplete: its {answers} answers replay {len(texts)} of the {len(log)} events its "
                "log holds (answers are missing)")
    if len(texts) > len(log):
        return f"the record's log ends at event {len(log)}, and its answers replay {len(texts)} events"
    return None


def digest_problem(full: Iterable[str], digest: str | None) -> str | None:
    """Whether the full log of a replay (``full``) is the one a file for a person kept the digest of."""
    if digest is not None and log_digest(full) != digest:
        return "the digest of the full log differs: this file's answers do not replay the game it was saved from"
    return None
