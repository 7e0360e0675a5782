"""DM8.5 and DM18.8–DM18.9: coalitions for this round's election, by a fixed protocol that always
ends and is the same for people and bots. Only parties with a coalition tile on the election board
take part. In turn order each of them not yet in a coalition has one turn: pass; force a holder
with whom it shares 3 or 4 identical face-up platform cards; or propose to one with whom it shares
exactly 2 — who accepts or declines at once (a decision of the party asked: D4). A party in a
coalition joins no other. Then the tiles of the parties left out leave the board (all tiles are
spent once placed, DM18.9). No coalition forms on a board with the anti-coalition tile
(DM8.5.6)."""

from __future__ import annotations

from ...game.decisions import Option
from ...game.together import Steps
from .cards import Card
from .context import Ctx
from .events_cabinet_phase import CoalitionDeclined, CoalitionFormed, TilesLeave
from .kinds import COALITION_FORCE, COALITION_MIN_COMMON, Kind

ACCEPT = Option("accept", "accept the coalition", True)
DECLINE = Option("decline", "decline it", False)


def in_common(a: list[Card], b: list[Card]) -> int:
    """DM8.5.3: how many identical face-up platform cards two parties share."""
    return sum(1 for x in a if any(x.identical(y) for y in b))


def coalitions(ctx: Ctx) -> Steps:
    pos = ctx.pos
    board = pos.boards[pos.election]
    if not board.anti_coalition and len(board.tiles) >= 2:
        yield from protocol(ctx)
    pos = ctx.pos
    board = pos.boards[pos.election]
    joined = {p for pair in pos.coalitions for p in pair}
    out = [i for i in board.tiles if i not in joined]
    if out:  # DM8.5.5: a lone holder's tile too, and every tile under the anti-coalition tile
        board.tiles = [i for i in board.tiles if i in joined]
        ctx.emit(TilesLeave, tuple(pos.parties[i] for i in sorted(out)), ctx.state_name(pos.election))


def protocol(ctx: Ctx) -> Steps:
    """DM18.8: one pass over the tile holders, in turn order."""
    for i in ctx.pos.order():  # DM18.8: one turn a holder, in turn order
        pos = ctx.pos
        board = pos.boards[pos.election]
        joined = {p for pair in pos.coalitions for p in pair}
        if i not in board.tiles or i in joined:
            continue
        options = [Option("pass", "pass", None)]
        for j in pos.order():
            if j == i or j not in board.tiles or j in joined:
                continue
            common = in_common(pos.platform[i], pos.platform[j])
            if common >= COALITION_FORCE:
                options.append(Option(f"force:{pos.parties[j].value}", f"force a coalition with {pos.parties[j]} "
                                      f"({common} platform cards in common)", (j, True)))
            elif common == COALITION_MIN_COMMON:
                options.append(Option(f"propose:{pos.parties[j].value}", f"propose a coalition to {pos.parties[j]} "
                                      f"({common} platform cards in common)", (j, False)))
        option = yield from ctx.ask(i, Kind.COALITION, "coalitions (DM8.5): force one, propose one, or pass", options)
        if option.value is None:
            continue
        j, forced = option.value
        if not forced:
            answer = yield from ctx.ask(j, Kind.CONSENT, f"coalitions (DM8.5.3): {pos.parties[i]} proposes a coalition "
                                        "for this election", (ACCEPT, DECLINE))
            if not answer.value:
                ctx.emit(CoalitionDeclined, pos.parties[i], pos.parties[j])
                continue
        ctx.pos.coalitions.append((i, j))
        ctx.emit(CoalitionFormed, pos.parties[i], pos.parties[j], forced)
