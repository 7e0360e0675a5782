"""Running a Lobbys scenario (``scenario.py``) strictly, and its report: the events, the whole
table at the end, and the log as each seat of ``view:`` saw it (what snapshot tests pin).

Strict: each step's picks are given to the game seat by seat, and a card the seat does not hold
then is a located error at that pick; picks left over when the game ends are an error too; and
every check of ``expect:`` must hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ...errors import CmdslError, IllegalAnswer
from ...game.audience import Event
from ...sets.scenario_checks import Refusal, run_judged, verify
from ...sets.scenario_doc import Place
from .game import LobbysGame, game_at
from .position import LobbysPosition, Phase
from .scenario import LobbysScenario
from .seats import LobbysSeat, seats_for


@dataclass
class LobbysOutcome:
    game: LobbysGame
    events: list[Event] = field(default_factory=list)
    views: tuple[LobbysSeat, ...] = ()
    checked: int = 0  # the checks of `expect:` made (all passed): `cmdsl scenario` says how many

    @property
    def position(self) -> LobbysPosition:
        return self.game.position.lobbys

    def report(self) -> str:
        """The log, the table at the end, then the log as each seat of ``views`` saw it."""
        text = "## Events\n" + _lines(self.events) + "\n\n## Table\n" + render_table(self.position)
        for seat in self.views:
            text += f"\n\n## Events as {seat} sees them\n" + _lines([e.redacted(seat) for e in self.events])
        return text


def _lines(events: Sequence[Event]) -> str:
    return "\n".join(e.text() for e in events) if events else "(none)"


def run_lobbys_scenario(sc: LobbysScenario) -> LobbysOutcome | Refusal:
    """Play the scenario's picks from its position; a located ``ScenarioError`` when a pick is
    refused, when picks are left once the game is over, or when an expectation fails. A scenario
    that expects ``refused:`` passes only when its position or a pick is refused so."""
    place = sc.place if sc.place.name is not None else Place(sc.file, sc.name)
    return run_judged(sc.refused, place, lambda: _run(sc, place), sc.refusal)  # sc.refusal: refused as it was read


def _run(sc: LobbysScenario, place: Place) -> LobbysOutcome:
    assert sc.position is not None, "a scenario refused as it was read is judged without running"
    game = game_at(sc.position, sc.seed)
    for j, step in enumerate(sc.picks):
        if game.over:
            left = len(sc.picks) - j
            raise place.error(("picks", j), f"the game is over: {left} step{'s' if left != 1 else ''} of picks "
                              "left unused")
        for seat, card in step:
            try:
                game.answer(card.id, seat)
            except IllegalAnswer as e:
                hand = " ".join(str(c) for c in game.position.lobbys.hands[seat.index])
                raise place.error(("picks", j, seat.value), f"{seat.value} cannot pick {card}: {e} (its hand: {hand})"
                                  ) from None
            except CmdslError as e:  # e.g. the step limit
                raise place.error(("picks", j, seat.value), str(e)) from None
    out = LobbysOutcome(game, list(game.events), sc.views)
    out.checked = verify(out, sc.expect, place)
    return out


def render_table(pos: LobbysPosition) -> str:
    """The whole table, every hand open (a scenario's report; a seat's own view is ``view.py``)."""
    seats = seats_for(pos.players)
    data = pos.data
    if pos.phase is Phase.OVER:
        where = f"after round {pos.round} of {data.rounds}: the game is over"
    elif pos.phase is Phase.ELECTION:
        where = f"round {pos.round} of {data.rounds}, election"
    else:
        where = f"round {pos.round} of {data.rounds}, tender {pos.tenders_done + 1} of {data.tenders_per_round}"
    trump = "not elected yet" if pos.phase is Phase.ELECTION else (pos.trump.symbol if pos.trump else "none (L5.5)")
    lines = [f"{where}; trump: {trump}" + ("; The People Speak" if pos.people_variant else "")]
    width = max(len(str(s)) for s in seats)
    for s in seats:
        hand = " ".join(str(c) for c in pos.hands[s.index]) or "-"
        won = " ".join(str(c) for c in pos.won[s.index]) or "-"
        lines.append(f"  {str(s):{width}}  {pos.points[s.index]:>5} points; hand {hand}; won {won}")
    if pos.contract_offer is not None:
        main, linked = pos.contract_offer
        lines.append(f"On offer: {main} (main), {linked} (linked)")
    lines.append("Contract deck, top first: " + (" ".join(str(c) for c in reversed(pos.contract_deck)) or "-"))
    lines.append("Election pile: " + (" ".join(str(c) for c in pos.election_pile) or "-"))
    lines.append("Offer pile: " + (" ".join(str(c) for c in pos.offer_pile) or "-"))
    if pos.people_variant:
        lines.append("People cards drawn: " + (" ".join(str(c) for c in pos.people_drawn) or "-")
                     + f"; People deck: {len(pos.people_deck)} cards")
    return "\n".join(lines)
