"""The simple bots, naming no game: a random one and a one-ply greedy one that maximizes the
game's own evaluation (``game.evaluate``: each game has its own, documented in docs/bots.md)."""

from __future__ import annotations

import random
from typing import Any

from ..game.decisions import Decision
from ..game.driver import Driver
from ..game.perspective import Perspective


class RandomBot:
    """Picks uniformly among the legal options, from its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, seat: Perspective) -> str:
        return self.rng.choice(seat.decision.options).id


class GreedyBot:
    """One ply: tries each option on a copy of the game in which what it cannot see is dealt anew
    (``Perspective.sample``: the other hands, deck orders, future chance), carries on until the
    action is over (``action_value``), and keeps the option whose position the game's
    ``evaluate`` scores best. Ties go to the first such option. At a decision of amounts it tries
    only ``Decision.candidates``: the amounts the game names and the options that are no amount.
    Where the game computes the one ply from what every seat may know (``Perspective.one_ply_values``),
    it takes those values: the same numbers, without a copy.
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, seat: Perspective) -> str:
        decision = seat.decision
        options = decision.candidates()  # all of them, but for the amounts a hint does not name
        if len(options) == 1:
            return options[0].id
        deal = self.rng.getrandbits(64)  # drawn either way: the same moves with the shortcut as without
        values = seat.one_ply_values()  # the game's shortcut, where it reads only what all may know
        if values is not None:
            return options[max(range(len(values)), key=values.__getitem__)].id  # ties: the first
        # One re-deal of the hidden cards (never the real ones), forked once for each option: the
        # same deal for every option, and one re-deal's cost, not one an option.
        sample = seat.sample(random.Random(deal))
        trials = [*sample.trials(len(options) - 1), sample]  # the re-deal itself is the last trial
        best_id, best_value = options[0].id, float("-inf")
        for option, trial in zip(options, trials):
            value = action_value(trial, decision, option.id, random.Random(deal + 1))
            if value > best_value:
                best_id, best_value = option.id, value
        return best_id


def action_value(trial: Driver[Any], decision: Decision, answer: str, others: random.Random | None) -> float:
    """The greedy bot's value of answering ``decision`` (pending in ``trial``, a copy it may
    change) with ``answer``: answer; where seats pick in secret at once and the decision is one
    of the game's main ones (``worth_a_look``), make the rest of the phase's picks, its own with
    their first options and the other seats' at random from ``others``, so that the picks are
    revealed and their outcome seen (``others`` may be None where seats do not pick at once);
    carry on with its first options until the action is over (the turn ends or another seat
    must decide); and evaluate the position for its seat."""
    me = decision.player
    turn = trial.turn
    reveal = trial.simultaneous and trial.worth_a_look(decision)
    trial.answer(answer, me)
    phase = trial.secret_phase
    while reveal and phase is not None and trial.secret_phase == phase:
        d = next((x for x in trial.pending_decisions if x.player is me), trial.pending)
        assert d is not None
        assert others is not None, "the other seats' secret picks need a generator"
        pick = d.options[0] if d.player is me else d.options[others.randrange(len(d.options))]
        trial.answer(pick.id, d.player)
    while trial.pending is not None and trial.pending.player is me and trial.turn == turn:
        trial.answer(trial.pending.options[0].id, me)
    return trial.evaluate(me)
