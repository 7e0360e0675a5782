"""Campaign Manager 2008's board in HTML for `cmdsl serve` (``plugins.SeatBoard``): its template
and stylesheet (``board.html``, ``board.css``) and what the template reads, made from one side's
view (R3.2: its own hand; a spectator: every state, supply and count, no hand). Each state's rows
of blocks show the printed colour and the token on it as letters (R, B, W; r, b), and the side
holding a block by its shade: readable without colour too. Each card opens to its rules text, in
English or French."""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, cast

from ....game.decisions import PlayerSeat
from ....kits.board_files import BoardFiles
from ....plugins import TableGame
from ....plugins.requests import Lang
from ..catalog import card_text
from ..engine import CampaignGame, campaign_of
from ..model import LETTER_SIDE, CardDef
from ..sides import SIDES, Side
from ..view import StateView, View

_WORDS: Mapping[Lang, Mapping[str, str]] = {
    "en": {"ev": "EV", "to_win": "270 to win (R12.1)", "turn": "turn %d, %s's", "majority": "majority",
           "key": "key", "other": "other", "legend": "Each block: its printed colour (R red, B blue, W white), "
           "a token's letter under it (r McCain's, b Obama's); ★ the majority issue's row.",
           "media": "Media Support", "none": "none", "supply": "supply", "hand_size": "hand", "deck": "deck",
           "discard": "discard", "reserve": "Reserve: %d states · Breaking News left: %d", "your_hand": "Your hand",
           "empty": "empty", "needs": "to win: McCain %d, Obama %d"},
    "fr": {"ev": "GE", "to_win": "270 pour gagner (R12.1)", "turn": "tour %d, de %s", "majority": "majorité",
           "key": "clé", "other": "autre", "legend": "Chaque bloc : sa couleur imprimée (R rouge, B bleu, W blanc), "
           "la lettre d'un jeton dessous (r McCain, b Obama) ; ★ la ligne de l'enjeu majoritaire.",
           "media": "Soutien médiatique", "none": "aucun", "supply": "réserve", "hand_size": "main", "deck": "pioche",
           "discard": "défausse", "reserve": "États en réserve : %d · Breaking News restantes : %d",
           "your_hand": "Votre main", "empty": "vide", "needs": "pour gagner : McCain %d, Obama %d"}}


def _view(game: CampaignGame, seat: PlayerSeat | None) -> View:
    if seat is None:  # a spectator: everything public, no hand
        return replace(game.view(Side.MCCAIN), hand=(), decision=None)
    assert isinstance(seat, Side), seat
    return game.view(seat)


def _state(s: StateView, w: Mapping[str, str]) -> dict[str, object]:
    a, b = s.groups
    rows = []
    for r in s.rows:
        held = [tok if tok is not None else LETTER_SIDE[printed] for printed, tok in zip(r.printed, r.tokens)]
        need = [sum(1 for h in held if h is not side) for side in SIDES]
        rows.append({"issue": r.issue.title(), "majority": r.issue == s.majority,
                     "blocks": [{"printed": printed, "token": tok.letter.lower() if tok is not None else "",
                                 "held": h.value if h is not None else "none",
                                 "title": f"{printed}" + (f", {tok}'s token" if tok is not None else "")}
                                for printed, tok, h in zip(r.printed, r.tokens, held)],
                     "needs": w["needs"] % tuple(need) if r.issue == s.majority else ""})
    return {"name": s.name, "ev": s.ev, "majority": s.majority.title(), "key": s.key, "other": b if s.key == a else a,
            "rows": rows}


class CampaignSeatBoard(BoardFiles):
    def __init__(self) -> None:
        #: each card's words by card and language, for the card definitions they were made of
        self._words: dict[tuple[int, Lang], tuple[CardDef, dict[str, object]]] = {}

    def context(self, game: TableGame, seat: PlayerSeat | None, lang: Lang) -> Mapping[str, object]:
        campaign = cast(CampaignGame, game)
        cards, view, w = campaign_of(campaign).cards.cards, _view(campaign, seat), _WORDS[lang]

        def card(cid: str) -> dict[str, object]:
            c: CardDef = cards[cid]
            kept = self._words.get((id(c), lang))
            if kept is None:
                words: dict[str, object] = {"label": c.title_fr if lang == "fr" and c.title_fr else c.title,
                                            "text": card_text(c, lang)}
                kept = self._words[(id(c), lang)] = (c, words)
            return kept[1]

        media = None
        if view.media is not None:
            media = {**card(view.media[0]), "owner": str(view.media[1])}
        return {"t": w, "turn": view.turn, "active": str(view.active),
                "scores": {p.side.value: p.score for p in view.players},
                "states": [_state(s, w) for s in view.states], "media": media,
                "players": [{"side": p.side.value, "name": str(p.side), "supply": p.supply, "hand": p.hand_size,
                             "deck": p.deck_size, "discard": len(p.discard)} for p in view.players],
                "reserve": len(view.reserve), "news": view.news_deck_size,
                "hand": None if seat is None else [card(c) for c in view.hand]}
