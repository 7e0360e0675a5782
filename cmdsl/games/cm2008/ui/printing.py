"""Campaign Manager 2008's printed set (`cmdsl print`, ``cmdsl.kits.printing``): each side's campaign
cards (side colour, title, type, cost, the beginner star, the Going Negative die, the rules text
written from the effect), Breaking News, the state tiles (EV, setup pile, beginner mark, rows of
voter blocks in their colours, issue track, groups with the key one marked) as cards, the Going
Negative table and a player aid (a one-page turn summary, ``aid_text.py``) on pages of their own.
Its text is the set's, in English or French: titles in French where the set gives them (``title_fr:``),
else in English, said once as a warning."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from reportlab.lib import colors
from reportlab.lib.units import mm

from ....errors import CardError, Located
from ....kits.printing.aid import turn_summary
from ....kits.printing.face import SAFE, Box, Drawing, Face, card_back
from ....kits.printing.sheet import Card, Job, Options, Page
from ..catalog import card_text
from ..glossary import card_type, terms
from ..loader import load_card_set
from ..model import TRACK, CardDef, NegativeDef, NewsDef, Side, StateTile
from .aid_text import AID

SIDE_COLOUR = {Side.MCCAIN: colors.Color(0.76, 0.13, 0.15), Side.OBAMA: colors.Color(0.10, 0.33, 0.66)}
BLOCK_COLOUR = {"R": SIDE_COLOUR[Side.MCCAIN], "B": SIDE_COLOUR[Side.OBAMA], "W": colors.white}
NEWS_COLOUR = colors.Color(0.18, 0.18, 0.2)
GAME = "Campaign Manager 2008"  # on every back
INK = colors.Color(0.1, 0.1, 0.1)
_WORDS = {
    "en": {"cost": "Cost: discard {n}", "news": "Breaking News", "state": "Battleground State", "ev": "EV", "pile": "{side}'s pile",
           "key": "key", "track": "Issue track", "table": "The Going Negative table",
           "table_note": "The opponent of the player who rolled carries out the result (R8.1).",
           "campaign": "Campaign Strategy", "negative": "Going Negative",
           "defense": "Defense", "economy": "Economy"},
    "fr": {"cost": "Coût : défaussez {n}", "news": "Breaking News", "state": "État disputé", "ev": "VE", "pile": "pile de {side}",
           "key": "clef", "track": "Piste d'enjeu", "table": "La table Going Negative",
           "table_note": "L'adversaire du joueur qui a lancé le dé applique le résultat (R8.1).",
"campaign": "Stratégie de campagne",
           "negative": "Going Negative", "defense": "Défense", "economy": "Économie"},
}


def job(folder: Path, options: Options, side: str | None = None) -> Job:
    """What `cmdsl print` prints of the set in ``folder``; ``side``: one side's campaign cards only."""
    cards = load_card_set(folder)
    lang = options.lang
    out: list[Card] = []
    campaign = [c for c in cards.cards.values() if side is None or c.side.value == side]
    words = _WORDS[lang]
    out += [Card(c.id, _where(c), _campaign(c, lang),
                 card_back(GAME, f"{words['campaign']}\n{c.side}", SIDE_COLOUR[c.side])) for c in campaign]
    if side is None:
        out += [Card(n.id, _where(n), _news(n, lang), card_back(GAME, words["news"], NEWS_COLOUR))
                for n in cards.news.values()]
        out += [Card(t.slug, _where(t), _state(t, lang),
                     card_back(GAME, f"{words['state']}\n{words['pile'].format(side=t.pile)}", SIDE_COLOUR[t.pile]))
                for t in cards.states.values()]
    pages: list[Page] = []
    if side is None:
        first = next(iter(cards.negative.values()), None)
        pages.append(Page("going-negative", _where(first) if first else Located(str(folder)),
                          _table(list(cards.negative.values()), lang)))
        title, sections = AID[lang]
        pages.append(Page("player-aid", Located(str(folder)), turn_summary(title, sections)))
    summary = (f"{len(campaign)} campaign cards" + ("" if side else
               f", {len(cards.news)} Breaking News, {len(cards.states)} states, the Going Negative table, a player aid"))
    titled: list[CardDef | NewsDef | NegativeDef] = [*campaign]
    if side is None:
        titled += [*cards.news.values(), *cards.negative.values()]
    return Job(cards.manifest.name, cards.fingerprint, tuple(out), tuple(pages), summary, _untitled(titled, lang))


def _untitled(items: Sequence[CardDef | NewsDef | NegativeDef], lang: str) -> tuple[CardError, ...]:
    """One warning for every item printed in French without a French title (``title_fr:``), at the first."""
    missing = [item for item in items if lang == "fr" and not item.title_fr]
    if not missing:
        return ()
    first = missing[0]
    return (CardError(f"{len(missing)} of the {len(items)} cards, Breaking News and Going Negative results printed "
                      "have no French title: printed with their English title", _where(first),
                      hint="give each a title_fr: line under its title: (docs/cardsets.md)"),)


def _where(item: CardDef | NewsDef | NegativeDef | StateTile) -> Located:
    source = item.source
    label = getattr(item, "id", None) or getattr(item, "name", None)
    return Located(source.file, source.line, 0, label) if source is not None else Located("", 0, 0, label)


def _campaign(card: CardDef, lang: str) -> Drawing:
    def draw(face: Face) -> None:
        words = _WORDS[lang]
        colour = SIDE_COLOUR[card.side]
        band, kind, body = face.box.rows(17 * mm, 7 * mm)
        face.fill(colour, band, to_bleed=True)
        title = band.inset(SAFE)
        face.text(card.title_in(lang), Box(title.x, band.y + 1.5 * mm, title.w - (7 * mm if card.beginner else 0),
                                  band.h - SAFE - 1.5 * mm), 12, bold=True, colour=colors.white, what="title",
                  vcenter=True)
        if card.beginner:
            face.star(band.x + band.w - SAFE - 2.5 * mm, band.top - SAFE - 2.5 * mm, 2.6 * mm, colors.white)
        label = card_type(card.type, lang)
        label = label[:1].upper() + label[1:]  # "Media Support" keeps its capitals
        if card.demographic:
            label += " · " + terms(lang).names.get(card.demographic, card.demographic)
        face.text(label, Box(kind.x + SAFE, kind.y + 1 * mm, kind.w - 2 * SAFE - 7 * mm, kind.h - 1.5 * mm), 8,
                  colour=colour, bold=True, what="type line")
        if card.going_negative:
            face.die(kind.x + kind.w - SAFE - 5 * mm, kind.y + 1 * mm, 5 * mm, colour=INK)
        text = body.inset(SAFE)
        rules = Box(text.x, text.y + 3 * mm, text.w, text.h - 3 * mm)
        if card.cost is not None:
            cost, rules = rules.rows(6 * mm)
            face.fill(colors.Color(0.93, 0.93, 0.93), Box(cost.x, cost.y + 1 * mm, cost.w, cost.h - 1 * mm))
            face.text(words["cost"].format(n=card.discard_cost), Box(cost.x + 1 * mm, cost.y + 1.2 * mm, cost.w - 2 * mm,
                                                         cost.h - 1.6 * mm), 8, bold=True, what="cost")
            rules = Box(rules.x, rules.y, rules.w, rules.h - 1 * mm)
        face.text(_rules(card, lang), rules, 9, colour=INK, what="rules text")
        face.frame(face.box, colour, 0.8)
    return draw


def _rules(item: CardDef | NewsDef | NegativeDef, lang: str) -> str:
    """The rules text without the cost sentence a card with a cost starts with (the card shows its cost)."""
    text = card_text(item, lang)
    if isinstance(item, CardDef) and item.discard_cost:
        text = text.split("\n", 1)[1] if "\n" in text else ""
    return text


def _news(news: NewsDef, lang: str) -> Drawing:
    def draw(face: Face) -> None:
        band, title, body = face.box.rows(9 * mm, 16 * mm)
        face.fill(NEWS_COLOUR, band, to_bleed=True)
        face.text(_WORDS[lang]["news"].upper(), band.inset(SAFE), 10, bold=True, colour=colors.white,
                  align="center", what="band", vcenter=True)
        face.text(news.title_in(lang), title.inset(SAFE), 11, bold=True, what="title", vcenter=True)
        body = body.inset(SAFE)
        face.text(card_text(news, lang), Box(body.x, body.y + 3 * mm, body.w, body.h - 3 * mm), 9, colour=INK,
                  what="rules text")
        face.frame(face.box, NEWS_COLOUR, 0.8)
    return draw


def _state(tile: StateTile, lang: str) -> Drawing:
    def draw(face: Face) -> None:
        words = _WORDS[lang]
        names = terms(lang).names
        pile = SIDE_COLOUR[tile.pile]
        band, head, rows, track, groups, _ = face.box.rows(6 * mm, 18 * mm, 26 * mm, 13 * mm, 17 * mm)
        face.fill(pile, band, to_bleed=True)
        face.text(words["pile"].format(side=str(tile.pile)), band.inset(1.5 * mm), 7, bold=True,
                  colour=colors.white, align="center", what="pile", vcenter=True)
        if tile.beginner:
            face.star(band.x + band.w - SAFE - 2 * mm, band.y + band.h / 2, 2.2 * mm, colors.white)
        name = names.get(tile.name, tile.name)
        inner = head.inset(SAFE)
        face.text(name, Box(inner.x, inner.y, inner.w - 14 * mm, inner.h), 13, bold=True, what="name", vcenter=True)
        face.line(str(tile.ev), inner.x + inner.w, inner.y + inner.h / 2 - 1 * mm, 18, bold=True, align="right")
        face.line(words["ev"], inner.x + inner.w, inner.y + 1 * mm, 7, align="right")
        for i, issue in enumerate(("defense", "economy")):
            row = Box(rows.x + SAFE, rows.top - (i + 1) * rows.h / 2, rows.w - 2 * SAFE, rows.h / 2)
            face.line(words[issue], row.x, row.y + row.h / 2 - 1.2 * mm, 8, bold=True)
            letters = tile.rows[issue]
            for j, letter in enumerate(letters):
                cx = row.x + 20 * mm + j * 6.5 * mm
                face.circle(cx, row.y + row.h / 2, 2.5 * mm, BLOCK_COLOUR[letter])
        inner = track.inset(SAFE)
        face.line(words["track"], inner.x, inner.top - 2.5 * mm, 7, bold=True)
        width = inner.w / 4
        for box in range(4):
            cell = Box(inner.x + box * width + 0.5 * mm, inner.y, width - 1 * mm, inner.h - 4 * mm)
            if box + 1 == tile.issue_box:
                face.fill(colors.Color(0.85, 0.85, 0.85), cell)
            face.frame(cell, INK, 0.5)
            face.line(words[TRACK[box]][:3], cell.x + cell.w / 2, cell.y + cell.h / 2 - 1.2 * mm, 7, align="center")
        inner = groups.inset(SAFE)
        for i, group in enumerate(tile.groups):  # the key group's marker filled, the other's empty
            y = inner.top - (i + 1) * 5.5 * mm
            key = group == tile.key
            face.circle(inner.x + 1.6 * mm, y + 1.2 * mm, 1.4 * mm, INK if key else colors.white, INK)
            label = names.get(group, group) + (f" ({words['key']})" if key else "")
            face.text(label, Box(inner.x + 4.5 * mm, y - 0.5 * mm, inner.w - 4.5 * mm, 4.5 * mm), 8.5, bold=key,
                      what="groups")
        face.frame(face.box, pile, 0.8)
    return draw


def _table(results: Sequence[NegativeDef], lang: str) -> Drawing:
    def draw(face: Face) -> None:
        words = _WORDS[lang]
        head, note, body = face.box.rows(12 * mm, 8 * mm)
        face.text(words["table"], head, 16, bold=True)
        face.text(words["table_note"], note, 9)
        row_h = min(body.h / max(len(results), 1), 30 * mm)
        for i, result in enumerate(results):
            row = Box(body.x, body.top - (i + 1) * row_h, body.w, row_h)
            face.die(row.x, row.top - 11 * mm, 9 * mm, pips=result.roll, colour=INK)
            face.line(str(result.roll), row.x + 4.5 * mm, row.top - 15.5 * mm, 12, bold=True, align="center")
            text = Box(row.x + 14 * mm, row.y + 2 * mm, row.w - 14 * mm, row.h - 3 * mm)
            face.text(f"# {result.title_in(lang)}\n{card_text(result, lang)}", text, 10, what=f"result {result.roll}")
            face.frame(Box(row.x, row.y, row.w, 0.01), colors.lightgrey, 0.4)
    return draw

