"""DM3: a new game's position, dealt from the game's seeded RNG, and the events that tell it."""

from __future__ import annotations

from ...game.rng import GameRng
from . import events as E
from .cards import Card, Deck, deck_of
from .context import Ctx, first_fitting, legal_face_up
from .data import DieMacherData
from .kinds import COALITION_TILES, HAND, OPINION_SPACES, PLATFORM, POOL, START_MEMBERS, START_MONEY
from .parties import Party
from .position import BOARDS, Board, DieMacherPosition, Phase

#: DM3.5: the face-up opinions of boards 1 to 4 (the rest of their 4 face down).
FACE_UP_AT_START = (4, 3, 2, 1)
#: DM3.7: the payout tiles on the boards at the start (board index → the round it pays).
PAYOUTS_AT_START = {0: 1, 2: 3}


def new_position(data: DieMacherData, parties: tuple[Party, ...], short: bool, rng: GameRng) -> DieMacherPosition:
    """DM3.1–DM3.9 (DM12.1 for the short game): the position before the preliminary step."""
    n = len(parties)
    platform = list(deck_of(Deck.PLATFORM, data.issue_ids, data.platform_per_stance))
    opinion = list(deck_of(Deck.OPINION, data.issue_ids, data.opinion_per_stance))
    polls = [p for p in data.polls if not (short and p.seven)]  # DM12.1
    states = list(data.states)
    for deck in (platform, opinion, polls, states):
        rng.shuffle(deck)
    contributions = [c for c in data.contributions if not (short and c.seven)]
    pos = DieMacherPosition(
        data=data, parties=parties, short=short, rng=rng, round=0, phase=Phase.PRELIMINARY, phases_done=0, first=0,
        money=[START_MONEY] * n, members=[START_MEMBERS] * n,  # DM1.11, DM3.8
        platform=[[] for _ in range(n)], hand=[[] for _ in range(n)], boards=[], election=0,
        national_media=[[] for _ in range(5 if short else 7)], national=[[] for _ in data.spaces], pool=[],
        platform_deck=platform, platform_discard=[], opinion_deck=opinion, opinion_discard=[], poll_deck=polls,
        poll_discard=[], state_deck=states, contributions=[list(contributions) for _ in range(n)],
        seats_won=[[] for _ in range(n)], stamp=0)
    cabinet = [c.id for c in data.cabinet if not (short and c.seven)]  # DM12.1: no €25,000 card
    pos.cabinet = [list(cabinet) for _ in range(n)]  # DM3.1
    pos.tiles = [COALITION_TILES] * n  # DM1.9
    return pos


def deal(ctx: Ctx) -> None:
    """Deal the position ``new_position`` made, logging it: platforms, hands, boards, pool."""
    pos = ctx.pos
    n = pos.players
    ctx.emit(E.GameStarted, pos.parties, pos.short)
    # DM3.2: face-up platforms, one card at a time; a card on an issue the party shows already
    # goes under the deck and is replaced.
    while any(len(p) < PLATFORM for p in pos.platform):
        for i in range(n):
            shown = pos.platform[i]
            if len(shown) == PLATFORM:
                continue
            card, _ = first_fitting(ctx.draw_platform, lambda c: pos.platform_deck.insert(0, c),
                                    lambda c: all(c.issue != s.issue for s in shown), len(pos.platform_deck) + 1)
            assert card is not None, "the data check keeps enough issues for a platform (DM3.2)"
            shown.append(card)
    for i in range(n):
        ctx.emit(E.PlatformShown, pos.parties[i], tuple(pos.platform[i]))
    for i in range(n):  # DM3.3: a private hand of 3
        pos.hand[i] = [ctx.draw_platform() for _ in range(HAND)]
        ctx.emit(E.HandDrawn, pos.parties[i], tuple(pos.hand[i]), HAND)
    for b in range(BOARDS):  # DM3.4–DM3.7
        board = empty_board(n)
        pos.boards.append(board)
        set_state(ctx, b, FACE_UP_AT_START[b])
        board.payout = PAYOUTS_AT_START.get(b)
        for i in range(n):
            board.rallies[i] = 1  # DM3.6
    pos.pool = [ctx.draw_opinion() for _ in range(POOL)]  # DM3.9
    ctx.emit(E.PoolDealt, tuple(pos.pool))


def empty_board(n: int) -> Board:
    return Board(state=None, popularity=[0] * n, votes=[0] * n, arrived=[0] * n, rallies=[0] * n, placed=[0] * n,
                 media=[0] * n, opinions=[], key_issue=None, payout=None, anti_coalition=False, poll=None)


def set_state(ctx: Ctx, b: int, face_up: int) -> None:
    """DM3.4–DM3.5, DM10.2: the next state card on board ``b`` with ``face_up`` opinions face up
    (each on an issue no other face-up card there shows) and the rest of 4 face down."""
    pos = ctx.pos
    board = pos.boards[b]
    board.state = pos.state_deck.pop()
    up: list[Card] = []
    for _ in range(face_up):
        card, _ = first_fitting(ctx.draw_opinion, lambda c: pos.opinion_deck.insert(0, c),
                                lambda c: legal_face_up(up, c), len(pos.opinion_deck) + len(pos.opinion_discard) + 1)
        if card is not None:
            up.append(card)
    down = [ctx.draw_opinion() for _ in range(OPINION_SPACES - len(up))]
    board.opinions = [(c, True) for c in up] + [(c, False) for c in down]
    ctx.emit(E.BoardSet, b + 1, board.state.name, tuple(up), len(down))
