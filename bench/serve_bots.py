"""`cmdsl serve`: does a search bot thinking in one game hold up another? (issue 60 §2)

A person plays Racolage against two greedy bots, answering the first option each time, on a
server's hall in this process (no network): the time from a person's answer to every page's update
(server side: the answer applied, kept in the store, each page's screen made and sent), and the
wall time of the game's first answers with its bots' moves. Then the same again while another
game's ISMCTS seat thinks in the worker process. Compare the two lines of one run.

    python bench/serve_bots.py [--answers 40] [--seconds 30]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from cmdsl.serve.hall import Hall, Live
from cmdsl.serve.robots import Robots
from cmdsl.serve.store import PERSON, Store


class Page:
    def __init__(self) -> None:
        self.last: dict[str, Any] = {}

    async def send(self, payload: dict[str, Any]) -> None:
        if payload["type"] == "screen":
            self.last = payload


async def settle(live: Live) -> None:
    while live.moving is not None and not live.moving.done():
        await live.moving


async def person_game(hall: Hall, answers: int) -> tuple[list[float], float]:
    deal, links = hall.create("racolage", 3, 0, {"p1": PERSON, "p2": "greedy", "p3": "greedy"}, False, seed=10)
    token = next(t for t, r in links.items() if r.kind == "seat")
    page = Page()
    seen = await hall.join(token, page)
    live = hall.live[deal.id]
    times: list[float] = []
    started = time.perf_counter()
    while len(times) < answers and not live.game.driver.over:
        await settle(live)
        decision = page.last.get("decision")
        if decision is None:
            continue
        t = time.perf_counter()
        await hall.message(deal.id, seen, {"type": "answer", "text": decision["options"][0]["id"]})
        times.append(time.perf_counter() - t)
    await settle(live)
    return times, time.perf_counter() - started


async def main(answers: int, seconds: float) -> None:
    hall = Hall(Store(Path(tempfile.mkdtemp()) / "games.db"), Robots(1))
    for searching in (False, True):
        if searching:
            slow, links = hall.create("racolage", 3, 0, {"p1": f"ismcts:seconds={seconds:g}", "p2": PERSON,
                                                         "p3": "random"}, False, seed=9)
            await hall.join(next(t for t, r in links.items() if r.kind == "seat"), Page())
            while "search" not in hall.robots._pools:
                await asyncio.sleep(0.01)
            await asyncio.sleep(3)  # the worker started and searching
        times, wall = await person_game(hall, answers)
        what = "while a search bot thinks in another game" if searching else "alone"
        print(f"{what:>42}: {len(times)} answers, to every page's update median {statistics.median(times) * 1000:.1f} ms, "
              f"max {max(times) * 1000:.1f} ms; the game with its bots' moves {wall:.2f} s")
        if searching:
            moving = hall.live[slow.id].moving
            print(f"{'':>42}  (the search still thinking at the end: {moving is not None and not moving.done()})")
    await hall.close()


if __name__ == "__main__":  # the bots' fork server imports this module too: it must not run it
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the search bot thinks")
    args = parser.parse_args()
    asyncio.run(main(args.answers, args.seconds))
