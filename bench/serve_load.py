"""`cmdsl serve` under load (issue 61 §4): many games at once on one server.

Each game has one person and bots at every other seat (random and greedy, alternately; no search
bot: its thinking is off the loop and not counted). A person answers its decision after a short
think, while every other game goes on. Two ways, each measured in one run:

- **server side** (the default): the server's hall in this process, each person a page on its
  loop. The time from the moment a person's answer is due (its think over: any wait for the busy
  loop counts) to every page of its game having been sent its update (the answer applied, kept in
  the store, each page's screen made and encoded as JSON). Beside the goal: p95 ≤ 50 ms. And the
  memory each live game holds: this process's resident set after play over before the games, and
  the bots' worker's (its copy of each game it moves in).
- ``--real``: `cmdsl serve` as a subprocess, each person a WebSocket client in this process (the
  server's form makes the games): the time from sending an answer to receiving its update, which
  adds the network, the frames and this process's own work (it shares the machine's cores with
  the server): an upper bound. And the server's resident memory per live game, and its bots'
  workers' in all.

The bots think in a worker process (``robots.py``), so their moves cost the server's loop only the
values sent and received: the loop's share of this machine's time is the pages' and the answers'.

    python bench/serve_load.py [--games 100] [--answers 15] [--think 0.5] [--real]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.typing import Origin

GOAL_MS = 50.0
#: The tables played, in turn: (game, players); the person at the first seat.
TABLES = (("lobbys", 4), ("racolage", 3), ("cm2008", 2), ("diemacher", 4))
ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def resident_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def descendants(pid: int) -> list[int]:
    """Every process started by ``pid``, and by those (the bots' fork server and its workers)."""
    parents: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        parents.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], list(parents.get(pid, []))
    while todo:
        child = todo.pop()
        found.append(child)
        todo.extend(parents.get(child, []))
    return found


def tree_kib(pid: int) -> tuple[int, int]:
    """The resident memory of ``pid``, and of its descendants (the bots' workers) together."""
    others = 0
    for child in descendants(pid):
        try:
            others += resident_kib(child)
        except (OSError, RuntimeError):
            pass
    return resident_kib(pid), others


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def make_game(base: str, n: int) -> str:
    """A game made through the server's form; the person's link token."""
    name, players = TABLES[n % len(TABLES)]
    page = urllib.request.urlopen(f"{base}/new?game={name}&players={players}&set=0").read().decode()
    seats = re.findall(r'name="seat\.([^"]+)"', page)
    form = {"game": name, "players": str(players), "set": "0",
            **{f"seat.{s}": "human" if i == 0 else ("random", "greedy")[(n + i) % 2] for i, s in enumerate(seats)}}
    request = urllib.request.Request(f"{base}/games", data=urllib.parse.urlencode(form).encode(), headers={"Origin": base})
    try:
        urllib.request.build_opener(NoRedirect).open(request)
        raise RuntimeError("the form did not redirect")
    except urllib.error.HTTPError as e:
        if e.code != 303:
            raise
        links = urllib.request.urlopen(base + e.headers["location"]).read().decode()
    row = re.search(r'<tr><td>(?!spectators)[^<]+</td><td><a href="[^"]*/play/([^"]+)"', links)
    assert row is not None, links
    return row.group(1)


async def person(base: str, token: str, answers: int, think: float, rng: random.Random, times: list[float]) -> int:
    async with connect(base.replace("http", "ws") + f"/ws/{token}", origin=Origin(base), max_size=2**24) as ws:
        screen: dict[str, object] = {}
        given = 0
        while given < answers and not screen.get("over"):
            decision = screen.get("decision")
            if not isinstance(decision, dict):  # not this person's turn: the next screen
                message = json.loads(await ws.recv())
                if message["type"] == "screen":
                    screen = message
                continue
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
            while True:  # what arrived meanwhile (the bots' moves) is not the answer's update
                try:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 0.001))
                except TimeoutError:
                    break
                if message["type"] == "screen":
                    screen = message
            decision = screen.get("decision")
            if not isinstance(decision, dict):
                continue
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "answer", "text": rng.choice(decision["options"])["id"]}))
            while True:  # the update this answer brings: the next screen (or its refusal)
                reply = json.loads(await ws.recv())
                if reply["type"] in ("screen", "error"):
                    times.append(time.perf_counter() - sent)
                    screen = reply if reply["type"] == "screen" else screen
                    break
            given += 1
        return given


class Page:
    """A person's page on the server's loop: it keeps the last screen, woken when one arrives."""

    def __init__(self, errors: list[str]) -> None:
        self.screen: dict[str, object] = {}
        self.woken = asyncio.Event()
        self.errors = errors

    async def send(self, payload: dict[str, object]) -> None:
        json.dumps(payload)  # encoded as the WebSocket would send it
        if payload["type"] == "screen":
            self.screen = payload
            self.woken.set()
        elif payload["type"] == "error":  # a refusal, or a bot that could not move: counted, never expected
            self.errors.append(str(payload["message"]))


async def page_person(hall: Any, game_id: str, token: str, answers: int, think: float, rng: random.Random,
                      times: list[float], errors: list[str]) -> int:
    loop = asyncio.get_running_loop()
    page = Page(errors)
    seen = await hall.join(token, page)
    given = 0
    while given < answers and not page.screen.get("over"):
        decision = page.screen.get("decision")
        if not isinstance(decision, dict):
            page.woken.clear()
            await page.woken.wait()
            continue
        due = loop.time() + rng.uniform(0.5, 1.5) * think
        await asyncio.sleep(due - loop.time())
        decision = page.screen.get("decision")
        if not isinstance(decision, dict):
            continue
        await hall.message(game_id, seen, {"type": "answer", "text": rng.choice(decision["options"])["id"]})
        times.append(loop.time() - due)  # from when the answer was due: a busy loop's delay counts
        given += 1
    return given


async def server_side(games: int, answers: int, think: float) -> tuple[list[float], list[int], float, tuple[int, int], int]:
    from cmdsl.serve.hall import Hall
    from cmdsl.serve.robots import Robots
    from cmdsl.serve.store import PERSON, Store

    hall = Hall(Store(Path(tempfile.mkdtemp()) / "games.db"), Robots(1))
    hall.new_games_per_minute = games + 10
    for name, players in TABLES:  # each set loaded once before the count, here and in the bots' worker
        seated = {s: "random" for s, _ in hall.seat_names(name, players, 0)}
        deal, _ = hall.create(name, players, 0, seated, False, seed=0)
        bots = [(s, "random") for s, _ in hall.live[deal.id].game.bot_seats()]
        await hall.robots.choose(deal, (), bots)
    before = tree_kib(os.getpid())
    made = []
    for n in range(games):
        name, players = TABLES[n % len(TABLES)]
        seats = hall.seat_names(name, players, 0)
        seated = {s: PERSON if i == 0 else ("random", "greedy")[(n + i) % 2] for i, (s, _) in enumerate(seats)}
        deal, links = hall.create(name, players, 0, seated, False, seed=n)
        made.append((deal.id, next(t for t, r in links.items() if r.kind == "seat")))
    times: list[float] = []
    errors: list[str] = []
    rng = random.Random(1)
    started = time.perf_counter()
    given = await asyncio.gather(*(page_person(hall, g, t, answers, think, random.Random(rng.random()), times, errors)
                                   for g, t in made))
    wall = time.perf_counter() - started
    after = tree_kib(os.getpid())
    await hall.close()
    return times, list(given), wall, (after[0] - before[0], after[1] - before[1]), len(errors)


async def play(base: str, tokens: list[str], answers: int, think: float) -> tuple[list[float], list[int], float]:
    times: list[float] = []
    rng = random.Random(1)
    started = time.perf_counter()
    given = await asyncio.gather(*(person(base, t, answers, think, random.Random(rng.random()), times) for t in tokens))
    return times, list(given), time.perf_counter() - started


def real_server(games: int, answers: int, think: float) -> tuple[list[float], list[int], float, tuple[int, int], int]:
    port = free_port()
    base = f"http://localhost:{port}"
    folder = Path(tempfile.mkdtemp())
    server = subprocess.Popen([sys.executable, "-m", "cmdsl.cli", "serve", "--port", str(port), "--db",
                               str(folder / "games.db"), "--new-games-per-minute", str(games + 10)],
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=(folder / "stderr.txt").open("w"))
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        for n in range(len(TABLES)):  # each set loaded once before the count
            make_game(base, n)
        idle = resident_kib(server.pid)
        tokens = [make_game(base, n) for n in range(games)]
        times, given, wall = asyncio.run(play(base, tokens, answers, think))
        server_kib, workers_kib = tree_kib(server.pid)
        held = (server_kib - idle, workers_kib)
    finally:
        server.terminate()
        server.wait(20)
    errors = [line for line in (folder / "stderr.txt").read_text().splitlines() if "Traceback" in line or "ERROR" in line]
    return times, given, wall, held, len(errors)


def main(games: int, answers: int, think: float, real: bool) -> None:
    tables = ", ".join(f"{g} {p}p" for g, p in TABLES)
    if real:
        times, given, wall, held, errors = real_server(games, answers, think)
        what = "a person's answer sent to its update received (an upper bound of the server's time)"
        memory = (f"memory per live game (resident, after play): the server's {held[0] / games:.0f} KiB; the bots' "
                  f"workers hold {held[1] / 1024:.0f} MiB in all (their interpreters and sets too); server errors: {errors}")
    else:
        times, given, wall, held, errors = asyncio.run(server_side(games, answers, think))
        what = "a person's answer due to every page of its game sent its update, server side"
        memory = (f"memory per live game (resident growth, after play): the server's {held[0] / games:.0f} KiB, "
                  f"the bots' worker's {held[1] / games:.0f} KiB (its copy of the game); errors sent to pages: {errors}")
    ms = sorted(t * 1000 for t in times)
    p95 = ms[int(0.95 * (len(ms) - 1))]
    print(f"{games} games at once ({tables}, in turn), one person each, random and greedy bots: "
          f"{sum(given)} answers in {wall:.1f} s{' on `cmdsl serve` over WebSockets' if real else ''}")
    print(f"{what}: median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, max {ms[-1]:.1f} ms   "
          f"goal: p95 ≤ {GOAL_MS:.0f} ms: {'met' if p95 <= GOAL_MS else 'NOT met'}")
    print(memory)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--answers", type=int, default=15, help="answers each person gives (fewer if its game ends)")
    parser.add_argument("--think", type=float, default=0.5, help="a person's mean think time before answering (s)")
    parser.add_argument("--real", action="store_true", help="a `cmdsl serve` process and WebSocket clients")
    args = parser.parse_args()
    main(args.games, args.answers, args.think, args.real)
