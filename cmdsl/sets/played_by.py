"""Who played each seat of a saved game (issue 55: `load` changed a greedy opponent for a random one
without a word): a file's ``played_by``, written by every game's REPL and read back checked. Light
on purpose: the REPL's keyboards import it before their first prompt."""

from __future__ import annotations

from typing import Any, Final, Mapping, Sequence

from ..errors import RecordError

#: Who played each seat of a saved game, in seat order: (a seat's name, ``human`` or a bot's spec:
#: ``greedy``, ``ismcts:iterations=100``), so that `load` goes on at the same table (issue 55).
PlayedBy = tuple[tuple[str, str], ...]
HUMAN: Final = "human"
_PLAYER_LENGTH: Final = 200


def played_by_json(played_by: PlayedBy) -> dict[str, str]:
    return dict(played_by)


def played_by_field(data: Mapping[str, Any], where: str, seats: Sequence[str],
                    bot_names: Sequence[str]) -> PlayedBy | None:
    """A file's ``played_by`` (None when it has none: a file of before), checked: every seat of the
    game once, each ``human`` or a spec naming a bot of ``bot_names`` (its settings are read when
    the bot is made)."""
    raw = data.get("played_by")
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or sorted(map(str, raw)) != sorted(seats):
        raise RecordError(f"{where}: played_by: who plays each of {', '.join(seats)}, got {_shown(raw)}")
    for seat in seats:
        player = raw[seat]
        if not (isinstance(player, str) and len(player) <= _PLAYER_LENGTH
                and (player == HUMAN or player.partition(":")[0] in bot_names)):
            raise RecordError(f"{where}: played_by: {seat}: {HUMAN} or a bot ({', '.join(bot_names)}), "
                              f"got {_shown(player)}")
    return tuple((seat, str(raw[seat])) for seat in seats)


def _shown(x: Any) -> str:
    from .seat_files import shown  # only on the way to an error

    return shown(x)
