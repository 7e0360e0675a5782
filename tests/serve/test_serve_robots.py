"""Issue 61 §4: the bots think in worker processes, never in the server's (a bot on a thread of it
would hold the interpreter's lock while the loop waits). The cheap bots' worker keeps a copy of
each game and brings it up to date with the answers given since: that copy is the game itself."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cmdsl.serve import robots
from cmdsl.serve.robots import BotsJob, KeptGame, bots_move
from cmdsl.serve.served import ServedGame
from cmdsl.serve.store import PERSON, Answer, digest

from .helpers import join, kill_workers, new_hall, rounds, tokens


def same_game(a: ServedGame, b: ServedGame) -> bool:
    """The same game: the same record (its log too) and the same decisions pending."""
    def state(g: ServedGame) -> tuple[str, list[tuple[str, list[str]]]]:
        record = digest(json.dumps(g.driver.record(True), sort_keys=True, default=repr))
        return record, [(d.player.value, [o.id for o in d.options]) for d in g.driver.pending_decisions]
    return state(a) == state(b)


def played(game: ServedGame, count: int, seed: int) -> list[Answer]:
    """``count`` answers of random options (every seat's, as a bot would give them)."""
    rng = random.Random(seed)
    answers = []
    while len(answers) < count and not game.driver.over:
        d = rng.choice(game.driver.pending_decisions)
        answers.append(game.bot_answer(d.player, rng.choice(d.options).id))
    return answers


@pytest.mark.parametrize(("name", "players"), [("diemacher", 3), ("racolage", 3), ("cm2008", 2), ("lobbys", 4)])
def test_a_copy_brought_up_by_the_answers_since_is_the_game_itself(tmp_path: Path, name: str, players: int) -> None:
    hall = new_hall(tmp_path)
    seats = hall.seat_names(name, players, 0)
    deal, _ = hall.create(name, players, 0, {s: "random" for s, _ in seats}, False, seed=3)
    game = hall.live[deal.id].game
    kept = KeptGame(ServedGame.rebuilt(deal, game.plugin, []), 0)
    answers: list[Answer] = []
    for step in (1, 5, 2, 30, 12):  # the answers given between two of the bots' moves
        answers += played(game, step, seed=len(answers))
        kept = kept.brought_up(answers)
        assert kept.answers == len(answers) and same_game(kept.game, game)
    back = kept.brought_up(answers[:4])  # ahead of the answers (a game taken back): rebuilt from them
    assert back.answers == 4 and same_game(back.game, ServedGame.rebuilt(deal, game.plugin, answers[:4]))


def test_a_workers_bots_choose_an_option_of_each_seats_decision(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(robots, "_worker_games", {})  # this process stands for the worker
    hall = new_hall(tmp_path)
    deal, _ = hall.create("lobbys", 3, 0, {"p1": "random", "p2": "greedy", "p3": "random"}, False, seed=4)
    game = hall.live[deal.id].game
    answers = played(game, 6, seed=1)
    pending = [d for d in game.driver.pending_decisions]
    chosen = bots_move(BotsJob(deal, tuple(answers), tuple(d.player.value for d in pending), 2))
    assert [d.find(option) is not None for d, option in zip(pending, chosen)] == [True] * len(pending)
    assert list(robots._worker_games) == [deal.id]


def test_no_bot_thinks_in_the_servers_process(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Every bot a worker's: a bot choosing here (a thread's) would make its perspective here."""
    def here(*_: object) -> None:
        raise AssertionError("a bot thinks in the server's process")
    monkeypatch.setattr("cmdsl.game.perspective.Perspective.__init__", here)

    async def run() -> None:
        hall = new_hall(tmp_path)
        deal, _ = hall.create("racolage", 3, 0, {"p1": PERSON, "p2": "random", "p3": "greedy"}, False, seed=5)
        page, seen = await join(hall, tokens(hall, deal.id)["p1"])
        await rounds(hall, deal.id, page, seen, 3)
        assert {a.seat for a in hall.live[deal.id].answers} == {"p1", "p2", "p3"}
        await hall.close()
    asyncio.run(run())


def test_the_cheap_bots_worker_killed_is_replaced_and_the_game_goes_on(tmp_path: Path) -> None:
    async def run() -> None:
        hall = new_hall(tmp_path)
        deal, _ = hall.create("lobbys", 3, 0, {"p1": PERSON, "p2": "random", "p3": "greedy"}, False, seed=6)
        page, seen = await join(hall, tokens(hall, deal.id)["p1"])
        live = hall.live[deal.id]
        await rounds(hall, deal.id, page, seen, 1)
        pool = hall.robots.pool("cheap")
        await kill_workers(pool)
        given = len(live.answers)
        await rounds(hall, deal.id, page, seen, 2)
        assert hall.robots.pool("cheap") is not pool
        assert {a.seat for a in live.answers[given:]} == {"p1", "p2", "p3"}
        assert "error" not in [p["type"] for p in seen.sent]
        await hall.close()
    asyncio.run(run())


SERVER = """
import asyncio, sys, time
from pathlib import Path
from cmdsl.serve.hall import Hall
from cmdsl.serve.robots import Robots
from cmdsl.serve.store import Store

async def main():
    hall = Hall(Store(Path(sys.argv[1]) / "games.db"), Robots(1))
    deal, _ = hall.create("lobbys", 3, 0, {"p1": "random", "p2": "random", "p3": "random"}, False, seed=1)
    bots = [(s, "random") for s, _ in hall.live[deal.id].game.bot_seats()]
    await hall.robots.choose(deal, (), bots)
    print(*hall.robots.pool("cheap")._processes, flush=True)
    time.sleep(600)

if __name__ == "__main__":
    asyncio.run(main())
"""


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/status").read_text().split("State:")[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_a_bots_worker_ends_when_the_server_is_killed(tmp_path: Path) -> None:
    """However the server ends (``kill -9`` too), its bots' workers do not stay behind."""
    script = tmp_path / "server.py"
    script.write_text(SERVER)
    server = subprocess.Popen([sys.executable, str(script), str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        workers = [int(pid) for pid in server.stdout.readline().split()]
        assert workers and all(alive(pid) for pid in workers)
    finally:
        server.kill()
        server.wait()
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(alive(pid) for pid in workers)
