"""Issue 60 §4: the server's guards, each tried: unguessable links kept with the game, a seat that
answers only its own decisions, WebSocket origins, bounded messages, rates and forms, every answer
through the driver, no request reaching a file beyond the chosen set, security headers, the bind
address, and undo (off in the browser, said in one line)."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cmdsl.cli import main
from cmdsl.serve.app import BURST, MAX_FORM, MAX_MESSAGE, create_app
from cmdsl.serve.command import exposed
from cmdsl.serve.hall import UNDO_OFF, Hall
from cmdsl.serve.store import Store

from .helpers import ORIGIN, make, new_hall






def first_screen(ws: Any) -> dict[str, Any]:
    while True:
        m = ws.receive_json()
        if m["type"] == "screen":
            return m


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    links = make(client, p1="human", p2="human", p3="random")
    for path in ["/", "/new?game=lobbys&players=3&set=0", f"/play/{links['player']}", "/static/play.js", "/nope",
                 "/play/not-a-token"]:
        r = client.get(path)
        csp = r.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "default-src 'none'" in csp, path
        assert r.headers["x-frame-options"] == "DENY" and r.headers["referrer-policy"] == "same-origin", path
        assert r.headers["x-content-type-options"] == "nosniff", path
    page = client.get(f"/play/{links['player']}").text
    assert "<script src=\"/static/play.js\"" in page and not re.search(r"<script>|<script [^s]|\son\w+=\"|<style", page)


def test_links_are_long_random_tokens_kept_with_the_game(tmp_path: Path, client: TestClient, hall: Hall) -> None:
    links = make(client, p1="human", p2="human", p3="random")
    assert len(set(links.values())) == len(links) and all(len(t) >= 40 for t in links.values())
    again = new_hall(tmp_path)  # a server started again on the same store
    for token in links.values():
        assert again.link(token) is not None
    assert again.link(links["player"][:-1] + ("A" if links["player"][-1] != "A" else "B")) is None
    assert client.get("/play/" + "x" * 43).status_code == 404


def test_a_seat_answers_only_its_own_decisions(client: TestClient, hall: Hall) -> None:
    """Racolage: one seat decides at a time. The seat not deciding is refused; nothing changes."""
    links = make(client, "racolage", 3, p1="human", p2="human", p3="random")
    tokens = {role.seat: token for token, role in hall.store.links(next(iter(hall.live))).items() if role.kind == "seat"}
    live = next(iter(hall.live.values()))
    with client.websocket_connect(f"/ws/{tokens['p2']}", headers=ORIGIN) as ws:
        before = first_screen(ws)
        assert before["decision"] is None and before["turn"] == "Waiting for Player 1."
        answers = len(live.answers)
        ws.send_json({"type": "answer", "text": "1"})
        refused = ws.receive_json()
        assert refused == {"type": "error", "message": "Player 2 has no decision pending now"}
        assert len(live.answers) == answers and len(live.game.driver.answers) == answers
    with client.websocket_connect(f"/ws/{links['spectators']}", headers=ORIGIN) as ws:
        assert first_screen(ws)["decision"] is None
        ws.send_json({"type": "answer", "text": "1"})
        assert ws.receive_json()["message"] == "a spectator cannot answer"


def test_an_illegal_answer_is_refused_through_the_driver_and_changes_nothing(client: TestClient, hall: Hall) -> None:
    links = make(client, "racolage", 3, p1="human", p2="random", p3="random")
    live = next(iter(hall.live.values()))
    with client.websocket_connect(f"/ws/{links['player']}", headers=ORIGIN) as ws:
        screen = first_screen(ws)
        assert screen["decision"] is not None
        for text in ["99", "no such option", "play:not-a-card", "1" * 150]:
            ws.send_json({"type": "answer", "text": text})
            m = ws.receive_json()
            assert m["type"] == "error" and "is not an option" in m["message"], (text, m)
        ws.send_json({"type": "answer", "text": "x" * 300})
        assert ws.receive_json()["type"] == "error"
        assert live.answers == [] and live.game.driver.answers == []


def test_a_websocket_from_another_origin_or_none_is_refused(client: TestClient) -> None:
    links = make(client, p1="human", p2="random", p3="random")
    for headers in [{}, {"origin": "http://evil.example"}, {"origin": "http://testserver.evil.example"},
                    {"origin": "null"}]:
        with pytest.raises(WebSocketDisconnect) as e:
            with client.websocket_connect(f"/ws/{links['player']}", headers=headers) as ws:
                ws.receive_json()
        assert e.value.code == 1008, headers
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect("/ws/" + "y" * 43, headers=ORIGIN) as ws:
            ws.receive_json()


def test_an_origin_the_server_is_told_of_is_accepted(tmp_path: Path) -> None:
    hall = new_hall(tmp_path)
    with TestClient(create_app(hall, frozenset({"https://play.example.org"})), base_url="http://testserver") as c:
        links = make(c, p1="human", p2="random", p3="random")
        with c.websocket_connect(f"/ws/{links['player']}", headers={"origin": "https://play.example.org"}) as ws:
            assert first_screen(ws)["decision"] is not None


def test_messages_are_bounded_in_size_and_rate(client: TestClient) -> None:
    links = make(client, "racolage", 3, p1="human", p2="random", p3="random")  # the person moves first: no bot talks
    with client.websocket_connect(f"/ws/{links['player']}", headers=ORIGIN) as ws:
        first_screen(ws)
        ws.send_text('{"type": "explain", "pad": "' + "x" * MAX_MESSAGE + '"}')
        assert ws.receive_json() == {"type": "error", "message": "a message the server cannot read"}
        for text in ["not json", "[1, 2]", '"explain"']:
            ws.send_text(text)
            assert ws.receive_json()["message"] == "a message the server cannot read"
        for _ in range(int(BURST) + 5):
            ws.send_json({"type": "nothing"})
        replies = [ws.receive_json()["message"] for _ in range(int(BURST) + 5)]
        assert "too many messages: slow down" in replies
        with pytest.raises(WebSocketDisconnect) as e:  # a page that keeps flooding is closed
            for _ in range(200):
                ws.send_json({"type": "nothing"})
                ws.receive_json()
        assert e.value.code == 1008


def test_forms_are_bounded_and_name_only_what_the_server_offers(client: TestClient, hall: Hall) -> None:
    big = client.post("/games", content=b"game=lobbys&" + b"x" * (MAX_FORM + 10), headers={
        **ORIGIN, "content-type": "application/x-www-form-urlencoded"})
    assert big.status_code == 413
    cross = client.post("/games", data={"game": "lobbys", "players": "3", "set": "0"},
                        headers={"origin": "http://evil.example"})
    assert cross.status_code == 403
    for query, said in [("game=../../etc/passwd", "no game '../../etc/passwd' here"),
                        ("game=lobbys&players=3&set=7", "no set number 7 for Lobbys"),
                        ("game=lobbys&players=9&set=0", "Lobbys is played by"),
                        ("game=lobbys&players=3&set=..%2F", "not a number")]:
        r = client.get(f"/new?{query}")
        assert r.status_code == 400 and said in html.unescape(r.text), query
    assert hall.store.games() == []
    for path in ["/static/../store.py", "/static/%2e%2e/store.py", "/static/..%2fstore.py", "/static/templates/base.html",
                 "/static//etc/passwd"]:
        r = client.get(path)
        assert r.status_code == 404 and "import" not in r.text, path


def test_undo_is_off_in_the_browser(client: TestClient, hall: Hall) -> None:
    links = make(client, p1="human", p2="random", p3="random")
    live = next(iter(hall.live.values()))
    with client.websocket_connect(f"/ws/{links['player']}", headers=ORIGIN) as ws:
        screen = first_screen(ws)
        ws.send_json({"type": "answer", "text": screen["decision"]["options"][0]["id"]})
        while len(live.answers) < 1:
            ws.receive_json()
        kept = list(live.answers)
        ws.send_json({"type": "undo"})
        m = ws.receive_json()
        while m["type"] != "error":
            m = ws.receive_json()
        assert m["message"] == UNDO_OFF
        assert live.answers[:len(kept)] == kept


def test_it_binds_to_this_machine_unless_told_and_warns_when_told(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert exposed("127.0.0.1") is None and exposed("::1") is None and exposed("localhost") is None
    assert "every network interface" in (exposed("0.0.0.0") or "")
    assert exposed("192.168.1.5") is not None and exposed("example.org") is not None
    started: list[Any] = []
    monkeypatch.setattr("uvicorn.Server.run", lambda self: started.append(self.config))
    assert main(["serve", "--db", str(tmp_path / "g.db")]) == 0
    assert started[-1].host == "127.0.0.1" and "warning" not in capsys.readouterr().err
    assert main(["serve", "--host", "0.0.0.0", "--db", str(tmp_path / "g.db")]) == 0
    err = capsys.readouterr().err
    assert started[-1].host == "0.0.0.0" and "warning: --host 0.0.0.0 listens on every network interface" in err
    assert "reverse proxy with TLS (docs/web.md)" in err
    assert started[-1].ws_max_size <= 64 * 1024


def test_a_file_that_is_not_a_store_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("not a database " * 100, encoding="utf-8")
    assert main(["serve", "--db", str(bad)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and "cannot be used as the games' store" in err and "\n" not in err
    assert bad.read_text(encoding="utf-8") == "not a database " * 100
    other = tmp_path / "other.db"
    import sqlite3
    sqlite3.connect(other).execute("CREATE TABLE mine (x)")
    assert main(["serve", "--db", str(other)]) == 1
    assert "not a store of cmdsl serve" in capsys.readouterr().err
    Store(tmp_path / "fine.db").close()


def test_a_port_in_use_or_a_wrong_set_is_one_line_and_makes_nothing(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    import socket
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", "--port", str(port), "--db", str(tmp_path / "a.db")]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: --port {port}: cannot listen on 127.0.0.1:{port} (") and err.count("\n") == 1
    assert "choose another port" in err
    assert main(["serve", "--cards", str(tmp_path / "nope"), "--db", str(tmp_path / "b.db")]) == 1
    assert "nope: no such file or directory" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # no store was made
