"""What the server's tests share: a hall on a store in a temporary folder, a page that records
what it is sent (as the wire carries it: JSON), and a wait for a game's bots to finish moving."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
from pathlib import Path
from typing import Any

from cmdsl.serve.hall import Hall, Live, Page
from cmdsl.serve.offers import game_offers
from cmdsl.serve.robots import Robots
from cmdsl.serve.store import Store


class Recorder:
    """A page: every payload it is sent, decoded from the JSON it would be sent as."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.wire: list[str] = []

    async def send(self, payload: dict[str, Any]) -> None:
        text = json.dumps(payload)
        self.wire.append(text)
        self.sent.append(json.loads(text))

    def last(self, kind: str = "screen") -> dict[str, Any]:
        return next(p for p in reversed(self.sent) if p["type"] == kind)


def new_hall(folder: Path, cards: str | None = None) -> Hall:
    return Hall(Store(folder / "games.db"), Robots(1), game_offers(cards))


async def settle(live: Live) -> None:
    """Wait until the game's bots have no move left to make."""
    while live.moving is not None and not live.moving.done():
        await live.moving
    if live.moving is not None and live.moving.exception() is not None:
        raise live.moving.exception()  # type: ignore[misc]


def tokens(hall: Hall, game_id: str) -> dict[str, str]:
    """A game's links by role: a seat's name, ``table``, ``watch`` or ``host``."""
    return {(role.seat or role.kind): token for token, role in hall.store.links(game_id).items()}


async def join(hall: Hall, token: str) -> tuple[Page, Recorder]:
    recorder = Recorder()
    return await hall.join(token, recorder), recorder


async def answer_first(hall: Hall, game_id: str, page: Page, recorder: Recorder) -> None:
    await hall.message(game_id, page, {"type": "answer", "text": recorder.last()["decision"]["options"][0]["id"]})


#: A page of this server, as a browser's requests say so.
ORIGIN = {"origin": "http://testserver"}


def make(client: Any, game: str = "lobbys", players: int = 3, listed: bool = False, hot_seat: bool = False,
         **seats: str) -> dict[str, str]:
    """A game made through the form (a TestClient's): its links by whom they are for, lower case and
    first word (a seat's name: "player", "mccain"; "spectators"; "every" for the hot-seat table)."""
    form = {"game": game, "players": str(players), "set": "0", **{f"seat.{k}": v for k, v in seats.items()},
            **({"listed": "on"} if listed else {}), **({"hot_seat": "on"} if hot_seat else {})}
    made = client.post("/games", data=form, headers=ORIGIN, follow_redirects=False)
    assert made.status_code == 303, made.text
    page = client.get(made.headers["location"]).text
    rows = re.findall(r"<tr><td>(.*?)</td><td><a href=\"http://testserver/play/([^\"]+)\"", page)
    return {who.split(" ")[0].lower(): token for who, token in rows}


async def rounds(hall: Hall, game_id: str, page: Page, recorder: Recorder, count: int) -> None:
    """``count`` times: the page's person answers its first option, and the bots move until it must again."""
    for _ in range(count):
        await answer_first(hall, game_id, page, recorder)
        await settle(hall.live[game_id])


async def kill_workers(pool: Any) -> None:
    """``kill -9`` every worker process of a bots' pool (``ProcessPoolExecutor``), once it has one."""
    while not pool._processes:
        await asyncio.sleep(0.05)
    for pid in list(pool._processes):
        os.kill(pid, signal.SIGKILL)
