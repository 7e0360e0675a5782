"""What a seat cannot see in a Die Macher position (DM18.26), dealt anew for a search: the other
parties' platform hands (each keeping its size), the face-down opinions on the boards, the order of
every deck (platform, opinion, polls, states), the contributions the others refused face down
(DM10.5), and the future of the RNG (shuffles and dice).

A copy is re-dealt at the start of the phase in progress (its checkpoint) and replays the phase's
answers the seat knows, so every card the seat has seen since — those it drew, a poll it bought,
a card shown face up — keeps its place: only the cards it has not seen move. The seat's own
decision is then the same in the copy (its options are checked: ``game.py``). Re-dealing past
hidden answers themselves is part 2's (D3)."""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any, Iterable

from ...game.audience import Event
from ...game.rng import GameRng
from .cards import Card
from .data import Poll
from .parties import Party
from .position import FACE_DOWN, DieMacherPosition


def seen_in(events: Iterable[Event], seat: Party) -> set[Any]:
    """Every card and poll named by ``events`` as ``seat`` sees them (its redacted forms)."""
    seen: set[Any] = set()
    for event in events:
        shown = event.redacted(seat)
        for f in fields(shown):
            _collect(getattr(shown, f.name), seen)
    return seen


def _collect(value: Any, seen: set[Any]) -> None:
    if isinstance(value, (Card, Poll)):
        seen.add(value)
    elif isinstance(value, tuple):
        for v in value:
            _collect(v, seen)


def redealt(pos: DieMacherPosition, me: int, rng: random.Random, seen: set[Any], *,
            keep_rng: bool = False) -> DieMacherPosition:
    """A copy of ``pos`` (a phase's start) in which every card and poll hidden from party ``me``
    and not in ``seen`` is dealt anew among the places such cards hold, and the RNG's future too
    (unless ``keep_rng``)."""
    c = pos.copy()
    if not keep_rng:
        c.rng = GameRng(rng.getrandbits(63))
    seen = seen | set(c.hand[me])
    # Platform cards: the deck and the other parties' hands.
    places: list[tuple[list[Any], int]] = [(c.platform_deck, k) for k in range(len(c.platform_deck))]
    places += [(hand, k) for i, hand in enumerate(c.hand) if i != me for k in range(len(hand))]
    _shuffle_unseen(places, seen, rng)
    # Opinion cards: the deck and the boards' face-down cards (seen by nobody).
    places = [(c.opinion_deck, k) for k in range(len(c.opinion_deck))]
    for board in c.boards:
        for k, (_, up) in enumerate(board.opinions):
            if not up:
                places.append((board.opinions, k))
    _shuffle_unseen(places, seen, rng)
    # Polls: the deck and, at a checkpoint between two auctions (DM7.5.2), those still face down
    # on their boards.
    boards = [b for b in c.boards if b.poll is not None]
    polls: list[Any] = [b.poll for b in boards]
    places = [(c.poll_deck, k) for k in range(len(c.poll_deck))] + [(polls, k) for k in range(len(polls))]
    _shuffle_unseen(places, seen, rng)
    for b, poll in zip(boards, polls):
        b.poll = poll
    states = list(c.state_deck)
    rng.shuffle(states)
    c.state_deck = states
    for i in range(c.players):
        if i != me:
            _redeal_cabinet(c, i, rng)
    # DM10.5: a contribution another party refused, face down, is any of its unused cards.
    c.laid = [(i, card if i == me or accepted else rng.choice(c.contributions[i]), accepted)
              for i, card, accepted in c.laid]
    return c


def _shuffle_unseen(places: list[tuple[list[Any], int]], seen: set[Any], rng: random.Random) -> None:
    """Deal the unseen items of ``places`` anew among the places that hold them (a board's
    face-down opinion is a ``(card, False)`` pair)."""
    def item(pile: list[Any], k: int) -> Any:
        x = pile[k]
        return x[0] if isinstance(x, tuple) else x

    free = [(pile, k) for pile, k in places if item(pile, k) not in seen]
    cards = [item(pile, k) for pile, k in free]
    rng.shuffle(cards)
    for (pile, k), card in zip(free, cards):
        pile[k] = (card, False) if isinstance(pile[k], tuple) else card


def _redeal_cabinet(c: DieMacherPosition, i: int, rng: random.Random) -> None:
    """DM8.1, DM18.26: party ``i``'s cabinet cards lying face down are any of its cards not turned
    up, their costs within its money (DM18.4: it could pay for them); a few tries, else as they are."""
    slots = [(b, k) for b, board in enumerate(c.boards) for k, (j, _, state) in enumerate(board.cabinet)
             if j == i and state == FACE_DOWN]
    if not slots:
        return
    by_id = c.data.cabinet_by_id
    cards = [c.boards[b].cabinet[k][1] for b, k in slots] + c.cabinet[i]
    for _ in range(_TRIES):
        rng.shuffle(cards)
        if sum(by_id[x].cost for x in cards[:len(slots)]) <= c.money[i]:
            for (b, k), card_id in zip(slots, cards):
                c.boards[b].cabinet[k] = (i, card_id, FACE_DOWN)
            c.cabinet[i] = cards[len(slots):]
            return


_TRIES = 10
