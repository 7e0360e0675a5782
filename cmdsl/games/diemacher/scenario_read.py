"""Reading a Die Macher scenario's position (``scenario.py``): the seeded setup of ``seed:``,
``players:``, ``short:`` and ``parties:``, taken to the start of ``phase:`` in ``round:``, then
the designer's overrides, by party and by board, each checked with a located error.

Every card named (``nuclear/for``: an opinion or platform card by issue and stance; ``nuclear/for/2``
a copy of it) is moved from wherever the setup put it, so that every card stays in exactly one
place: a place the scenario gives (a platform, a hand, a board's opinions, the pool, a national
space) holds exactly what it says, the cards it held before go under their draw deck, and a place
the scenario does not give that lost a card to it gets one from the draw deck's top that fits
there (a platform on 5 issues, DM3.2; a board's face-up opinions on different issues, DM3.5)."""

from __future__ import annotations

from typing import Any, Callable

from ...sets.scenario_doc import Path_, Place, keys_of, list_at, whole_at
from .data import MAX_VOTES
from .kinds import POPULARITY, RALLIES_PER_BOARD
from .position import BOARDS, MEDIA_MARKERS, RALLY_MARKERS, DieMacherPosition, Phase
from .scenario_cabinet import read_cabinet
from .scenario_cards import place_cards
from .scenario_values import BOARD_KEYS, MAX_MEMBERS, MAX_MONEY, MAX_SEATS, POSITION_KEYS, Reader

# ---- the position ------------------------------------------------------------------------------


def election_board(rnd: int) -> int:
    """DM2.4, DM10, DM12.3: the board first in line in round ``rnd`` (the ring goes on clockwise;
    board 1 holds rounds 1 and 5)."""
    return (rnd - 1) % BOARDS


def set_aside(rnd: int, short: bool) -> list[int]:
    """DM10.3, DM12.2: the boards set aside before round ``rnd`` (after rounds 4–6, or 2–4 short)."""
    first = 2 if short else 4
    return [election_board(k) for k in range(first, rnd)]


def payouts(rnd: int, short: bool) -> dict[int, int | None]:
    """DM3.7, DM10.3, DM12.1: the payout tiles on boards 1 and 3 in round ``rnd``."""
    return {0: 1 if rnd == 1 else (5 if not short and rnd <= 5 else None), 2: 3 if rnd <= 3 else None}


def read_position(read: Reader, start: DieMacherPosition, raw: Any) -> DieMacherPosition:
    """The position of a scenario: ``start`` (the seeded setup, at the preliminary step), taken to
    the start of ``phase:`` in ``round:`` and changed as ``raw`` (its ``position:``) says."""
    P: Path_ = ("position",)
    spec = keys_of(read.place, P, raw if raw is not None else {}, POSITION_KEYS)
    pos = start.copy()
    phase = read.phase((*P, "phase"), spec["phase"]) if "phase" in spec else Phase.PRELIMINARY
    rounds = pos.rounds
    if phase is Phase.PRELIMINARY:
        if spec.get("round", 0) != 0:
            raise read.place.error((*P, "round"), "the preliminary step comes before round 1 (DM3.10): leave round: out")
        rnd = 0
    else:
        rnd = whole_at(read.place, (*P, "round"), spec.get("round", 1), 1, rounds)
        if rnd == rounds and phase is not Phase.ELECTION:
            raise read.place.error((*P, "phase"), f"round {rounds} is only the election (DM5.2, DM12.2): "
                                   "phase: election")
    pos.phase, pos.round = phase, rnd
    if rnd:
        pos.election = election_board(rnd)
        for b in set_aside(rnd, pos.short):
            board = pos.boards[b]
            pos.opinion_discard.extend(c for c, _ in board.opinions)
            board.state, board.opinions, board.key_issue, board.payout = None, [], None, None
            n = pos.players
            board.rallies, board.media, board.votes, board.popularity = [0] * n, [0] * n, [0] * n, [0] * n
        for b, tile in payouts(rnd, pos.short).items():
            if pos.boards[b].in_play:
                pos.boards[b].payout = tile
    if "first" in spec:
        pos.first = read.party((*P, "first"), spec["first"])
    boards = _boards(read, pos, spec)
    for i, v in read.by_party((*P, "money"), spec.get("money"),
                              lambda p, v: whole_at(read.place, p, v, 0, MAX_MONEY)).items():
        if v % 1000:
            raise read.place.error((*P, "money", pos.parties[i].value), "money moves by €1,000 (DM1.11)")
        pos.money[i] = v
    for i, v in read.by_party((*P, "members"), spec.get("members"),
                              lambda p, v: whole_at(read.place, p, v, 0, MAX_MEMBERS)).items():
        pos.members[i] = v
    _contributions(read, pos, spec)
    _seats(read, pos, spec)
    _national_media(read, pos, spec)
    _polls(read, pos, spec)
    place_cards(read, pos, spec, boards)
    read_cabinet(read, pos, spec, boards)
    _supplies(read, pos)
    return pos


def _boards(read: Reader, pos: DieMacherPosition, spec: dict[str, Any]) -> dict[int, tuple[Path_, dict[str, Any]]]:
    """Each board's markers and state as written; its opinions are ``_cards``' (returned, by board)."""
    P: Path_ = ("position", "boards")
    raw = spec.get("boards")
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise read.place.error(P, "expected a mapping of boards (1: {votes: {cdu: 12}}, or bayern: {…})")
    states = [b.state for b in pos.boards]
    out: dict[int, tuple[Path_, dict[str, Any]]] = {}
    for key, body in raw.items():
        at = (*P, str(key))
        b = read.board_key(at, key, states)
        if b in out:
            raise read.place.error(at, f"board {b + 1} is given twice")
        board = pos.boards[b]
        if not board.in_play:
            raise read.place.error(at, f"board {b + 1} is set aside in round {pos.round} (DM10.3, DM12.2)")
        bs = keys_of(read.place, at, body, BOARD_KEYS)
        out[b] = (at, bs)
        if "state" in bs:
            state = read.state((*at, "state"), bs["state"])
            other = next((k for k, bd in enumerate(pos.boards) if bd.state == state), None)
            if other is not None:  # the two boards swap states
                pos.boards[other].state = board.state
            else:
                pos.state_deck.remove(state)
                if board.state is not None:
                    pos.state_deck.insert(0, board.state)
            board.state = state
        if "payout" in bs:
            board.payout = None if bs["payout"] is None else whole_at(read.place, (*at, "payout"), bs["payout"], 1,
                                                                       pos.rounds)
        n = pos.players
        for key2, low, high, target in (("popularity", -POPULARITY, POPULARITY, board.popularity),
                                        ("rallies", 0, RALLIES_PER_BOARD, board.rallies),
                                        ("media", 0, MEDIA_MARKERS, board.media)):
            for i, v in read.by_party((*at, key2), bs.get(key2), bounded(read.place, low, high)).items():
                target[i] = v
        for i, v in read.by_party((*at, "votes"), bs.get("votes"),
                                  lambda p, v: whole_at(read.place, p, v, 0, MAX_VOTES)).items():
            board.votes[i] = v  # DM6.5: written later, arrived later: on a tie, on top
            pos.stamp += 1
            board.arrived[i] = pos.stamp if v else 0
        assert len(board.votes) == n
    return out


def bounded(place: Place, low: int, high: int) -> Callable[[Path_, Any], int]:
    return lambda path, raw: whole_at(place, path, raw, low, high)


def _contributions(read: Reader, pos: DieMacherPosition, spec: dict[str, Any]) -> None:
    P: Path_ = ("position", "contributions")
    for i, ids in read.by_party(P, spec.get("contributions"), lambda p, v: list_at(read.place, p, v)).items():
        at = (*P, pos.parties[i].value)
        cards = [read.contribution((*at, j), c) for j, c in enumerate(ids)]
        if len(set(cards)) != len(cards):
            raise read.place.error(at, "a party holds one card of each amount (DM1.8)")
        pos.contributions[i] = cards


def _seats(read: Reader, pos: DieMacherPosition, spec: dict[str, Any]) -> None:
    P: Path_ = ("position", "seats")
    held = max(0, pos.round - 1) + (1 if pos.phase is Phase.END_OF_ROUND else 0)
    for i in range(pos.players):
        pos.seats_won[i] = [0] * held
    for i, won in read.by_party(P, spec.get("seats"), lambda p, v: list_at(read.place, p, v)).items():
        at = (*P, pos.parties[i].value)
        if len(won) != held:
            raise read.place.error(at, f"expected the seats of each of the {held} elections held so far, got {len(won)}")
        pos.seats_won[i] = [whole_at(read.place, (*at, j), s, 0, MAX_SEATS) for j, s in enumerate(won)]


def _national_media(read: Reader, pos: DieMacherPosition, spec: dict[str, Any]) -> None:
    """``national_media: {1: [cdu, spd]}``: the media markers of each election's national group (DM9.4)."""
    P: Path_ = ("position", "national_media")
    raw = spec.get("national_media")
    if raw is None:
        return
    if not isinstance(raw, dict):
        raise read.place.error(P, "expected a mapping of elections to parties (1: [cdu, spd])")
    for k, parties in raw.items():
        at = (*P, str(k))
        r = whole_at(read.place, at, int(k) if isinstance(k, str) and k.isdigit() else k, 1, pos.rounds)
        group = [read.party((*at, j), p) for j, p in enumerate(list_at(read.place, at, parties))]
        if len(group) > pos.data.media_per_group:
            raise read.place.error(at, f"a group holds {pos.data.media_per_group} media markers at most (DM2.2)")
        pos.national_media[r - 1] = group


def _polls(read: Reader, pos: DieMacherPosition, spec: dict[str, Any]) -> None:
    """``polls: [poll-03, …]``: the poll deck's next cards, the first dealt first (DM7.5.1)."""
    P: Path_ = ("position", "polls")
    polls = [read.poll((*P, j), p) for j, p in enumerate(list_at(read.place, P, spec.get("polls")))]
    if len(set(polls)) != len(polls):
        raise read.place.error(P, "a poll card is listed twice")
    rest = [p for p in pos.poll_deck if p not in polls]
    pos.poll_discard = [p for p in pos.poll_discard if p not in polls]
    pos.poll_deck = rest + polls[::-1]  # the top is the last


def _supplies(read: Reader, pos: DieMacherPosition) -> None:
    for i, party in enumerate(pos.parties):
        if pos.rally_supply(i) < 0:
            raise read.place.error(("position", "boards"), f"{party.value} has {RALLY_MARKERS - pos.rally_supply(i)} "
                                   f"rally markers on the boards: it has {RALLY_MARKERS} (DM1.10)")
        if pos.media_supply(i) < 0:
            raise read.place.error(("position",), f"{party.value} has {MEDIA_MARKERS - pos.media_supply(i)} media "
                                   f"markers on the boards and the national board: it has {MEDIA_MARKERS} (DM1.10)")
