"""What one seat may know of a game (DESIGN property 11): ``Game.view(seat)``.

A ``View`` is a frozen value built from the position, the log and the pending decision. It holds the
public board, the seat's own hand, sizes of everything face down (decks, the other hands, the
Breaking News deck), the face-up piles, and the log with each event redacted for the seat
(``Event.redacted``). It never holds a card id the seat may not see: not the opponent's hand, no
deck order, no Breaking News order, not the seed, the RNG or forced dice. docs/secrets.md lists
what is public and what is not, and why.

This module must not import the engine (the engine imports it): it reads plain parts.
"""

from __future__ import annotations

from typing import Sequence

from .model import ISSUES, Side
from ...game.decisions import Decision, Option, Seat
from .kinds import DecisionKind
from .events import Event, GameEnded
from .position import LiveState, Position
from ...values import value


@value
class RowView:
    """One issue row of a state in play: its printed colours and the token on each circle."""

    issue: str
    printed: tuple[str, ...]  # R, B or W
    tokens: tuple[Side | None, ...]


@value
class StateView:
    """A state tile in play, face up (R2): everything on it is public."""

    name: str
    ev: int
    box: int  # the issue marker's box, 1–4
    majority: str
    key: str
    groups: tuple[str, str]
    rows: tuple[RowView, ...]  # in ISSUES order


@value
class PlayerView:
    """What everyone knows of a player: counts of the face-down cards and the face-up ones."""

    side: Side
    score: int
    supply: int  # tokens not on the board (R1.4)
    hand_size: int
    deck_size: int
    discard: tuple[str, ...]  # face up (R4.3, R4.4), bottom first
    played: tuple[str, ...]  # played this turn, face up until they go to the discard pile (R4.3)


@value
class Awaiting:
    """Who must decide now and what kind of decision it is: all a seat learns of another's
    decision (its options would show that seat's hand)."""

    player: Seat
    kind: DecisionKind


@value
class View:
    seat: Side
    turn: int
    active: Side
    states: tuple[StateView, ...]  # in slot order
    reserve: tuple[str, ...]  # the common reserve of states (R3.3), face up
    won: tuple[tuple[str, Side], ...]
    media: tuple[str, Side] | None  # the Media Support in play and its owner (R4.4, face up)
    negatives: tuple[tuple[Side, str], ...]  # Going Negative rolls due at the end of the turn
    players: tuple[PlayerView, ...]  # one per seat, in seat order
    hand: tuple[str, ...]  # the seat's own hand (R3.2: only it sees it)
    news_deck_size: int  # the Breaking News deck is face down (R3.4)
    awaiting: Awaiting | None  # the seat's own pending decision, else the first pending; None once over
    decision: Decision | None  # the pending decision with its options, only if it is this seat's
    # Every pending decision, who and what kind, in seat order: several when seats pick in secret
    # at once (R3.1, R3.3); a seat that has answered and waits for the reveal is not among them.
    waiting: tuple[Awaiting, ...]
    events: tuple[Event, ...]  # the log, each event as this seat may see it
    result: GameEnded | None

    def player(self, side: Side) -> PlayerView:
        for p in self.players:
            if p.side is side:
                return p
        raise KeyError(side)

    @property
    def me(self) -> PlayerView:
        return self.player(self.seat)

    @property
    def opponent(self) -> PlayerView:
        return self.player(self.seat.other)


def build_view(position: Position, events: Sequence[Event], pending: Sequence[Decision],
               result: GameEnded | None, seat: Side, seats: Sequence[Side]) -> View:
    """The view of ``seat`` (``Game.view``); ``pending``: every pending decision, in seat order;
    ``seats``: the game's seats, in seat order (``Game.seats``).
    Another seat's pending decision shows only who decides and what kind: its options (or, at
    secret picks, what is left of them) would tell that seat's cards or picks."""
    p = position
    decision = None
    own = next((d for d in pending if d.player is seat), None)
    if own is not None:
        # Options without their values: a value may be a live engine object (a LiveState), and a
        # view is a value that shares nothing that changes. Answers are option ids anyway.
        decision = Decision(own.player, own.kind, own.prompt, tuple(Option(o.id, o.label) for o in own.options))
    first = own if own is not None else (pending[0] if pending else None)
    return View(
        seat=seat,
        turn=p.turn,
        active=p.active,
        states=tuple(_state(s) for s in p.in_play),
        reserve=tuple(p.reserve),
        won=tuple(p.won),
        media=p.media,
        negatives=tuple(p.negatives),
        players=tuple(_player(p, side) for side in seats),
        hand=tuple(p.players[seat].hand),
        news_deck_size=len(p.news_deck),
        awaiting=Awaiting(first.player, DecisionKind(first.kind)) if first is not None else None,
        decision=decision,
        waiting=tuple(Awaiting(d.player, DecisionKind(d.kind)) for d in pending),
        events=tuple(e.redacted(seat) for e in events),
        result=result,
    )


def _state(s: LiveState) -> StateView:
    return StateView(s.name, s.tile.ev, s.box, s.majority, s.key, s.tile.groups,
                     tuple(RowView(i, tuple(s.tile.rows[i]), tuple(s.tokens[i])) for i in ISSUES))


def _player(p: Position, side: Side) -> PlayerView:
    ps = p.players[side]
    return PlayerView(side, ps.score, ps.supply, len(ps.hand), len(ps.deck), tuple(ps.discard), tuple(ps.played))
