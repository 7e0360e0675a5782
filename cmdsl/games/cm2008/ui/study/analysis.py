"""What a stored run says, once: its parameters, each arm's summary and (A/B) the comparison.

The text report and the HTML page are two views of one ``Analysis``, so they cannot disagree.
"""

from __future__ import annotations


from .....kits.study.sequential import study_plan
from .compare import Comparison, compare
from .plan import NEW, OLD, Arm, RunParams
from .....kits.study.stats import Correction
from .store import Store, StoreError
from .summary import Summary, summarize
from .....values import value


@value
class Analysis:
    params: RunParams
    asked: int  # the games the run asks for (per arm)
    games: int  # the games reported (per arm; A/B: the pairs)
    arms: tuple[tuple[Arm, Summary], ...]  # in the run's order (A/B: new, then old)
    comparison: Comparison | None  # A/B runs only
    #: An A/B read at looks (``sequential.py``): the pairs at its last look, their critical value,
    #: the most it would have played, and whether it stopped there before the most (else None).
    looked: "Looked | None" = None


@value
class Looked:
    pairs: int
    z: float
    most: int
    stopped: bool


def analyse(store: Store, correction: Correction) -> Analysis:
    """The analysis of the run in ``store`` (its first ``games_asked`` games of each arm)."""
    params = store.params()
    if params is None:
        raise StoreError(f"{store.path} holds no run")
    asked = store.games_asked()
    if len(params.arms) == 1:  # the rows one at a time, into counters: memory flat in the run's length
        arm = params.arms[0]
        summary = summarize(store.each_row(arm.name, below=asked), arm.deck)
        return Analysis(params, asked, summary.games, ((arm, summary),), None)
    stop = store.stopped_at()
    below = stop[0] if stop is not None else asked  # stopped at a look: its pairs, never a game past it
    rows = {arm.name: store.rows(arm.name, below=below) for arm in params.arms}  # A/B: pairs by seed
    arms = tuple((arm, summarize(rows[arm.name], arm.deck)) for arm in params.arms)
    new, old = rows[NEW], rows[OLD]
    pairs = min(len(new), len(old))
    plan = study_plan(asked)
    looked = (Looked(pairs, stop[1], asked, True) if stop is not None else
              Looked(pairs, plan.at(pairs), asked, False) if len(plan.looks) > 1 else None)  # one look: a plain A/B
    return Analysis(params, asked, pairs, arms, compare(old, new, correction), looked)
