"""DM7.2: the platform conference — in turn order, each party fills its hand to 3, may discard
any hand cards face down and draw as many, then may swap one face-up platform card for a hand
card, keeping 5 cards on 5 different issues. Hand cards are named by their place in the hand in
the options (``discard:1+3``, ``swap:2:1``), so that an answer fits a re-dealt hand too."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ...game.decisions import Option
from ...game.together import Steps
from . import events as E
from .cards import Card
from .context import Ctx
from .kinds import HAND, Kind


def platform(ctx: Ctx) -> Steps:
    for i in ctx.pos.order():
        yield from conference(ctx, i)


def conference(ctx: Ctx, i: int) -> Steps:
    pos = ctx.pos
    party = pos.parties[i]
    hand = pos.hand[i]
    if len(hand) < HAND:  # DM7.2.1
        drawn = [ctx.draw_platform() for _ in range(HAND - len(hand))]
        hand.extend(drawn)
        ctx.emit(E.HandDrawn, party, tuple(drawn), len(drawn))
    option = yield from ctx.ask(i, Kind.DISCARD, "platform conference (DM7.2.2): discard hand cards and draw as "
                                "many?", discard_options(tuple(hand)))
    pos = ctx.pos
    hand = pos.hand[i]
    if option.value:
        out = [hand[k] for k in option.value]
        for card in out:
            hand.remove(card)
        pos.platform_discard.extend(out)
        ctx.emit(E.HandDiscarded, party, tuple(out), len(out))
        drawn = [ctx.draw_platform() for _ in out]
        hand.extend(drawn)
        ctx.emit(E.HandDrawn, party, tuple(drawn), len(drawn))
    option = yield from ctx.ask(i, Kind.PLATFORM_SWAP, "platform conference (DM7.2.3): swap a face-up platform card "
                                "for a hand card?", swap_options(tuple(pos.platform[i]), tuple(hand)))
    if option.value is None:
        return
    pos = ctx.pos
    slot, k = option.value
    shown, hand = pos.platform[i], pos.hand[i]
    out, into = shown[slot], hand[k]
    shown[slot] = into
    del hand[k]
    pos.platform_discard.append(out)
    ctx.emit(E.PlatformSwapped, party, out, into)


@lru_cache(maxsize=4096)
def discard_options(hand: tuple[Card, ...]) -> tuple[Option, ...]:
    options = [Option("keep", "keep the hand", ())]
    for n in range(1, len(hand) + 1):
        for ks in combinations(range(len(hand)), n):
            options.append(Option("discard:" + "+".join(str(k + 1) for k in ks),
                                  "discard " + ", ".join(hand[k].id for k in ks), ks))
    return tuple(options)


@lru_cache(maxsize=4096)
def swap_options(shown: tuple[Card, ...], hand: tuple[Card, ...]) -> tuple[Option, ...]:
    """DM7.2.3: no swap, or (face-up slot, hand card) keeping 5 different issues."""
    options = [Option("no-swap", "no swap", None)]
    for slot, out in enumerate(shown):
        others = [c.issue for s, c in enumerate(shown) if s != slot]
        for k, card in enumerate(hand):
            if card.issue not in others:
                options.append(Option(f"swap:{slot + 1}:{k + 1}", f"show {card.id} instead of {out.id}", (slot, k)))
    return tuple(options)
