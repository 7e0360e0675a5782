"""`cmdsl serve`: the games in a browser, on uvicorn (docs/web.md).

It binds to 127.0.0.1 unless told otherwise, and says so loudly when told to listen on every
interface: the server speaks plain HTTP, so a server others reach belongs behind a reverse proxy
with TLS. uvicorn's own bounds keep a client from holding it: a WebSocket frame of at most
``WS_MAX`` bytes, a limit on connections, a short keep-alive.
"""

from __future__ import annotations

import ipaddress
import logging
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

from ..errors import CmdslError

WS_MAX = 16 * 1024
MAX_CONNECTIONS = 500
DEFAULT_DB = "cmdsl-serve.db"


@dataclass(frozen=True)
class ServeRequest:
    host: str = "127.0.0.1"
    port: int = 8000
    db: str = DEFAULT_DB
    cards: str | None = None
    workers: int = 1  # the search bots' processes
    origins: tuple[str, ...] = ()  # origins besides the server's own (a reverse proxy's public one)
    new_games_per_minute: int = 30  # the bound on games made, for a server open to strangers
    expire_days: float = 30  # games untouched this long leave the store (0: never)


def exposed(host: str) -> str | None:
    """Why binding to ``host`` lets other machines in, or None for a loopback address."""
    if host in ("localhost",):
        return None
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return f"{host} is a name other machines may reach"
    if address.is_loopback:
        return None
    if address.is_unspecified:
        return f"{host} listens on every network interface of this machine"
    return f"{host} is an address other machines may reach"


def serve(request: ServeRequest) -> int:
    try:
        import uvicorn

        from .app import create_app, quiet_access_log
    except ImportError as e:  # Starlette, uvicorn and Jinja2 come with the extra
        missing = (e.name or "starlette").split(".")[0]
        raise CmdslError(f'cmdsl serve needs the web libraries ({missing} is missing): pip install "cmdsl[web]"') from None
    from .hall import Hall, game_offers
    from .robots import Robots
    from .store import Store

    offers = game_offers(request.cards)  # a wrong --cards is its one error, before anything is made
    taken = _taken(request.host, request.port)
    if taken is not None:
        raise CmdslError(f"--port {request.port}: cannot listen on {request.host}:{request.port} ({taken}); "
                         "another server may have it: choose another port")
    why = exposed(request.host)
    if why is not None:
        print(f"warning: --host {why}: anyone who can reach it can make games and, with a link, play them, over "
              "plain HTTP. Put it behind a reverse proxy with TLS (docs/web.md).", file=sys.stderr)
    store = Store(Path(request.db))
    hall = Hall(store, Robots(request.workers), offers)
    hall.new_games_per_minute = request.new_games_per_minute
    app = create_app(hall, frozenset(request.origins), request.expire_days)
    logging.basicConfig(level=logging.WARNING, format="cmdsl serve: %(levelname)s %(message)s")
    quiet_access_log()
    shown = "localhost" if request.host in ("127.0.0.1", "::1") else request.host
    print(f"cmdsl serve: http://{shown}:{request.port}/ (games kept in {request.db}; Ctrl-C stops)", flush=True)
    config = uvicorn.Config(app, host=request.host, port=request.port, ws_max_size=WS_MAX,
                            limit_concurrency=MAX_CONNECTIONS, timeout_keep_alive=5, log_level="warning",
                            server_header=False, lifespan="on")
    try:
        uvicorn.Server(config).run()
    finally:
        store.close()
    return 0


def _taken(host: str, port: int) -> str | None:
    """Why ``host:port`` cannot be listened on now (in use, not an address here), or None."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as e:
        return e.strerror
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind(address)
        except OSError as e:
            return e.strerror
    return None
