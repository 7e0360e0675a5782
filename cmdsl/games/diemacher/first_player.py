"""DM7.1: the first-player auction — a sealed bid (the core's ``sealed_bid``: a re-bid among tied
parties, each at least its previous bid, then a die roll-off; all bids zero: straight to the
roll-off, DM7.1.4). Only the winner pays its final bid (DM18.2); it names the first player."""

from __future__ import annotations

from fractions import Fraction

from ...game.auctions import sealed_bid
from ...game.decisions import CHANCE, ChanceOption, Decision, Option
from ...game.together import Steps
from . import events as E
from .context import Ctx, bids, money_hint
from .kinds import MAX_ROLLOFFS, Kind
from .parties import Party

_SIXTH = Fraction(1, 6)
DIE = tuple(ChanceOption(f"die:{n}", str(n), n, _SIXTH) for n in range(1, 7))


def first_player(ctx: Ctx) -> Steps:
    pos = ctx.pos
    parties = pos.parties

    def ask(party: Party, floor: int) -> Decision:
        i = parties.index(party)
        again = "re-bid (at least your bid)" if floor else "bid"
        money = ctx.pos.money[i]
        return Decision(party, Kind.BID, f"round {ctx.pos.round}, first-player auction (DM7.1): your sealed {again}",
                        bids(floor, money), amount=money_hint(floor, money, "bid:{}"))

    def roll(party: Party) -> Decision:
        return Decision(CHANCE, Kind.DIE, f"{party} rolls for the first player (DM7.1.3)", DIE)

    result = yield from sealed_bid(ctx.host, parties, ask, roll, rebid_zero_ties=False, max_rolloffs=MAX_ROLLOFFS)
    for rolls in result.rolls:
        for party, pips in rolls:
            ctx.emit(E.DieRolled, party, pips, "first-player roll-off")
    winner = parties.index(result.winner)
    if result.price:
        ctx.pay(winner, -result.price, "first-player bid, DM18.2")
    # Itself first, then the others clockwise (as it reads the table). A bot that sees no
    # difference names itself: seat order is not turn order every round (it was, with the parties
    # listed from the first seat: a bot's tie named that seat first in every round).
    n = len(parties)
    options = [Option(f"first:{parties[k].value}", str(parties[k]), k) for k in ((winner + j) % n for j in range(n))]
    named = yield from ctx.ask(winner, Kind.NAME_FIRST, "name the first player of this round (DM7.1.2)", options)
    pos = ctx.pos
    pos.first = named.value
    ctx.emit(E.FirstPlayerNamed, result.winner, result.price, parties[named.value])
