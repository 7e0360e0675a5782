"""Racolage Électoral's board in HTML for `cmdsl serve` (``plugins.SeatBoard``): its template and
stylesheet (``board.html``, ``board.css``) and what the template reads, made from one seat's view
(RA1.6; a spectator's: the table, which shows no hand, RA3.3). Each card opens to its kind, numbers
and rules text, as `card` says it at the REPL, in English or French."""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, cast

from ....game.decisions import PlayerSeat
from ....kits.board_files import BoardFiles
from ....plugins import TableGame
from ....plugins.requests import Lang
from .. import catalog
from ..cards import Media, RacolageSet
from ..game import RacolageGame, View, racolage_of
from ..seats import RacolageSeat
from ..vocabulary.nodes import Permanent

_WORDS: Mapping[Lang, Mapping[str, str]] = {
    "en": {"turn": "Turn", "active": "%s's turn", "deciding": "%s to answer", "final_round": "final round (RA8.1)",
           "you": "you", "notoriety": "notoriety", "final": "%d with bonuses, RA11.1", "in_hand": "%d cards in hand", "in_hand_1": "1 card in hand",
           "skips": "skips %d turns", "media_space": "Media space", "bonus_zone": "Bonus zone",
           "event_slot": "Event slot", "played": "Played this turn", "decks": "Media deck %d, Action deck %d",
           "discard": "discard pile %d", "hand": "Your hand"},
    "fr": {"turn": "Tour", "active": "au tour de %s", "deciding": "%s doit répondre",
           "final_round": "dernier tour (RA8.1)", "you": "vous", "notoriety": "notoriété",
           "final": "%d avec les bonus, RA11.1", "in_hand": "%d cartes en main", "in_hand_1": "1 carte en main", "skips": "passe %d tours",
           "media_space": "Espace médias", "bonus_zone": "Zone de bonus", "event_slot": "Case Événement",
           "played": "Jouées ce tour", "decks": "Pioche Médias %d, pioche Actions %d", "discard": "défausse %d",
           "hand": "Votre main"}}


def _card(cards: RacolageSet, card_id: str, lang: Lang) -> dict[str, object]:
    card = cards.cards[card_id]
    text = catalog.show(cards, card_id, lang).splitlines()  # "M26 — name (its other name)", what it is, its rules
    other = text[0].rpartition(" (")[2].rstrip(")")
    return {"label": card.name if lang == "fr" else card.en, "kind": "media" if isinstance(card, Media) else "action",
            "text": "\n".join([f"{card_id}, {other}", *text[1:]])}


def _view(game: TableGame, seat: PlayerSeat | None) -> View:
    driver = cast(RacolageGame, game)
    if seat is None:  # a spectator: the table as every seat sees it
        return replace(driver.view(driver.seats[0]), hand=(), decision=None, log=())
    assert isinstance(seat, RacolageSeat), seat
    return driver.view(seat)


class RacolageSeatBoard(BoardFiles):
    def __init__(self) -> None:
        #: each card's words, by its set, id and language: a set's cards never change (the set is kept
        #: with its words, so that its id stays its own)
        self._words: dict[tuple[int, str, Lang], tuple[RacolageSet, dict[str, object]]] = {}

    def _card(self, cards: RacolageSet, card_id: str, lang: Lang) -> dict[str, object]:
        key = (id(cards), card_id, lang)
        kept = self._words.get(key)
        if kept is None:
            kept = self._words[key] = (cards, _card(cards, card_id, lang))
        return kept[1]

    def context(self, game: TableGame, seat: PlayerSeat | None, lang: Lang) -> Mapping[str, object]:
        held = racolage_of(cast(RacolageGame, game))
        cards, view, w = held.cards, _view(game, seat), _WORDS[lang]
        parties = []
        for i, party in enumerate(held.parties):
            s = game.seats[i]
            zone = dict(view.zones[i])
            parties.append({
                "seat": str(s), "you": seat is not None and s is view.seat, "party": party.name if lang == "fr" else party.en,
                "notoriety": view.notoriety[i], "final": view.final[i], "skips": view.skips[i],
                "hand": w["in_hand_1"] if view.hand_sizes[i] == 1 else w["in_hand"] % view.hand_sizes[i],
                "media": [self._card(cards, c, lang) for c in view.media_spaces[i]],
                "zone": [(catalog.kind_name(kind, lang), self._card(cards, zone[kind], lang) if kind in zone else None)
                         for kind in Permanent]})
        return {"t": w, "turn": view.turn, "active": str(view.active),
                "deciding": str(view.deciding) if view.deciding is not None else None,
                "final_round": view.final_round, "parties": parties,
                "event": self._card(cards, view.event, lang) if view.event is not None else None,
                "table": [self._card(cards, c, lang) for c in view.table],
                "media_deck": view.media_deck, "action_deck": view.action_deck, "discard": len(view.discard),
                "discard_top": self._card(cards, view.discard[-1], lang) if view.discard else None,
                "hand": None if seat is None else [self._card(cards, c, lang) for c in view.hand]}

