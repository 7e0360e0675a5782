"""The games a server holds: what it offers to make (every registered game, its table sizes and
sets), the games made (each kept in the store before its links are shown), each live game with
the pages watching it, and every change of a game: a person's answer, the bots' moves, a hot-seat
hand-over, each kept, then shown to every page from its own side.

Nothing here knows the web: a page is a ``Client`` that can be sent a payload (``app.py`` makes
one of a WebSocket), so the tests drive a hall directly too.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from contextlib import asynccontextmanager
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from types import MappingProxyType
from typing import Any, AsyncIterator, Mapping

from ..bots.spec import parse_bot
from ..errors import CmdslError
from ..plugins.requests import Lang
from ..plugins import GameOptions, TableRequest, game as registered_game
from . import screen
from .boards import Boards
from .live import Client, Live, Page
from .offers import GameOffer, HallError, game_offers
from .robots import Robots
from .served import ServedGame, dealt_digest, table_request
from .store import PERSON, Answer, Deal, Role, Store, StoreError, now

log = logging.getLogger("cmdsl.serve")

#: Bounds on what one server holds for people it does not know (docs/web.md).
MAX_PAGES_PER_GAME = 32
LANGS: tuple[Lang, ...] = ("en", "fr")
#: Games held in memory; the idle ones (no page, no bot moving) beyond it are let go.
MAX_LIVE = 200
MAX_NEW_GAMES_PER_MINUTE = 30
MAX_SEED = 2**31 - 1
#: While bots move one after another, how often the pages are shown the game (seconds).
SHOW_EVERY = 0.25
UNDO_OFF = ("undo is off in the browser: with more than one person at a table it would need everyone's "
            "agreement, and a game against bots keeps its answers (docs/web.md)")


class Hall:
    def __init__(self, store: Store, robots: Robots, offers: tuple[GameOffer, ...] | None = None) -> None:
        """``offers``: what it offers to make (``game_offers``; default: every game with its own sets)."""
        self.store, self.robots = store, robots
        self.live: dict[str, Live] = {}  # by id, the least recently used first
        self._rebuilding = asyncio.Lock()
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cmdsl-store")  # the answers, in order
        self._seat_labels: dict[tuple[str, object, str | None], list[tuple[str, str]]] = {}
        self.boards = Boards()
        self.offers = game_offers(None) if offers is None else offers
        self.new_games_per_minute = MAX_NEW_GAMES_PER_MINUTE  # a load bench raises it

    # ---- making a game ---------------------------------------------------------------------------

    def offer(self, name: str) -> GameOffer:
        found = next((o for o in self.offers if o.name == name), None)
        if found is None:
            raise HallError(f"no game {name!r} here: " + ", ".join(o.name for o in self.offers))
        return found

    def seat_names(self, name: str, players: int, set_index: int) -> list[tuple[str, str]]:
        """The seats of a table a form asks for: (name, label) each, in seat order."""
        return self._seats(name, self._request(name, players, set_index))

    def _seats(self, name: str, request: TableRequest) -> list[tuple[str, str]]:
        """A table's seats, read from a game dealt at it once (kept: a table's seats never change)."""
        key = (name, tuple(sorted(request.options.given.items())), request.cards)
        seats = self._seat_labels.get(key)
        if seats is None:
            seats = self._seat_labels[key] = [(s.value, str(s)) for s in
                                              registered_game(name).rules.new_game(request, 0).seats]
        return seats

    def _request(self, name: str, players: int, set_index: int) -> TableRequest:
        """The table a form asks for, checked against what the game offers (never a path it sent)."""
        offer = self.offer(name)
        if players not in offer.players:
            raise HallError(f"{offer.title} is played by {', '.join(map(str, offer.players))} players, not {players}")
        if not 0 <= set_index < len(offer.sets):
            raise HallError(f"no set number {set_index} for {offer.title}")
        return TableRequest(offer.sets[set_index].folder, GameOptions(MappingProxyType({"players": players})))

    def create(self, name: str, players: int, set_index: int, seated: Mapping[str, str], hot_seat: bool,
               seed: int | None = None, variants: Mapping[str, str] | None = None,
               listed: bool = False) -> tuple[Deal, dict[str, Role]]:
        """A new game kept in the store, and its links (token → role): one per person's seat (or one
        for the hot-seat table), one to watch, one for whoever made it (the links page). ``listed``:
        the lobby lists it, and anyone there may take a person's seat no one has taken."""
        if self.store.made_since(now() - 60) >= self.new_games_per_minute:
            raise HallError("too many new games this minute: try again in a moment")
        given = variants or {}
        chosen_variants = {v.dest: v.read(given.get(v.dest)) for v in self.offer(name).variants}
        own = tuple(sorted((k, v) for k, v in {**chosen_variants, "players": players}.items() if v is not None))
        seats = self.seat_names(name, players, set_index)
        for seat, player in seated.items():
            if seat not in dict(seats):
                raise HallError(f"no seat {seat!r} at this table")
            if player != PERSON:
                try:
                    parse_bot(player)
                except CmdslError as e:
                    raise HallError(f"{seat}: {e}") from None
        chosen = tuple((s, seated.get(s, PERSON)) for s, _ in seats)
        if seed is None:
            seed = secrets.randbelow(MAX_SEED)
        deal = Deal(secrets.token_urlsafe(9), name, own, self.offer(name).sets[set_index].folder,
                    seed, chosen, hot_seat, "", now())
        served = ServedGame.dealt(deal, registered_game(name))
        served.deal = deal = replace(deal, dealt=dealt_digest(served.driver))
        links: dict[str, Role] = {secrets.token_urlsafe(32): Role("host"), secrets.token_urlsafe(32): Role("watch")}
        persons = deal.persons()
        if hot_seat and persons:
            links[secrets.token_urlsafe(32)] = Role("table")
        else:
            links.update({secrets.token_urlsafe(32): Role("seat", s) for s in persons})
        self.store.add_game(deal, links, listed and not hot_seat)
        served.hot.at = served.first_at_screen()
        self.live[deal.id] = Live(served, [])
        return deal, links

    # ---- the lobby, and games' lifetime ------------------------------------------------------------

    def lobby(self) -> list[tuple[str, str, list[tuple[str, str]]]]:
        """The listed games with free seats: (game id, its title, [(seat, its label)]), newest first."""
        out = []
        for game_id, seats in self.store.listed():
            deal = self.store.deal(game_id)
            labels = dict(self._seats(deal.game, table_request(deal)))
            out.append((game_id, registered_game(deal.game).title, [(s, labels.get(s, s)) for s in seats]))
        return out

    def take(self, game_id: str, seat: str) -> str:
        """A free seat of a listed game, taken from the lobby: its link's token."""
        token = self.store.take(game_id, seat)
        if token is None:
            raise HallError("that seat is taken, or its game is over: the lobby lists the free ones")
        return token

    def expire(self, before: float) -> list[str]:
        """Games nobody played since ``before`` leave the store (links to them stop working)."""
        gone = self.store.expire(before)
        for game_id in gone:
            live = self.live.pop(game_id, None)
            if live is not None and live.moving is not None:
                live.moving.cancel()
        return gone

    # ---- finding a game ----------------------------------------------------------------------------

    def link(self, token: str) -> tuple[str, Role] | None:
        if not (20 <= len(token) <= 64) or not token.replace("-", "").replace("_", "").isalnum():
            return None
        return self.store.link(token)

    async def game(self, game_id: str) -> Live:
        """The live game, rebuilt from the store (on a thread: a long game takes a moment) when it is
        not in memory; the least used idle games beyond ``MAX_LIVE`` are let go (rebuilt when asked for)."""
        live = self.live.pop(game_id, None)
        if live is None:
            async with self._rebuilding:  # one at a time: two pages of one game get one game
                live = self.live.pop(game_id, None)
                if live is None:
                    deal = self.store.deal(game_id)
                    try:
                        plugin = registered_game(deal.game)
                    except CmdslError as e:
                        raise StoreError(f"game {game_id}: {e}") from None
                    answers = list(self.store.answers(game_id))
                    live = Live(await asyncio.to_thread(ServedGame.rebuilt, deal, plugin, answers), answers)
        self.live[game_id] = live  # the most recently used last
        if len(self.live) > MAX_LIVE:  # never the one asked for: its caller has it
            idle = [k for k, v in self.live.items() if k != game_id and v.idle()]
            for k in idle[:len(self.live) - MAX_LIVE]:
                del self.live[k]
        return live

    @asynccontextmanager
    async def _held(self, game_id: str) -> AsyncIterator[Live]:
        """The live game, kept in memory while a page's request is served: one let go meanwhile and
        rebuilt would be a second copy of the game, writing the same answers."""
        live = await self.game(game_id)
        live.held += 1
        try:
            yield live
        finally:
            live.held -= 1

    # ---- pages -------------------------------------------------------------------------------------

    async def join(self, token: str, client: Client) -> Page:
        found = self.link(token)
        if found is None or found[1].kind == "host":
            raise HallError("no game at this link")
        async with self._held(found[0]) as live:
            if len(live.pages) >= MAX_PAGES_PER_GAME:
                raise HallError("too many pages watch this game")
            page = Page(client, found[1])
            async with live.lock:  # never an answer taken but not yet kept (the store's writer has it)
                live.pages.append(page)
                await live.show(page, self.boards)
            self._start_bots(live)
        return page

    def leave(self, game_id: str, page: Page) -> None:
        live = self.live.get(game_id)
        if live is not None and page in live.pages:
            live.pages.remove(page)

    async def message(self, game_id: str, page: Page, message: Mapping[str, Any]) -> None:
        """A page's message: an answer, `?`, a hot-seat hand-over taken, undo. A refusal is sent to
        that page alone ({"type": "error"}), and nothing changed."""
        async with self._held(game_id) as live:
            await self._message(live, page, message)

    async def _message(self, live: Live, page: Page, message: Mapping[str, Any]) -> None:
        kind = message.get("type")
        try:
            if kind == "answer":
                text = message.get("text")
                if not isinstance(text, str) or not text.strip() or len(text) > 200:
                    raise HallError("an answer is an option's number, id or label, or an amount")
                await self._answer(live, self._acting(live, page), text.strip())
            elif kind == "explain":
                seat = self._acting(live, page)
                await page.client.send({"type": "explain", "text": screen.explanation(live.game, live.game.seat(seat))})
            elif kind == "take":
                if page.role.kind != "table" or not live.game.hot.handing_over:
                    raise HallError("nothing to take: the screen is not being handed over")
                live.game.hot.handing_over = False
                await live.show_all(self.boards)
            elif kind == "undo":
                raise HallError(UNDO_OFF)
            elif kind == "text":
                on = message.get("on")
                if not isinstance(on, bool):
                    raise HallError("the table as text is shown or not: on is true or false")
                page.text = on
                await live.show(page, self.boards)
            elif kind == "lang":
                lang = next((x for x in LANGS if x == message.get("lang")), None)
                if lang is None:
                    raise HallError(f"the cards' texts are in {' or '.join(LANGS)}")
                page.lang = lang
                await live.show(page, self.boards)
            else:
                raise HallError("unknown message")
        except CmdslError as e:  # the hall's refusals, and an answer the game refuses (IllegalAnswer…)
            await page.client.send({"type": "error", "message": str(e)})

    def _acting(self, live: Live, page: Page) -> str:
        """The seat a page answers for: its link's seat, or the hot-seat table's person at the screen."""
        if page.role.kind == "seat" and page.role.seat is not None:
            return page.role.seat
        if page.role.kind == "table" and live.game.hot.at is not None:
            if live.game.hot.handing_over:
                raise HallError(f"take the screen first: {live.game.seat(live.game.hot.at)} is to play")
            return live.game.hot.at
        raise HallError("a spectator cannot answer")

    async def _answer(self, live: Live, seat: str, text: str) -> None:
        async with live.lock:
            await self._keep(live, live.game.answer(seat, text))
            self._hand_over(live)
        await live.show_all(self.boards)
        self._start_bots(live)

    async def _keep(self, live: Live, answer: Answer) -> None:
        """Keep an answer the game has taken (on the store's writer thread: the loop goes on meanwhile,
        this game's lock held); if the store cannot, the game takes it back."""
        try:
            await asyncio.get_running_loop().run_in_executor(self._writer, self.store.add_answer, live.game.deal.id,
                                                             len(live.answers), answer, live.game.driver.over)
        except StoreError:
            live.game.take_back(live.answers)
            raise
        live.answers.append(answer)

    def _hand_over(self, live: Live) -> None:
        game = live.game
        nxt = game.deciding_person()
        if game.deal.hot_seat and nxt is not None and nxt != game.hot.at:
            game.hot.at, game.hot.handing_over = nxt, True

    # ---- the bots ----------------------------------------------------------------------------------

    def _start_bots(self, live: Live) -> None:
        if (live.moving is None or live.moving.done()) and live.game.bot_seats():
            live.moving = asyncio.get_running_loop().create_task(self._move_bots(live))

    async def _move_bots(self, live: Live) -> None:
        """The bots answer until a person must (or the game ends). The pages are shown the game at
        most every ``SHOW_EVERY`` seconds while the bots go on, and once they stop: a run of bot
        moves (hundreds, in Die Macher) is not that many screens."""
        shown = time.monotonic()
        try:
            while not live.game.driver.over and live.game.bot_seats():
                async with live.lock:  # the game stands at its answers kept (none being applied)
                    answers = tuple(live.answers)
                    seats = [(s, live.game.players[s.value]) for s, _ in live.game.bot_seats()]
                await live.send_all({"type": "thinking", "seats": [str(s) for s, _ in seats]})
                chosen = await self.robots.choose(live.game.deal, answers, seats)
                async with live.lock:
                    for seat, option in chosen:
                        if live.game.mine(seat) is not None:
                            await self._keep(live, live.game.bot_answer(seat, option))
                    self._hand_over(live)
                if time.monotonic() - shown >= SHOW_EVERY or live.game.driver.over or not live.game.bot_seats():
                    await live.show_all(self.boards)
                    shown = time.monotonic()
        except Exception as e:  # a bot's failure is the game's to report, never the server's end
            log.exception("game %s: a bot could not move", live.game.deal.id)
            await live.send_all({"type": "error", "message": f"a bot could not move ({e}); reload to try again"})

    async def close(self) -> None:
        for live in self.live.values():
            if live.moving is not None:
                live.moving.cancel()
        self.robots.close()
        self._writer.shutdown(wait=True)  # every answer taken is kept


async def expire_every(hall: Hall, days: float, every: float = 3600.0) -> None:
    """Expire the games untouched for ``days``, now and every ``every`` seconds (a server's lifetime)."""
    while True:
        gone = hall.expire(now() - days * 86400)
        if gone:
            log.warning("%d game(s) untouched for %g days expired", len(gone), days)
        await asyncio.sleep(every)
