"""Racolage Électoral's printed set (`cmdsl print`, ``cmdsl.kits.printing``): the Media cards (notoriety
value, theme in its colour, the range a player's notoriety must be in), the Action cards (kind,
theme, bonus, the rules text written from the effect, as `cmdsl cards show` writes it), the
Political Party cards, a back for each deck, and a player aid (a one-page turn summary,
``aid_text.py``). Every text is the set's or is written from it, in English (the French name small
under the English) or in French."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit

from ....errors import Located
from ....kits.printing.aid import turn_summary
from ....kits.printing.face import BOLD, FONT, SAFE, Align, Box, Drawing, Face, card_back
from ....kits.printing.sheet import Card, Job, Options, Page
from ..catalog import show, what
from ..cards import Action, ActionKind, Media, Party, RacolageSet
from ..loader import load_set, read_items
from .aid_text import AID

INK = colors.Color(0.1, 0.1, 0.1)
GREY = colors.Color(0.4, 0.4, 0.4)
#: A theme's `colour` (themes.yaml) as printed: softer than ReportLab's named colours, readable under
#: white text; any other name or "#rrggbb" is ReportLab's.
PALETTE = {
    "blue": colors.Color(0.13, 0.36, 0.68), "green": colors.Color(0.16, 0.52, 0.27),
    "purple": colors.Color(0.44, 0.24, 0.60), "red": colors.Color(0.77, 0.15, 0.17),
    "yellow": colors.Color(0.96, 0.78, 0.13), "orange": colors.Color(0.93, 0.49, 0.10),
    "pink": colors.Color(0.88, 0.38, 0.60), "brown": colors.Color(0.50, 0.32, 0.18),
    "grey": colors.Color(0.45, 0.45, 0.45), "gray": colors.Color(0.45, 0.45, 0.45),
    "black": colors.Color(0.15, 0.15, 0.15), "teal": colors.Color(0.0, 0.50, 0.50),
}
#: Each kind of Action's band (RA1.5); its theme, if any, is shown beside it in the theme's colour.
KIND_COLOUR = {
    ActionKind.EVENT: colors.Color(0.20, 0.22, 0.30), ActionKind.CATCHPHRASE: colors.Color(0.62, 0.20, 0.42),
    ActionKind.DIRECT: colors.Color(0.72, 0.47, 0.05), ActionKind.PRIVILEGE: colors.Color(0.16, 0.42, 0.45),
    ActionKind.TEMPORARY: colors.Color(0.40, 0.40, 0.43),
}
MEDIA_BACK = colors.Color(0.13, 0.20, 0.36)
ACTION_BACK = colors.Color(0.50, 0.10, 0.16)
PARTY_BACK = colors.Color(0.24, 0.24, 0.26)
#: What the printed font has not got, as printed instead ("→" of the ranges).
_WORDS = {
    "en": {"party": "Political Party", "range": "notoriety range", "theme": "Theme: {theme}"},
    "fr": {"party": "Parti politique", "range": "fourchette de notoriété", "theme": "Thème : {theme}"},
}


def job(folder: Path, options: Options) -> Job:
    """What `cmdsl print` prints of the set in ``folder``: Media, Actions, Parties, a player aid."""
    cards = load_set(folder)
    lang = options.lang if options.lang in _WORDS else "en"
    where = _locations(folder)
    media_back = card_back(cards.name, (_kind(cards, cards.media[0], lang) if cards.media else "").upper(), MEDIA_BACK)
    action_back = card_back(cards.name, "ACTION", ACTION_BACK)
    party_back = card_back(cards.name, _WORDS[lang]["party"].upper(), PARTY_BACK)
    out = [Card(m.id, where.get(m.id, Located(str(folder), 0, 0, m.id)), _media(cards, m, lang), media_back)
           for m in cards.media]
    out += [Card(a.id, where.get(a.id, Located(str(folder), 0, 0, a.id)), _action(cards, a, lang), action_back)
            for a in cards.actions]
    out += [Card(p.id, where.get(p.id, Located(str(folder), 0, 0, p.id)), _party(p, lang), party_back)
            for p in cards.parties]
    aid = turn_summary(*AID[lang])  # a one-page turn summary, in the printed language
    summary = (f"{len(cards.media)} Media, {len(cards.actions)} Actions, {len(cards.parties)} Party cards, "
               "a player aid")
    return Job(cards.name, cards.fingerprint, tuple(out), (Page("player-aid", Located(str(folder)), aid),), summary)


def _locations(folder: Path) -> dict[str, Located]:
    """Each card's place: its file (as the folder names it) and the line of its item."""
    items, _ = read_items(folder)
    out: dict[str, Located] = {}
    for section in ("media", "actions", "parties"):
        for it in items[section]:
            at = it.where()
            out[str(it.values["id"][0])] = replace(at, file=str(folder / at.file))
    return out


def colour_of(name: str) -> colors.Color:
    """A theme's colour by its name in the set (a name ReportLab does not know: grey)."""
    if name.lower() in PALETTE:
        return PALETTE[name.lower()]
    try:
        return colors.toColor(name)
    except ValueError:
        return PALETTE["grey"]


def ink_on(colour: colors.Color) -> colors.Color:
    """White on a dark colour, near black on a light one (a yellow theme)."""
    light = 0.299 * colour.red + 0.587 * colour.green + 0.114 * colour.blue
    return INK if light > 0.62 else colors.white


def _theme(cards: RacolageSet, theme: str, lang: str) -> tuple[str, colors.Color]:
    found = next((t for t in cards.themes if t.id == theme), None)
    name = cards.terms(lang).names.get(theme, theme)
    return name, colour_of(found.colour if found is not None else "grey")


def _names(face: Face, box: Box, name: str, other: str | None, size: float = 12, *,
           align: Align = "left") -> None:
    """The card's name, and (English sheets) its French name as printed, small, just under it: the
    two centred together in ``box``."""
    gap, small = 0.8 * mm, 7.5
    under = len(simpleSplit(other, FONT, small, box.w)) * small * 1.18 if other is not None else 0
    size = face.fitting(name, Box(box.x, box.y, box.w, box.h - (under + gap if other is not None else 0)), size,
                        bold=True)
    high = len(simpleSplit(name, BOLD, size, box.w)) * size * 1.18
    top = box.top - max(0.0, box.h - high - (gap + under if other is not None else 0)) / 2
    face.text(name, Box(box.x, box.y, box.w, top - box.y), size, bold=True, colour=INK, align=align, what="name")
    room = top - high - gap - box.y
    if other is not None and room >= small * 1.18:  # (a name cut for length has left it no room: warned)
        face.text(other, Box(box.x, box.y, box.w, room), small, colour=GREY, align=align, what="French name")


def _media(cards: RacolageSet, media: Media, lang: str) -> Drawing:
    def draw(face: Face) -> None:
        theme, colour = _theme(cards, media.theme, lang)
        ink = ink_on(colour)
        band, title, panel, _, strip, _ = face.box.rows(17 * mm, 24 * mm, 26 * mm, 4 * mm, 9 * mm)
        face.fill(colour, band, to_bleed=True)
        inner = band.inset(SAFE)
        face.line(f"+{media.value}", inner.x, inner.y + 1 * mm, 26, bold=True, colour=ink)
        label = Box(inner.x + 18 * mm, inner.y, inner.w - 18 * mm, inner.h)
        face.text(_kind(cards, media, lang).upper(), label, 11, bold=True, colour=ink, align="right",
                  what="kind", vcenter=True)
        inner = title.inset(SAFE)
        _names(face, inner, media.en if lang == "en" else media.name, media.name if lang == "en" else None)
        _range(face, Box(panel.x + SAFE, panel.y, panel.w - 2 * SAFE, panel.h), media, colour, lang)
        face.fill(colour, strip)
        face.text(theme.upper(), strip.inset(1.5 * mm), 11, bold=True, colour=ink, align="center", what="theme",
                  vcenter=True)
        face.frame(face.box, colour, 0.8)
    return draw


def _range(face: Face, box: Box, media: Media, colour: colors.Color, lang: str) -> None:
    """The range (RA6.1): "min —→ max", the arrow drawn (the font has no "→")."""
    face.fill(colors.Color(0.95, 0.95, 0.95), box)
    face.frame(box, colour, 0.6, radius=1.5 * mm)
    label, numbers = box.rows(7 * mm)
    face.text(_WORDS[lang]["range"].capitalize(), Box(label.x + 2 * mm, label.y, label.w - 4 * mm, label.h - 1.5 * mm),
              8, colour=GREY, align="center", what="range", vcenter=True)
    mid, y = numbers.x + numbers.w / 2, numbers.y + numbers.h / 2 - 3.5 * mm
    face.line(str(media.low), mid - 10 * mm, y, 20, bold=True, colour=INK, align="right")
    face.line(str(media.high), mid + 10 * mm, y, 20, bold=True, colour=INK, align="left")
    _arrow(face, mid - 7 * mm, mid + 7 * mm, y + 3.5 * mm, INK)


def _arrow(face: Face, x0: float, x1: float, y: float, colour: colors.Color) -> None:
    c = face.canvas
    c.setStrokeColor(colour)
    c.setFillColor(colour)
    c.setLineWidth(1.4)
    c.line(x0, y, x1 - 2 * mm, y)
    head = c.beginPath()
    head.moveTo(x1, y)
    head.lineTo(x1 - 2.6 * mm, y + 1.5 * mm)
    head.lineTo(x1 - 2.6 * mm, y - 1.5 * mm)
    head.close()
    c.drawPath(head, stroke=0, fill=1)


def _kind(cards: RacolageSet, card: Media | Action, lang: str) -> str:
    """A card's kind as `cmdsl cards` names it ("Media", "Direct Action", "Passe-droit"): the first
    words of ``what``."""
    return what(cards, card, lang).split(", ", 1)[0]


def _rules(cards: RacolageSet, action: Action, lang: str) -> str:
    """The card's text as `cmdsl cards show` writes it, without its first two lines (the name, and
    the kind: the card shows them apart); a Direct Action's bonus first (as ``what`` writes it)."""
    lines = show(cards, action.id, lang).rstrip("\n").split("\n")[2:]
    if action.bonus:
        lines.insert(0, what(cards, action, lang).split(", ", 1)[1] + ".")
    return "\n".join(lines)


def _action(cards: RacolageSet, action: Action, lang: str) -> Drawing:
    def draw(face: Face) -> None:
        colour = KIND_COLOUR.get(action.kind, GREY)
        band, title, chip, body = face.box.rows(10 * mm, 22 * mm, 7 * mm)
        face.fill(colour, band, to_bleed=True)
        inner = band.inset(SAFE)
        kind = _kind(cards, action, lang)
        face.text(kind.upper(), Box(inner.x, band.y + 1 * mm, inner.w - (12 * mm if action.bonus else 0),
                                    band.h - SAFE - 1 * mm), 10, bold=True, colour=colors.white, what="kind",
                  vcenter=True)
        if action.bonus:
            cx, cy = band.x + band.w - SAFE - 4.5 * mm, band.y + band.h / 2 - 0.5 * mm
            face.circle(cx, cy, 4.6 * mm, colors.white, colour)
            face.line(f"+{action.bonus}", cx, cy - 1.4 * mm, 11, bold=True, colour=colour, align="center")
        _names(face, title.inset(SAFE), action.en if lang == "en" else action.name, action.name if lang == "en" else None)
        if action.theme is not None:
            theme, tcolour = _theme(cards, action.theme, lang)
            pill = Box(chip.x + SAFE, chip.y + 1 * mm, chip.w - 2 * SAFE, chip.h - 1.5 * mm)
            face.fill(tcolour, pill)
            face.text(_WORDS[lang]["theme"].format(theme=theme),
                      Box(pill.x + 1.5 * mm, pill.y + 0.6 * mm, pill.w - 3 * mm, pill.h - 1 * mm), 8, bold=True,
                      colour=ink_on(tcolour), what="theme", vcenter=True)
        else:
            face.fill(colors.Color(0.85, 0.85, 0.85), Box(chip.x + SAFE, chip.y + chip.h / 2, chip.w - 2 * SAFE, 0.4))
        text = body.inset(SAFE)
        face.text(_rules(cards, action, lang), Box(text.x, text.y + 2.5 * mm, text.w, text.h - 2.5 * mm), 9,
                  colour=INK, what="rules text")
        face.frame(face.box, colour, 0.8)
    return draw


def _party(party: Party, lang: str) -> Drawing:
    def draw(face: Face) -> None:
        band, _, title, _ = face.box.rows(10 * mm, 20 * mm, 28 * mm)
        face.fill(PARTY_BACK, band, to_bleed=True)
        face.text(_WORDS[lang]["party"].upper(), band.inset(SAFE), 10, bold=True, colour=colors.white,
                  align="center", what="kind", vcenter=True)
        _names(face, title.inset(SAFE), party.en if lang == "en" else party.name, party.name if lang == "en" else None,
               15, align="center")
        face.frame(face.box, PARTY_BACK, 0.8)
    return draw


