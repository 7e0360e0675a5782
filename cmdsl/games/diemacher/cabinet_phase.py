"""DM8.1–DM8.4 and DM18.7: the shadow-cabinet phase — in turn order, each party places 0 to 4 of its
unused cabinet cards face down, at most one a board, their total cost within its money (DM18.4);
then every card is turned up at once and each party pays for its cards; a card with a telephone
puts the party's coalition tile on its board (DM8.4, spent: DM18.9); then, in turn order, each
party resolves all its cards, in the order it likes (DM18.7), each by one action of its menu
(the card's effect, in the effect language: ``cabinet.py``).

Each card placed is a hidden commitment: it is kept in the position and followed by a checkpoint
(``Ctx.mark``), so that a copy made for another party starts from the position that holds it (and
re-deals it, ``determinize.py``) rather than from the answer that placed it (D3)."""

from __future__ import annotations

from functools import lru_cache

from ...game.decisions import Option
from ...game.together import Steps
from .cabinet import resolve
from .context import Ctx
from .events_cabinet_phase import CabinetPaid, CabinetPlaced, CabinetRevealed, TilePlaced
from .kinds import CABINET_CARDS_A_ROUND, Kind
from .position import FACE_DOWN, TURNED_UP, USED, DieMacherPosition


def cabinet(ctx: Ctx) -> Steps:
    order = ctx.pos.order()
    while ctx.pos.chosen < len(order):  # DM8.1
        i = order[ctx.pos.chosen]
        while True:
            options = place_options(ctx.pos, i)
            if len(options) == 1:
                break
            option = yield from ctx.ask(i, Kind.CABINET_PLACE, "shadow cabinet (DM8.1): place a card face down on a "
                                        "board, or stop", options)
            if option.value is None:
                break
            card_id, b = option.value
            pos = ctx.pos
            pos.cabinet[i].remove(card_id)  # DM8.6: used once a game
            pos.boards[b].cabinet.append((i, card_id, FACE_DOWN))
            ctx.emit(CabinetPlaced, pos.parties[i], ctx.state_name(b), pos.data.cabinet_by_id[card_id].en)
            ctx.mark()
        ctx.pos.chosen += 1
        ctx.mark()
    reveal(ctx)
    for i in ctx.pos.order():  # DM8.3, DM18.7: each party all its cards, in the order it likes
        while True:
            mine = [(b, card_id) for b, board in enumerate(ctx.pos.boards)
                    for j, card_id, state in board.cabinet if j == i and state == TURNED_UP]
            if not mine:
                break
            cards = ctx.pos.data.cabinet_by_id
            options = [Option(f"resolve:{cards[c].id}", f"the {cards[c].en} in {ctx.state_name(b)}", (b, c))
                       for b, c in mine]
            option = yield from ctx.ask(i, Kind.CABINET_NEXT, "shadow cabinet (DM18.7): which of your cards now?",
                                        options)
            b, card_id = option.value
            board = ctx.pos.boards[b]
            board.cabinet = [(j, c, USED if (j, c) == (i, card_id) else s) for j, c, s in board.cabinet]
            yield from resolve(ctx, i, b, cards[card_id])
    ctx.pos.chosen = 0


def place_options(pos: DieMacherPosition, i: int) -> list[Option]:
    """DM8.1, DM18.4: stop, or an unused card on a board where the party has none this round,
    while it has placed fewer than 4 and their costs stay within its money."""
    options = [Option("stop", "place no more", None)]
    placed = [(b, c) for b, board in enumerate(pos.boards) for j, c, _ in board.cabinet if j == i]
    if len(placed) >= CABINET_CARDS_A_ROUND:
        return options
    cards = pos.data.cabinet_by_id
    left = pos.money[i] - sum(cards[c].cost for _, c in placed)
    free = [b for b, board in enumerate(pos.boards) if board.in_play and all(j != i for j, _, _ in board.cabinet)]
    for card_id in pos.cabinet[i]:
        card = cards[card_id]
        if card.cost > left:
            continue
        for b in free:
            state = pos.boards[b].state
            assert state is not None
            options.append(_place(card.id, card.en, card.cost, state.id, state.name, b))
    return options


@lru_cache(maxsize=1024)
def _place(card: str, en: str, cost: int, state: str, name: str, b: int) -> Option:
    """The option of placing a card on board ``b``: made once (a bot's copies ask the placement
    decision again and again), from the card's and the state's texts (cheaper to hash than them)."""
    return Option(f"place:{card}:{state}", f"the {en} ({cost:,} €) in {name}", (card, b))


def reveal(ctx: Ctx) -> None:
    """DM8.2, DM8.4: every card turned up at once, its owner paying for it; a telephone's tile."""
    pos = ctx.pos
    cards = pos.data.cabinet_by_id
    shown = []
    costs = [0] * pos.players
    for b, board in enumerate(pos.boards):
        for k, (i, card_id, state) in enumerate(board.cabinet):
            if state != FACE_DOWN:
                continue
            board.cabinet[k] = (i, card_id, TURNED_UP)
            shown.append((i, b, card_id))
            costs[i] += cards[card_id].cost
    if not shown:
        return
    ctx.emit(CabinetRevealed, tuple((pos.parties[i], ctx.state_name(b), cards[c].en) for i, b, c in shown))
    for i, cost in enumerate(costs):
        if cost:
            assert pos.money[i] >= cost, "DM18.4: placed only within the party's money"
            pos.money[i] -= cost
            ctx.emit(CabinetPaid, pos.parties[i], cost, pos.money[i])
    for i, b, card_id in shown:
        board = pos.boards[b]
        if cards[card_id].phone and pos.tiles[i] > 0 and i not in board.tiles:  # DM8.4, DM18.9
            pos.tiles[i] -= 1
            board.tiles.append(i)
            ctx.emit(TilePlaced, pos.parties[i], ctx.state_name(b), pos.tiles[i])
    ctx.mark()
