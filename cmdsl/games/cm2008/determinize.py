"""Determinization: a copy of a game in which what one seat cannot see is dealt anew.

A bot that looks ahead must not use hidden information (DESIGN property 11): it searches copies
in which everything its view does not show is re-dealt: the opponent's hand and deck, its own
deck order, the Breaking News order and the future dice; in a draft game (R3.1) also which cards
the opponent drafted (their hand and deck are dealt from their pool, less the cards the seat has
seen), and, mid-draft, the opponent's pool, kept cards and this round's three cards (their
pending pick is asked again among the re-dealt ones), and the order of the seat's own pool. The
cards are sorted before they are shuffled, so the result depends on the bot's RNG and on what the
seat can know, not on where the hidden cards really are.

In a beginner or choose-states game the opponent's cards are their starred deck, which is
public: their hand and deck are re-dealt among themselves.

Known limit: the copy's event log is the real game's (a fork replays it): it names hidden cards,
and a bot must read the copy's position and decisions, not its log.
"""

from __future__ import annotations

import random

from .model import Side
from ...values import value
from ...game.contract import Host
from .position import DraftPile, Position


def redeal(game: Host[Side], seat: Side, rng: random.Random, pool: frozenset[str] | None = None) -> None:
    """Re-deal, in place, everything ``seat`` cannot see in ``game`` (a fork, never a real game).
    The re-deal is one of the game's position changes, so that its own forks keep it (a fork made
    mid-turn replays the turn's answers, then re-deals again the same way). ``rng`` moves on as if
    it had dealt itself: it does.

    In a draft game (``pool``: the other seat's 45 cards, R3.1) the other seat's cards are dealt
    from its pool (``_Pool``); a draft pick it has made already, unrevealed (a fork not made
    ``for_seat``), keeps the cards it was made among."""
    opp = seat.other
    drafted = None
    if pool is not None:
        drafted = _Pool(pool, picked=all(d.player is not opp for d in game.pending_decisions))
    game.change_position(_Redeal(seat, rng, drafted))


@value  # frozen values made cheaply (``cmdsl.values``): one per determinization
class _Pool:
    """What a re-deal needs to know of a drafted opponent: their 45 cards, and whether they have
    made the pending round's pick already (then the round's three cards stay theirs)."""

    cards: frozenset[str]
    picked: bool


class _Redeal:
    """A re-deal as a position change: the same deal each time it is applied. The first time
    (at once, in ``redeal``) it deals with the caller's generator and keeps what it dealt; when a
    fork of the game is rebuilt, the position at that point holds the same cards, so the same deal
    is put back (cheaper than keeping the generator's state to deal again)."""

    __slots__ = ("seat", "_rng", "_pool", "_dealt")

    def __init__(self, seat: Side, rng: random.Random, pool: _Pool | None) -> None:
        self.seat = seat
        self._rng: random.Random | None = rng
        self._pool = pool
        self._dealt: _Deal | None = None

    def __call__(self, pos: Position) -> None:
        if self._dealt is None:
            assert self._rng is not None
            self._dealt = _deal(pos, self.seat, self._rng, self._pool)
            self._rng = None  # the bot's generator is used once, never kept
        _put(pos, self.seat, self._dealt)


@value
class _Deal:
    """What a re-deal decides: the opponent's hand and deck, the seat's deck order, the Breaking
    News order, the seed of the game's future shuffles and dice; in a draft game also the draft
    piles in progress (the seat's pool order, the opponent's pool, drawn and kept cards) and,
    once drafted, the cards the opponent plays with."""

    hand: tuple[str, ...]
    deck: tuple[str, ...]
    own_deck: tuple[str, ...]
    news: tuple[str, ...]
    seed: int
    draft: tuple[tuple[Side, DraftPile], ...] = ()
    decks: tuple[str, ...] | None = None


def _deal(pos: Position, seat: Side, rng: random.Random, pool: _Pool | None) -> _Deal:
    if pool is not None:
        return _deal_drafted(pos, seat, rng, pool)
    opp = pos.players[seat.other]
    cards = sorted(opp.hand + opp.deck)  # the opponent's face-down cards: which is where is hidden
    rng.shuffle(cards)
    n = len(opp.hand)
    own = _shuffled(pos.players[seat].deck, rng)  # the seat knows its deck's cards, not their order
    news = _shuffled(pos.news_deck, rng)
    return _Deal(tuple(cards[:n]), tuple(cards[n:]), tuple(own), tuple(news), rng.getrandbits(64))


def _deal_drafted(pos: Position, seat: Side, rng: random.Random, pool: _Pool) -> _Deal:
    """The opponent drafted (R3.1): which of their 45 cards they drafted is secret, but for those
    the seat has seen (face up now, or face up once and reshuffled into their deck, R5). Their
    unseen cards are dealt to their hand, deck, draft piles (kept, drawn, pool), the rest being
    those removed unseen; the seat's own draft pool is put in another order."""
    side = seat.other
    opp = pos.players[side]
    face_up = set(opp.discard) | set(opp.played)
    if pos.media is not None and pos.media[1] is side:
        face_up.add(pos.media[0])
    hidden = opp.hand + opp.deck
    known = sorted((opp.reshuffled - face_up).intersection(hidden))  # face down, but surely theirs
    piles = pos.draft.get(side)
    fixed = piles.drawn if piles is not None and pool.picked else ()  # among them a pick was made
    unseen = sorted(pool.cards - face_up - opp.reshuffled - set(fixed))
    n = len(hidden) - len(known)
    dealt = n if piles is None else n + len(piles.kept) + len(piles.pool) + (0 if fixed else len(piles.drawn))
    unseen = rng.sample(unseen, dealt)  # in a random order; the others are those removed unseen
    cards, rest = known + unseen[:n], unseen[n:]
    if known:
        rng.shuffle(cards)
    draft: list[tuple[Side, DraftPile]] = []
    if piles is not None:
        k, d = len(piles.kept), 0 if fixed else len(piles.drawn)
        draft.append((side, DraftPile(tuple(rest[k + d:k + d + len(piles.pool)]), fixed or tuple(rest[k:k + d]),
                                      tuple(rest[:k]))))
    decks = None
    if pos.decks.get(side):  # drafted: the cards they play with are those face up and those dealt
        decks = tuple(sorted(set(pos.decks[side]).difference(hidden).union(cards)))
    own = _shuffled(pos.players[seat].deck, rng)
    mine = pos.draft.get(seat)
    if mine is not None:  # the seat's own future draws
        draft.append((seat, DraftPile(tuple(_shuffled(list(mine.pool), rng)), mine.drawn, mine.kept)))
    news = _shuffled(pos.news_deck, rng)
    h = len(opp.hand)
    return _Deal(tuple(cards[:h]), tuple(cards[h:]), tuple(own), tuple(news), rng.getrandbits(64),
                 tuple(draft), decks)


def _put(pos: Position, seat: Side, deal: _Deal) -> None:
    opp, own = pos.players[seat.other], pos.players[seat]
    opp.hand[:], opp.deck[:], own.deck[:], pos.news_deck[:] = deal.hand, deal.deck, deal.own_deck, deal.news
    for side, pile in deal.draft:
        pos.draft[side] = pile
    if deal.decks is not None:
        pos.decks[seat.other] = deal.decks
    pos.rng.seed(deal.seed)  # future shuffles and dice


def determinized(game: Host[Side], seat: Side, rng: random.Random, pool: frozenset[str] | None) -> Host[Side]:
    """A fork of ``game`` at its pending decision, re-dealt for ``seat`` (``game`` is unchanged;
    ``pool``: the other seat's draft pool, in a draft game).
    Where seats pick in secret at once, the other seats' picks not revealed yet are left out of
    the fork: their decisions are pending again there (``fork(for_seat=…)``), and a draft
    round's are asked again among the cards the re-deal gave them."""
    copy = game.fork(for_seat=seat)
    copy.chance.forget()  # a forced die is not the seat's to know: future dice are re-dealt
    redeal(copy, seat, rng, pool)
    return copy


def _shuffled(cards: list[str], rng: random.Random) -> list[str]:
    out = sorted(cards)
    rng.shuffle(out)
    return out
