"""Die Macher's board in HTML for `cmdsl serve` (``plugins.SeatBoard``): its template and stylesheet
(``board.html``, ``board.css``) and what the template reads, made from one party's view (DM18.26;
a spectator: ``view.public_part``). The parties' money, members, seats and platforms; the four state
boards with their opinions (a face-down one is ``?``), tracks, media control, cabinet cards and
tiles; the national board and the exchange pool; the party's own hand and cabinet cards. Each issue
card opens to its issue and stance in words, in English or French."""

from __future__ import annotations

from typing import Mapping, cast

from ....game.decisions import PlayerSeat
from ....kits.board_files import BoardFiles
from ....plugins import TableGame
from ....plugins.requests import Lang
from ..cards import Card, Stance
from ..data import DieMacherData
from ..event_text import euros
from ..game import DieMacherGame, diemacher_of
from ..parties import Party
from ..view import BoardView, DieMacherView, public_part
from .board import card, controller, heading, short

_WORDS: Mapping[Lang, Mapping[str, str]] = {
    "en": {"party": "Party", "money": "Money", "members": "Members", "seats": "Seats", "hand_size": "Hand",
           "tiles": "Tiles", "platform": "Platform (DM3.2)", "you": "you", "board": "Board", "first": "first in line, votes this round",
           "aside": "set aside (DM10.3)", "opinions": "Opinions", "control": "Media control (DM7.3.4)",
           "cabinet": "Cabinet cards (DM8.1)", "coalition": "Coalition tiles (DM8.4)",
           "national": "National board (DM9.5)", "pool": "Exchange pool (DM2.3)", "your_hand": "Your hand (DM3.3)",
           "your_cabinet": "Your cabinet cards (DM1.6)", "looking": "The poll you look at (DM7.5.4)",
           "popularity": "popularity", "votes": "votes", "rallies": "rallies", "media": "media",
           "for": "for", "against": "against"},
    "fr": {"party": "Parti", "money": "Argent", "members": "Membres", "seats": "Sièges", "hand_size": "Main",
           "tiles": "Tuiles", "platform": "Programme (DM3.2)", "you": "vous", "board": "Plateau", "first": "premier, vote ce tour",
           "aside": "mis de côté (DM10.3)", "opinions": "Opinions", "control": "Contrôle des médias (DM7.3.4)",
           "cabinet": "Cartes de cabinet (DM8.1)", "coalition": "Tuiles de coalition (DM8.4)",
           "national": "Plateau national (DM9.5)", "pool": "Réserve d'échange (DM2.3)",
           "your_hand": "Votre main (DM3.3)", "your_cabinet": "Vos cartes de cabinet (DM1.6)",
           "looking": "Le sondage que vous regardez (DM7.5.4)", "popularity": "popularité", "votes": "voix",
           "rallies": "meetings", "media": "médias", "for": "pour", "against": "contre"}}


def _issue(c: Card, data: DieMacherData, lang: Lang) -> dict[str, object]:
    issue = data.issue(c.issue)
    stance = (issue.stance_fr if lang == "fr" else issue.stance_en)[0 if c.stance is Stance.FOR else 1]
    return {"label": card(c), "text": f"{issue.fr if lang == 'fr' else issue.en}: {stance}"}


def _board(b: BoardView, view: DieMacherView, data: DieMacherData, lang: Lang,
           names: Mapping[str, str]) -> dict[str, object]:
    w = _WORDS[lang]
    control = controller(b)
    return {"number": b.board, "state": b.state or "", "aside": b.state is None, "first": b.first_in_line,
            "opinions": [{"card": _issue(c, data, lang) if c is not None else None, "key": b.key_issue == n}
                         for n, c in enumerate(b.opinions)],
            "rows": [(w["popularity"], [f"{x:+d}" if x else "0" for x in b.popularity]), (w["votes"], b.votes),
                     (w["rallies"], b.rallies), (w["media"], b.media)],
            "control": str(view.parties[control]) if control is not None else "",
            "cabinet": [f"{short(p)} " + (names.get(n, "?") if n is not None else "?") + f" ({state})"
                        for p, n, state in b.cabinet],
            "tiles": [short(p) for p in b.tiles]}


class DieMacherSeatBoard(BoardFiles):
    def context(self, game: TableGame, seat: PlayerSeat | None, lang: Lang) -> Mapping[str, object]:
        driver = cast(DieMacherGame, game)
        held, w = diemacher_of(driver), _WORDS[lang]
        data = held.data
        if seat is None:
            view = public_part(driver.view(driver.seats[0]))
        else:
            assert isinstance(seat, Party), seat
            view = driver.view(seat)
        names = {c.id: (c.name if lang == "fr" else c.en) for c in data.cabinet}
        me = view.parties.index(view.seat)
        mine = None if seat is None else {
            "hand": [_issue(c, data, lang) for c in view.hand],
            "cabinet": [f"{names.get(c, c)} {euros(next(x.cost for x in data.cabinet if x.id == c))}"
                        for c in view.cabinet_hand],
            "looking": [f"{p} {m:+d}" for p, m in view.looking.modifiers if p in view.parties]
            if view.looking is not None else []}
        return {"t": w, "heading": heading(view, 5 if held.short else 7),
                "parties": [{"name": str(p), "you": seat is not None and i == me, "money": euros(view.money[i]),
                             "members": view.members[i], "seats": sum(view.seats_won[i]), "hand": view.hands[i],
                             "tiles": view.tiles[i], "platform": [_issue(c, data, lang) for c in view.platform[i]]}
                            for i, p in enumerate(view.parties)],
                "short": [short(p) for p in view.parties],
                "boards": [_board(b, view, data, lang, names) for b in view.boards],
                "national": [(n, _issue(stack[-1], data, lang) if stack else None, len(stack) if len(stack) > 1 else 0)
                             for n, stack in enumerate(view.national, 1)],
                "pool": [_issue(c, data, lang) for c in view.pool], "mine": mine}
