"""What the server's tests share: a hall on a store in a temporary folder, a page that records
what it is sent (as the wire carries it: JSON), and a wait for a game's bots to finish moving."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cmdsl.serve.hall import Hall, Live, game_offers
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
