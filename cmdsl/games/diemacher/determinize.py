"""What a seat cannot see in a Die Macher position (DM18.26), dealt anew for a search: the other
parties' platform hands (each keeping its size), the face-down opinions on the boards, the order of
every deck (platform, opinion, polls, states) and the future of the RNG (shuffles and dice).

Part 1 re-deals at a phase's start and replays the phase's answers the seat knows (``game.py``).
An answer given since may not fit the re-dealt cards (a platform swap of a hand card whose issue
the re-dealt card shares): ``redealt`` then offers a second copy that re-deals the decks and the
dice only. Re-dealing past hidden answers themselves is part 2's (D3)."""

from __future__ import annotations

import random
from typing import Iterator

from ...game.rng import GameRng
from .position import DieMacherPosition


def redealt(pos: DieMacherPosition, me: int, rng: random.Random) -> Iterator[DieMacherPosition]:
    """Copies of ``pos`` re-dealt for party ``me``: first everything hidden from it, then the
    decks and the dice only."""
    seed = rng.getrandbits(63)
    yield _redeal(pos, me, random.Random(seed), hands=True)
    yield _redeal(pos, me, random.Random(seed), hands=False)


def _redeal(pos: DieMacherPosition, me: int, rng: random.Random, hands: bool) -> DieMacherPosition:
    c = pos.copy()
    c.rng = GameRng(rng.getrandbits(63))
    # Platform cards unseen by ``me``: the deck and, with ``hands``, the other parties' hands.
    unseen = list(c.platform_deck)
    if hands:
        for i, hand in enumerate(c.hand):
            if i != me:
                unseen += hand
    rng.shuffle(unseen)
    if hands:
        for i, hand in enumerate(c.hand):
            if i != me:
                c.hand[i] = [unseen.pop() for _ in hand]
    c.platform_deck = unseen
    # Opinion cards unseen by anyone: the deck and, with ``hands``, the boards' face-down cards.
    unseen = list(c.opinion_deck)
    slots = []
    if hands:
        for b, board in enumerate(c.boards):
            for s, (card, up) in enumerate(board.opinions):
                if not up:
                    unseen.append(card)
                    slots.append((b, s))
    rng.shuffle(unseen)
    for b, s in slots:
        c.boards[b].opinions[s] = (unseen.pop(), False)
    c.opinion_deck = unseen
    polls = list(c.poll_deck)
    rng.shuffle(polls)
    c.poll_deck = polls
    states = list(c.state_deck)
    rng.shuffle(states)
    c.state_deck = states
    return c
