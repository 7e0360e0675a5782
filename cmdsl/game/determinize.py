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
    mid-turn replays the turn's answers, then re-deals again the same way). ``rng`` moves on as if
    it had dealt itself: it does."""
    game.change_position(_Redeal(seat, rng))


class _Redeal:
    """A re-deal as a position change: the same deal each time it is applied. The first time
    (at once, in ``redeal``) it deals with the caller's generator and keeps what it dealt; when a
    fork of the game is rebuilt, the position at that point holds the same cards, so the same deal
    is put back (cheaper than keeping the generator's state to deal again)."""

    __slots__ = ("seat", "_rng", "_dealt")

    def __init__(self, seat: Side, rng: random.Random) -> None:
        self.seat = seat
        self._rng: random.Random | None = rng
        self._dealt: _Deal | None = None

    def __call__(self, pos: Position) -> None:
        if self._dealt is None:
            assert self._rng is not None
            self._dealt = _deal(pos, self.seat, self._rng)
            self._rng = None  # the bot's generator is used once, never kept
        _put(pos, self.seat, self._dealt)


# What a re-deal decides: the opponent's hand and deck, the seat's deck order, the Breaking News
# order, and the seed of the game's future shuffles and dice.
_Deal = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...], int]


def _deal(pos: Position, seat: Side, rng: random.Random) -> _Deal:
    opp = pos.players[seat.other]
    pool = sorted(opp.hand + opp.deck)  # the opponent's face-down cards: which is where is hidden
    rng.shuffle(pool)
    n = len(opp.hand)
    own = _shuffled(pos.players[seat].deck, rng)  # the seat knows its deck's cards, not their order
    news = _shuffled(pos.news_deck, rng)
    return tuple(pool[:n]), tuple(pool[n:]), tuple(own), tuple(news), rng.getrandbits(64)


def _put(pos: Position, seat: Side, deal: _Deal) -> None:
    opp, own = pos.players[seat.other], pos.players[seat]
    opp.hand[:], opp.deck[:], own.deck[:], pos.news_deck[:], seed = deal
    pos.rng.seed(seed)  # future shuffles and dice


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
