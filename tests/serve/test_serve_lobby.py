"""Issue 61 §3: the lobby of open games with free seats, games that expire, and a finished game's
record for download, which `cmdsl replay` reads."""

from __future__ import annotations

import html
import re
import sqlite3
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from cmdsl.cli import main
from cmdsl.serve.app import create_app
from cmdsl.serve.hall import Hall
from cmdsl.serve.store import VERSION, Store, now

from .helpers import ORIGIN, make, new_hall






def takes(client: TestClient) -> list[tuple[str, str]]:
    page = html.unescape(client.get("/lobby").text)
    return re.findall(r'name="game" value="([^"]+)">\s*<input type="hidden" name="seat" value="([^"]+)">', page)


@pytest.mark.parametrize(("game", "players", "seats"), [
    ("cm2008", 2, {"mccain": "random", "obama": "random"}),
    ("lobbys", 3, {"p1": "random", "p2": "random", "p3": "random"}),
    ("racolage", 2, {"p1": "random", "p2": "random"}),
    ("diemacher", 3, {"cdu": "random", "spd": "random", "fdp": "random"})])
def test_a_finished_games_record_is_offered_and_cmdsl_replay_reproduces_it(
        client: TestClient, tmp_path: Path, game: str, players: int, seats: dict[str, str],
        capsys: pytest.CaptureFixture[str]) -> None:
    links = make(client, game, players, **seats)
    watch = links["spectators"]
    with client.websocket_connect(f"/ws/{watch}", headers=ORIGIN) as ws:
        refused = client.get(f"/record/{watch}")
        assert refused.status_code == 409 and "once the game is over" in refused.text
        while True:
            m = ws.receive_json()
            if m["type"] == "screen" and m["over"]:
                break
    got = client.get(f"/record/{watch}")
    assert got.status_code == 200 and got.headers["content-disposition"].startswith(f'attachment; filename="{game}-')
    record = got.json()
    assert record["played_by"] == seats
    path = tmp_path / "game.json"
    path.write_text(got.text, encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    assert "Replay reproduces the record" in capsys.readouterr().out


def test_the_lobby_lists_free_seats_and_each_is_taken_once(client: TestClient, hall: Hall) -> None:
    make(client, "racolage", 3, listed=True, p1="human", p2="human", p3="random")
    make(client, "lobbys", 3, p1="human", p2="human", p3="random")  # not listed
    make(client, "lobbys", 3, listed=True, hot_seat=True, p1="human", p2="human", p3="random")  # one screen: not listed
    free = takes(client)
    assert [seat for _, seat in free] == ["p1", "p2"]
    assert "Take Player 1" in client.get("/lobby").text and "1 open game in the lobby" in client.get("/").text
    game_id = free[0][0]
    taken = client.post("/take", data={"game": game_id, "seat": "p1"}, headers=ORIGIN, follow_redirects=False)
    assert taken.status_code == 303 and taken.headers["location"].startswith("/play/")
    token = taken.headers["location"].removeprefix("/play/")
    assert hall.link(token) is not None and hall.link(token)[1].seat == "p1"  # type: ignore[index]
    assert [seat for _, seat in takes(client)] == ["p2"]
    again = client.post("/take", data={"game": game_id, "seat": "p1"}, headers=ORIGIN, follow_redirects=False)
    assert again.status_code == 409 and "that seat is taken" in html.unescape(again.text)
    cross = client.post("/take", data={"game": game_id, "seat": "p2"}, headers={"origin": "http://evil.example"})
    assert cross.status_code == 403 and [seat for _, seat in takes(client)] == ["p2"]


def test_games_untouched_for_the_set_time_expire_and_their_links_with_them(client: TestClient, hall: Hall) -> None:
    old = make(client, "racolage", 2, p1="human", p2="random")
    assert hall.expire(now() - 3600) == []  # played within the hour: kept
    gone = hall.expire(now() + 1)
    assert len(gone) == 1 and hall.store.games() == []
    assert client.get(f"/play/{old['player']}").status_code == 404
    assert client.get(f"/record/{old['player']}").status_code == 404


def test_a_store_of_the_first_version_is_brought_up_to_date(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, cards TEXT,
                            seed INTEGER NOT NULL, seated TEXT NOT NULL, hot_seat INTEGER NOT NULL,
                            dealt TEXT NOT NULL, created REAL NOT NULL);
        CREATE TABLE links (token TEXT PRIMARY KEY, game TEXT NOT NULL REFERENCES games(id), role TEXT NOT NULL);
        CREATE TABLE answers (game TEXT NOT NULL REFERENCES games(id), n INTEGER NOT NULL, seat TEXT NOT NULL,
                              option TEXT NOT NULL, events INTEGER NOT NULL, last TEXT NOT NULL, PRIMARY KEY (game, n));
        INSERT INTO games VALUES ('g1', 'racolage', '{"players": 2}', NULL, 7, '[["p1", "human"], ["p2", "random"]]',
                                  0, 'x', 1.0);
        INSERT INTO links VALUES ('t' || hex(randomblob(20)), 'g1', 'seat:p1');
        PRAGMA user_version = 1;""")
    db.close()
    store = Store(path)
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == VERSION
    assert store.db.execute("SELECT game, touched, over, listed FROM life").fetchall() == [("g1", 1.0, 0, 0)]
    assert store.expire(2.0) == ["g1"] and store.games() == []
    store.close()


def test_a_server_expires_untouched_games_as_it_starts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`cmdsl serve --expire-days N`: at its start (and every hour) the games nobody played for N days go."""
    hall = new_hall(tmp_path)
    kept, _ = hall.create("racolage", 2, 0, {"p1": "human", "p2": "random"}, False)
    old, _ = hall.create("racolage", 2, 0, {"p1": "human", "p2": "random"}, False)
    hall.store.writes.execute("UPDATE life SET touched = ? WHERE game = ?", (now() - 3 * 86400, old.id))
    with TestClient(create_app(hall, expire_days=2), base_url="http://testserver") as c:
        c.get("/")
        assert hall.store.games() == [kept.id]
    started: list[object] = []
    monkeypatch.setattr("uvicorn.Server.run", lambda self: started.append(self.config))
    assert main(["serve", "--db", str(tmp_path / "g.db"), "--expire-days", "2"]) == 0 and started
