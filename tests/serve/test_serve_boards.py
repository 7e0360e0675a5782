"""Issue 61 §1: a game's board in HTML from its plug-in (Lobbys' first): drawn from one seat's view,
escaped by the server, its cards' texts in English or French, its stylesheet served by the game's
name; a game without one keeps its text board."""

from __future__ import annotations

import asyncio
import html
import re
from pathlib import Path
from typing import Mapping

from starlette.testclient import TestClient

from cmdsl.serve.boards import Boards
from cmdsl.serve.hall import Hall
from cmdsl.serve.store import PERSON, Role

from .helpers import Recorder, new_hall, settle


async def join_all(hall: Hall, links: Mapping[str, Role]) -> dict[str | None, Recorder]:
    """A page for each seat's link and the spectators' (by seat name; None: the spectators')."""
    pages: dict[str | None, Recorder] = {}
    for token, role in links.items():
        if role.kind in ("seat", "watch"):
            pages[role.seat] = Recorder()
            await hall.join(token, pages[role.seat])
    return pages


def test_a_seats_board_shows_its_own_hand_and_a_spectators_none(tmp_path: Path) -> None:
    async def run() -> None:
        hall = new_hall(tmp_path)
        deal, links = hall.create("lobbys", 3, 0, {"p1": PERSON, "p2": PERSON, "p3": "random"}, False, seed=4)
        pages = await join_all(hall, links)
        await settle(hall.live[deal.id])
        driver = hall.live[deal.id].game.driver
        hands = {s.value: [str(c) for c in driver.position.lobbys.hands[s.index]] for s in driver.seats}
        for seat, other in (("p1", "p2"), ("p2", "p1")):
            board = pages[seat].last()["board_html"]
            mine = re.search(r'class="lobbys-hand">(.*?)</section>', board, re.S)
            assert mine is not None and [m for m in re.findall(r"<summary[^>]*>([^<]+)</summary>", mine.group(1))] == hands[seat]
            assert pages[seat].last()["game"] == "lobbys"
        watching = pages[None].last()["board_html"]
        assert "lobbys-hand" not in watching and "(you)" not in watching
        for page in pages.values():
            assert "<script" not in page.last()["board_html"]
    asyncio.run(run())


def test_the_cards_texts_are_in_the_pages_language(tmp_path: Path) -> None:
    async def run() -> None:
        hall = new_hall(tmp_path)
        deal, links = hall.create("lobbys", 3, 0, {"p1": PERSON, "p2": "random", "p3": "random"}, False, seed=4)
        token = next(t for t, r in links.items() if r.kind == "seat")
        page = Recorder()
        seen = await hall.join(token, page)
        assert "Your hand" in page.last()["board_html"] and " of " in page.last()["board_html"]
        await hall.message(deal.id, seen, {"type": "lang", "lang": "fr"})
        french = page.last()["board_html"]
        assert "Votre main" in french and re.search(r"\b(cœur|carreau|trèfle|pique)\b", french)
        await hall.message(deal.id, seen, {"type": "lang", "lang": "de"})
        assert page.sent[-1] == {"type": "error", "message": "the cards' texts are in en or fr"}
    asyncio.run(run())


def test_a_board_cannot_send_markup_from_what_it_is_given() -> None:
    """The server renders a game's template with autoescape and no ``safe`` filter: a card named
    ``<script>`` in a designer's set is text."""
    boards = Boards()
    page = boards.env.from_string("<p>{{ name }}</p>").render(name="<script>alert(1)</script>")
    assert page == "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>"
    assert "safe" not in boards.env.filters


def test_racolages_board_shows_each_card_with_its_rules_text_in_either_language(tmp_path: Path) -> None:
    """RA5, RA6: a card in the hand opens to what `card` says of it at the REPL; a spectator sees
    the table's cards, never a hand."""
    async def run() -> None:
        hall = new_hall(tmp_path)
        deal, links = hall.create("racolage", 2, 0, {"p1": PERSON, "p2": "random"}, False, seed=4)
        seat, watch = Recorder(), Recorder()
        page = await hall.join(next(t for t, r in links.items() if r.kind == "seat"), seat)
        await hall.join(next(t for t, r in links.items() if r.kind == "watch"), watch)
        cards = hall.live[deal.id].game.driver.game.cards
        hand = hall.live[deal.id].game.driver.position.hands[0]
        board = html.unescape(re.sub(r' title="[^"]*"', "", seat.last()["board_html"]))  # the hover text aside
        for card_id in hand:
            assert f"<summary>{cards.cards[card_id].en}</summary>{card_id}, " in board
        assert "range" in board and "Your hand" in board and "(you)" in board
        assert "Your hand" not in watch.last()["board_html"] and "(you)" not in watch.last()["board_html"]
        await hall.message(deal.id, page, {"type": "lang", "lang": "fr"})
        french = html.unescape(seat.last()["board_html"])
        assert "Votre main" in french and cards.cards[hand[0]].name in french
        # the bonus zone's places are named as the cards' own types are (`cmdsl cards show`, RA2.4)
        assert all(f"{kind}:" in french for kind in ("Action directe", "Passe-droit", "Phrase choc")), french
    asyncio.run(run())


def test_a_games_stylesheet_is_served_by_its_name_only(client: TestClient, hall: Hall) -> None:
    css = client.get("/boards/lobbys.css")
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css") and ".lobbys" in css.text
    for game in ("cm2008", "racolage", "diemacher"):
        assert client.get(f"/boards/{game}.css").status_code == 200
    for name in ("nope", "..%2Fstore", "lobbys%2F..%2F..%2Fpyproject"):
        assert client.get(f"/boards/{name}.css").status_code == 404, name


def test_a_game_without_a_board_is_drawn_from_its_log(highcard: None, tmp_path: Path) -> None:
    """High Card, a plug-in with neither a board nor a seat text: its page shows its log and decisions."""
    async def run() -> None:
        hall = new_hall(tmp_path)
        deal, links = hall.create("highcard", 3, 0, {"north": PERSON, "east": "random", "west": "random"}, False,
                                  seed=4)
        page = Recorder()
        await hall.join(next(t for t, r in links.items() if r.kind == "seat"), page)
        screen = page.last()
        assert screen["board_html"] is None and screen["board"] is None and screen["log"] and screen["decision"]
        assert Boards().stylesheet("highcard") is None
    asyncio.run(run())


def test_cm2008s_board_shows_each_state_and_only_the_sides_own_hand(tmp_path: Path) -> None:
    """R2, R3.2: every state in play with its rows of blocks (letters, readable without colour),
    the side's own hand with each card's rules text; the other side's hand and a spectator's none."""
    async def run() -> None:
        hall = new_hall(tmp_path)
        deal, links = hall.create("cm2008", 2, 0, {"mccain": PERSON, "obama": PERSON}, False, seed=4)
        pages = await join_all(hall, links)
        driver = hall.live[deal.id].game.driver
        cards = driver.game.cards.cards
        for side, other in (("mccain", "obama"), ("obama", "mccain")):
            board = html.unescape(pages[side].last()["board_html"])
            mine = re.search(r'class="cm-hand">(.*?)</section>', board, re.S)
            assert mine is not None
            shown = re.findall(r"<summary[^>]*>([^<]+)</summary>", mine.group(1))
            assert shown == [cards[c].title for c in driver.position.players[driver.seats[0 if side == "mccain" else 1]].hand]
            assert all(live.name in board for live in driver.position.in_play)
            assert "cm-block held-" in board and "★" in board
        assert "cm-hand" not in pages[None].last()["board_html"]
    asyncio.run(run())


def test_die_machers_board_hides_what_its_view_hides(tmp_path: Path) -> None:
    """DM18.26: a party's board shows its own hand, never another's; a spectator's, no hand at all."""
    async def run() -> None:
        hall = new_hall(tmp_path)
        deal, links = hall.create("diemacher", 3, 0, {"cdu": PERSON, "spd": PERSON, "fdp": "random"}, False, seed=4)
        pages = await join_all(hall, links)
        driver = hall.live[deal.id].game.driver
        for seat, index in (("cdu", 0), ("spd", 1)):
            board = pages[seat].last()["board_html"]
            mine = re.search(r'class="dm-mine">(.*?)</section>', board, re.S)
            assert mine is not None
            assert re.findall(r"<summary[^>]*>([^<]+)</summary>", mine.group(1)) == [
                c.issue + ("+" if c.stance.value == "for" else "-") for c in driver.position.hand[index]]
        assert "dm-mine" not in pages[None].last()["board_html"] and "(you)" not in pages[None].last()["board_html"]
    asyncio.run(run())
