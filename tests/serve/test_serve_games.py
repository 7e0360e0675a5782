"""Issue 60 §1, §2 and §5: games on the server. A seat's page sees its turn, the bots' moves and
their thinking line, `?`; hot-seat hands the screen over; nothing is lost (a server started
again resumes every game, a page that reconnects gets its view back, a damaged store or a full
disk is a clear error and changes nothing); a bot's move never stalls another game."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from cmdsl.serve.hall import Live
from cmdsl.serve.store import PERSON, StoreError

from .helpers import Recorder, answer_first, join, kill_workers, new_hall, rounds, settle, tokens


def test_a_game_against_bots_is_played_to_its_end_from_a_seats_page(tmp_path: Path) -> None:
    async def run() -> None:
        hall = new_hall(tmp_path)
        deal, _ = hall.create("racolage", 3, 0, {"p1": PERSON, "p2": "random", "p3": "greedy"}, False, seed=5)
        page, seen = await join(hall, tokens(hall, deal.id)["p1"])
        live = hall.live[deal.id]
        first = seen.last()
        assert first["turn"] == "Your turn." and first["you"] == "Player 1" and "Your hand" in first["board_html"]
        assert first["board"] is None  # the table as text is folded away under the HTML board: sent when unfolded
        await hall.message(deal.id, page, {"type": "text", "on": True})
        assert "Your hand" in seen.last()["board"]
        await hall.message(deal.id, page, {"type": "text", "on": "yes"})
        assert seen.sent.pop()["type"] == "error" and page.text
        await hall.message(deal.id, page, {"type": "text", "on": False})
        assert seen.last()["board"] is None
        assert [s["player"] for s in first["seats"]] == ["person", "bot: random", "bot: greedy"]
        await hall.message(deal.id, page, {"type": "explain"})
        assert "Phase 1 of your turn (RA4.1)" in seen.last("explain")["text"]
        while not live.game.driver.over:
            await answer_first(hall, deal.id, page, seen)
            await settle(live)
        kinds = [p["type"] for p in seen.sent]
        assert "thinking" in kinds and "error" not in kinds
        thinking = next(p for p in seen.sent if p["type"] == "thinking")
        assert thinking["seats"] in (["Player 2"], ["Player 3"])
        end = seen.last()
        assert end["over"] and end["result"] and end["decision"] is None and end["turn"] == "The game is over."
        assert sum(len(p["log"]) for p in seen.sent if p["type"] == "screen") == end["log_total"]  # each line once
    asyncio.run(run())


def test_a_server_started_again_resumes_every_game_and_a_page_gets_its_view_back(tmp_path: Path) -> None:
    async def run() -> None:
        hall = new_hall(tmp_path)
        deal, _ = hall.create("lobbys", 3, 0, {"p1": PERSON, "p2": PERSON, "p3": "random"}, False, seed=8)
        links = tokens(hall, deal.id)
        (p1, s1), (p2, s2) = await join(hall, links["p1"]), await join(hall, links["p2"])
        for _ in range(3):
            await answer_first(hall, deal.id, p1, s1)
            await answer_first(hall, deal.id, p2, s2)
            await settle(hall.live[deal.id])
        before = {seat: s.last() for seat, s in (("p1", s1), ("p2", s2))}
        answers = list(hall.live[deal.id].answers)
        assert len(answers) >= 6
        again = new_hall(tmp_path)  # a new server on the same store, the old one never closed (a kill)
        for seat in ("p1", "p2"):
            _, seen = await join(again, links[seat])
            now = seen.last()
            assert now["log_from"] == 0 and now["log_total"] == before[seat]["log_total"]
            assert {k: now[k] for k in ("board", "decision", "turn")} == {k: before[seat][k] for k in ("board", "decision", "turn")}
        assert again.live[deal.id].answers == answers
        page, seen = await join(again, links["p1"])
        await answer_first(again, deal.id, page, seen)  # and the game goes on
        assert len(again.live[deal.id].answers) == len(answers) + 1
    asyncio.run(run())


def test_a_damaged_store_is_a_clear_error_never_another_game(tmp_path: Path) -> None:
    async def run() -> None:
        hall = new_hall(tmp_path)
        deal, _ = hall.create("racolage", 3, 0, {"p1": PERSON, "p2": "random", "p3": "random"}, False, seed=3)
        link = tokens(hall, deal.id)["p1"]
        page, seen = await join(hall, link)
        await answer_first(hall, deal.id, page, seen)
        await settle(hall.live[deal.id])
        db = sqlite3.connect(tmp_path / "games.db")
        kept = db.execute("SELECT option FROM answers WHERE game = ? AND n = 0", (deal.id,)).fetchone()[0]
        for sql, said in [("UPDATE answers SET option = 'play:A99' WHERE n = 0", "answer 1"),
                          ("UPDATE answers SET events = events + 1 WHERE n = 0", "does not bring back the game it did"),
                          ("UPDATE games SET seed = seed + 1", "does not deal the same game again"),
                          ("UPDATE answers SET n = 7 WHERE n = 0", "answer 1 is damaged"),
                          ("UPDATE games SET seated = '[1, 2]'", "deal is damaged")]:
            db.execute("BEGIN")
            db.execute(sql)
            db.commit()
            with pytest.raises(StoreError, match=said):
                await new_hall(tmp_path).join(link, Recorder())
            db.execute("BEGIN")
            db.execute(sql.replace("+ 1", "- 1").replace("n = 7 WHERE n = 0", "n = 0 WHERE n = 7")
                       .replace("option = 'play:A99'", f"option = '{kept}'")
                       .replace("'[1, 2]'", repr(__import__('json').dumps([list(s) for s in deal.seated]))))
            db.commit()
        await new_hall(tmp_path).join(link, Recorder())  # mended, it is the game again
    asyncio.run(run())


def test_an_answer_the_store_cannot_keep_is_taken_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def run() -> None:
        hall = new_hall(tmp_path)
        deal, _ = hall.create("racolage", 3, 0, {"p1": PERSON, "p2": "random", "p3": "random"}, False, seed=4)
        page, seen = await join(hall, tokens(hall, deal.id)["p1"])
        live = hall.live[deal.id]
        events = len(live.game.driver.events)

        def full(*args: Any) -> None:
            raise StoreError("games.db: could not keep it (database or disk is full); nothing changed")
        monkeypatch.setattr(hall.store, "add_answer", full)
        await answer_first(hall, deal.id, page, seen)
        assert seen.sent[-1] == {"type": "error",
                                 "message": "games.db: could not keep it (database or disk is full); nothing changed"}
        assert live.answers == [] and live.game.driver.answers == [] and len(live.game.driver.events) == events
        assert live.game.mine(live.game.seat("p1")) is not None
    asyncio.run(run())


def test_hot_seat_hands_the_screen_over_and_shows_nothing_until_it_is_taken(tmp_path: Path) -> None:
    async def run() -> None:
        hall = new_hall(tmp_path)
        deal, _ = hall.create("racolage", 3, 0, {"p1": PERSON, "p2": PERSON, "p3": "random"}, True, seed=6)
        links = tokens(hall, deal.id)
        assert set(links) == {"table", "watch", "host"}  # one link for the people at the screen
        page, seen = await join(hall, links["table"])
        live = hall.live[deal.id]
        assert seen.sent[-1] == {"type": "handover", "title": "Racolage Électoral", "to": "Player 1",
                                 "text": "Hand the screen to Player 1, and press the button when only Player 1 can see it."}
        await hall.message(deal.id, page, {"type": "answer", "text": "1"})
        assert seen.sent[-1]["message"] == "take the screen first: Player 1 is to play" and live.answers == []
        await hall.message(deal.id, page, {"type": "take"})
        assert seen.last()["you"] == "Player 1" and seen.last()["decision"] is not None
        while live.game.deciding_person() != "p2" and not live.game.driver.over:
            screen = seen.last()
            await hall.message(deal.id, page, {"type": "answer", "text": screen["decision"]["options"][-1]["id"]})
            await settle(live)
        handover = seen.sent[-1]
        assert handover["type"] == "handover" and handover["to"] == "Player 2" and "board" not in handover
        await hall.message(deal.id, page, {"type": "take"})
        mine = seen.last()
        assert mine["you"] == "Player 2" and mine["log_from"] == 0  # Player 2's log, from its start
        await hall.message(deal.id, page, {"type": "take"})
        assert seen.sent[-1]["message"] == "nothing to take: the screen is not being handed over"
    asyncio.run(run())


@pytest.mark.deep  # two worker processes started, two searches of a second: ~8 s
def test_a_search_bot_thinks_off_the_loop_and_another_game_goes_on(tmp_path: Path) -> None:
    """ISMCTS moves in a worker process: while it thinks, a person in another game is answered at once;
    a worker killed in the middle of a move is replaced and the move made."""
    async def run() -> None:
        hall = new_hall(tmp_path)
        slow, _ = hall.create("racolage", 3, 0, {"p1": "ismcts:seconds=1", "p2": PERSON, "p3": "random"}, False, seed=9)
        quick, _ = hall.create("racolage", 3, 0, {"p1": PERSON, "p2": "random", "p3": "random"}, False, seed=10)
        _, watching = await join(hall, tokens(hall, slow.id)["p2"])
        thinking: Live = hall.live[slow.id]
        while "search" not in hall.robots._pools:  # the search has begun
            await asyncio.sleep(0.01)
        page, seen = await join(hall, tokens(hall, quick.id)["p1"])
        await rounds(hall, quick.id, page, seen, 3)  # the person's answers, and the random bots' moves after each
        assert len(hall.live[quick.id].answers) >= 3
        assert thinking.moving is not None and not thinking.moving.done()  # all while the search thinks
        await kill_workers(hall.robots._pools["search"])
        await settle(thinking)
        assert thinking.answers and thinking.answers[0].seat == "p1"
        assert watching.last()["turn"] in ("Your turn.", "Waiting for Player 3.")
        await hall.close()
    asyncio.run(run())


def test_a_page_that_reconnects_gets_its_whole_view_again(tmp_path: Path) -> None:
    async def run() -> None:
        hall = new_hall(tmp_path)
        deal, _ = hall.create("lobbys", 3, 0, {"p1": PERSON, "p2": "random", "p3": "random"}, False, seed=12)
        page, seen = await join(hall, tokens(hall, deal.id)["p1"])
        await rounds(hall, deal.id, page, seen, 4)
        hall.leave(deal.id, page)
        _, again = await join(hall, tokens(hall, deal.id)["p1"])
        assert again.sent[0]["log_from"] == 0 and again.sent[0]["log"] == [
            line for p in seen.sent if p["type"] == "screen" for line in p["log"]]
        assert again.sent[0]["decision"] == seen.last()["decision"]
    asyncio.run(run())


def test_a_games_own_options_are_offered_and_reach_it(tmp_path: Path) -> None:
    """The form offers each game's flags and choices of `cmdsl play` (Die Macher's short game,
    Lobbys' People variant, CM2008's setup and first player), and the game is dealt with them."""
    from cmdsl.games.cm2008.engine import campaign_of
    from cmdsl.games.diemacher.game import diemacher_of
    from cmdsl.serve.offers import HallError

    hall = new_hall(tmp_path)
    offered = {o.name: {v.dest: v.choices for v in o.variants} for o in hall.offers}
    assert offered["diemacher"] == {"short": ()} and offered["lobbys"] == {"people": ()}
    assert offered["cm2008"] == {"setup": ("beginner", "choose-states", "draft"), "first": ("mccain", "obama", "random")}
    short, _ = hall.create("diemacher", 3, 0, {"cdu": PERSON, "spd": "random", "fdp": "random"}, False,
                           variants={"short": "on"})
    assert dict(short.options) == {"players": 3, "short": True}
    assert diemacher_of(hall.live[short.id].game.driver).short
    draft, _ = hall.create("cm2008", 2, 0, {"mccain": PERSON, "obama": "random"}, False,
                           variants={"setup": "draft", "first": "obama"})
    setup = campaign_of(hall.live[draft.id].game.driver).setup
    assert (setup.mode, setup.first, setup.max_turns) == ("draft", "obama", None)
    with pytest.raises(HallError, match="setup: 'sideways' is not one of beginner, choose-states, draft"):
        hall.create("cm2008", 2, 0, {"mccain": PERSON}, False, variants={"setup": "sideways"})
    again = new_hall(tmp_path)  # the options are kept with the game
    assert diemacher_of(asyncio.run(again.game(short.id)).game.driver).short


@pytest.mark.parametrize(("name", "players", "marks"), [
    ("cm2008", 2, ("'s hand:",)), ("lobbys", 3, ("Your hand", "(you)")), ("racolage", 3, ("(you)",)),
    ("diemacher", 3, ("Your hand", "Your cabinet", "* you", "CDU/CSU *"))])
def test_a_spectator_sees_the_table_as_every_seat_does(tmp_path: Path, name: str, players: int,
                                                       marks: tuple[str, ...]) -> None:
    """The public view: each game's table with no seat's own part (its hand, "you"), beside the log."""
    async def run() -> None:
        hall = new_hall(tmp_path)
        seats = hall.seat_names(name, players, 0)
        deal, _ = hall.create(name, players, 0, {s: "random" for s, _ in seats}, False, seed=2)
        page, seen = await join(hall, tokens(hall, deal.id)["watch"])
        await settle(hall.live[deal.id])
        await hall.message(deal.id, page, {"type": "text", "on": True})
        screen = seen.last()
        assert screen["you"] is None and screen["decision"] is None and screen["board"]
        assert not [m for m in marks if m in screen["board"]], screen["board"]
        assert screen["log_total"] > 0
    asyncio.run(run())


def test_die_machers_public_board_hides_each_partys_own_things() -> None:
    """DM18.3, DM8.1, DM10.5: a spectator's board (``public_part``) shows a cabinet card turned up,
    never one face down (even the viewing party's own), nor an amount laid face down, nor a hand."""
    from dataclasses import replace

    from cmdsl.games.diemacher.game import diemacher_game, diemacher_of
    from cmdsl.games.diemacher.ui.board import board
    from cmdsl.games.diemacher.view import public_part

    game = diemacher_game(3, 3)
    cdu, spd, _ = game.seats
    view = game.view(cdu)
    placed = replace(view.boards[0], cabinet=((cdu, "backbencher", "face down"), (spd, "chief-whip", "turned up")))
    view = replace(view, boards=(placed, *view.boards[1:]), laid=((cdu, 10_000, False), (spd, 20_000, True)))
    public = public_part(view)
    assert public.boards[0].cabinet == ((cdu, None, "face down"), (spd, "chief-whip", "turned up"))
    assert public.laid == ((cdu, None, False), (spd, 20_000, True))
    assert public.hand == () and public.cabinet_hand == () and public.looking is None and public.log == ()
    data = diemacher_of(game).data
    shown = board(public, data, 7, 100, public=True)
    assert "Chief Whip" in shown and "Backbencher" not in shown and "Your" not in shown
    assert "Backbencher" in board(view, data, 7, 100)  # the party itself sees its own card


def test_idle_games_beyond_the_bound_leave_memory_and_come_back_from_the_store(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("cmdsl.serve.hall.MAX_LIVE", 2)

    async def run() -> None:
        hall = new_hall(tmp_path)
        made = [hall.create("racolage", 3, 0, {"p1": PERSON, "p2": "random", "p3": "random"}, False, seed=s)[0]
                for s in (1, 2, 3)]
        page, seen = await join(hall, tokens(hall, made[0].id)["p1"])  # a page holds the first one
        await answer_first(hall, made[0].id, page, seen)
        await settle(hall.live[made[0].id])
        for deal in made[1:]:
            await hall.game(deal.id)
        assert made[0].id in hall.live and len(hall.live) == 2  # the watched game stays
        hall.leave(made[0].id, page)
        before = hall.live[made[0].id].game.driver.events[-1].text()
        for deal in made[1:]:
            await hall.game(deal.id)
        assert made[0].id not in hall.live
        back = await hall.game(made[0].id)  # rebuilt from the store, as it stood
        assert back.game.driver.events[-1].text() == before and len(back.answers) >= 1
    asyncio.run(run())


def test_a_game_being_joined_or_answered_is_never_let_go(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """More games than the bound, each joined as it comes: the game a page is joining (not watched
    yet) and a game whose answer is being kept stay in memory; a copy let go meanwhile and rebuilt
    would be a second game writing the same answers (found at 300 games by bench/serve_load.py)."""
    monkeypatch.setattr("cmdsl.serve.hall.MAX_LIVE", 1)

    async def run() -> None:
        hall = new_hall(tmp_path)
        made = [hall.create("lobbys", 3, 0, {"p1": PERSON, "p2": "random", "p3": "greedy"}, False, seed=s)[0]
                for s in (1, 2, 3)]
        pages = [await join(hall, tokens(hall, deal.id)["p1"]) for deal in made]
        for _ in range(3):
            await asyncio.gather(*(rounds(hall, deal.id, page, seen, 1) for deal, (page, seen) in zip(made, pages)))
        for deal, (_, seen) in zip(made, pages):
            assert "error" not in [p["type"] for p in seen.sent], seen.last("error")
            assert len(list(hall.store.answers(deal.id))) == len(hall.live[deal.id].answers) >= 3
        await hall.close()
    asyncio.run(run())


def test_a_game_whose_answer_is_being_kept_stays_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("cmdsl.serve.hall.MAX_LIVE", 1)

    async def run() -> None:
        hall = new_hall(tmp_path)
        a, b = (hall.create("racolage", 3, 0, {"p1": PERSON, "p2": "random", "p3": "random"}, False, seed=s)[0]
                for s in (1, 2))  # the person plays first: no bot moves until it answers
        page, seen = await join(hall, tokens(hall, a.id)["p1"])
        live = hall.live[a.id]
        await join(hall, tokens(hall, b.id)["p1"])  # watched: b stays in memory
        hall.leave(a.id, page)  # its tab closed while its last answer is on the way
        await asyncio.gather(answer_first(hall, a.id, page, seen), hall.game(b.id))  # b asked for meanwhile
        assert hall.live.get(a.id) is live and len(live.answers) == 1
        await hall.close()
    asyncio.run(run())
