"""The web application (Starlette): the pages that make a game and show its links, a seat's page
and its WebSocket, the static files, and what guards them (docs/web.md):

- every response carries a Content-Security-Policy with no inline script or style, and headers
  that keep the page out of frames and its links out of Referer headers;
- a WebSocket is accepted only from a page of this server (its Origin is the server's own, or one
  `--origin` allows), and only for a link the store knows;
- a message is at most ``MAX_MESSAGE`` characters and a page sends at most ``RATE`` a second
  (a burst of ``BURST``); a form at most ``MAX_FORM`` bytes;
- a form names a game, a table size and a set by the server's own lists: no request names a file.

WebSockets rather than server-sent events: a page both answers and is told of every move, and
one connection does both in order (an answer's refusal comes back on the connection it came on).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable, MutableMapping
from urllib.parse import parse_qs, urlsplit

from jinja2 import Environment, FileSystemLoader
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketDisconnected

from ..bots.names import BOT_NAMES
from ..errors import CmdslError
from .hall import Hall, HallError, expire_every
from .screen import Payload
from .served import ServedGame
from .store import PERSON, RoleKind, StoreError

log = logging.getLogger("cmdsl.serve")

HERE = Path(__file__).parent
MAX_MESSAGE = 2048
MAX_FORM = 8192
RATE, BURST = 10.0, 30.0
#: Closed after this many messages over the rate in a row (a page that keeps flooding).
STRIKES = 10

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
HEADERS = [(b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
           (b"x-frame-options", b"DENY"), (b"referrer-policy", b"same-origin"),
           (b"cross-origin-opener-policy", b"same-origin"), (b"cache-control", b"no-store")]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]], Awaitable[None]]


def secured(app: ASGIApp) -> ASGIApp:
    """Every HTTP response with the security headers (a pure ASGI wrapper: WebSockets pass)."""
    async def wrapped(scope: Scope, receive: Callable[[], Awaitable[Message]],
                      send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            return await app(scope, receive, send)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [h for h in HEADERS if h[0] not in names]
            await send(message)
        await app(scope, receive, with_headers)
    return wrapped


class Bucket:
    """A page's allowance of messages: ``BURST`` at once, refilled at ``RATE`` a second."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock, self.tokens, self.at, self.strikes = clock, BURST, clock(), 0

    def take(self) -> bool:
        t = self.clock()
        self.tokens, self.at = min(BURST, self.tokens + (t - self.at) * RATE), t
        if self.tokens >= 1:
            self.tokens -= 1
            self.strikes = 0
            return True
        self.strikes += 1
        return False


def same_origin(origin: str | None, host: str | None, allowed: frozenset[str]) -> bool:
    """A page of this server (its Origin's host is the Host asked for), or an origin ``--origin`` names."""
    if not origin:
        return False
    if origin in allowed:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and host is not None and parts.netloc == host


class SocketClient:
    def __init__(self, socket: WebSocket) -> None:
        self.socket = socket

    async def send(self, payload: Payload) -> None:
        await self.socket.send_text(json.dumps(payload))


class Site:
    """The pages and the WebSocket of one hall."""

    def __init__(self, hall: Hall, origins: frozenset[str]) -> None:
        self.hall, self.origins = hall, origins
        self.templates = Jinja2Templates(env=Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True))

    def page(self, request: Request, name: str, status: int = 200, **context: Any) -> Response:
        return self.templates.TemplateResponse(request, name, context, status_code=status)

    def refused(self, request: Request, message: str, status: int = 400) -> Response:
        return self.page(request, "error.html", status, message=message)

    async def index(self, request: Request) -> Response:
        return self.page(request, "index.html", offers=self.hall.offers, listed=len(self.hall.store.listed()))

    async def lobby(self, request: Request) -> Response:
        """The listed games that have a free person's seat, each seat to take."""
        try:
            games = self.hall.lobby()
        except StoreError as e:
            return self.refused(request, str(e), 500)
        return self.page(request, "lobby.html", games=games)

    async def take(self, request: Request) -> Response:
        """A free seat taken from the lobby: its page (the link is the taker's from now on)."""
        form = await self._own_form(request, "a seat is taken from this server's own lobby")
        if isinstance(form, Response):
            return form
        try:
            token = self.hall.take(form.get("game", ""), form.get("seat", ""))
        except CmdslError as e:
            return self.refused(request, str(e), 409)
        return RedirectResponse(f"/play/{token}", status_code=303)

    async def record(self, request: Request) -> Response:
        """A finished game's record, for `cmdsl replay` (any link of the game opens it, once it is over)."""
        at = await self._game_at(request, ("seat", "table", "watch", "host"))
        if isinstance(at, Response):
            return at
        game = at[0]
        if not game.driver.over:
            return self.refused(request, "the record is offered once the game is over (it holds every card)", 409)
        name = f"{game.deal.game}-{game.deal.id}.json"
        return Response(json.dumps(game.record(), indent=1) + "\n", media_type="application/json",
                        headers={"content-disposition": f'attachment; filename="{name}"'})

    async def _own_form(self, request: Request, whose: str) -> dict[str, str] | Response:
        """A form posted from this server's own page: its fields (the last of each); else the
        refusal (``whose``: whose page it must come from), or a form larger than ``MAX_FORM``'s."""
        if not same_origin(request.headers.get("origin"), request.headers.get("host"), self.origins):
            return self.refused(request, whose, 403)
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_FORM:
                return self.refused(request, "the form is too large", 413)
        return {k: v[-1] for k, v in parse_qs(body.decode("utf-8", "replace"), max_num_fields=40).items()}

    async def _game_at(self, request: Request, kinds: tuple[RoleKind, ...]) -> tuple[ServedGame, str] | Response:
        """The game a link of one of ``kinds`` opens, and its id; else the refusal."""
        found = self.hall.link(request.path_params["token"])
        if found is None or found[1].kind not in kinds:
            return self.refused(request, "no game at this link", 404)
        try:
            return (await self.hall.game(found[0])).game, found[0]
        except StoreError as e:
            return self.refused(request, str(e), 500)

    async def new(self, request: Request) -> Response:
        """The seats of the table a game's form asked for: a person or a bot at each."""
        q = request.query_params
        try:
            offer = self.hall.offer(q.get("game", ""))
            players = _number(q.get("players"), offer.players[0])
            set_index = _number(q.get("set"), 0)
            seats = self.hall.seat_names(offer.name, players, set_index)
        except CmdslError as e:
            return self.refused(request, str(e))
        return self.page(request, "new.html", offer=offer, players=players, set_index=set_index, seats=seats,
                         bots=BOT_NAMES, person=PERSON)

    async def make(self, request: Request) -> Response:
        """A new game from the seats' form (this server's own page only), then its links page."""
        form = await self._own_form(request, "a game is made from this server's own page")
        if isinstance(form, Response):
            return form
        try:
            offer = self.hall.offer(form.get("game", ""))
            seated = {k.removeprefix("seat."): v for k, v in form.items() if k.startswith("seat.")}
            variants = {k.removeprefix("opt."): v for k, v in form.items() if k.startswith("opt.")}
            _, links = self.hall.create(offer.name, _number(form.get("players"), 0), _number(form.get("set"), 0),
                                        seated, form.get("hot_seat") == "on", variants=variants,
                                        listed=form.get("listed") == "on")
        except CmdslError as e:
            return self.refused(request, str(e))
        host = next(token for token, role in links.items() if role.kind == "host")
        return RedirectResponse(f"/host/{host}", status_code=303)

    async def host(self, request: Request) -> Response:
        """The links of a game, for whoever made it."""
        at = await self._game_at(request, ("host",))
        if isinstance(at, Response):
            return at
        game, game_id = at
        base = str(request.base_url).rstrip("/")
        links = []
        for token, role in self.hall.store.links(game_id).items():
            if role.kind == "seat" and role.seat is not None:
                links.append((f"{game.seat(role.seat)}", f"{base}/play/{token}"))
            elif role.kind == "table":
                links.append(("every person, at one screen (hot-seat)", f"{base}/play/{token}"))
            elif role.kind == "watch":
                links.append(("spectators (what every seat may see)", f"{base}/play/{token}"))
        return self.page(request, "links.html", title=game.plugin.title, links=links,
                         seated=[(str(game.seat(s)), p) for s, p in game.deal.seated])

    async def stylesheet(self, request: Request) -> Response:
        """A game's board's stylesheet, by the game's registered name (never a path)."""
        css = self.hall.boards.stylesheet(request.path_params["game"])
        if css is None:
            return PlainTextResponse("not found", status_code=404)
        return Response(css, media_type="text/css")

    async def play(self, request: Request) -> Response:
        found = self.hall.link(request.path_params["token"])
        if found is None or found[1].kind == "host":
            return self.refused(request, "no game at this link", 404)
        return self.page(request, "play.html")

    async def socket(self, websocket: WebSocket) -> None:
        """A page's connection: its screens out, its messages in (bounded in size and rate)."""
        found = self.hall.link(websocket.path_params["token"])
        if (not same_origin(websocket.headers.get("origin"), websocket.headers.get("host"), self.origins)
                or found is None or found[1].kind == "host"):
            await websocket.close(code=1008)
            return
        await websocket.accept()
        client = SocketClient(websocket)
        try:
            seen = await self.hall.join(websocket.path_params["token"], client)
        except (HallError, StoreError) as e:
            await client.send({"type": "error", "message": str(e), "fatal": True})
            await websocket.close(code=1011)
            return
        bucket = Bucket()
        try:
            while True:
                text = await websocket.receive_text()
                if not bucket.take():
                    if bucket.strikes >= STRIKES:
                        await websocket.close(code=1008)
                        break
                    await client.send({"type": "error", "message": "too many messages: slow down"})
                    continue
                message = _message(text)
                if message is None:
                    await client.send({"type": "error", "message": "a message the server cannot read"})
                    continue
                await self.hall.message(found[0], seen, message)
        except (WebSocketDisconnect, WebSocketDisconnected):  # the page went, or a send to it failed
            pass
        finally:
            self.hall.leave(found[0], seen)


def create_app(hall: Hall, origins: frozenset[str] = frozenset(), expire_days: float = 0) -> ASGIApp:
    """The application of ``hall``; ``expire_days``: games untouched that long leave it (0: never)."""
    site = Site(hall, origins)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        expiring = asyncio.get_running_loop().create_task(expire_every(hall, expire_days)) if expire_days > 0 else None
        yield
        if expiring is not None:
            expiring.cancel()
        await hall.close()

    async def not_found(request: Request, exc: Exception) -> Response:
        return PlainTextResponse("not found", status_code=404)

    app = Starlette(routes=[
        Route("/", site.index), Route("/new", site.new), Route("/games", site.make, methods=["POST"]),
        Route("/favicon.ico", lambda request: Response(status_code=204)), Route("/host/{token}", site.host),
        Route("/boards/{game}.css", site.stylesheet), Route("/lobby", site.lobby), Route("/take", site.take, methods=["POST"]), Route("/record/{token}", site.record), Route("/play/{token}", site.play), WebSocketRoute("/ws/{token}", site.socket),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ], lifespan=lifespan, exception_handlers={404: not_found})
    return secured(app)


def _number(text: str | None, default: int) -> int:
    if text is None or text == "":
        return default
    if not (text.isascii() and text.isdigit() and len(text) < 6):
        raise HallError(f"not a number: {text[:20]!r}")
    return int(text)


def _message(text: str) -> dict[str, Any] | None:
    if len(text) > MAX_MESSAGE:
        return None
    try:
        message = json.loads(text)
    except ValueError:
        return None
    return message if isinstance(message, dict) else None


def quiet_access_log() -> None:
    logging.getLogger("uvicorn.access").setLevel(logging.WARNING)
