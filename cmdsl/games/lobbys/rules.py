"""The steps of a Lobbys game over ``LobbysPosition`` values: setup, who picks, what they may
pick, and applying a set of revealed picks. This is the whole door a driver needs (see the
package docstring); it never mutates the position it is given.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, MutableSequence, Mapping, Protocol

from ...errors import IllegalAnswer
from .cards import Card, contract_cards, sort_key_of
from .data import LobbysData
from .election import Election, hold_election
from .picks import picks_of
from .position import LobbysPosition, Phase
from .scoring import RoundScore, score_round, winners
from .tender import Tender, resolve_tender


class Shuffler(Protocol):
    """What the rules draw chance with: a shuffle (the game's seeded ``GameRng``, or a search's
    ``random.Random`` when it re-deals)."""

    def shuffle(self, x: MutableSequence[Any]) -> None: ...


class PickKind(Enum):
    VOTE = "vote"  # L5.1: a card given to the party of its suit, paid for by its rank
    OFFER = "offer"  # L6.2: a card offered for the two contracts turned up


@dataclass(frozen=True)
class GameOver:
    """L8: the final points and the winners (several on a tie, L11.1)."""

    points: tuple[int, ...]
    winners: tuple[int, ...]


Result = Election | Tender | RoundScore | GameOver


@dataclass(frozen=True)
class Step:
    """What applying one set of picks gave: the next position and what happened, in order."""

    position: LobbysPosition
    results: tuple[Result, ...]


def new_game(data: LobbysData, players: int, rng: Shuffler, *, people_variant: bool = False) -> LobbysPosition:
    """L3 setup, then the start of round 1 (L4): a position waiting for the election's votes."""
    data.check_players(players)
    people = list(data.people_cards(players)) if people_variant else []
    if people_variant and not people:
        raise ValueError(f"'The People Speak' needs People cards (L10.1): none are left over at {players} players")
    pos = LobbysPosition(
        data=data, players=players, people_variant=people_variant, round=1, phase=Phase.ELECTION,
        tenders_done=0, points=[data.starting_points] * players, hands=[[] for _ in range(players)],
        trump=None, election_pile=[], offer_pile=[], contract_deck=[], contract_offer=None,
        won=[[] for _ in range(players)], people_deck=people, people_drawn=[],
    )
    _start_round(pos, rng)
    return pos


def seats_to_pick(pos: LobbysPosition) -> tuple[int, ...]:
    """The seats that must pick now: all of them, together (L2.2), until the game is over."""
    return () if pos.phase is Phase.OVER else tuple(pos.seats)


def pick_kind(pos: LobbysPosition) -> PickKind | None:
    return _PICK_KIND[pos.phase]


_PICK_KIND: dict[Phase, PickKind | None] = {Phase.ELECTION: PickKind.VOTE, Phase.TENDER: PickKind.OFFER,
                                            Phase.OVER: None}


def legal_picks(pos: LobbysPosition, seat: int) -> tuple[Card, ...]:
    """A seat's options: any card of its hand (L5.1 compulsory vote, L6.2 offer); each card once."""
    if seat not in seats_to_pick(pos):
        return ()
    return tuple(pos.hands[seat])


def apply_picks(pos: LobbysPosition, chosen: Mapping[int, Card], rng: Shuffler, *, checked: bool = False) -> Step:
    """Reveal one pick per seat and play the step to its end, up to the next picks: an election
    (with the People draw), or a tender and, after a round's last tender, its scoring and the
    next round's deal (or the end of the game). ``pos`` is unchanged; an illegal set of picks
    raises ``IllegalAnswer`` with the reason before anything is done. ``checked``: the caller
    has made sure already that every seat picked a card of its hand (the driver, whose options
    are the hands) and nobody else did; the check is then not made twice."""
    if not checked:
        _check(pos, chosen)
    nxt = pos.next_step()
    picks = picks_of(chosen)
    hands = nxt.hands
    for p in picks:
        hands[p.seat].remove(p.card)
    if nxt.phase is Phase.ELECTION:
        return Step(nxt, (_elect(nxt, chosen, rng),))
    assert nxt.contract_offer is not None
    main, linked = nxt.contract_offer
    tender = resolve_tender(picks, main, linked, nxt.trump, nxt.data)
    nxt.points[tender.winner.seat] += tender.income  # L6.4
    nxt.won[tender.winner.seat] = [*nxt.won[tender.winner.seat], main, linked]  # shared with ``pos`` until now
    nxt.contract_offer = None
    nxt.offer_pile += [p.card for p in picks]  # L6.5
    nxt.tenders_done += 1
    if nxt.tenders_done < nxt.data.tenders_per_round:
        _turn_up(nxt)
        return Step(nxt, (tender,))
    return Step(nxt, (tender, *_end_round(nxt, rng)))


def _check(pos: LobbysPosition, chosen: Mapping[int, Card]) -> None:
    if pos.phase is Phase.OVER:
        raise IllegalAnswer("the game is over: nobody picks any more")
    missing = [s for s in pos.seats if s not in chosen]
    extra = [s for s in chosen if s not in pos.seats]
    if extra:
        raise IllegalAnswer(f"no such seat: {', '.join(map(str, extra))} (seats are 0 to {pos.players - 1})")
    if missing:
        # L5.1, L6.2: everyone picks; a step is revealed only when every seat has picked (L11.7).
        raise IllegalAnswer(f"every seat must pick: seat(s) {', '.join(map(str, missing))} did not")
    for seat, card in chosen.items():
        if card not in pos.hands[seat]:
            raise IllegalAnswer(f"seat {seat} does not hold {card}")


def _elect(pos: LobbysPosition, chosen: Mapping[int, Card], rng: Shuffler) -> Election:
    people: list[Card] = []
    if pos.people_variant:
        # L11.2: every election shuffles all the People cards back together before drawing.
        pool = sorted(pos.people_deck + pos.people_drawn, key=sort_key_of)
        rng.shuffle(pool)
        people, pos.people_deck = pool[:pos.players], pool[pos.players:]  # L10.2: one per player
        pos.people_drawn = people
    election = hold_election(picks_of(chosen), people)
    for seat, card in chosen.items():
        pos.points[seat] -= card.rank  # L5.3: paid whoever wins
    pos.election_pile += [chosen[s] for s in sorted(chosen)]  # L5.6
    pos.trump = election.trump
    pos.phase = Phase.TENDER
    _turn_up(pos)
    return election


def _turn_up(pos: LobbysPosition) -> None:
    """L6.1: the first contract turned up is the main one, the second the linked one."""
    main = pos.contract_deck.pop()
    linked = pos.contract_deck.pop()
    pos.contract_offer = (main, linked)


def _end_round(pos: LobbysPosition, rng: Shuffler) -> tuple[Result, ...]:
    scores = score_round(pos.won, pos.hands, pos.data)  # L7.1–L7.4
    for s in scores:
        pos.points[s.seat] += s.total
    done = RoundScore(pos.round, scores)
    if pos.round == pos.data.rounds:
        pos.phase = Phase.OVER  # L8: the cards stay where they are, to be looked at
        return done, GameOver(tuple(pos.points), winners(pos.points))
    pos.round += 1
    _start_round(pos, rng)  # L7.5: everything is collected for the next round
    return (done,)


def _start_round(pos: LobbysPosition, rng: Shuffler) -> None:
    """L4: shuffle and deal the whole Offer deck (L4.1), shuffle the 12 contracts (L4.2).

    L7.5 collects every offer card and contract; by the partitions (see position.py) those are
    exactly the cut Offer deck and the Contract deck, so both are rebuilt in a fixed order before
    the shuffle: the deal then depends on the RNG only, not on how the last round went."""
    deck = list(pos.data.offer_deck(pos.players))
    rng.shuffle(deck)
    n = pos.data.hand_size
    pos.hands = [sorted(deck[i * n:(i + 1) * n], key=sort_key_of) for i in pos.seats]
    pos.election_pile, pos.offer_pile = [], []
    contracts = list(contract_cards())
    rng.shuffle(contracts)
    pos.contract_deck, pos.contract_offer = contracts, None
    pos.won = [[] for _ in pos.seats]
    pos.trump = None
    pos.tenders_done = 0
    pos.phase = Phase.ELECTION
