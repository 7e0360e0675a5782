"""What one seat may know of a Lobbys game (L11.6, DESIGN property 11): ``LobbysView``.

A view is a frozen value made from the position, the pending decisions and the log. It holds
what is public (round, step, trump, every seat's points and won contracts, the contracts on
offer, every card revealed this round and by whom, the People cards drawn, how many cards each
seat and each face-down deck holds, who still has to pick) and the seat's own hand, options and
unrevealed pick. It never holds another seat's hand or pick, the order of a deck, the seed or the
RNG; its log is the game's, each event redacted for the seat (``Event.redacted``).

Who played a revealed card is read from the order of the piles: the rules put the picks of a
step on them in seat order (``rules.py``), one card per seat.
"""

from __future__ import annotations

from typing import Mapping, Sequence, cast

from ...game.audience import Event
from ...game.decisions import Decision, Option
from .cards import Card, Contract, Face, Suit
from .events import GameEnded
from .options import LobbysDecisionKind
from .position import LobbysPosition, Phase
from .seats import LobbysSeat
from ...values import value


@value
class SeatView:
    """What everyone knows of a seat."""

    seat: LobbysSeat
    points: int
    hand_size: int
    won: tuple[Contract, ...]  # this round's contracts, face up (L6.4), in the order won
    to_pick: bool  # whether it still has to pick in the step in progress (never what it picked)


@value
class LobbysView:
    seat: LobbysSeat
    players: int
    people_variant: bool
    round: int
    rounds: int
    turn: int  # the step number, 1-based, over the whole game
    kind: LobbysDecisionKind | None  # what the seats pick now; None once the game is over
    tender: int | None  # the tender open now, 1-based (L6); None in an election
    tenders: int
    trump: Suit | None  # None before this round's election, and in a round without trump (L5.5)
    seats: tuple[SeatView, ...]  # in seat order
    offer: tuple[Contract, Contract] | None  # (main, linked), while a tender is open (L6.1)
    contract_deck_size: int
    votes: tuple[tuple[LobbysSeat, Card], ...]  # this round's election (L5.6), face up
    offers: tuple[tuple[tuple[LobbysSeat, Card], ...], ...]  # this round's finished tenders (L6.5)
    people_drawn: tuple[Card, ...]  # the People cards of this round's election (L10.2)
    people_deck_size: int
    hand: tuple[Card, ...]  # the seat's own (L11.6: only it sees it)
    options: tuple[Option, ...]  # its own pending decision's options; () if it has picked
    my_pick: Card | None  # its own pick of this step, until the reveal
    waiting_for: tuple[LobbysSeat, ...]  # the seats that still have to pick, in seat order
    result: GameEnded | None
    log: tuple[Event, ...]  # every event as this seat may see it
    contract_types: tuple[tuple[Face, str], ...]  # L1.3: each face's contract type

    def of(self, seat: LobbysSeat) -> SeatView:
        return self.seats[seat.index]

    @property
    def me(self) -> SeatView:
        return self.of(self.seat)

    @property
    def over(self) -> bool:
        return self.result is not None

    def render(self, public: bool = False) -> str:
        """The view as a readable table: scores, trump, the contracts on offer, the contracts
        won, the cards revealed this round, the seat's hand and what it must do (``public``: a
        spectator's table, with no hand, pick or options and nobody as "you")."""
        types = dict(self.contract_types)
        step = (f"tender {self.tender} of {self.tenders}" if self.tender is not None
                else "over" if self.over else "election")
        trump = ("not elected yet" if self.kind is LobbysDecisionKind.VOTE
                 else self.trump.symbol if self.trump is not None else "none (no government)")
        whose = "the table" if public else f"{self.seat}'s view"
        lines = [f"Lobbys — {whose} — round {self.round} of {self.rounds}, {step} (step {self.turn})",
                 f"Trump: {trump}", "", f"{'player':<14}{'points':>7}{'cards':>7}  won this round"]
        for s in self.seats:
            name = f"{s.seat}{' (you)' if s.seat is self.seat and not public else ''}"
            won = " ".join(str(c) for c in s.won) or "-"
            wait = "  (to pick)" if s.to_pick else ""
            lines.append(f"{name:<14}{s.points:>7}{s.hand_size:>7}  {won}{wait}")
        lines.append("")
        if self.offer is not None:
            main, linked = self.offer
            lines.append(f"On offer: {main} ({types[main.face]}, main) + {linked} ({types[linked.face]}, linked)"
                         f"; {self.contract_deck_size} contracts face down")
        if self.votes:
            lines.append("Votes: " + ", ".join(f"{s} {c}" for s, c in self.votes)
                         + (f"; People: {' '.join(map(str, self.people_drawn))}" if self.people_drawn else ""))
        for i, offers in enumerate(self.offers, 1):
            lines.append(f"Tender {i}: " + ", ".join(f"{s} {c}" for s, c in offers))
        if not public:
            lines.append("Your hand: " + (" ".join(str(c) for c in self.hand) or "-"))
        if self.result is not None:
            lines.append(self.result.text())
        elif public:
            pass
        elif self.my_pick is not None:
            lines.append(f"You picked {self.my_pick}; waiting for: {', '.join(map(str, self.waiting_for))}")
        elif self.options:
            verb = "vote with" if self.kind is LobbysDecisionKind.VOTE else "offer"
            lines.append(f"Pick a card to {verb}: " + " ".join(f"{o.label} [{o.id}]" for o in self.options))
        return "\n".join(lines)


def build_view(pos: LobbysPosition, seat: LobbysSeat, seats: Sequence[LobbysSeat], turn: int,
               pending: Sequence[Decision], my_pick: Card | None, result: GameEnded | None,
               events: Sequence[Event], contract_types: Mapping[Face, str]) -> LobbysView:
    """The view of ``seat``: made from public parts of ``pos`` and the seat's own."""
    waiting = tuple(cast(LobbysSeat, d.player) for d in pending)  # a Lobbys decision's seat
    mine = next((d for d in pending if d.player is seat), None)
    n = len(seats)
    votes = tuple(zip(seats, pos.election_pile)) if pos.election_pile else ()
    offers = tuple(tuple(zip(seats, pos.offer_pile[i:i + n])) for i in range(0, len(pos.offer_pile), n))
    kind = {Phase.ELECTION: LobbysDecisionKind.VOTE, Phase.TENDER: LobbysDecisionKind.OFFER}.get(pos.phase)
    return LobbysView(
        seat=seat, players=n, people_variant=pos.people_variant, round=pos.round, rounds=pos.data.rounds,
        turn=turn, kind=kind, tender=pos.tenders_done + 1 if pos.phase is Phase.TENDER else None,
        tenders=pos.data.tenders_per_round, trump=pos.trump,
        seats=tuple(SeatView(s, pos.points[s.index], len(pos.hands[s.index]), tuple(pos.won[s.index]),
                             s in waiting) for s in seats),
        offer=pos.contract_offer, contract_deck_size=len(pos.contract_deck), votes=votes, offers=offers,
        people_drawn=tuple(pos.people_drawn) if pos.phase is not Phase.ELECTION or pos.election_pile else (),
        people_deck_size=len(pos.people_deck), hand=tuple(pos.hands[seat.index]),
        options=mine.options if mine is not None else (), my_pick=my_pick, waiting_for=waiting,
        result=result, log=tuple(e.redacted(seat) for e in events),
        contract_types=tuple(contract_types.items()),
    )
