"""Determinization: a copy of a game in which what one seat cannot see is dealt anew.

A bot that looks ahead must not use hidden information (DESIGN property 11): it searches copies
in which the opponent's hand and deck, its own deck order, the Breaking News order and the
future dice are re-dealt from what its view allows. The cards are sorted before they are
shuffled, so the result depends on the bot's RNG and on what the seat can know, not on where
the hidden cards really are.

Known limit: the opponent's hand and deck are re-dealt among themselves, so the set of those
cards is kept. In a beginner or choose-states game that set is public (the starred decks, minus
the cards seen played or discarded); after a draft (R3.1) it is not, and a full re-deal would
draw the opponent's cards from their pool.
"""

from __future__ import annotations

import random

from ..model import Side
from .engine import Game
from .position import Position


def redeal(game: Game, seat: Side, rng: random.Random) -> None:
    """Re-deal, in place, everything ``seat`` cannot see in ``game`` (a fork, never a real game).
    The re-deal is one of the game's position changes, so that its own forks keep it (a fork made
    mid-turn replays the turn's answers, then re-deals again the same way)."""
    change = _Redeal(seat, rng)
    game.change_position(change)
    rng.setstate(change.after)  # ``rng`` moves on as if it had dealt itself


class _Redeal:
    """A re-deal as a position change: the same deal each time it is applied (from ``rng`` as it
    was when the re-deal was asked for)."""

    def __init__(self, seat: Side, rng: random.Random) -> None:
        self.seat, self.state = seat, rng.getstate()
        self.after = self.state

    def __call__(self, pos: Position) -> None:
        rng = random.Random(0)
        rng.setstate(self.state)
        _redeal(pos, self.seat, rng)
        self.after = rng.getstate()


def _redeal(pos: Position, seat: Side, rng: random.Random) -> None:
    opp = pos.players[seat.other]
    pool = sorted(opp.hand + opp.deck)  # the opponent's face-down cards: which is where is hidden
    rng.shuffle(pool)
    opp.hand[:], opp.deck[:] = pool[: len(opp.hand)], pool[len(opp.hand):]
    own = pos.players[seat]
    own.deck[:] = _shuffled(own.deck, rng)  # the seat knows its deck's cards, not their order
    pos.news_deck[:] = _shuffled(pos.news_deck, rng)
    pos.rng.seed(rng.getrandbits(64))  # future shuffles and dice


def determinized(game: Game, seat: Side, rng: random.Random) -> Game:
    """A fork of ``game`` at its pending decision, re-dealt for ``seat`` (``game`` is unchanged).
    Where seats pick in secret at once, the other seats' picks not revealed yet are left out of
    the fork: their decisions are pending again there (``Game.fork(for_seat=…)``)."""
    copy = game.fork(for_seat=seat)
    copy.forget_forced_chance()  # a forced die is not the seat's to know: future dice are re-dealt
    redeal(copy, seat, rng)
    return copy


def _shuffled(cards: list[str], rng: random.Random) -> list[str]:
    out = sorted(cards)
    rng.shuffle(out)
    return out
