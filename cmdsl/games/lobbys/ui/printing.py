"""Lobbys' printed set (`cmdsl print`, ``cmdsl.kits.printing``): the game is played with an ordinary
52-card deck (L1.1), so its sheets are that deck as Lobbys uses it — the 12 face cards as contracts
(their type and party, L1.3, L1.2) and the 40 number cards as offers, each saying at which player
counts it is in the Offer deck and when it is a People card instead (L1.4, L10.1) — then a score
sheet (rounds × players, a line for each thing L5 to L7 pays or scores) and a player aid from the
rulebook. Its numbers and names are the set's data (``lobbys.yaml``); the suits are drawn (the
printed font has no ♥ ♦ ♣ ♠)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

import yaml
from reportlab.lib import colors
from reportlab.lib.units import mm

from ....errors import Located
from ....kits.printing.aid import player_aid
from ....kits.printing.face import SAFE, Box, Drawing, Face, card_back
from ....kits.printing.sheet import Card, Job, Options, Page
from ....sets.safe_yaml import compose
from ....sets.text_files import read_text
from ..cards import HIGHEST_RANK, LOWEST_RANK, SUITS, Contract, Face as CardFace, Suit, contract_cards, pip_cards
from ..cards import Card as PipCard
from ..data import DATA_FILE, MAX_BYTES, LobbysData, load_data
from ..rulebook import rulebook
from .card_text import SUITS_FR

INK = colors.Color(0.1, 0.1, 0.1)
GREY = colors.Color(0.4, 0.4, 0.4)
LIGHT = colors.Color(0.92, 0.92, 0.92)
#: L1.2: the red suits are the left, the black ones the right.
SUIT_COLOUR = {Suit.HEARTS: colors.Color(0.78, 0.10, 0.13), Suit.DIAMONDS: colors.Color(0.78, 0.10, 0.13),
               Suit.CLUBS: INK, Suit.SPADES: INK}
CONTRACT_COLOUR = colors.Color(0.16, 0.27, 0.45)
OFFER_COLOUR = colors.Color(0.30, 0.45, 0.30)
#: The sections the player aid gives in full: the game's shape, a round's start, the election, a
#: tender, the scoring, the end.
AID_SECTIONS = ("L2", "L4", "L5", "L6", "L7", "L8")
_WORDS: dict[str, dict[str, Any]] = {
    "en": {"offer": "Offer", "contract": "Contract", "suits": {s: s.value for s in SUITS},
           "faces": {CardFace.JACK: "J", CardFace.QUEEN: "Q", CardFace.KING: "K"},
           "kept": "Offer deck: {players} players (L1.4)", "people": "People card: {players} players (L10)",
           "party": "Party: {suit} (L1.2)\nRelated: {related} (L6.3)", "votes": "Votes {rank}, pays {rank} (L5)",
           "wins": "Winning offer: earns {rank} (L6.4)", "scores": "Scores at L7.1 to L7.3",
           "sheet": "Lobbys — score sheet", "player": "Player", "start": "Start (L1.5)", "round": "Round {n}",
           "election": "Election: the card's rank paid (L5.3)", "tenders": "Tenders: the ranks earned (L6.4)",
           "majority": "Majority, {type} ({face}) (L7.1)", "omni": "Omnipresence (L7.2)",
           "partisan": "Partisan, per suit (L7.3)", "loss": "Losses: the card left (L7.4)",
           "after": "Points after round {n}", "winner": "Winner: most points (L8.1)",
           "note": "Each player starts with {start} points, which are also their money (L1.5). {rounds} rounds: "
                   "an election (L5), {tenders} tenders (L6), then the scoring (L7). A majority of a type scores "
                   "{majority}, shared {shared} (L7.1); omnipresence {omni}, once (L7.2); partisan {partisan} "
                   "per suit completed (L7.3).",
           "aid": "Lobbys — player aid", "back": "Lobbys"},
    "fr": {"offer": "Offre", "contract": "Contrat",
           "suits": SUITS_FR,
           "faces": {CardFace.JACK: "V", CardFace.QUEEN: "D", CardFace.KING: "R"},
           "kept": "Pioche d'offres : {players} joueurs (L1.4)", "people": "Carte du Peuple : {players} joueurs (L10)",
           "party": "Parti : {suit} (L1.2)\nApparenté : {related} (L6.3)", "votes": "{rank} voix, coûte {rank} (L5)",
           "wins": "Offre gagnante : +{rank} (L6.4)",
           "scores": "Compte en L7.1 à L7.3",
           "sheet": "Lobbys — feuille de score", "player": "Joueur", "start": "Départ (L1.5)", "round": "Manche {n}",
           "election": "Élection : rang de la carte payé (L5.3)", "tenders": "Appels d'offres : rangs gagnés (L6.4)",
           "majority": "Majorité, {type} ({face}) (L7.1)", "omni": "Omniprésence (L7.2)",
           "partisan": "Partisan, par couleur (L7.3)", "loss": "Pertes : la carte restante (L7.4)",
           "after": "Points après la manche {n}", "winner": "Gagnant : le plus de points (L8.1)",
           "note": "Chaque joueur commence avec {start} points, qui sont aussi son argent (L1.5). {rounds} manches : "
                   "une élection (L5), {tenders} appels d'offres (L6), puis le décompte (L7). Une majorité d'un type "
                   "rapporte {majority}, partagée {shared} (L7.1) ; omniprésence {omni}, une fois (L7.2) ; partisan "
                   "{partisan} par couleur complète (L7.3).", "back": "Lobbys"},
}


def job(folder: Path, options: Options) -> Job:
    """What `cmdsl print` prints of the Lobbys set in ``folder``: its deck, a score sheet, a player aid."""
    path = folder / DATA_FILE
    data = load_data(path)
    lang = options.lang if options.lang in _WORDS else "en"
    words = _WORDS[lang]
    lines = _lines(path)
    contract_at = {f: lines.get(f.value, lines.get("contracts", 0)) for f in CardFace}
    contract_back = card_back(str(words["back"]), str(words["contract"]).upper(), CONTRACT_COLOUR, _suits_row)
    offer_back = card_back(str(words["back"]), str(words["offer"]).upper(), OFFER_COLOUR, _suits_row)
    out = [Card(c.id, Located(str(path), contract_at[c.face], 0, c.id), _contract(c, data, lang), contract_back)
           for c in contract_cards()]
    out += [Card(c.id, Located(str(path), lines.get("deck_cut", 0), 0, c.id), _offer(c, data, lang), offer_back)
            for c in pip_cards(LOWEST_RANK, HIGHEST_RANK)]
    where = Located(str(path))
    aid = player_aid(rulebook(), AID_SECTIONS, str(_WORDS["en"]["aid"]))  # the rulebook is English only
    pages = (Page("score-sheet", where, _score_sheet(data, lang)), Page("player-aid", where, aid))
    contracts = len(contract_cards())
    summary = f"{len(out)} cards ({contracts} contracts, {len(out) - contracts} offers), a score sheet, a player aid"
    return Job("Lobbys", data.fingerprint, tuple(out), pages, summary)


def _lines(path: Path) -> dict[str, int]:
    """The 1-based lines of the data file's top keys, and of each contract item by its face."""
    text = read_text(path, max_bytes=MAX_BYTES, label=str(path))
    root = compose(text, str(path))
    out: dict[str, int] = {}
    if not isinstance(root, yaml.MappingNode):
        return out
    for key, value in root.value:
        out[str(key.value)] = key.start_mark.line + 1
        if key.value == "contracts" and isinstance(value, yaml.SequenceNode):
            for item in value.value:
                if isinstance(item, yaml.MappingNode):
                    face = next((v.value for k, v in item.value if k.value == "face"), None)
                    if isinstance(face, str):
                        out[face] = item.start_mark.line + 1
    return out


def _counts(counts: Sequence[int]) -> str:
    """Player counts as people say them: "5", "3–5", "2, 4"."""
    if len(counts) > 1 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(map(str, counts))


# ---- the suits, drawn ------------------------------------------------------------------------------

def suit_mark(face: Face, suit: Suit, cx: float, cy: float, r: float) -> None:
    """A suit's sign, ``r`` its half height, centred at (cx, cy)."""
    c = face.canvas
    colour = SUIT_COLOUR[suit]
    c.setFillColor(colour)
    c.setStrokeColor(colour)

    def polygon(*points: tuple[float, float]) -> None:
        path = c.beginPath()
        path.moveTo(*points[0])
        for p in points[1:]:
            path.lineTo(*p)
        path.close()
        c.drawPath(path, stroke=0, fill=1)

    def stem() -> None:
        polygon((cx, cy - 0.1 * r), (cx - 0.38 * r, cy - r), (cx + 0.38 * r, cy - r))

    if suit is Suit.DIAMONDS:
        polygon((cx, cy + r), (cx + 0.72 * r, cy), (cx, cy - r), (cx - 0.72 * r, cy))
    elif suit is Suit.HEARTS:
        for dx in (-0.47, 0.47):
            c.circle(cx + dx * r, cy + 0.38 * r, 0.52 * r, stroke=0, fill=1)
        polygon((cx - 0.96 * r, cy + 0.22 * r), (cx + 0.96 * r, cy + 0.22 * r), (cx, cy - 0.95 * r))
    elif suit is Suit.SPADES:
        for dx in (-0.47, 0.47):
            c.circle(cx + dx * r, cy - 0.2 * r, 0.5 * r, stroke=0, fill=1)
        polygon((cx - 0.95 * r, cy - 0.08 * r), (cx + 0.95 * r, cy - 0.08 * r), (cx, cy + r))
        stem()
    else:
        for x, y in ((0.0, 0.47), (-0.5, -0.17), (0.5, -0.17)):
            c.circle(cx + x * r, cy + y * r, 0.43 * r, stroke=0, fill=1)
        c.circle(cx, cy, 0.25 * r, stroke=0, fill=1)
        stem()


def _corners(face: Face, rank: str, suit: Suit) -> None:
    """The rank and the suit in the top left corner, and turned, in the bottom right."""
    c = face.canvas
    colour = SUIT_COLOUR[suit]
    for turned in (False, True):
        c.saveState()
        if turned:  # half a turn about the card's centre
            c.translate(face.box.x + face.box.w, face.box.y + face.box.h)
            c.rotate(180)
            c.translate(-face.box.x, -face.box.y)
        x, top = face.box.x + SAFE + 3.6 * mm, face.box.top - SAFE
        face.line(rank, x, top - 5 * mm, 15, bold=True, colour=colour, align="center")
        suit_mark(face, suit, x, top - 9.5 * mm, 2.4 * mm)
        c.restoreState()


# ---- the cards -------------------------------------------------------------------------------------

def _contract(card: Contract, data: LobbysData, lang: str) -> Drawing:
    def draw(face: Face) -> None:
        words = _WORDS[lang]
        suits: Any = words["suits"]
        letter = words["faces"][card.face]
        _corners(face, letter, card.suit)
        band, mark, kind, text, _ = face.box.rows(9 * mm, 30 * mm, 12 * mm, 24 * mm)
        face.fill(CONTRACT_COLOUR, Box(band.x + 11 * mm, band.y + 1 * mm, band.w - 22 * mm, band.h - 1 * mm))
        face.text(str(words["contract"]).upper(), Box(band.x + 12 * mm, band.y + 1.5 * mm, band.w - 24 * mm,
                                                      band.h - 2 * mm), 10, bold=True, colour=colors.white,
                  align="center", what="kind", vcenter=True)
        suit_mark(face, card.suit, mark.x + mark.w / 2, mark.y + mark.h / 2, 10 * mm)
        face.text(data.contract_types[card.face].upper(), kind.inset(SAFE), 15, bold=True, colour=CONTRACT_COLOUR,
                  align="center", what="type", vcenter=True)
        rules = "\n".join((str(words["party"]).format(suit=suits[card.suit], related=suits[data.related[card.suit]]),
                           str(words["scores"])))
        face.text(rules, Box(text.x + SAFE, text.y, text.w - 2 * SAFE, text.h), 8.5, colour=INK,
                  align="center", what="text", vcenter=True)
        face.frame(face.box, CONTRACT_COLOUR, 0.8)
    return draw


def _offer(card: PipCard, data: LobbysData, lang: str) -> Drawing:
    def draw(face: Face) -> None:
        words = _WORDS[lang]
        rank = "A" if card.rank == 1 else str(card.rank)
        _corners(face, rank, card.suit)
        band, mark, text, _ = face.box.rows(9 * mm, 38 * mm, 24 * mm)
        face.fill(OFFER_COLOUR, Box(band.x + 11 * mm, band.y + 1 * mm, band.w - 22 * mm, band.h - 1 * mm))
        face.text(str(words["offer"]).upper(), Box(band.x + 12 * mm, band.y + 1.5 * mm, band.w - 24 * mm,
                                                   band.h - 2 * mm), 10, bold=True, colour=colors.white,
                  align="center", what="kind", vcenter=True)
        suit_mark(face, card.suit, mark.x + mark.w / 2, mark.y + mark.h / 2 + 2 * mm, 12 * mm)
        kept = [p for p in data.player_counts if card.rank <= data.top_rank[p]]
        people = [p for p in data.player_counts if p not in kept]
        lines = [str(words["votes"]).format(rank=card.rank), str(words["wins"]).format(rank=card.rank)]
        if kept:
            lines.append(str(words["kept"]).format(players=_counts(kept)))
        if people:
            lines.append(str(words["people"]).format(players=_counts(people)))
        face.text("\n".join(lines), Box(text.x + SAFE, text.y, text.w - 2 * SAFE, text.h), 8.5,
                  colour=INK, align="center", what="text", vcenter=True)
        face.frame(face.box, OFFER_COLOUR, 0.8)
    return draw


def _suits_row(face: Face) -> None:
    """The four suits in a row on a back, each in a white disc."""
    inner = face.box.inset(7 * mm)
    for i, suit in enumerate(SUITS):
        x, y = inner.x + inner.w * (i + 1) / 5, inner.y + inner.h * 0.28
        face.circle(x, y, 3.6 * mm, colors.white, colors.white)
        suit_mark(face, suit, x, y, 2.4 * mm)


# ---- the score sheet -------------------------------------------------------------------------------

def _score_sheet(data: LobbysData, lang: str) -> Drawing:
    """A table: a column per player (as many as the game seats), a line per thing a round pays or
    scores (L5.3, L6.4, L7.1 to L7.4) and the points after it, for each round."""
    words: Any = _WORDS[lang]
    players = max(data.player_counts)
    shared = "/".join(str(data.majority_points[n]) for n in sorted(data.majority_points) if n > 1)
    alone = data.majority_points.get(1, max(data.majority_points.values()))
    note = words["note"].format(start=data.starting_points, rounds=data.rounds, tenders=data.tenders_per_round,
                                majority=alone, shared=shared, omni=data.omnipresence_points,
                                partisan=data.partisan_points)
    # (label, sign, kind): kind "name", "start", "head", "row", "total", "end"
    rows: list[tuple[str, str, str]] = [(words["player"], "", "name"), (words["start"], "", "start")]
    faces = words["faces"]
    for n in range(1, data.rounds + 1):
        rows.append((words["round"].format(n=n), "", "head"))
        rows += [(words["election"], "−", "row"), (words["tenders"], "+", "row")]
        rows += [(words["majority"].format(type=data.contract_types[f], face=faces[f]), "+", "row")
                 for f in data.contract_types]
        rows += [(words["omni"], "+", "row"), (words["partisan"], "+", "row"), (words["loss"], "−", "row"),
                 (words["after"].format(n=n), "=", "total")]
    rows.append((words["winner"], "", "end"))

    def draw(face: Face) -> None:
        head, info, body = face.box.rows(12 * mm, 16 * mm)
        face.text(words["sheet"], head, 16, bold=True)
        face.text(note, Box(info.x, info.y + 2 * mm, info.w, info.h - 2 * mm), 8.5, colour=GREY, what="note")
        label_w = 62 * mm
        col_w = (body.w - label_w) / players
        row_h = min(8 * mm, body.h / len(rows))
        c = face.canvas
        c.setLineWidth(0.4)
        for i, (label, sign, kind) in enumerate(rows):
            y = body.top - (i + 1) * row_h
            row = Box(body.x, y, body.w, row_h)
            if kind in ("head", "total", "name"):
                face.fill(LIGHT if kind != "head" else colors.Color(0.82, 0.86, 0.92), row)
            bold = kind in ("head", "total", "name", "end")
            face.text(label, Box(row.x + 1.5 * mm, row.y + 0.8 * mm, label_w - 7 * mm, row_h - 1.6 * mm), 8.5,
                      bold=bold, colour=INK, what="score sheet", vcenter=True)
            if sign:
                face.line(sign, row.x + label_w - 2.5 * mm, row.y + row_h / 2 - 1.3 * mm, 10, bold=True,
                          colour=GREY, align="center")
            if kind == "start":
                for p in range(players):
                    face.line(str(data.starting_points), row.x + label_w + (p + 0.5) * col_w,
                              row.y + row_h / 2 - 1.3 * mm, 9, colour=GREY, align="center")
            if kind != "head":
                c.setStrokeColor(colors.Color(0.6, 0.6, 0.6))
                for p in range(players + 1):
                    x = row.x + label_w + p * col_w
                    c.line(x, row.y, x, row.top)
            c.setStrokeColor(colors.Color(0.6, 0.6, 0.6) if kind == "row" else INK)
            c.line(row.x, row.y, row.x + row.w, row.y)
        top = body.top
        bottom = body.top - len(rows) * row_h
        face.frame(Box(body.x, bottom, body.w, top - bottom), INK, 0.8)
    return draw
