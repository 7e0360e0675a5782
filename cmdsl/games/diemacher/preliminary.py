"""DM4: the preliminary step, once before round 1 — every party fills in its sheet in secret, all
at once (a ``Together``); the sheets are revealed together and carried out, in seat order. Nothing
costs money. Column 1 grants all three items (DM18.5); column 2 is one bundle (DM4.3)."""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from ...game.decisions import Decision, Option, PlayerSeat
from ...game.together import Steps
from . import events as E
from .context import Ctx, board_options
from .kinds import POPULARITY, Kind

#: A sheet: column 1's three states, column 2's bundle and one state per media marker.
Sheet = tuple[int, int, int, int, tuple[int, ...]]


def preliminary(ctx: Ctx) -> Steps:
    pos = ctx.pos
    parts: dict[PlayerSeat, Callable[[], Steps]] = {party: partial(sheet, ctx, i) for i, party in enumerate(pos.parties)}
    revealed = yield from ctx.host.together(parts)
    pos = ctx.pos
    data = pos.data
    for i, party in enumerate(pos.parties):  # DM4.1: carried out together; in seat order
        popularity, votes, rallies, bundle, media = revealed.results[party]
        board = pos.boards[popularity]
        board.popularity[i] = min(POPULARITY, board.popularity[i] + data.prelim_popularity)
        board = pos.boards[votes]
        if data.prelim_votes > board.votes[i]:  # DM4.2: the vote marker is set to 6
            pos.arrive(board, i, data.prelim_votes - board.votes[i])
        pos.boards[rallies].rallies[i] += data.prelim_rallies
        for b in media:  # DM4.5: a board may hold more than 5 media markers after this step only
            pos.boards[b].media[i] += 1
        gained = data.bundles[bundle].members
        pos.members[i] += gained
        ctx.emit(E.PreliminaryRevealed, party, ctx.state_name(popularity), ctx.state_name(votes),
                 ctx.state_name(rallies), gained, tuple(ctx.state_name(b) for b in media))


def sheet(ctx: Ctx, i: int) -> Steps:
    """One party's secret sheet, decision by decision (DM4.2–DM4.4: any state, any number of times)."""
    pos = ctx.pos
    party = pos.parties[i]
    states = board_options(pos)
    data = pos.data

    def ask(prompt: str, options: list[Option]) -> Any:
        option = yield Decision(party, Kind.PRELIMINARY, prompt, tuple(options))
        return option.value

    popularity = yield from ask(f"preliminary step (DM4.2): +{data.prelim_popularity} popularity in which state?",
                                states)
    votes = yield from ask(f"preliminary step (DM4.2): your vote marker to {data.prelim_votes} in which state?", states)
    rallies = yield from ask(f"preliminary step (DM4.2): {data.prelim_rallies} rally markers in which state?", states)
    bundles = [Option(f"bundle:{k + 1}", f"{b.media} media marker(s) and +{b.members} members", k)
               for k, b in enumerate(data.bundles)]
    bundle = yield from ask("preliminary step (DM4.3): which bundle?", bundles)
    media = []
    count = data.bundles[bundle].media
    for k in range(count):
        media.append((yield from ask(f"preliminary step (DM4.3): media marker {k + 1} of {count} in which state?",
                                     states)))
    return (popularity, votes, rallies, bundle, tuple(media))
