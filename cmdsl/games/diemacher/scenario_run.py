"""Running a Die Macher scenario (``scenario.py``) strictly, and its report: the events, then the
table at the end (every track, platform and hand open).

Strict: an answer that is not an option of the decision it is given to fails at that answer; a
die rolled (a chance decision) while answers remain and ``forced:`` has no outcome left fails at
``forced:``; answers or forced outcomes left unused fail too; and every check of ``expect:`` must
hold. An answer written for a decision the engine takes by itself (a single option) is that
decision's (``Script``, docs/scenarios.md "Strictness")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ...errors import CmdslError
from ...game.audience import Event
from ...game.decisions import CHANCE, Decision
from ...game.driver import Driver
from ...sets.scenario_script import Script
from ...sets.scenario_checks import Refusal, run_judged, verify
from ...sets.scenario_doc import Place
from .game import DieMacher, DieMacherGame, Origin
from .parties import Party
from .position import DieMacherPosition
from .scenario import DieMacherScenario, card_name
from .scenario_cabinet import render
from .scoring import score_lines


@dataclass
class DieMacherOutcome:
    game: DieMacherGame
    events: list[Event] = field(default_factory=list)
    checked: int = 0  # the checks of `expect:` made (all passed)

    @property
    def position(self) -> DieMacherPosition:
        return self.game.position

    def report(self) -> str:
        text = "## Events\n" + ("\n".join(e.text() for e in self.events) or "(none)")
        return text + "\n\n## Table\n" + render_table(self.position, self.game.pending_decisions)


def run_diemacher_scenario(sc: DieMacherScenario) -> DieMacherOutcome | Refusal:
    """Give the scenario's answers and forced dice from its position; a located ``ScenarioError``
    when a step is refused, something is left unused, or an expectation fails. A scenario that
    expects ``refused:`` passes only when its position or a step is refused so."""
    place = sc.place if sc.place.name is not None else Place(sc.file, sc.name)
    return run_judged(sc.refused, place, lambda: _run(sc, place), sc.refusal)


def start_game(position: DieMacherPosition, noted: list[Decision] | None = None) -> DieMacherGame:
    """A game at ``position`` (the start of its phase) whose dice wait for the caller."""
    game = DieMacher(0, position.players, short=position.short, parties=position.parties, data=position.data,
                     origin=Origin(position.copy(), position.phases_done, ()))
    return Driver(game, ask_chance=True, noted=noted)


def _run(sc: DieMacherScenario, place: Place) -> DieMacherOutcome:
    assert sc.position is not None, "a scenario refused as it was read is judged without running"
    noted: list[Decision] = []
    game = start_game(sc.position, noted)
    script = Script([a for _, a in sc.answers], noted)
    forced = list(sc.forced)
    used = 0

    def roll() -> None:  # the dice pending now, from forced: (only while answers remain)
        nonlocal used
        while not game.over and game.pending is not None and game.pending.player is CHANCE:
            if used == len(forced):
                if not script.left:
                    return  # the scenario ends at this roll
                raise place.error(("forced",), f"a die is rolled ({game.pending.prompt}) but forced: has no "
                                  f"outcome left; give one ({DieMacher.chance_hint})")
            try:
                game.answer(forced[used], CHANCE)
            except CmdslError as e:
                raise place.error(("forced", used), str(e)) from None
            used += 1

    roll()
    while (step := script.take()) is not None:
        j, answer = step
        if game.over or not game.pending_decisions:
            raise place.error(("answers", j), f"the game is over: {len(sc.answers) - j} answers left unused")
        party: Party | None = sc.answers[j][0]
        seat = party if party is not None else game.pending_decisions[0].player
        try:
            game.answer(answer, seat)
        except CmdslError as e:  # not an option (IllegalAnswer), the step limit
            raise place.error(("answers", j), str(e)) from None
        roll()
    if used < len(forced):
        raise place.error(("forced", used), f"{len(forced) - used} forced outcome(s) left unused: no die was rolled "
                          "for them")
    out = DieMacherOutcome(game, list(game.events))
    out.checked = verify(out, sc.expect, place)
    return out


def render_table(pos: DieMacherPosition, pending: Sequence[Decision]) -> str:
    """The whole table: round and phase, each party's money, members, platform and hand, each
    board's tracks and opinions, the national board and the pool."""
    lines = [f"round {pos.round} of {pos.rounds}, {pos.phase.value}; first player: {pos.parties[pos.first]}"]
    for i, p in enumerate(pos.parties):
        lines.append(f"  {p.value}: €{pos.money[i]:,}, {pos.members[i]} members, seats {pos.seats_won[i]}; platform "
                     + " ".join(card_name(c) for c in pos.platform[i])
                     + "; hand " + (" ".join(card_name(c) for c in pos.hand[i]) or "-"))
    for b, board in enumerate(pos.boards):
        if board.state is None:
            lines.append(f"  board {b + 1}: set aside")
            continue
        first = " (first in line)" if b == pos.election else ""
        tracks = "; ".join(f"{p.value} v{board.votes[i]} p{board.popularity[i]:+d} r{board.rallies[i]} m{board.media[i]}"
                           for i, p in enumerate(pos.parties))
        ops = " ".join(card_name(c) + ("" if up else "(down)") + ("*" if s == board.key_issue else "")
                       for s, (c, up) in enumerate(board.opinions))
        lines.append(f"  board {b + 1} {board.state.id}{first}: {tracks}; opinions {ops or '-'}")
    lines += render(pos)
    lines.append("  national: " + " | ".join("+".join(card_name(c) for c in st) or "-" for st in pos.national))
    lines.append("  pool: " + " ".join(card_name(c) for c in pos.pool))
    lines.append("  scores now: " + "; ".join(f"{s.party.value} {s.total}" for s in score_lines(pos)))
    lines.append("next: " + (f"{pending[0].player}, {pending[0].prompt}" if pending else "nothing (over)"))
    return "\n".join(lines)
