"""Die Macher's printed set (`cmdsl print`, ``cmdsl.kits.printing``): each party's seven shadow-cabinet
cards (DM1.6: cost, telephone, the "7" of the long game, the menu written from the effect) and its
five contributions (DM1.8: the sum, accepted or refused), in the party's colour with its name on the
back, since everyone sees whose card lies face down (DM8.1, DM10.5); the twenty opinion polls (DM1.7:
each party's modifier, published or shelved), one shared deck; then a player aid (a one-page round
summary, ``aid_text.py``). Every text is the set's or is written from it (``catalog.py``), in
English (a cabinet card's French name small under its English one) or in French. The boards, tiles
and the platform and opinion decks are not printed."""

from __future__ import annotations

from pathlib import Path

import yaml
from reportlab.lib import colors
from reportlab.lib.units import mm

from ....errors import Located, shown_path
from ....kits.printing.aid import turn_summary
from ....kits.printing.face import SAFE, Box, Drawing, Face, card_back
from ....kits.printing.sheet import Card, Job, Options, Page
from ....sets.safe_yaml import compose
from ....sets.text_files import read_text
from .. import catalog
from ..cabinet_cards import CabinetCard
from ..data import MAX_BYTES, Contribution, Poll, load_data
from ..data_file import CABINET_FILE
from ..parties import LABEL, PARTIES, Party
from .aid_text import AID

GAME = "Die Macher"
INK = colors.Color(0.1, 0.1, 0.1)
GREY = colors.Color(0.4, 0.4, 0.4)
PALE = colors.Color(0.95, 0.95, 0.95)
#: Each party's colour (no rule effect), dark enough for white text on it.
PARTY_COLOUR = {
    Party.CDU: colors.Color(0.15, 0.15, 0.17), Party.SPD: colors.Color(0.78, 0.10, 0.13),
    Party.FDP: colors.Color(0.76, 0.53, 0.0), Party.LINKE: colors.Color(0.55, 0.10, 0.45),
    Party.GRUENE: colors.Color(0.18, 0.52, 0.22),
}
POLL_COLOUR = colors.Color(0.13, 0.30, 0.45)
#: The files and keys the cards are read from (``data.py``), for a warning's line.
_FILES = {"cabinet": CABINET_FILE, "polls": "polls.yaml", "contributions": "contributions.yaml"}


def job(folder: Path, options: Options) -> Job:
    """What `cmdsl print` prints of the Die Macher set in ``folder``: every party's cabinet cards, the
    polls, every party's contributions, a player aid."""
    data = load_data(folder)
    lang = options.lang if options.lang in AID else "en"
    where = {key: _item_lines(folder / file, key) for key, file in _FILES.items()}

    def at(key: str, i: int, card_id: str) -> Located:
        lines = where[key]
        return Located(shown_path(folder / _FILES[key]), lines[i] if i < len(lines) else 0, 0, card_id)

    cabinet = catalog.words(lang)["cabinet"].upper()
    contribution = catalog.words(lang)["contribution"].upper()
    out = [Card(c.id, at("cabinet", i, c.id), _cabinet(c, party, lang), _back(cabinet, party))
           for party in PARTIES for i, c in enumerate(data.cabinet)]
    poll_back = card_back(GAME, catalog.words(lang)["poll"].upper(), POLL_COLOUR)
    out += [Card(p.id, at("polls", i, p.id), _poll(p, lang), poll_back) for i, p in enumerate(data.polls)]
    out += [Card(c.id, at("contributions", i, c.id), _contribution(c, party, lang), _back(contribution, party))
            for party in PARTIES for i, c in enumerate(data.contributions)]
    aid = turn_summary(*AID[lang])  # a one-page round summary, in the printed language
    parties = len(PARTIES)
    summary = (f"{parties * len(data.cabinet)} cabinet cards ({len(data.cabinet)} for each of the {parties} parties), "
               f"{len(data.polls)} polls, {parties * len(data.contributions)} contributions "
               f"({len(data.contributions)} for each party), a player aid")
    page = Page("player-aid", Located(shown_path(folder)), aid)
    return Job(data.name, data.fingerprint, tuple(out), (page,), summary)


def _item_lines(path: Path, key: str) -> list[int]:
    """The 1-based line of each item of the file's list ``key``, in order (the file loaded already)."""
    label = shown_path(path)
    root = compose(read_text(path, max_bytes=MAX_BYTES, label=label), label)
    if not isinstance(root, yaml.MappingNode):
        return []
    items = next((v for k, v in root.value if k.value == key), None)
    return [item.start_mark.line + 1 for item in items.value] if isinstance(items, yaml.SequenceNode) else []


def _back(deck: str, party: Party) -> Drawing:
    """A party's deck back: its colour, the deck and the party's name (seen face down, DM8.1)."""
    return card_back(GAME, f"{deck}\n{LABEL[party]}", PARTY_COLOUR[party])


def _band(face: Face, box: Box, colour: colors.Color, big: str, label: str) -> None:
    """The card's top band in ``colour``: ``big`` (a sum) on the left, ``label`` (its kind, its party)
    small on the right."""
    face.fill(colour, box, to_bleed=True)
    inner = Box(box.x + SAFE, box.y + 1.5 * mm, box.w - 2 * SAFE, box.h - SAFE - 1.5 * mm)
    if big:
        face.text(big, Box(inner.x, inner.y, inner.w * 0.48, inner.h), 15, bold=True, colour=colors.white,
                  what="sum", vcenter=True)
    # a label alone is centred, clear of the "7" on its right (``_seven``) on both sides
    right = (Box(inner.x + inner.w * 0.5, inner.y, inner.w * 0.5, inner.h) if big
             else Box(inner.x + 7 * mm, inner.y, inner.w - 14 * mm, inner.h))
    face.text(label, right, 8, bold=True, colour=colors.white, align="right" if big else "center",
              what="kind", vcenter=True)


def _seven(face: Face, box: Box, colour: colors.Color) -> None:
    """DM12.1's mark, a "7" in a ring at the right of ``box``: kept in the 7-round game only."""
    r = min(box.h / 2 - 0.5 * mm, 3 * mm)
    cx, cy = box.x + box.w - r - 0.5, box.y + box.h / 2
    face.circle(cx, cy, r, colors.white, colour)
    face.line("7", cx, cy - r * 0.45, r * 1.3, bold=True, colour=colour, align="center")


def _names(face: Face, box: Box, name: str, other: str | None) -> None:
    """The card's name, and (English sheets) its French name small under it."""
    if other is None:
        face.text(name, box, 12, bold=True, colour=INK, align="center", what="name", vcenter=True)
        return
    top, under = box.rows(box.h - 4 * mm)
    face.text(name, top, 12, bold=True, colour=INK, align="center", what="name", vcenter=True)
    face.text(other, under, 7, colour=GREY, align="center", what="French name", vcenter=True)


def _body(face: Face, box: Box, text: str, size: float = 8.5) -> None:
    """The rules text, inside the safe area, a little under what is above it and above the footer (the
    card's id and the set's fingerprint)."""
    inner = Box(box.x + SAFE, box.y + SAFE + 2 * mm, box.w - 2 * SAFE, box.h - SAFE - 3 * mm)
    face.text(text, inner, size, colour=INK, what="rules text", leading=1.1)


def _cabinet(card: CabinetCard, party: Party, lang: str) -> Drawing:
    def draw(face: Face) -> None:
        colour, w = PARTY_COLOUR[party], catalog.words(lang)
        band, title, marks, body = face.box.rows(12 * mm, 13 * mm, 6.5 * mm)
        _band(face, band, colour, catalog.euros(card.cost, lang), f"{w['cabinet'].upper()}\n{LABEL[party]}")
        other = card.name if lang == "en" else None
        _names(face, Box(title.x + SAFE, title.y, title.w - 2 * SAFE, title.h - 1 * mm),
               catalog.name(card, lang), other)
        row = Box(marks.x + SAFE, marks.y + 0.5 * mm, marks.w - 2 * SAFE, marks.h - 1 * mm)
        if card.phone:
            pill = Box(row.x, row.y, row.w - (8 * mm if card.seven else 0), row.h)
            face.fill(PALE, pill)
            face.frame(pill, colour, 0.5, radius=1 * mm)
            face.text(w["phone_mark"], pill.inset(1 * mm), 7.5, bold=True, colour=colour,
                      align="center", what="telephone", vcenter=True)
        else:
            face.fill(colors.Color(0.85, 0.85, 0.85), Box(row.x, row.y + row.h / 2, row.w - 8 * mm, 0.4))
        if card.seven:
            _seven(face, row, colour)
        _body(face, body, catalog.rules(card, lang))
        face.frame(face.box, colour, 0.8)
    return draw


def _poll(poll: Poll, lang: str) -> Drawing:
    def draw(face: Face) -> None:
        w = catalog.words(lang)
        band, table, body = face.box.rows(11 * mm, 40 * mm)
        _band(face, band, POLL_COLOUR, "", w["poll"].upper())
        if poll.seven:
            _seven(face, Box(band.x + SAFE, band.y + 1.5 * mm, band.w - 2 * SAFE, band.h - SAFE - 1.5 * mm),
                   POLL_COLOUR)
        rows = Box(table.x + SAFE, table.y + 1 * mm, table.w - 2 * SAFE, table.h - 2 * mm)
        high = rows.h / len(poll.modifiers) if poll.modifiers else rows.h
        for i, (party, modifier) in enumerate(poll.modifiers):
            row = Box(rows.x, rows.top - (i + 1) * high, rows.w, high - 0.8 * mm)
            face.fill(PARTY_COLOUR[party], Box(row.x, row.y, 3 * mm, row.h))
            face.fill(PALE, Box(row.x + 3 * mm, row.y, row.w - 3 * mm, row.h))
            face.text(LABEL[party], Box(row.x + 5 * mm, row.y, row.w - 20 * mm, row.h), 10, colour=INK,
                      what="party", vcenter=True)
            face.line(catalog.signed(modifier), row.x + row.w - 2 * mm, row.y + row.h / 2 - 2 * mm, 13, bold=True,
                      colour=INK, align="right")
        _body(face, Box(body.x, body.y, body.w, body.h - 1.5 * mm), catalog.uses(poll, lang), 8.5)
        face.frame(face.box, POLL_COLOUR, 0.8)
    return draw


def _contribution(card: Contribution, party: Party, lang: str) -> Drawing:
    def draw(face: Face) -> None:
        colour, w = PARTY_COLOUR[party], catalog.words(lang)
        band, amount, body = face.box.rows(11 * mm, 24 * mm)
        _band(face, band, colour, "", f"{w['contribution'].upper()}\n{LABEL[party]}")
        if card.seven:
            _seven(face, Box(band.x + SAFE, band.y + 1.5 * mm, band.w - 2 * SAFE, band.h - SAFE - 1.5 * mm), colour)
        face.text(catalog.euros(card.amount, lang), amount.inset(SAFE), 24, bold=True, colour=colour, align="center",
                  what="sum", vcenter=True)
        _body(face, body, catalog.rules(card, lang), 10)
        face.frame(face.box, colour, 0.8)
    return draw
