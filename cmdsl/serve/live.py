"""A live game on the server (``Live``): the game, its answers kept, the pages watching it (each a
``Client`` that can be sent a payload), its bots' moving, and what each page is sent: the game
from its own side (``screen.py``, and the game's board in HTML, ``boards.py``), or a hot-seat
hand-over.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Protocol

from ..plugins.requests import Lang
from . import screen
from .boards import Boards
from .served import ServedGame
from .store import Answer, Role


class Client(Protocol):
    async def send(self, payload: screen.Payload) -> None: ...


@dataclass
class Page:
    """One page watching a game: its link's role, and how much of its log it has been sent."""

    client: Client
    role: Role
    log_sent: int = 0
    viewing: str | None = None  # the seat whose view it was sent last (hot-seat: it changes)
    lang: Lang = "en"  # the language of its cards' texts on the board
    text: bool = False  # it shows the table as text beside the game's HTML board (a game without one: always)


@dataclass
class Live:
    game: ServedGame
    answers: list[Answer]
    pages: list[Page] = field(default_factory=list)
    moving: asyncio.Task[None] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    held: int = 0  # the pages' requests being served (a join, a message): it stays in memory meanwhile

    def idle(self) -> bool:
        """Nobody watches it, no request is being served, no bot is moving: it may leave memory."""
        return not self.pages and not self.held and (self.moving is None or self.moving.done())

    async def show_all(self, boards: Boards) -> None:
        """Every page shown the game, each from its own side."""
        for page in list(self.pages):
            await self.show(page, boards)

    async def send_all(self, payload: screen.Payload) -> None:
        for page in list(self.pages):
            await self.send(page, payload)

    async def show(self, page: Page, boards: Boards) -> None:
        """The page shown the game from its side: its seat's, the hot-seat table's person's, or a spectator's."""
        game = self.game
        if page.role.kind == "table":
            if game.hot.at is None:
                viewing = None
            elif game.hot.handing_over:
                page.viewing, page.log_sent = None, 0
                await self.send(page, screen.hand_over(game, game.hot.at))
                return
            else:
                viewing = game.hot.at
        else:
            viewing = page.role.seat if page.role.kind == "seat" else None
        if viewing != page.viewing:
            page.viewing, page.log_sent = viewing, 0
        seat = game.seat(viewing) if viewing is not None else None
        with game.driver.views_kept():  # its board, its table as text, its log and its cards: one view
            payload = screen.screen(game, seat, page.log_sent, boards.html(game, seat, page.lang), page.text)
        page.log_sent = payload["log_total"]
        await self.send(page, payload)

    async def send(self, page: Page, payload: screen.Payload) -> None:
        try:
            await page.client.send(payload)
        except Exception:  # a page gone (closed tab, dead connection): it stops watching
            if page in self.pages:
                self.pages.remove(page)
