"""What a bot is given when its seat must decide: never the game (DESIGN property 11).

A ``Perspective`` holds the seat, its pending decision, and doors onto the game, all fair:
``view()``, all the seat may know (the game's ``view``); ``sample(rng)``, a copy of the game
in which everything the seat cannot see is dealt anew (the game's ``determinized``), to search;
and ``one_ply_values()``, the greedy one ply's values where the game computes them from what
every seat may know (``Game.one_ply_is_public``).
A bot that uses only these cannot use hidden information; tests/test_determinize.py checks that
bots' choices do not move when the hidden cards are dealt differently.

The decision's options keep their values: they are public things (a card in the deciding seat's
own hand, something on the table), as their ids and labels are.
"""

from __future__ import annotations

import random
from typing import Any

from .decisions import CHANCE, Decision, PlayerSeat
from .driver import Driver


class Perspective:
    __slots__ = ("seat", "decision", "_game")

    def __init__(self, game: Driver[Any], decision: Decision) -> None:
        """``decision``: one of ``game.pending_decisions``, a seat's (use ``perspective(game)``)."""
        if decision.player is CHANCE:
            raise ValueError("a perspective is a player's, not chance's")
        self.seat: PlayerSeat = decision.player
        self.decision = decision
        self._game = game

    def view(self) -> Any:
        """All the seat may know now, its redacted log included."""
        return self._game.view(self.seat)

    def sample(self, rng: random.Random) -> Driver[Any]:
        """A copy of the game at this decision in which what the seat cannot see (the other
        seats' hands, deck orders, future chance) is re-dealt from ``rng``; the real game is not
        changed. Forks of the copy keep its deal."""
        return self._game.determinized(self.seat, rng)

    def one_ply_values(self) -> list[float] | None:
        """The greedy one ply's value of each option a bot tries (``decision.candidates()``, in
        order) straight from the game, where the game computes them from what every seat may know
        (``Game.one_ply_is_public``): the numbers a re-dealt copy's forks would give, without the
        copies. Else None."""
        if not self._game.one_ply_is_public(self.decision):
            return None
        return self._game.one_ply_values(self.decision, None)


def perspective(game: Driver[Any], seat: PlayerSeat | None = None) -> Perspective:
    """The perspective of ``seat`` at its pending decision in ``game`` (default: the seat of
    ``game.pending``). Where seats pick in secret at once, each has its own: neither shows the
    other's pick before the reveal."""
    d = game.pending if seat is None else next((x for x in game.pending_decisions if x.player is seat), None)
    if d is None:
        raise ValueError("no decision is pending" if seat is None else f"{seat} has no decision pending")
    return Perspective(game, d)
