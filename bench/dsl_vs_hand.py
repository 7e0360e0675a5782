"""A card's effect as the effect language compiles it, against the same effect written by hand on
the engine's own operations (issue 34 §3): the ratio DSL / hand, with the goal ≤ 1.10 beside it.

    python bench/dsl_vs_hand.py [--copies 2000] [--batch 100] [--rounds 5] [--source DIR]

Four cases: mccain-join-our-team, mccain-on-the-job-training, and mccain-town-hall-meetings with
each of its two options. For each, a random game (beginner setup, two seeded RandomBots) is played
to a turn's play-or-draw decision at turn 20 or later where the card does something (for
on-the-job-training: Obama holds a Defense block in some state). From that position:

- the DSL: the card's compiled effect, as the engine runs it when the card resolves
  (``card.run(Run(ops, side))``, rules_cards.py: ``ops``, the operations at the game's table);
- the hand: a generator written here in Python, calling the same operations of the same game
  (``Cm2008Ops.choose_state``, ``gain``, ``draw_cards``…), with the same causes and prompts.

Each runs on its own copies of the position (the driver's ``forks``, each with its operations), made before the clock starts, so a
copy costs neither side anything; the same small loop answers the decisions of both (the i-th
copy's decisions get the same options on both sides). Time is CPU time (``time.process_time``),
of batches of runs, DSL and hand back to back in pairs (alternating which goes first); the
ratio printed is the median of the pairs' ratios, the µs the median per run (the machine is
shared: a burst of load spoils a few pairs, not the median).
Before timing, both are run once on the same copies and must leave the same position, log the
same events and ask the same decisions (asserted): the comparison is of the same work.

What the compiled closures still do that the hand-written code does not (issue 34 §3), after
the work of that issue (statements that never ask anything called plainly, not driven as
generators; `gain 1`, `shift` handing back the game's own steps; a value or a condition made one
function from its Python source, its parts written in place, not a closure per part each calling
the next (``compile_expr.Source``); a `for each state` written as one function, its test inline
and its variable a local; a choice kept in a variable (`choose a state as S`) stored by its
block, with no generator of its own; no step of work counted for the step limit (``tick``) in an
effect whose static bound shows it ends by itself, as these four's does: ``lang/work.py``,
``ends_unwatched``):

- a ``Run`` per effect (the game, who acts, a dictionary of variables, one of loop choices: the
  engine makes it, ~0.3 µs), where the hand passes the game and the side;
- a call per statement, and a loop over a block's statements, where the hand writes them in
  line; the loop's test is a call of its own where the loop is not one function (a `for each`
  with a `choose a different state` in it);
- variables kept in that dictionary (a `for each` stores its state there for the body to read:
  ``r.vars.get(S)``), where the hand holds a local;
- a generator of its own for each statement that asks and then does more with what was chosen
  (`choose one` picks its option's body), and one per block holding one that asks, each a level
  that every decision passes through (``yield from``), where the hand is one generator;
- `for each state`: the game's ``still_in_play(S)`` for each state after the body first ran
  (the language cannot read a state; the game answers with an attribute getter, no frame), where
  the hand reads ``state.in_play``.

``--source DIR`` measures the engine of another checkout (``git worktree add --detach /tmp/base
<commit>``), as ``bench/speed.py`` does.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Generator

import speed

GOAL = 1.10
MIN_TURN = 20
clock: Callable[[], float] = time.process_time

Steps = Generator[Any, Any, None]
Hand = Callable[[Any, Any], Steps]  # (the game's operations, side) → the effect's steps


# ---- the effects by hand, on the engine's own operations -------------------------------------


def join_our_team(g: Any, me: Any) -> Steps:
    # choose a state as S / gain 1 support on the majority issue of S in S / draw 1
    s = yield from g.choose_state(me, list(g.in_play), "a state", "mccain-join-our-team:57")
    yield from g.gain(me, s, g.majority(s), "mccain-join-our-team:58")
    g.draw_cards(me, 1, "mccain-join-our-team:59")


def on_the_job_training(g: Any, me: Any) -> Steps:
    # for each state as S where the blocks of the opponent on defense in S >= 1:
    #     gain 1 support on defense in S
    opp = me.other
    for s in list(g.in_play):
        if s.in_play and g.blocks(s, opp, "defense") >= 1:
            yield from g.gain(me, s, "defense", "mccain-on-the-job-training:148")


_TOWN_HALL_OPTIONS = ("Draw two cards", "Choose a state in play; call it S. Gain one support on Defense in S")


def town_hall_meetings(g: Any, me: Any) -> Steps:
    # choose one: / option: draw 2 / option: choose a state as S, gain 1 support on defense in S
    i = yield from g.choose_option(me, _TOWN_HALL_OPTIONS, "mccain-town-hall-meetings:362")
    if i == 0:
        g.draw_cards(me, 2, "mccain-town-hall-meetings:364")
    else:
        s = yield from g.choose_state(me, list(g.in_play), "a state", "mccain-town-hall-meetings:366")
        yield from g.gain(me, s, "defense", "mccain-town-hall-meetings:367")


@dataclass(frozen=True)
class Case:
    name: str
    card: str
    hand: Hand
    option: int | None = None  # the `choose one` option taken (None: no such choice)
    fits: Callable[[Any], bool] = lambda ops: True  # whether the position makes the effect do its work


def _obama_defends(ops: Any) -> bool:
    opp = ops.seats[1]
    return sum(1 for s in ops.position.in_play if ops.blocks(s, opp, "defense") >= 1) >= 2


CASES = (
    Case("mccain-join-our-team", "mccain-join-our-team", join_our_team),
    Case("mccain-on-the-job-training", "mccain-on-the-job-training", on_the_job_training, fits=_obama_defends),
    Case("mccain-town-hall-meetings (draw 2)", "mccain-town-hall-meetings", town_hall_meetings, option=0),
    Case("mccain-town-hall-meetings (gain)", "mccain-town-hall-meetings", town_hall_meetings, option=1),
)


# ---- running an effect on copies ----------------------------------------------------------------


def position_at(engine: speed.Engine, cards: Any, case: Case) -> Any:
    """A game at McCain's play-or-draw decision, at turn MIN_TURN or later, where ``case`` fits."""
    mccain = engine.SIDES[0]
    for seed in range(200):
        g, bots = speed.new_game(engine, cards, seed)
        while g.pending is not None:
            d = g.pending
            if d.kind == "turn" and d.player is mccain and g.turn >= MIN_TURN and case.fits(engine.ops(g)):
                return g
            engine.move(g, bots)
    raise RuntimeError(f"no random game gave a position for {case.name}")


def answer(d: Any, copy: int, case: Case, asked: int) -> Any:
    """The option the ``asked``-th decision of the ``copy``-th run gets (the same on both sides)."""
    if d.kind == "option" and case.option is not None:
        return d.options[case.option]
    return d.options[(copy + asked) % len(d.options)]


def drive(steps: Steps, copy: int, case: Case, seen: list[Any] | None = None) -> None:
    """Run an effect's steps to their end, answering each decision (``seen``: keep them)."""
    asked = 0
    try:
        d = next(steps)
        while True:
            if seen is not None:
                seen.append((d.player, d.kind, d.prompt, tuple((o.id, o.label) for o in d.options), d.cause))
            d = steps.send(answer(d, copy, case, asked))
            asked += 1
    except StopIteration:
        pass


@dataclass(frozen=True)
class Effect:
    """An effect as its caller starts it: the DSL's ``card.run(Run(game, side))``, as the engine
    does (rules_cards.play_card); the hand's ``hand(game, side)``."""

    steps: Callable[..., Steps]
    context: Callable[[Any, Any], Any] | None = None  # the DSL's ``Run``; None: the hand's (game, side)

    def start(self, g: Any, me: Any) -> Steps:
        return self.steps(g, me) if self.context is None else self.steps(self.context(g, me))


def outcome(g: Any) -> tuple[Any, ...]:
    """What an effect may change: the board, the players' cards and supplies, the wins, the log."""
    p = g.position
    states = tuple((s.name, tuple((i, tuple(r)) for i, r in s.tokens.items()), s.box, s.key, s.in_play, s.locked)
                   for s in p.in_play)
    players = tuple((side, tuple(ps.hand), tuple(ps.deck), tuple(ps.discard), tuple(ps.played), ps.supply, ps.score)
                    for side, ps in p.players.items())
    return states, players, tuple(p.won), tuple(p.reserve), tuple(g.events)


def check(engine: speed.Engine, base: Any, case: Case, effects: dict[str, Effect], copies: int) -> None:
    """Both effects leave the same position, events and decisions on the same copies."""
    me = base.pending.player
    results: dict[str, list[Any]] = {}
    for name, effect in effects.items():
        out = []
        for i, g in enumerate(base.forks(copies)):
            start = len(g.events)
            seen: list[Any] = []
            drive(effect.start(engine.ops(g), me), i, case, seen)
            out.append((outcome(g)[:-1], tuple(g.events[start:]), seen))
        results[name] = out
    dsl_out, hand_out = results["dsl"], results["hand"]
    for i, (a, b) in enumerate(zip(dsl_out, hand_out)):
        if a != b:
            raise AssertionError(f"{case.name}, copy {i}: the DSL and the hand differ:\n  dsl:  {a}\n  hand: {b}")
    if not any(events for _, events, _ in dsl_out):
        raise AssertionError(f"{case.name}: the effect did nothing at this position")


def timed(games: list[Any], me: Any, case: Case, effect: Effect, first: int) -> float:
    """CPU seconds to run ``effect`` once on each of ``games`` (the operations of copies made
    before the clock starts; ``first``: the index of the first copy, which picks the answers)."""
    steps, context = effect.steps, effect.context
    t = clock()
    if context is None:
        for i, g in enumerate(games, first):
            drive(steps(g, me), i, case)
    else:  # the same loop, with the DSL's context made as the engine makes it
        for i, g in enumerate(games, first):
            drive(steps(context(g, me)), i, case)
    return clock() - t


def measure(engine: speed.Engine, base: Any, case: Case, effects: dict[str, Effect], copies: int, batch: int,
            rounds: int) -> tuple[dict[str, float], float]:
    """Each effect's median CPU seconds per run, and the median ratio DSL / hand of the pairs of
    batches run back to back (the order alternating): a burst of load on the shared machine
    spoils a pair or two, not the median."""
    me = base.pending.player
    per_run: dict[str, list[float]] = {name: [] for name in effects}
    ratios: list[float] = []
    for r in range(rounds):
        games = {name: [engine.ops(g) for g in base.forks(copies)] for name in effects}
        gc.collect()
        gc.disable()
        try:
            for b, start in enumerate(range(0, copies, batch)):
                order = ("dsl", "hand") if (r + b) % 2 == 0 else ("hand", "dsl")
                t = {name: timed(games[name][start:start + batch], me, case, effects[name], start) for name in order}
                n = len(games["dsl"][start:start + batch])
                for name in effects:
                    per_run[name].append(t[name] / n)
                ratios.append(t["dsl"] / t["hand"])
        finally:
            gc.enable()
    return {name: statistics.median(v) for name, v in per_run.items()}, statistics.median(ratios)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--copies", type=int, default=2000, help="runs of each effect per round, each on its own copy")
    ap.add_argument("--batch", type=int, default=100, help="runs per timed batch (DSL and hand alternate by batch)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds, each on new copies")
    ap.add_argument("--source", metavar="DIR", default=None,
                    help="measure the engine of another checkout (e.g. a `git worktree` of an older commit)")
    args = ap.parse_args(argv)
    if args.source:
        speed.use_source(Path(args.source).resolve())
    engine = speed.import_engine()
    from cmdsl.lang.run import Run
    cards, described, _ = speed.load_set(engine, None)
    print(f"cmdsl at {engine.root} ({speed.git_rev(engine.root) or 'no git'}), {described}")
    print(f"{args.rounds} rounds of {args.copies} runs each, in pairs of batches of {args.batch}, CPU time; "
          "µs per run and DSL/hand: medians over the batches")
    print(f"{'case':38} {'DSL µs':>8} {'hand µs':>8} {'DSL/hand':>9}  goal")
    worst = 0.0
    for case in CASES:
        base = position_at(engine, cards, case)
        effects = {"dsl": Effect(cards.cards[case.card].run, Run), "hand": Effect(case.hand)}
        check(engine, base, case, effects, min(args.copies, 200))
        per_run, ratio = measure(engine, base, case, effects, args.copies, args.batch, args.rounds)
        worst = max(worst, ratio)
        per = {name: 1e6 * t for name, t in per_run.items()}
        print(f"{case.name:38} {per['dsl']:8.2f} {per['hand']:8.2f} {ratio:9.2f}  ≤ {GOAL:.2f}"
              f"{'' if ratio <= GOAL else '  (over)'}", flush=True)
    print(f"worst ratio {worst:.2f} (goal ≤ {GOAL:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
