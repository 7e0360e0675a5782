"""Racolage Électoral's cards for people: `cmdsl cards list|show|doc`, in English or French (the
rulebook's language), every Action's rules text written from its effect."""

from __future__ import annotations

from ...sets.card_lookup import Named, find_card
from .cards import Action, ActionKind, Card, Media, RacolageSet

_KINDS = {
    "en": {ActionKind.DIRECT: "Direct Action", ActionKind.PRIVILEGE: "Privilege", ActionKind.CATCHPHRASE: "Catchphrase",
           ActionKind.TEMPORARY: "Temporary Action", ActionKind.EVENT: "Event", "media": "Media",
           "range": "range", "bonus": "notoriety bonus at the end", "no_effect": "No effect.",
           "opens": "While it is in its owner's bonus zone, they may place {theme} Media (RA6.2).",
           "opens_all": "While it is in play, every player may place {theme} Media (RA6.4).",
           "once": "When it is drawn (RA6.4):"},
    "fr": {ActionKind.DIRECT: "Action directe", ActionKind.PRIVILEGE: "Passe-droit", ActionKind.CATCHPHRASE: "Phrase choc",
           ActionKind.TEMPORARY: "Action temporaire", ActionKind.EVENT: "Événement", "media": "Média",
           "range": "fourchette", "bonus": "points de notoriété en fin de partie", "no_effect": "Aucun effet.",
           "opens": "Tant qu'elle est dans sa zone de bonus, son propriétaire peut placer des Médias du thème {theme} (RA6.2).",
           "opens_all": "Tant qu'il est en jeu, chaque joueur peut placer des Médias du thème {theme} (RA6.4).",
           "once": "Quand il est pioché (RA6.4) :"},
}


def kind_name(kind: str, lang: str) -> str:
    """An Action kind's name ("Privilege"; "Passe-droit"), by its value (a bonus zone's ``Permanent`` too)."""
    return str(_KINDS[lang][ActionKind(kind)])


def _theme(cards: RacolageSet, theme: str, lang: str) -> str:
    return cards.terms(lang).names.get(theme, theme)


def _name(card: Card, lang: str) -> str:
    return card.name if lang == "fr" else card.en


def what(cards: RacolageSet, card: Card, lang: str) -> str:
    """A card's kind and numbers, in a few words: "Media, Economy, +3, range 3 → 30"."""
    words = _KINDS[lang]
    if isinstance(card, Media):
        return f"{words['media']}, {_theme(cards, card.theme, lang)}, +{card.value}, {words['range']} {card.low} → {card.high}"
    parts = [words[card.kind]]
    if card.theme is not None:
        parts.append(_theme(cards, card.theme, lang))
    if card.bonus:
        parts.append(f"+{card.bonus} {words['bonus']}")
    return ", ".join(parts)


def list_cards(cards: RacolageSet, lang: str = "en") -> str:
    return "\n".join(f"{c.id:<5} {_name(c, lang):<44} {what(cards, c, lang)}" for c in cards.cards.values())


def find(cards: RacolageSet, asked: str) -> Card:
    """The card ``asked`` names: its id, its English or French name (any case, accents or not), or
    the start of one name (``cmdsl.sets.card_lookup``); copies of one card are its first copy."""
    named = [Named(c.id, (c.en, c.name)) for c in sorted(cards.cards.values(), key=lambda c: c.id)]
    return cards.cards[find_card(asked, named, f'no card "{asked}" in {cards.name}')]


def show(cards: RacolageSet, card_id: str, lang: str = "en") -> str:
    card = find(cards, card_id)
    other = card.en if lang == "fr" else card.name
    lines = [f"{card.id} — {_name(card, lang)} ({other})", what(cards, card, lang) + "."]
    if isinstance(card, Action):
        words, text = _KINDS[lang], card.rules_text(lang, cards.terms(lang))
        if card.theme is not None:  # what the rules make of its theme (RA6.2, RA6.4)
            key = "opens" if card.kind is ActionKind.CATCHPHRASE else "opens_all"
            lines.append(words[key].format(theme=_theme(cards, card.theme, lang)))
        if text and card.kind is ActionKind.EVENT:
            lines += [words["once"]] + ["  " + line for line in text.splitlines()]
        elif text:
            lines += text.splitlines()
        elif card.theme is None and card.kind is not ActionKind.DIRECT:
            lines.append(words["no_effect"])
    return "\n".join(lines) + "\n"


def markdown(cards: RacolageSet, lang: str = "en") -> str:
    """Every card as a Markdown table, its rules text in one cell."""
    head = "| id | card | what | does |\n| --- | --- | --- | --- |\n"
    rows = []
    for c in cards.cards.values():
        does = " ".join(c.rules_text(lang, cards.terms(lang)).split()) if isinstance(c, Action) else ""
        rows.append(f"| {c.id} | {_name(c, lang)} | {what(cards, c, lang)} | {does} |")
    return f"# {cards.name}\n\n" + head + "\n".join(rows) + "\n"
