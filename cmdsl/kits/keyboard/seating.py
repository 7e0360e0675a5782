"""Who plays each seat, said the same way by every game's keyboard: when a game starts, when a
saved one is loaded, and in the command that deals it again (issue 55: `load` said nothing of a
bot it changed)."""

from __future__ import annotations

from typing import Sequence

from ...sets.played_by import HUMAN, PlayedBy

#: (a seat as the game names it, ``human`` or a bot's spec), in seat order
Seated = Sequence[tuple[str, str]]


def _names(seats: Sequence[str]) -> str:
    return seats[0] if len(seats) == 1 else ", ".join(seats[:-1]) + " and " + seats[-1]


def who_plays(seated: Seated) -> str:
    """"you are McCain, the greedy bot plays Obama"; "hot-seat for Player 1 and Player 2, the
    random bot plays Player 3"; "hot-seat for McCain and Obama"."""
    humans = [seat for seat, player in seated if player == HUMAN]
    bots: dict[str, list[str]] = {}
    for seat, player in seated:
        if player != HUMAN:
            bots.setdefault(player, []).append(seat)
    said = [f"you are {humans[0]}" if len(humans) == 1 else f"hot-seat for {_names(humans)}"] if humans else []
    said += [f"the {bot} bot plays {_names(seats)}" for bot, seats in bots.items()]
    return ", ".join(said)


def versus(seated: Seated) -> str:
    """The `vs …` words of `new` that seat the same players: `vs greedy`, `vs human`, or none
    when every seat is a person's."""
    bots = [player for _, player in seated if player != HUMAN]
    return f"vs {bots[0]}" if bots else "vs human"


def taking(played_by: PlayedBy, seat: str) -> PlayedBy:
    """`load FILE as pK`: the person at the keyboard takes seat ``seat``, changing places with
    whoever played it (the file's first person's seat gets that bot)."""
    played = dict(played_by)
    person = next((name for name, player in played_by if player == HUMAN), None)
    if person is not None and played.get(seat, HUMAN) != HUMAN:
        played[person], played[seat] = played[seat], played[person]
    return tuple((name, played[name]) for name, _ in played_by)


def loaded(path: str, answers: int, who: str, told: bool, what: str = "", note: str = "") -> str:
    """`load`'s line in every game: the file, its answers replayed, who plays now, and, when the
    file did not say who played (``told`` false, no `vs` given), that the table is a guess."""
    guess = "" if told else "; the file does not say who played (`load FILE vs BOT` chooses)"
    return f"Loaded {path}: {what}{answers} answer{'' if answers == 1 else 's'} replayed{note}: {who}{guess}."
