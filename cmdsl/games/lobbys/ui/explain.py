"""`?` in a Lobbys game: where the game is, what the seat's pick does and how the step is decided,
citing the rules (L numbers, docs/rules-lobbys.md).

Made only from the seat's view (``LobbysView``: what is public and the seat's own hand) and the
game's public data (related suits, the tie-break order, the scoring values): it can hold nothing
the seat may not know (L11.6).
"""

from __future__ import annotations

from ..cards import Card, Suit
from ..data import LobbysData
from ..options import LobbysDecisionKind
from ..view import LobbysView


def explain(view: LobbysView, data: LobbysData) -> str:
    """The step the seat is at, explained: the situation, what its pick does, how it is decided."""
    if view.over:
        assert view.result is not None
        return f"The game is over (L8.1): {view.result.text()}"
    if view.kind is LobbysDecisionKind.VOTE:
        lines = _election(view, data)
    else:
        lines = _tender(view, data)
    lines += ["", _your_pick(view, data)]
    return "\n".join(lines)


def _where(view: LobbysView) -> str:
    step = (f"tender {view.tender} of {view.tenders}" if view.tender is not None else "the election")
    return f"Round {view.round} of {view.rounds}, {step} (L2.1)."


def _election(view: LobbysView, data: LobbysData) -> list[str]:
    lines = [
        _where(view) + " Every player picks one card in secret, all at once; the cards are revealed "
        "together (L2.2, L5.1). Nobody may abstain.",
        f"Your card gives its rank in votes to the party of its suit (L5.2), and you pay its rank in points "
        f"whichever party wins (L5.3): an Ace costs 1 point, a {data.top_rank[view.players]} costs "
        f"{data.top_rank[view.players]}.",
        f"The party with the most votes wins: its suit is trump for the {view.tenders} tenders of this round "
        "(L5.4). A tie goes to the party that got more cards, then to the one that got the single highest "
        "card; if still tied, the round has no trump (L5.5).",
    ]
    if view.people_variant:
        lines.append(f"The People Speak (L10): after the reveal, {view.players} People cards are drawn; each "
                     "party gains the square of the number of People cards of its suit in votes, whatever "
                     "their ranks (L10.2). A tie for most votes is broken by the People votes first (L10.4).")
    lines.append(f"Trump decides the tenders: the cheapest trump offer wins each one (L6.3 step 1). "
                 f"The election card is discarded, leaving you {len(view.hand) - 1} cards for the tenders "
                 "(L5.6).")
    return lines


def _tender(view: LobbysView, data: LobbysData) -> list[str]:
    assert view.offer is not None
    types = dict(view.contract_types)
    main, linked = view.offer
    related = data.related[main.suit]
    order = ", then ".join(s.symbol for s in data.suit_order)
    lines = [
        _where(view) + f" On offer: {main} ({types[main.face]}), the main contract, and {linked} "
        f"({types[linked.face]}), the linked contract, whose suit does not count (L6.1). Every player "
        "offers one card in secret, all at once; the offers are revealed together (L6.2).",
        "Who wins (L6.3): the cheapest offer (Ace best, 10 worst) of the first of these groups that has one:",
    ]
    if view.trump is not None:
        lines.append(f"  step 1: trump, {view.trump.symbol} — any {view.trump.symbol} offer beats every other suit;")
    else:
        lines.append("  step 1: skipped, this round has no trump (L5.5);")
    main_note = " (the trump suit: already step 1)" if main.suit is view.trump else ""
    related_note = " (the trump suit: already step 1)" if related is view.trump else ""
    lines += [
        f"  step 2: the main contract's suit, {main.suit.symbol}{main_note};",
        f"  step 3: the suit related to it, {related.symbol}{related_note} (L1.2);",
        f"  step 4: any offer; equal ranks go by suit: {order}.",
        f"The winner takes both {main} and {linked}, face up until the round ends, and earns the rank of their "
        "offer in points (L6.4): a low card wins more often but earns less. Every offer is then discarded "
        "(L6.5).",
        f"At the round's end contracts score (L7): {data.majority_points[1]} for the most of a type (L7.1), "
        f"{data.omnipresence_points} for one of each type (L7.2), {data.partisan_points} for the Jack, Queen "
        "and King of one suit (L7.3); the card left in your hand costs its rank (L7.4).",
    ]
    if view.tender == view.tenders:
        lines.append("This is the round's last tender: the card you do not offer is the one left in your hand "
                     "(L6.6), and you lose its rank (L7.4).")
    return lines


def _your_pick(view: LobbysView, data: LobbysData) -> str:
    """The seat's own cards (or its pick made), as this step sorts them."""
    if view.my_pick is not None:
        waiting = ", ".join(map(str, view.waiting_for))
        return f"You picked {view.my_pick}; waiting for {waiting} (revealed when every seat has picked, L11.7)."
    cards = [o.value for o in view.options if isinstance(o.value, Card)]
    if view.kind is LobbysDecisionKind.VOTE:
        by_suit: dict[Suit, list[Card]] = {}
        for c in cards:
            by_suit.setdefault(c.suit, []).append(c)
        parts = [f"{s.symbol} {len(cs)} card{'s' if len(cs) != 1 else ''} ({' '.join(map(str, cs))})"
                 for s, cs in by_suit.items()]
        return "Your options by party: " + "; ".join(parts) + "."
    ranked = sorted(cards, key=lambda c: (_group(view, data, c), c.rank))
    return ("Your options, by the step of L6.3 in which they compete: "
            + ", ".join(f"{c} ({_GROUPS[_group(view, data, c)]})" for c in ranked) + ".")


_GROUPS = ("trump, step 1", "main suit, step 2", "related suit, step 3", "step 4 only")


def _group(view: LobbysView, data: LobbysData, card: Card) -> int:
    """The step of L6.3 (0-based) in which an offer of this card would compete."""
    assert view.offer is not None
    main = view.offer[0]
    if card.suit is view.trump:
        return 0
    if card.suit is main.suit:
        return 1
    if card.suit is data.related[main.suit]:
        return 2
    return 3
