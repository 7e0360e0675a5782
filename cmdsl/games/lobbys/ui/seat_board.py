"""Lobbys' board in HTML for `cmdsl serve` (``plugins.SeatBoard``): its template and stylesheet
(``board.html``, ``board.css`` beside this module) and what the template reads, made from one
seat's view (L11.6; a spectator's: the table without a hand or pick). Each card says what it is,
in English or French, when it is opened (a tap, a click or Enter)."""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, cast

from ....game.decisions import PlayerSeat
from ....kits.board_files import BoardFiles
from ....plugins import TableGame
from ....plugins.requests import Lang
from ..cards import Card, Contract
from .card_text import FACE_NAMES, SUIT_NAMES
from ..game import LobbysGame
from ..seats import LobbysSeat
from ..view import LobbysView

_WORDS: Mapping[Lang, Mapping[str, str]] = {
    "en": {"round": "Round", "trump": "trump", "player": "Player", "points": "Points", "cards": "Cards",
           "won": "Contracts won this round", "you": "you", "to_pick": "to pick", "on_offer": "On offer",
           "face_down": "%d contracts face down", "votes": "Votes", "people": "People", "tender": "Tender",
           "hand": "Your hand", "picked": "You picked", "election": "election", "tender_of": "tender %d of %d",
           "over": "over", "none": "none", "not_yet": "not elected yet", "ace": "Ace",
           "pip": "%s of %s: %d in a vote or a tender (L5.2, L6.3)", "main": "main", "linked": "linked",
           "contract": "%s of %s, a %s contract (L1.3)"},
    "fr": {"round": "Manche", "trump": "atout", "player": "Joueur", "points": "Points", "cards": "Cartes",
           "won": "Contrats gagnés cette manche", "you": "vous", "to_pick": "doit choisir", "on_offer": "En jeu",
           "face_down": "%d contrats face cachée", "votes": "Votes", "people": "Peuple", "tender": "Appel d'offres",
           "hand": "Votre main", "picked": "Vous avez choisi", "election": "élection",
           "tender_of": "appel d'offres %d sur %d", "over": "terminée", "none": "aucun", "not_yet": "pas encore élu",
           "ace": "As", "pip": "%s de %s : %d dans un vote ou un appel d'offres (L5.2, L6.3)", "main": "principal",
           "linked": "lié", "contract": "%s de %s, un contrat %s (L1.3)"}}


def _view(game: TableGame, seat: PlayerSeat | None) -> LobbysView:
    driver = cast(LobbysGame, game)
    if seat is None:  # a spectator: the first seat's view without its own part
        return replace(driver.view(driver.seats[0]), hand=(), options=(), my_pick=None, log=())
    assert isinstance(seat, LobbysSeat), seat
    return driver.view(seat)


class LobbysSeatBoard(BoardFiles):
    def context(self, game: TableGame, seat: PlayerSeat | None, lang: Lang) -> Mapping[str, object]:
        view, w = _view(game, seat), _WORDS[lang]
        types = dict(view.contract_types)

        def pip(card: Card) -> dict[str, object]:
            rank = w["ace"] if card.rank == 1 else str(card.rank)
            return {"label": str(card), "suit": card.suit.value,
                    "text": w["pip"] % (rank, SUIT_NAMES[lang][card.suit], card.rank)}

        def contract(c: Contract, role: str = "") -> dict[str, object]:
            text = w["contract"] % (FACE_NAMES[lang][c.face], SUIT_NAMES[lang][c.suit], types[c.face])
            return {"label": str(c) + (f" ({w[role]})" if role else ""), "suit": c.suit.value, "text": text}

        step = (w["tender_of"] % (view.tender, view.tenders) if view.tender is not None
                else w["over"] if view.over else w["election"])
        trump = (w["not_yet"] if view.trump is None and view.kind is not None and view.tender is None
                 else view.trump.symbol if view.trump is not None else w["none"])
        return {"t": w, "round": view.round, "rounds": view.rounds, "step": step, "trump": trump,
                "trump_suit": view.trump.value if view.trump is not None else "",
                "seats": [{"name": str(s.seat), "you": seat is not None and s.seat is view.seat, "points": s.points,
                           "cards": s.hand_size, "to_pick": s.to_pick, "won": [contract(c) for c in s.won]}
                          for s in view.seats],
                "offer": ([contract(view.offer[0], "main"), contract(view.offer[1], "linked")]
                          if view.offer is not None else []),
                "contracts_left": view.contract_deck_size,
                "votes": [(str(s), pip(c)) for s, c in view.votes],
                "people": [str(c) for c in view.people_drawn],
                "tenders": [[(str(s), pip(c)) for s, c in t] for t in view.offers],
                "hand": None if seat is None else [pip(c) for c in view.hand],
                "my_pick": str(view.my_pick) if view.my_pick is not None else None,
                "result": view.result.text() if view.result is not None else None}
