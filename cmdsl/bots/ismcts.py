"""A search bot that plays fair: single-observer information-set Monte Carlo tree search.

Ideas from Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (2012), SO-ISMCTS:
one tree for the deciding seat, whose nodes stand for what that seat has seen happen since its
decision (the answers along the path, its own and its opponent's). Each iteration

1. **determinizes**: a fresh copy of the game from the seat's perspective (``Perspective.sample``),
   in which what the seat cannot see (the other hand, deck orders, Breaking News, dice) is dealt
   anew from the bot's own RNG. The bot never looks at anything else, so its choice depends only on
   its seat's view and its seed (tests/test_ismcts.py re-deals the truth and checks it);
2. **selects** down the tree with UCB1, among the options legal *in this copy* only (at a decision
   of amounts, only the amounts the game names and the options that are no amount:
   ``Decision.candidates``), counting how often each option was available (an option legal in
   few copies is not punished for it);
3. **expands** one option not tried yet at the first node that has one;
4. **rolls out** with the rollout policy until the game ends or ``horizon`` turns have passed since
   the decision's turn (since the first turn, for a draft pick or a starting state), then scores
   the position with the game's own evaluation (``game.evaluate``) squashed to [0, 1] (a won
   game is 1, a lost one 0, a shared win or a draw shared);
5. **backs up** the score along the path, each node seen from the seat that chose its answer.

Where seats pick in secret at once (a draft round), the searcher's own pick is answered first on
every path: the others' picks are pending in its copy, unseen, and it cannot condition on them.

It answers with the root's most visited option. With ``iterations`` (the default) and a seed the
bot is reproducible; ``seconds`` searches for a time instead, which depends on the machine.
"""

from __future__ import annotations

import math
import random
import time
from enum import StrEnum
from typing import Any

from ..game.decisions import Decision, PlayerSeat
from ..game.driver import Driver
from ..game.perspective import Perspective
from .basic import action_value
from ..values import value
#: A rollout stops after this many answers whatever its horizon (a long draft, a loop of draws).
MAX_ROLLOUT_ANSWERS = 400


class RolloutPolicy(StrEnum):
    """How a rollout answers: uniformly at random (fast), the greedy bot's one ply (slower, wiser),
    or the game's own play-out policy where it has one (``rollout_move``; else the greedy one ply)."""

    RANDOM = "random"
    GREEDY = "greedy"
    GAME = "game"


@value
class IsmctsSettings:
    """The search's settings; each is documented in docs/bots.md (``--bot ismcts:name=value,...``)."""

    iterations: int = 250
    seconds: float | None = None  # a time budget instead of ``iterations``: not reproducible
    exploration: float = 0.4  # UCB1's constant: higher tries the less visited options more (0.4: measured)
    # The game's own policy where it has one (Die Macher: D7), else greedy: measured stronger than
    # random at the same time (docs/bots.md).
    rollout: RolloutPolicy = RolloutPolicy.GAME
    horizon: int = 2  # rollouts stop this many turns after the decision's turn (or the first turn)

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"seconds must be more than 0, not {self.seconds}")
        if self.exploration < 0:
            raise ValueError(f"exploration must be 0 or more, not {self.exploration}")
        if self.horizon < 1:
            raise ValueError(f"horizon must be at least 1, not {self.horizon}")


class _Node:
    """What the observer knows after a sequence of answers: how often each answer was taken from
    here, its total score (for the seat that took it), and how often it was available."""

    __slots__ = ("children", "visits", "total", "available")

    def __init__(self) -> None:
        self.children: dict[tuple[PlayerSeat, str], _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


class IsmctsBot:
    """SO-ISMCTS over re-dealt copies of the game (see the module's docstring)."""

    name = "ismcts"

    def __init__(self, seed: int = 0, settings: IsmctsSettings = IsmctsSettings()) -> None:
        self.rng = random.Random(seed)
        self.settings = settings

    def choose(self, seat: Perspective) -> str:
        options = seat.decision.candidates()  # all of them, but for the amounts a hint does not name
        if len(options) == 1:
            return options[0].id
        root = _Node()
        s = self.settings
        deadline = None if s.seconds is None else time.perf_counter() + s.seconds
        n = 0
        while (n < s.iterations) if deadline is None else (n == 0 or time.perf_counter() < deadline):
            self._iterate(root, seat)
            n += 1
        me = seat.seat
        visits = {o.id: root.children[(me, o.id)].visits if (me, o.id) in root.children else 0 for o in options}
        return max(options, key=lambda o: visits[o.id]).id  # ties: the first option

    def _iterate(self, root: _Node, seat: Perspective) -> None:
        rng, me = self.rng, seat.seat
        game = seat.sample(rng)  # a fresh determinization each iteration: never the real hidden cards
        start_turn = max(game.turn, 1)  # a draft pick or a starting state: count from the first turn
        path: list[tuple[_Node, PlayerSeat]] = []
        node = root
        while game.pending is not None:
            d = game.pending
            if game.simultaneous:  # seats pick in secret at once: the searcher's own pick first
                d = next((x for x in game.pending_decisions if x.player is me), d)
            keys = [(d.player, o.id) for o in d.candidates()]
            untried = [k for k in keys if k not in node.children]
            for k in keys:
                child = node.children.get(k)
                if child is not None:
                    child.available += 1
            if untried:
                key = untried[rng.randrange(len(untried))]
                child = node.children[key] = _Node()
                child.available = 1
                game.answer(key[1], d.player)
                path.append((child, d.player))
                break
            key = max(keys, key=lambda k: self._ucb(node.children[k]))
            node = node.children[key]
            game.answer(key[1], d.player)
            path.append((node, d.player))
        game, score = self._rollout(game, me, start_turn)
        # Each node is scored for the seat that chose its answer; in a constant-sum two-seat game
        # the other's score is 1 − the searcher's.
        scores = {me: score}
        opposite = game.game.constant_sum and len(game.seats) == 2
        for child, mover in path:
            child.visits += 1
            s = scores.get(mover)
            if s is None:
                s = scores[mover] = 1.0 - score if opposite else squash(game, mover)
            child.total += s

    def _ucb(self, child: _Node) -> float:
        return child.total / child.visits + self.settings.exploration * math.sqrt(math.log(child.available) / child.visits)

    def _rollout(self, game: Driver[Any], me: PlayerSeat, start_turn: int) -> tuple[Driver[Any], float]:
        """Play on in the determinized copy (the bot's own), then score it for ``me`` in [0, 1];
        the game played on (a greedy step's trial may have taken its place) and its score."""
        s, rng = self.settings, self.rng
        stop = start_turn + s.horizon
        answered = 0
        while answered < MAX_ROLLOUT_ANSWERS:
            d = game.pending
            if d is None or game.turn >= stop:
                break
            if s.rollout is RolloutPolicy.RANDOM:
                options = d.candidates()
                game.answer(options[rng.randrange(len(options))].id, d.player)
                answered += 1
                continue
            if s.rollout is RolloutPolicy.GAME:
                move = game.rollout_move(d, rng)
                if move is not None:
                    game.answer(move, d.player)
                    answered += 1
                    continue
            answer, trial = _greedy_step(game, d, rng)
            if trial is not None and answered + trial.taken <= MAX_ROLLOUT_ANSWERS:
                # The best option's trial is where this rollout would be after answering it and
                # the first options that follow: go on there instead of playing them again.
                game, answered = trial.game, answered + trial.taken
            else:
                game.answer(answer, d.player)
                answered += 1
        return game, squash(game, me)


class _Trial:
    """An option tried on a fork (the greedy one ply, not where seats pick at once): the fork
    after the option and its seat's first options to the end of the action, its value, and how
    many answers that took. ``reusable``: every answer after the option was one a rollout answers
    with its first option too (none ``worth_a_look``), so the fork is exactly where a rollout
    would be had it answered them itself."""

    __slots__ = ("game", "value", "taken", "reusable")

    def __init__(self, trial: Driver[Any], d: Decision, answer: str) -> None:
        # ``bots.basic.action_value`` where seats do not pick at once, counting the answers.
        me, turn = d.player, trial.turn
        trial.answer(answer, me)
        taken, reusable = 1, True
        while trial.pending is not None and trial.pending.player is me and trial.turn == turn:
            nxt = trial.pending
            reusable = reusable and not trial.worth_a_look(nxt)
            trial.answer(nxt.options[0].id, me)
            taken += 1
        self.game, self.value, self.taken, self.reusable = trial, trial.evaluate(me), taken, reusable


def _greedy_step(game: Driver[Any], d: Decision, rng: random.Random) -> tuple[str, _Trial | None]:
    """``_greedy_answer``'s answer, and the trial of that answer where the rollout may go on in it
    (one was played on a fork and is ``reusable``); else None."""
    if game.simultaneous or not game.worth_a_look(d):
        return _greedy_answer(game, d, rng), None
    options = d.candidates()  # all of them, but for the amounts a hint does not name
    values = game.one_ply_values(d, None)
    if values is not None:  # the game's shortcut, as ``_greedy_answer`` takes it: no fork to go on in
        return options[max(range(len(values)), key=values.__getitem__)].id, None
    # As ``_greedy_answer`` does: all the forks at once, each option tried on its own.
    trials = [_Trial(fork, d, option.id) for fork, option in zip(game.forks(len(options)), options)]
    i = max(range(len(trials)), key=lambda k: trials[k].value)  # ties: the first
    return options[i].id, trials[i] if trials[i].reusable else None


def _greedy_answer(game: Driver[Any], d: Decision, rng: random.Random) -> str:
    """The greedy bot's one ply inside the searcher's own determinization, for ``d`` (``game.pending``,
    the first of the pending decisions): at the game's main decisions (``worth_a_look``: a turn's
    play-or-draw, say) each option is tried on a fork (there a fork copies the position as it is,
    deal included, cheaply); elsewhere the first option, as the greedy bot finishes its own
    actions (a fork there would replay the turn, keeping the deal, but cost far more per rollout
    step)."""
    if not game.worth_a_look(d):
        return d.options[0].id
    simultaneous = game.simultaneous
    deal = rng.getrandbits(64) if simultaneous else 0  # the other seats' secret picks in each fork
    # The game's shortcut gives the same values without a fork per option; else all the forks at
    # once: they may share what they start from (``Driver.forks``). None of them changes ``game``,
    # so each starts where it would have started made just before its trial.
    options = d.candidates()  # all of them, but for the amounts a hint does not name
    values = game.one_ply_values(d, random.Random(deal) if simultaneous else None)
    if values is None:
        # A generator for the others' picks only where there are any: seeding one costs as much as a fork.
        values = [action_value(trial, d, option.id, random.Random(deal) if simultaneous else None)
                  for trial, option in zip(game.forks(len(options)), options)]
    return options[max(range(len(values)), key=values.__getitem__)].id  # ties: the first


def squash(game: Driver[Any], me: PlayerSeat) -> float:
    """``me``'s score of a position in [0, 1]: once the game is over, 1 won, 0 lost, shared
    equally among the winners of a shared win, 1/N each in a draw; else a logistic of the game's
    ``evaluate`` (½ when even) over its ``evaluation_scale``."""
    if game.result is not None:
        winners = game.winners()
        if not winners:
            return 1.0 / len(game.seats)
        return 1.0 / len(winners) if me in winners else 0.0
    return 1.0 / (1.0 + math.exp(-game.evaluate(me) / game.game.evaluation_scale))
