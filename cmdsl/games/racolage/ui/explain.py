"""What the REPL shows of a Racolage Électoral game, made from one seat's ``View`` only (and the
set's card data and Party cards, which are public): the board (`table`), the hand, and `?`, the
decision explained rule by rule. Nothing here reads the game: a text cannot say more than the
seat may know (docs/secrets.md; tests/racolage/test_racolage_secrets.py compares them in two games
that differ only in what the seat cannot see)."""

from __future__ import annotations

from typing import Sequence

from .. import catalog
from ..cards import Action, ActionKind, Media, Party, RacolageSet
from ..events import Passed, TurnStarted
from ..game import HAND, PRICE, Kind, View
from ..placing import placing
from ..seats import SEATS
from ..vocabulary.nodes import Permanent



def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _media(cards: RacolageSet, card_id: str) -> str:
    m = cards.media_card(card_id)
    return f"{m.en} (+{m.value}, {m.theme}, {m.low} → {m.high})"


def _permanent(cards: RacolageSet, card_id: str) -> str:
    a = cards.action_card(card_id)
    said = f"+{a.bonus} at the end" if a.kind is ActionKind.DIRECT else a.theme if a.theme else ""
    return a.en + (f" ({said})" if said else "")


def _event(cards: RacolageSet, view: View) -> str:
    if view.event is None:
        return "empty (RA11.7)"
    e = cards.action_card(view.event)
    return f"{e.en} ({e.theme} open to every player)" if e.theme else f"{e.en} (no theme)"


def board(view: View, cards: RacolageSet, parties: Sequence[Party], public: bool = False) -> str:
    """`table`: every player's party, notoriety, media space, bonus zone, hand size and skips;
    the event slot, the decks and the discard pile (``public``: nobody is "you", a spectator's)."""
    me = None if public else view.seat
    deciding = f" — {view.deciding} must answer" if view.deciding is not None else " — the game is over"
    lines = [f"Turn {view.turn} — {view.active}'s turn{deciding}" + (" — final round (RA8.1)" if view.final_round else "")]
    for i, party in enumerate(parties):
        seat = SEATS[i]
        you = " (you)" if seat is me else ""
        final = f" (final {view.final[i]}, with bonuses: RA11.1)" if view.final[i] != view.notoriety[i] else ""
        skips = f", skips {_plural(view.skips[i], 'turn')}" if view.skips[i] else ""
        lines.append(f"{seat}{you} — {party.en}: notoriety {view.notoriety[i]}{final}, "
                     f"{_plural(view.hand_sizes[i], 'card')} in hand{skips}")
        lines.append("  media space: " + (", ".join(_media(cards, c) for c in view.media_spaces[i]) or "—"))
        zone = dict(view.zones[i])
        lines.append("  bonus zone: " + "; ".join(f"{catalog.kind_name(t, 'en')}: " + (_permanent(cards, zone[t]) if t in zone else "—")
                                                 for t in Permanent))
    lines.append(f"Event slot: {_event(cards, view)}")
    if view.table:
        lines.append("Played this turn: " + ", ".join(cards.card_name(c) for c in view.table))
    top = f", top: {cards.card_name(view.discard[-1])}" if view.discard else ""
    lines.append(f"Media deck {view.media_deck}, Action deck {view.action_deck}; discard pile "
                 f"{_plural(len(view.discard), 'card')}{top}")
    return "\n".join(lines)


def hand(view: View, cards: RacolageSet) -> str:
    lines = [f"Your hand ({_plural(len(view.hand), 'card')}; notoriety {view.notoriety[view.seat.index]}):"]
    lines += [f"  {c}  {cards.card_name(c)} — {catalog.what(cards, cards.cards[c], 'en')}" for c in view.hand]
    return "\n".join(lines)


def placeable(view: View, cards: RacolageSet, card_id: str) -> tuple[bool, str]:
    """RA6.1 for one Media card of the hand: whether it can be placed now, and why, in words."""
    event = cards.action_card(view.event) if view.event is not None else None
    phrase_id = dict(view.zones[view.seat.index]).get(Permanent.CATCHPHRASE)
    phrase = cards.action_card(phrase_id) if phrase_id is not None else None
    said = placing(cards.media_card(card_id), view.notoriety[view.seat.index], event, phrase)
    return said.can, said.said()


def _phase_two_passed(view: View) -> Passed | None:
    """This turn's phase 2, if the seat did nothing in it (its log, as the seat read it)."""
    for e in reversed(view.log):
        if isinstance(e, TurnStarted):
            return None
        if isinstance(e, Passed) and e.phase == 2 and e.seat is view.seat:
            return e
    return None


def _privilege(view: View, cards: RacolageSet) -> str | None:
    card = dict(view.zones[view.seat.index]).get(Permanent.PRIVILEGE)
    return cards.card_name(card) if card is not None else None


def _worth(view: View, cards: RacolageSet) -> int:
    return sum(cards.cards[c].worth for c in view.hand)


def explain(view: View, cards: RacolageSet) -> str:
    """`?`: the seat's decision explained from its view, then its options."""
    d = view.decision
    if d is None:
        return ("The game is over." if view.deciding is None
                else f"It is {view.deciding}'s decision: nothing for you to answer now.")
    me = view.seat.index
    lines = [f"{view.seat}: {d.prompt}" + (f" — asked by {d.cause}" if d.cause else "")]
    if d.kind == Kind.DRAW:
        privilege = _privilege(view, cards)
        why = f" (your Privilege {privilege})" if privilege is not None and view.draws != 1 else ""
        worth = _worth(view, cards)
        lines += ["Phase 1 of your turn (RA4.1): one of draw, buy or pass.",
                  f"- draw: the top {'card' if view.draws == 1 else f'{view.draws} cards'} of the Media deck into your hand{why}; "
                  f"the deck has {view.media_deck}, and whoever draws its last card starts the final round (RA8.1).",
                  f"- buy: Action cards at {PRICE} points each (RA5.1), paid by selling cards from your hand: a "
                  f"Media card for its value, an Action card for 2 (RA5.2), no change given (RA5.3). Your hand is "
                  f"worth {worth}: {_plural(worth // PRICE, 'Action')} at most. An Event drawn goes into play and "
                  "does not count (RA5.4).",
                  "- pass: do nothing."]
    elif d.kind == Kind.BUY:
        lines.append(f"Each Action card costs {PRICE} points (RA5.1); your hand is worth {_worth(view, cards)} "
                     "(a Media card its value, an Action card 2: RA5.2). Then you choose the cards to sell.")
    elif d.kind == Kind.SELL:
        lines.append("A Media card sells for its value, an Action card for 2 (RA5.2); no change is given (RA5.3).")
    elif d.kind == Kind.LAY:
        played = not any(o.id.startswith("play:") for o in d.options) and any(
            isinstance(cards.cards[c], Action) for c in view.hand)
        lines.append("Phase 2 (RA4.2): place a Media card, play an Action card, or play an Action then place a "
                     "Media card. A Media card needs its theme open to you and your notoriety within its range, "
                     "both bounds included (RA6.1).")
        if view.final[me] != view.notoriety[me]:
            lines.append(f"Your notoriety for the range is {view.notoriety[me]}, your placed Media: the bonuses "
                         f"that make your final notoriety {view.final[me]} count only at the end (RA11.1).")
        media = [c for c in view.hand if isinstance(cards.cards[c], Media)]
        lines += [f"- {placeable(view, cards, c)[1]}." for c in media] or ["- You hold no Media card."]
        actions = [cards.action_card(c) for c in view.hand if isinstance(cards.cards[c], Action)]
        if played:
            lines.append("You have played an Action this turn: you may still place one Media card (RA4.2 c).")
        elif actions:
            lines.append("Actions you may play first (RA4.2 c):")
            lines += [f"- {a.en} ({catalog.what(cards, a, 'en')})"
                      + (f": {' '.join(text.split())}" if (text := a.rules_text('en', cards.terms('en'))) else "")
                      for a in actions]
    elif d.kind == Kind.HAND:
        privilege = _privilege(view, cards)
        lines.append(f"Phase 3, the hand check (RA4.3): you hold {_plural(len(view.hand), 'card')}, the limit is "
                     f"{view.hand_limit}: discard down to it. "
                     + (f"Your Privilege {privilege} sets the limit (RA6.2)." if view.hand_limit != HAND and privilege
                        else f"The limit is {HAND} unless a Privilege in your bonus zone changes it (RA6.2)."))
        passed = _phase_two_passed(view)
        if passed is not None and passed.why:  # phase 2 was not asked: say why (RA6.1)
            lines.append("You placed no Media card this turn: none of your Media cards can be placed now (RA6.1):")
            lines += [f"- {placeable(view, cards, c)[1]}." for c in view.hand if isinstance(cards.cards[c], Media)]
    elif d.kind == Kind.DISCARD:
        lines.append("An effect makes you discard a card of your choice from your hand, face up.")
    elif d.kind == Kind.OPTION:
        lines.append("An effect gives you a choice: each option is what it does.")
    lines += [f"  {i}. {o.label}" for i, o in enumerate(d.options, 1)]
    return "\n".join(lines)
