"""`cmdsl tune`'s search (docs/tune.md): which values of a plan's moves bring a set's health
targets closest, found by playing games.

Why Optuna (the ``tune`` extra): a tuning run is a noisy black-box search over a few whole
numbers, stopped and resumed by a designer, and Optuna is a well-kept library that does the three
parts we would otherwise write ourselves: a sampler that learns which regions are good (TPE,
seeded, so a run is reproducible), *racing* of the candidates (its successive-halving pruner: every
candidate plays a first round of games, only the best third plays the next, three times as many),
and a study stored in SQLite that `--resume` continues where it stopped.

Every candidate plays the same seeds (common random numbers: the first round's games are seeds
s … s + n − 1, each later round extends them), so two candidates differ by their numbers, not by
their luck. Its score is the sum of its targets' shortfalls (``targets.shortfall``; 0: every
target met by the point estimates), averaged over the plan's player counts, plus a hundredth of
how far it moved (the smallest change wins a tie). The search's bot plays every seat.
"""

from __future__ import annotations

import contextlib
import io
import multiprocessing.pool
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ...errors import CmdslError
from ...plugins import Plugin
from ...plugins.requests import GameOptions, TableRequest
from ...sets.health_targets import Targets
from ...sets.number_paths import Number, with_numbers
from ..study.pool import worker_pool
from ..study.seats import SeatJob, SeatRow, run_jobs
from ..study.targets import shortfall
from .plan import Move, TunePlan

if TYPE_CHECKING:
    import optuna

#: The name of the stored study in a run's database.
STUDY = "cmdsl-tune"


def candidate_numbers(plan: TunePlan, numbers: Mapping[Move, list[Number]],
                      params: Mapping[str, float]) -> dict[tuple[str, Number], int]:
    """Each number a candidate changes (by file), with its new value."""
    out: dict[tuple[str, Number], int] = {}
    for i, move in enumerate(plan.moves):
        by = params.get(_param(i))
        if by is None:
            continue
        for n in numbers[move]:
            new = move.moved(n, by)
            if new != n.value:
                out[(move.file, n)] = new
    return out


def write_candidate(source: Path, target: Path, changes: Mapping[tuple[str, Number], int]) -> None:
    """A copy of the set in ``source`` at ``target`` with ``changes`` made (comments kept)."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(".cmdsl*", "__pycache__"))
    by_file: dict[str, dict[Number, int]] = {}
    for (file, n), v in changes.items():
        by_file.setdefault(file, {})[n] = v
    for file, edits in by_file.items():
        path = target / file
        path.write_text(with_numbers(path.read_text(encoding="utf-8"), edits), encoding="utf-8")


def _param(i: int) -> str:
    return f"move{i}"


def suggest(trial: "optuna.Trial", plan: TunePlan) -> dict[str, float]:
    """A candidate's value of each move, asked of the sampler."""
    out: dict[str, float] = {}
    for i, m in enumerate(plan.moves):
        if m.change == "scale":
            out[_param(i)] = trial.suggest_float(_param(i), m.low, m.high, step=0.05)
        else:
            out[_param(i)] = trial.suggest_int(_param(i), int(m.low), int(m.high))
    return out


def neutral(plan: TunePlan, numbers: Mapping[Move, list[Number]]) -> dict[str, float]:
    """The values that leave the set as it is (the first candidate: the designer's own set)."""
    out: dict[str, float] = {}
    for i, m in enumerate(plan.moves):
        at = m.neutral if m.neutral is not None else float(numbers[m][0].value)
        out[_param(i)] = min(m.high, max(m.low, at))
    return out


def moved(plan: TunePlan, params: Mapping[str, float]) -> float:
    """How far a candidate moved, each move as a share of its range (0: the set as it is)."""
    total = 0.0
    for i, m in enumerate(plan.moves):
        by = params.get(_param(i))
        if by is None or m.neutral is None or m.high == m.low:
            continue
        total += abs(by - m.neutral) / (m.high - m.low)
    return total


class Games:
    """Plays a candidate's games, on the plan's common seeds, keeping each player count's rows."""

    def __init__(self, plugin: Plugin, folder: Path, players: Sequence[int], bot: str, seed: int,
                 workers: int, pool: "multiprocessing.pool.Pool | None" = None) -> None:
        study = plugin.study
        assert study is not None
        with contextlib.redirect_stderr(io.StringIO()):  # the game says which set it uses: each candidate's
            self.tables = [study.table(TableRequest(str(folder), _options(p))) for p in players]
        self.seats = [len(t.new_game(seed).seats) for t in self.tables]
        self.plugin, self.bot, self.seed, self.workers, self.pool = plugin, bot, seed, workers, pool
        self.rows: list[list[SeatRow]] = [[] for _ in players]
        self.played = 0

    def to(self, games: int) -> list[list[SeatRow]]:
        """Each player count's rows, played up to ``games`` each (only the new ones are played)."""
        for i, table in enumerate(self.tables):
            have = len(self.rows[i])
            if have >= games:
                continue
            jobs = (SeatJob(self.plugin.name, table, self.seats[i], self.seed + k, self.bot, self.bot)
                    for k in range(have, games))
            new = sorted(run_jobs(jobs, self.workers, self.pool), key=lambda r: r.seed)
            self.rows[i] += new
            self.played += len(new)
        return [r[:games] for r in self.rows]


def _options(players: int) -> GameOptions:
    return GameOptions({"players": players}) if players else GameOptions()


def score(targets: Targets, rows: Sequence[Sequence[SeatRow]], seats: Sequence[int]) -> float:
    """The sum of the targets' shortfalls, averaged over the player counts."""
    if not rows:
        return 0.0
    return sum(sum(shortfall(t, r, n) for t in targets.targets) for r, n in zip(rows, seats)) / len(rows)


@dataclass
class Candidates:
    """Plays the search's candidates (Optuna's objective): each a copy of the set with its
    numbers, checked by the game, then raced round by round."""

    plan: TunePlan
    plugin: Plugin
    source: Path
    numbers: Mapping[Move, list[Number]]
    targets: Targets
    work: Path
    seed: int
    workers: int
    check: Callable[[Path], object]
    say: Callable[[str], None]
    pool: "multiprocessing.pool.Pool | None" = None

    def __call__(self, trial: "optuna.Trial") -> float:
        import optuna

        plan = self.plan
        params = suggest(trial, plan)
        folder = self.work / f"trial-{trial.number}"
        write_candidate(self.source, folder, candidate_numbers(plan, self.numbers, params))
        try:
            try:
                self.check(folder)
            except CmdslError as e:  # a candidate the game refuses (a min above its max…)
                trial.set_user_attr("refused", str(e).splitlines()[0])
                trial.set_user_attr("games", 0)
                self.say(f"candidate {trial.number}: refused by the game: {str(e).splitlines()[0]}")
                raise optuna.TrialPruned() from None
            games = Games(self.plugin, folder, plan.players or (0,), plan.bot, self.seed, self.workers, self.pool)
            value = 0.0
            for rung in range(plan.rounds):
                rows = games.to(plan.games_at(rung))
                value = score(self.targets, rows, games.seats) + moved(plan, params) / 100
                trial.set_user_attr("games", games.played)
                trial.report(value, rung + 1)  # the pruner's first rung is at step 1
                if rung < plan.rounds - 1 and trial.should_prune():
                    self.say(f"candidate {trial.number}: {value:.3f} after {plan.games_at(rung)} games a count: "
                             "stopped (not in the best third)")
                    raise optuna.TrialPruned()
            self.say(f"candidate {trial.number}: {value:.3f} after {plan.games_at(plan.rounds - 1)} games a count "
                     f"({games.played} games)")
            return value
        finally:
            shutil.rmtree(folder, ignore_errors=True)


def open_study(plan: TunePlan, numbers: Mapping[Move, list[Number]], storage: str, seed: int) -> "optuna.Study":
    """The run stored at ``storage``: a new one starting with the designer's set, or the same
    plan's to continue (another plan's is refused)."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.ERROR)  # a candidate stopped by Ctrl-C is ours to say
    study = optuna.create_study(
        study_name=STUDY, storage=storage, load_if_exists=True, direction="minimize",
        sampler=optuna.samplers.TPESampler(seed=seed, n_startup_trials=8),
        pruner=optuna.pruners.SuccessiveHalvingPruner(min_resource=1, reduction_factor=3, min_early_stopping_rate=0))
    if not study.trials:
        study.set_user_attr("plan", plan.fingerprint)
        study.enqueue_trial(neutral(plan, numbers))  # the designer's set first: the baseline
    elif study.user_attrs.get("plan") != plan.fingerprint:
        raise CmdslError("tune --resume: the plan changed since this run started; start a new run (another --out)")
    return study


def search(candidates: Candidates, storage: str, budget_games: int | None, minutes: float | None) -> "optuna.Study":
    """Run (or continue) the search stored at ``storage``, within the budget (games or minutes;
    neither: 30 candidates), then simplify the best; the study."""

    study = open_study(candidates.plan, candidates.numbers, storage, candidates.seed)
    start = time.monotonic()

    def spent() -> int:
        return sum(int(t.user_attrs.get("games", 0)) for t in study.get_trials(deepcopy=False))

    def enough(study: optuna.Study, _trial: Any) -> None:
        if (budget_games is not None and spent() >= budget_games) or \
                (minutes is not None and time.monotonic() - start >= 60 * minutes):
            study.stop()

    workers = candidates.workers
    with worker_pool(workers) if workers > 1 else contextlib.nullcontext() as pool:  # started once: a
        candidates.pool = pool  # candidate's games only load its set
        if not (budget_games is not None and spent() >= budget_games):
            study.optimize(candidates, callbacks=[enough], timeout=60 * minutes if minutes is not None else None,
                           n_trials=None if (budget_games is not None or minutes is not None) else 30, catch=())
        simplify(study, candidates.plan, candidates)
        candidates.pool = None
    return study


def simplify(study: "optuna.Study", plan: TunePlan, objective: Callable[["optuna.Trial"], float]) -> None:
    """Try the best candidate with each of its moves put back as it was, one at a time: a move
    that does not help is not proposed (such a candidate scores lower for moving less, so it is
    the best when it plays as well). Each is a stored candidate, tried once even across resumes."""
    chosen = best(study)
    if chosen is None:
        return
    tried = [t.params for t in study.get_trials(deepcopy=False)]
    params = dict(chosen.params)
    for i, m in enumerate(plan.moves):
        if m.neutral is None or params.get(_param(i)) in (None, m.neutral):
            continue
        simpler = {**params, _param(i): m.neutral}
        if simpler in tried:
            continue
        study.enqueue_trial(simpler)
        study.optimize(objective, n_trials=1, catch=())
        last = study.get_trials(deepcopy=False)[-1]
        if last.value is not None and chosen.value is not None and last.value <= chosen.value:
            params = simpler


def best(study: "optuna.Study") -> "optuna.trial.FrozenTrial | None":
    """The candidate with the lowest score among those that played every round (else the deepest)."""
    import optuna

    done = [t for t in study.get_trials(deepcopy=False) if t.state == optuna.trial.TrialState.COMPLETE
            and t.value is not None]
    return min(done, key=lambda t: (t.value, t.number)) if done else None
