"""DM10: the end of a round — the election board cleared, then reset or set aside (DM10.3, DM12.2),
one opinion turned up on each other board (DM10.4), the next board first in line; then the
external contributions (DM10.5)."""

from __future__ import annotations

from functools import lru_cache

from ...game.decisions import Option
from ...game.together import Steps
from . import events as E
from .context import Ctx, first_fitting
from .data import Contribution
from .kinds import REFUSAL_BONUS_DICE, Kind
from .position import BOARDS
from .setup import set_state

#: DM10.3 (the 7-round game): the face-up opinions of the reset after each round, None: set aside.
RESETS_FULL = {1: 1, 2: 1, 3: 2}
#: DM12.2 (the 5-round game).
RESETS_SHORT = {1: 2}


def end_of_round(ctx: Ctx) -> None:
    pos = ctx.pos
    b = pos.election
    board = pos.boards[b]
    name = ctx.state_name(b)
    resets = RESETS_SHORT if pos.short else RESETS_FULL
    up = resets.get(pos.round)
    # DM10.1: cards to the discard piles, markers back to their owners, tracks to 0.
    pos.opinion_discard.extend(c for c, _ in board.opinions)
    board.opinions = []
    n = pos.players
    board.votes, board.popularity, board.arrived = [0] * n, [0] * n, [0] * n
    board.rallies, board.media, board.placed = [0] * n, [0] * n, [0] * n
    board.key_issue, board.payout = None, None
    board.tiles = []  # DM8.5.5, DM18.9: spent
    pos.coalitions = []
    for bd in pos.boards:  # DM8.6: the round's cabinet cards have left the game
        bd.cabinet = []
    ctx.emit(E.BoardCleared, b + 1, name, up is None)
    if up is None:
        board.state = None
    else:  # DM10.2
        set_state(ctx, b, up)
        for i in range(n):
            if pos.rally_supply(i) > 0:  # DM18.19
                board.rallies[i] = 1
        if pos.round == 1 and not pos.short:
            board.payout = 5  # DM10.3: the round-5 payout tile
        if (pos.round == 3 and not pos.short) or (pos.round == 1 and pos.short):
            board.anti_coalition = True  # DM10.3, DM12.2
    for k in range(1, BOARDS):  # DM10.4
        other = (b + k) % BOARDS
        turn_up(ctx, other)
    for k in range(1, BOARDS + 1):  # the next board in the ring still in play (DM2.4)
        nxt = (b + k) % BOARDS
        if pos.boards[nxt].in_play:
            pos.election = nxt
            break
    for bd in pos.boards:
        bd.placed = [0] * n


def turn_up(ctx: Ctx, b: int) -> None:
    """DM10.4: the first face-down opinion of board ``b`` turned up; one on an issue a face-up card
    there shows goes under the deck and is replaced from it until one is on a new issue."""
    pos = ctx.pos
    board = pos.boards[b]
    if not board.in_play:
        return
    slot = next((s for s, (_, up) in enumerate(board.opinions) if not up), None)
    if slot is None:
        return
    shown = board.face_up()
    card, _ = board.opinions[slot]
    replaced = []
    if any(card.issue == c.issue for c in shown):
        pos.opinion_deck.insert(0, card)
        replaced.append(card)
        found, under = first_fitting(ctx.draw_opinion, lambda c: pos.opinion_deck.insert(0, c),
                                     lambda c: all(c.issue != s.issue for s in shown),
                                     len(pos.opinion_deck) + len(pos.opinion_discard) + 1)
        replaced += under
        if found is None:  # no card on a new issue left anywhere: the card stays face down, there
            pos.opinion_deck.remove(card)
            return
        card = found
    board.opinions[slot] = (card, True)
    ctx.emit(E.OpinionTurnedUp, ctx.state_name(b), card, tuple(replaced))


def contributions(ctx: Ctx) -> Steps:
    """DM10.5, DM18.20: in turn order each party lays one unused contribution card face up
    (accept), face down (refuse) or none; then the accepted are paid and their loss rolled, the
    refusals turned up and their gain rolled, and the single largest refusal rolls 3 more dice.

    Each card laid is kept in the position (``laid``) and followed by a checkpoint (``Ctx.mark``):
    a refusal is hidden from the others until all have chosen, so a copy made for one of them
    starts from a position that holds it (and re-deals it), never from the answer that laid it."""
    order = ctx.pos.order()
    while ctx.pos.chosen < len(order):
        i = order[ctx.pos.chosen]
        option = yield from ctx.ask(i, Kind.CONTRIBUTION, "external contributions (DM10.5): accept a card, refuse "
                                    "one, or play none", contribution_options(tuple(ctx.pos.contributions[i])))
        pos = ctx.pos
        if option.value is None:
            ctx.emit(E.ContributionLaid, pos.parties[i], None, None)
        else:
            k, accepted = option.value
            card = pos.contributions[i][k]
            pos.laid.append((i, card, accepted))
            ctx.emit(E.ContributionLaid, pos.parties[i], card.amount, accepted)
        pos.chosen += 1
        ctx.mark()
    laid = ctx.pos.laid
    for i, card, accepted in laid:  # step 2
        if accepted:
            ctx.pay(i, card.amount, "a contribution accepted, DM10.5")
            lost = yield from ctx.roll(card.loss_dice, highest=True, why=f"{ctx.party(i)} accepted, DM10.5")
            ctx.add_members(i, -lost, "a contribution accepted")
    refused = [(i, card) for i, card, accepted in laid if not accepted]
    for i, card in refused:  # step 3
        ctx.emit(E.ContributionRevealed, ctx.party(i), card.amount)
    for i, card in refused:
        gained = yield from ctx.roll(card.gain_dice, highest=False, why=f"{ctx.party(i)} refused, DM10.5")
        ctx.add_members(i, gained, "a contribution refused")
    if refused:  # step 4
        top = max(card.amount for _, card in refused)
        at_top = [i for i, card in refused if card.amount == top]
        if len(at_top) == 1:
            gained = yield from ctx.roll(REFUSAL_BONUS_DICE, highest=False,
                                         why=f"{ctx.party(at_top[0])} refused the largest, DM10.5")
            ctx.add_members(at_top[0], gained, "the largest refusal")
    pos = ctx.pos
    for i, card, _ in laid:  # step 5
        pos.contributions[i].remove(card)
    pos.laid, pos.chosen = [], 0


@lru_cache(maxsize=256)
def contribution_options(cards: tuple[Contribution, ...]) -> tuple[Option, ...]:
    """DM10.5 step 1, DM18.20: no card, or one of the party's unused cards, accepted or refused."""
    options = [Option("none", "play no card", None)]
    for k, c in enumerate(cards):
        options.append(Option(f"accept:{c.id}", f"accept {E.euros(c.amount)} (lose the highest of "
                              f"{c.loss_dice} dice in members)", (k, True)))
        options.append(Option(f"refuse:{c.id}", f"refuse {E.euros(c.amount)} (gain {c.gain_dice} dice of "
                              "members)", (k, False)))
    return tuple(options)
