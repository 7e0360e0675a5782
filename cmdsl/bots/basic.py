"""The simple bots: a random one, a one-ply greedy one, and the position evaluation they share."""

from __future__ import annotations

import random

from ..game.engine import Game
from ..game.perspective import Perspective
from ..model import Side

WIN_VALUE = 1000.0


class RandomBot:
    """Picks uniformly among the legal options, from its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, seat: Perspective) -> str:
        return self.rng.choice(seat.decision.options).id


def evaluate(game: Game, me: Side) -> float:
    """The greedy bot's view of a position, from ``me``'s side (documented in docs/bots.md).

    Electoral votes already won count in full; a state in play counts its EV times the share of
    its majority row in each colour (0.6 weight; the minority row 0.1, as a shift can flip it);
    each card in hand is worth 1 vote. A won game is worth everything.
    """
    if game.result is not None:
        w = game.result.winner
        return 0.0 if w is None else (WIN_VALUE if w is me else -WIN_VALUE)
    opp = me.other
    mine, theirs = game.players[me], game.players[opp]
    value = float(mine.score - theirs.score)
    for live in game.in_play:
        ev = live.tile.ev
        for issue, weight in ((live.majority, 0.6), (live.minority, 0.1)):
            n = len(live.tokens[issue])
            value += weight * ev * (live.count(me, issue) - live.count(opp, issue)) / n
    value += 1.0 * (min(len(mine.hand), 6) - min(len(theirs.hand), 6))
    return value


class GreedyBot:
    """One ply: tries each option on a copy of the game in which what it cannot see is dealt anew
    (``cmdsl.game.determinize``: the opponent's hand, deck orders, Breaking News, dice), carries on with its own first options
    until the action is over (its turn ends or the opponent must decide), and keeps the option
    whose position ``evaluate`` scores best. Ties go to the first such option.
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, seat: Perspective) -> str:
        decision = seat.decision
        if len(decision.options) == 1:
            return decision.options[0].id
        me = decision.player
        deal = self.rng.getrandbits(64)  # one re-deal of the hidden cards, the same for every option
        best_id, best_value = decision.options[0].id, float("-inf")
        for option in decision.options:
            trial = seat.sample(random.Random(deal))  # never the real hidden cards
            value = self._after(trial, option.id, me)
            if value > best_value:
                best_id, best_value = option.id, value
        return best_id

    @staticmethod
    def _after(trial: Game, answer: str, me: Side) -> float:
        return action_value(trial, answer, me)


def action_value(trial: Game, answer: str, me: Side) -> float:
    """The greedy bot's value of ``answer`` in ``trial`` (a copy it may change): answer, carry on
    with ``me``'s first options until the action is over (the turn ends or the opponent must
    decide), and evaluate the position for ``me``."""
    turn = trial.turn
    trial.answer(answer, me)
    while trial.pending is not None and trial.pending.player is me and trial.turn == turn:
        trial.answer(trial.pending.options[0].id, me)
    return evaluate(trial, me)

