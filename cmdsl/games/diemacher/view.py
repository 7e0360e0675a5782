"""All that a party may know of a Die Macher game now (DM18.26, DESIGN property 11): every track,
marker, face-up card and all money (DM18.3), its own platform hand and the poll it is looking at;
never a face-down opinion, another hand, a deck's order or an unpublished poll of another party.
The log is each event as the party may see it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...game.contract import Host
from ...game.decisions import Decision
from ...values import value
from .cards import Card
from .parties import Party
from .position import FACE_DOWN

_STATES = ("face down", "turned up", "used")


@value
class BoardView:
    board: int
    state: str | None
    popularity: tuple[int, ...]
    votes: tuple[int, ...]
    rallies: tuple[int, ...]
    media: tuple[int, ...]
    opinions: tuple[Card | None, ...]  # None: face down
    key_issue: int | None
    first_in_line: bool
    #: DM8.1: the cabinet cards placed here this round: (party, card id or None while face down
    #: and not the seat's own, "face down" / "turned up" / "used").
    cabinet: tuple[tuple[Party, str | None, str], ...]
    tiles: tuple[Party, ...]  # DM8.4: the coalition tiles here


@value
class DieMacherView:
    seat: Party
    parties: tuple[Party, ...]
    round: int
    phase: str
    first: Party
    money: tuple[int, ...]
    members: tuple[int, ...]
    platform: tuple[tuple[Card, ...], ...]
    hand: tuple[Card, ...]
    looking: Any  # the poll this party looks at (DM7.5.4), or None
    boards: tuple[BoardView, ...]
    national: tuple[tuple[Card, ...], ...]
    national_media: tuple[tuple[Party, ...], ...]
    pool: tuple[Card, ...]
    seats_won: tuple[tuple[int, ...], ...]
    hands: tuple[int, ...]  # each party's hand size
    cabinet_hand: tuple[str, ...]  # DM1.6: this party's cabinet cards not used yet
    tiles: tuple[int, ...]  # DM1.9: each party's coalition tiles not spent
    coalitions: tuple[tuple[Party, Party], ...]  # DM8.5: this round's
    #: DM10.5 in progress: the cards laid so far (party, amount or None for another's refusal, accepted).
    laid: tuple[tuple[Party, int | None, bool], ...]
    pending: tuple[Decision, ...]  # this party's decisions pending now
    log: tuple[str, ...]


def build_view(host: Host[Party], seat: Party) -> DieMacherView:
    pos = host.position
    me = pos.parties.index(seat)
    boards = tuple(BoardView(b + 1, board.state.name if board.state else None, tuple(board.popularity),
                             tuple(board.votes), tuple(board.rallies), tuple(board.media),
                             tuple(c if up else None for c, up in board.opinions), board.key_issue,
                             b == pos.election,
                             tuple((pos.parties[i], card if i == me or state != FACE_DOWN else None, _STATES[state])
                                   for i, card, state in board.cabinet),
                             tuple(pos.parties[i] for i in board.tiles))
                   for b, board in enumerate(pos.boards))
    mine = pos.looking if host.pending is not None and host.pending.player is seat else None
    return DieMacherView(
        seat, pos.parties, pos.round, pos.phase.value, pos.parties[pos.first], tuple(pos.money), tuple(pos.members),
        tuple(tuple(p) for p in pos.platform), tuple(pos.hand[me]), mine, boards,
        tuple(tuple(s) for s in pos.national), tuple(tuple(pos.parties[i] for i in g) for g in pos.national_media),
        tuple(pos.pool), tuple(tuple(s) for s in pos.seats_won), tuple(len(h) for h in pos.hand),
        tuple(pos.cabinet[me]) if pos.cabinet else (), tuple(pos.tiles),
        tuple((pos.parties[a], pos.parties[b]) for a, b in pos.coalitions),
        tuple((pos.parties[i], card.amount if i == me or accepted else None, accepted) for i, card, accepted in pos.laid),
        tuple(d for d in host.pending_decisions if d.player is seat),
        tuple(e.redacted(seat).text() for e in host.events))


def public_part(view: DieMacherView) -> DieMacherView:
    """What every party may know, from one party's view (a spectator's, DM18.3): without its hand,
    its cabinet cards, the poll it looks at, its decisions, the amounts it laid face down and which
    cabinet cards it placed face down; the log as no party in particular sees it is the caller's."""
    boards = tuple(replace(b, cabinet=tuple((p, None if state == "face down" else card, state)
                                            for p, card, state in b.cabinet)) for b in view.boards)
    laid = tuple((p, amount if accepted else None, accepted) for p, amount, accepted in view.laid)
    return replace(view, hand=(), looking=None, cabinet_hand=(), laid=laid, pending=(), boards=boards, log=())
