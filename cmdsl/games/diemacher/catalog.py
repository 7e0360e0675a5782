"""Die Macher's cards for people (`cmdsl cards list|show|doc --game diemacher`, and the words of its
printed sheets, ``ui/printing.py``): the shadow-cabinet cards (DM1.6, their rules text written
from their effect), the opinion polls (DM1.7) and the contributions (DM1.8), in English or French.
Each card once, by the id its set gives it (a contribution's is its amount: ``10k``); every party
holds the same cabinet and contribution cards (DM3.1)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from ...sets.card_lookup import Named, find_card
from . import event_text
from .cabinet_cards import CabinetCard, card_text
from .data import Contribution, DieMacherData, Poll
from .parties import LABEL

Card = CabinetCard | Poll | Contribution

_WORDS: Mapping[str, Mapping[str, str]] = MappingProxyType({
    "en": MappingProxyType({
        "cabinet": "Shadow cabinet", "poll": "Opinion poll", "contribution": "Contribution",
        "contribution_of": "Contribution of {amount}",
        "phone": "telephone: puts its party's coalition tile on its board (DM8.4)",
        "phone_short": "telephone", "phone_mark": "Telephone: coalition tile (DM8.4)",
        "seven": "7-round game only (DM12.1)", "seven_short": "7 rounds only",
        "cost": "costs {amount}, paid when it is revealed (DM8.2)",
        "publish": "Published: the buyer applies up to {k} of these modifiers on its board (DM7.5 step 4).",
        "shelve": "Shelved: the buyer gains as many members as {total} shows.",
        "publish_short": "publish up to {k}", "shelve_short": "shelved: gain members ({total})",
        "accept": "Accepted (face up): take {amount}; lose as many members as {highest} shows.",
        "refuse": "Refused (face down): gain as many members as {total} shows.",
        "accept_short": "accepted: lose members ({highest})", "refuse_short": "refused: gain members ({total})",
        "one_die": "one die", "highest": "the highest of {n} dice", "total": "the total of {n} dice",
        "modifiers": "Popularity modifiers: {list}.",
        "no_card": 'no card "{asked}" in {set}',
        "head": "| id | card | what | does |\n| --- | --- | --- | --- |",
    }),
    "fr": MappingProxyType({
        "cabinet": "Cabinet fantôme", "poll": "Sondage", "contribution": "Contribution",
        "contribution_of": "Contribution de {amount}",
        "phone": "téléphone : pose la tuile de coalition de son parti sur son plateau (DM8.4)",
        "phone_short": "téléphone", "phone_mark": "Téléphone : tuile de coalition (DM8.4)",
        "seven": "partie en 7 manches seulement (DM12.1)", "seven_short": "7 manches seulement",
        "cost": "coûte {amount}, payés quand elle est révélée (DM8.2)",
        "publish": "Publié : l'acheteur applique jusqu'à {k} de ces modificateurs sur son plateau (DM7.5 étape 4).",
        "shelve": "Gardé secret : l'acheteur gagne autant d'adhérents qu'indique {total}.",
        "publish_short": "publier jusqu'à {k}", "shelve_short": "gardé secret : gain d'adhérents ({total})",
        "accept": "Acceptée (face visible) : prenez {amount} ; perdez autant d'adhérents qu'indique {highest}.",
        "refuse": "Refusée (face cachée) : gagnez autant d'adhérents qu'indique {total}.",
        "accept_short": "acceptée : perte d'adhérents ({highest})", "refuse_short": "refusée : gain d'adhérents ({total})",
        "one_die": "un dé", "highest": "le plus haut de {n} dés", "total": "le total de {n} dés",
        "modifiers": "Modificateurs de popularité : {list}.",
        "no_card": 'pas de carte « {asked} » dans {set}',
        "head": "| id | carte | quoi | effet |\n| --- | --- | --- | --- |",
    }),
})


def words(lang: str) -> Mapping[str, str]:
    """The catalogue's words in ``lang`` (English for a language it has not got)."""
    return _WORDS.get(lang, _WORDS["en"])


def euros(amount: int, lang: str) -> str:
    """"€25,000" in English, "25 000 €" in French (its spaces no-break: a card never cuts a sum)."""
    return f"{amount:,}\u00a0€".replace(",", "\u00a0") if lang == "fr" else event_text.euros(amount)


def rolled(n: int, how: str, lang: str) -> str:
    """``n`` dice read as ``how`` says ("highest" or "total"): "the highest of 3 dice", "one die"."""
    return words(lang)["one_die"] if n == 1 else words(lang)[how].format(n=n)


def signed(n: int) -> str:
    """A modifier as a card prints it: "+2", "0", "−1" (a minus sign)."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def cards_of(data: DieMacherData) -> tuple[Card, ...]:
    """Every card of the set once, in the order it is listed and printed: cabinet, polls, contributions."""
    return (*data.cabinet, *data.polls, *data.contributions)


def kind(card: Card, lang: str) -> str:
    """"Shadow cabinet", "Opinion poll", "Contribution" (in ``lang``)."""
    key = "cabinet" if isinstance(card, CabinetCard) else "poll" if isinstance(card, Poll) else "contribution"
    return words(lang)[key]


def name(card: Card, lang: str) -> str:
    """A cabinet card's name (in the language asked); a poll's kind; a contribution's kind and sum."""
    if isinstance(card, CabinetCard):
        return card.name if lang == "fr" else card.en
    if isinstance(card, Poll):
        return kind(card, lang)
    return words(lang)["contribution_of"].format(amount=euros(card.amount, lang))


def modifiers(poll: Poll) -> str:
    """"CDU/CSU +2, SPD +1, FDP 0, Die Linkspartei −1, Die Grünen −2" (DM1.7)."""
    return ", ".join(f"{LABEL[party]} {signed(m)}" for party, m in poll.modifiers)


def what(card: Card, lang: str) -> str:
    """What the card's name does not say, in a few words: a cabinet card's kind, cost and telephone
    ("Shadow cabinet, €25,000, telephone"), a poll's modifiers and uses, a contribution's dice; and
    "7 rounds only" (DM12.1)."""
    w = words(lang)
    if isinstance(card, CabinetCard):
        parts = [w["cabinet"], euros(card.cost, lang)] + [w["phone_short"]] * card.phone
    elif isinstance(card, Poll):
        parts = [modifiers(card), w["publish_short"].format(k=card.publish),
                 w["shelve_short"].format(total=rolled(card.dice, "total", lang))]
    else:
        parts = [w["accept_short"].format(highest=rolled(card.loss_dice, "highest", lang)),
                 w["refuse_short"].format(total=rolled(card.gain_dice, "total", lang))]
    return ", ".join(parts + [w["seven_short"]] * card.seven)


def rules(card: Card, lang: str) -> str:
    """What the card does, as it is printed: a cabinet card's menu written from its effect; a poll's
    modifiers and its two uses (DM7.5 step 4); a contribution accepted or refused (DM10.5)."""
    w = words(lang)
    if isinstance(card, CabinetCard):
        return card_text(card, lang).rstrip("\n")
    if isinstance(card, Poll):
        return w["modifiers"].format(list=modifiers(card)) + "\n" + uses(card, lang)
    return "\n".join((w["accept"].format(amount=euros(card.amount, lang), highest=rolled(card.loss_dice, "highest", lang)),
                      w["refuse"].format(total=rolled(card.gain_dice, "total", lang))))


def uses(poll: Poll, lang: str) -> str:
    """A poll's two uses, published or shelved (DM7.5 step 4): its card prints them under its modifiers."""
    w = words(lang)
    return w["publish"].format(k=poll.publish) + "\n" + w["shelve"].format(total=rolled(poll.dice, "total", lang))


def list_cards(data: DieMacherData, lang: str = "en") -> str:
    """One line a card: its id, its name, what it is (in columns)."""
    cards = cards_of(data)
    ids = max((len(c.id) for c in cards), default=0)
    names = max((len(name(c, lang)) for c in cards), default=0)
    return "\n".join(f"{c.id:<{ids}}  {name(c, lang):<{names}}  {what(c, lang)}" for c in cards)


def find(data: DieMacherData, asked: str, lang: str = "en") -> Card:
    """The card ``asked`` names: its id, or a cabinet card's English or French name (or the start of
    one; ``cmdsl.sets.card_lookup``)."""
    cards = {c.id: c for c in cards_of(data)}
    named = [Named(c.id, (c.en, c.name) if isinstance(c, CabinetCard) else (c.id,)) for c in cards.values()]
    return cards[find_card(asked, named, words(lang)["no_card"].format(asked=asked, set=data.name))]


def show(data: DieMacherData, asked: str, lang: str = "en") -> str:
    """The card: its id and names, what it is, then its rules (a cabinet card's cost and telephone)."""
    card, w = find(data, asked, lang), words(lang)
    if isinstance(card, CabinetCard):
        other = card.en if lang == "fr" else card.name
        lines = [f"{card.id} — {name(card, lang)} ({other})",
                 f"{w['cabinet']}, " + w["cost"].format(amount=euros(card.cost, lang)) + "."]
        lines += [w["phone"][0].upper() + w["phone"][1:] + "."] * card.phone
    else:
        lines = [f"{card.id} — {name(card, lang)}"]
    lines += [w["seven"][0].upper() + w["seven"][1:] + "."] * card.seven
    return "\n".join([*lines, rules(card, lang)]) + "\n"


def markdown(data: DieMacherData, lang: str = "en") -> str:
    """Every card as a Markdown table, its rules in one cell."""
    rows = [f"| {c.id} | {name(c, lang)} | {what(c, lang)} | {' '.join(rules(c, lang).split())} |"
            for c in cards_of(data)]
    return f"# {data.name}\n\n" + words(lang)["head"] + "\n" + "\n".join(rows) + "\n"
