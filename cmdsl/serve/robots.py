"""The bots' moves, off the server's event loop (issue 60 §2, issue 61 §4): a bot never stalls a
page, of its own game or another.

Every bot thinks in a worker process, never on the server's: a thread would hold the interpreter's
lock while it thinks, and the loop would wait for it between any two pages it serves. The cheap bots
(random, greedy: milliseconds a move) share one worker, which keeps a copy of each game it moves in
and brings it up to date with the answers given since; the search bot (ISMCTS: a quarter of a
second and more) thinks in a pool of its own (``--workers``), so a long search never holds up a
cheap bot's move. Only values cross: the game's deal and answers, the seats, the options chosen.
Workers start from a fork server (no copy of the server's threads), and one that dies is replaced
and the move asked again once.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import wait
from multiprocessing.context import BaseContext
from dataclasses import dataclass, field
from typing import Literal, Sequence

from ..bots.play import Bot, bot_seed
from ..bots.spec import make_bot, parse_bot
from ..game.decisions import PlayerSeat
from ..game.perspective import Perspective
from ..plugins import game as registered_game
from ..values import value
from .served import ServedGame
from .store import Answer, Deal

#: The bots that share the cheap bots' worker: each move takes milliseconds.
CHEAP = frozenset({"random", "greedy"})
Pool = Literal["cheap", "search"]
#: The games a worker keeps, by pool: the cheap bots' worker, every live game's (``hall.MAX_LIVE``).
KEEPS: dict[Pool, int] = {"cheap": 256, "search": 16}


def bot_of(game: ServedGame, seat: PlayerSeat) -> Bot:
    """A bot for ``seat`` made from its spec, seeded as every front end seeds it (``bot_seed``)."""
    return make_bot(game.players[seat.value], bot_seed(game.deal.seed, game.seats, seat))


@value
class BotsJob:
    """Bots' moves, as values: the game's deal and answers, the seats to move (each with a decision
    pending), and how many games the worker keeps."""

    deal: Deal
    answers: tuple[Answer, ...]
    seats: tuple[str, ...]
    keeps: int


@dataclass
class KeptGame:
    """A worker's copy of a game (never the server's own), at its first ``answers`` answers, and
    the bots it made for it (each keeps its seeded stream of choices)."""

    game: ServedGame
    answers: int
    bots: dict[str, Bot] = field(default_factory=dict)

    def brought_up(self, answers: Sequence[Answer]) -> "KeptGame":
        """This copy after ``answers`` (a copy ahead of them, a game taken back: rebuilt from them)."""
        if self.answers > len(answers):
            return KeptGame(ServedGame.rebuilt(self.game.deal, self.game.plugin, answers), len(answers), self.bots)
        for a in answers[self.answers:]:
            self.game.driver.answer(a.option, self.game.seat(a.seat))
        self.answers = len(answers)
        return self

    def bot(self, seat: PlayerSeat) -> Bot:
        bot = self.bots.get(seat.value)
        if bot is None:
            bot = self.bots[seat.value] = bot_of(self.game, seat)
        return bot


#: A worker process's own games (never the server's): the ones it moved in last, by id.
_worker_games: dict[str, KeptGame] = {}


def bots_move(job: BotsJob) -> tuple[str, ...]:
    """In a worker: the option id each seat's bot chooses, all from the same position (secret picks
    stay secret from each other), in the game rebuilt or brought up to date."""
    deal, answers = job.deal, job.answers
    kept = _worker_games.pop(deal.id, None)
    if kept is None:
        kept = KeptGame(ServedGame.rebuilt(deal, registered_game(deal.game), answers), len(answers))
    _worker_games[deal.id] = kept = kept.brought_up(answers)
    while len(_worker_games) > job.keeps:
        del _worker_games[next(iter(_worker_games))]
    chosen = []
    for name in job.seats:
        seat = kept.game.seat(name)
        d = kept.game.mine(seat)
        assert d is not None, f"{seat} has no decision pending"
        chosen.append(kept.bot(seat).choose(Perspective(kept.game.driver, d)))
    return tuple(chosen)


def _end_with_the_server() -> None:
    """A worker's start: it ends when the server does, however the server ends (``kill -9`` too),
    which nothing else would tell it (its pipes from the server are its own to hold open)."""
    server = multiprocessing.parent_process()
    if server is not None:
        threading.Thread(target=_exit_after, args=(server.sentinel,), name="cmdsl-server-watch", daemon=True).start()


def _exit_after(sentinel: int) -> None:
    wait([sentinel])  # readable once the server's end of it is closed: the server is gone
    os._exit(0)


class Robots:
    """The worker processes the bots think in, shared by every game of a server."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)
        self._pools: dict[Pool, ProcessPoolExecutor] = {}

    def pool(self, kind: Pool) -> ProcessPoolExecutor:
        """The pool, started at its first move: a server of people alone starts none."""
        pool = self._pools.get(kind)
        if pool is None:
            context: BaseContext = multiprocessing.get_context("spawn")  # Windows: each worker a new interpreter
            if "forkserver" in multiprocessing.get_all_start_methods():
                context = forkserver = multiprocessing.get_context("forkserver")
                forkserver.set_forkserver_preload([__name__])  # each worker forked with the games' code loaded
            pool = self._pools[kind] = ProcessPoolExecutor(1 if kind == "cheap" else self.workers, mp_context=context,
                                                           initializer=_end_with_the_server)
        return pool

    async def choose(self, deal: Deal, answers: tuple[Answer, ...],
                     seats: Sequence[tuple[PlayerSeat, str]]) -> list[tuple[PlayerSeat, str]]:
        """The option each bot seat (with its spec) chooses after ``answers``, where each has a
        decision pending: the cheap ones in one job, each search on its own."""
        cheap = tuple(s.value for s, spec in seats if parse_bot(spec).name in CHEAP)
        chosen = dict(zip(cheap, await self._run("cheap", BotsJob(deal, answers, cheap, KEEPS["cheap"])))) if cheap else {}
        for seat, _ in seats:
            if seat.value not in chosen:
                chosen[seat.value], = await self._run("search", BotsJob(deal, answers, (seat.value,), KEEPS["search"]))
        return [(seat, chosen[seat.value]) for seat, _ in seats]

    async def _run(self, kind: Pool, job: BotsJob) -> tuple[str, ...]:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.pool(kind), bots_move, job)
        except BrokenProcessPool:  # a worker died (killed, out of memory): a new pool, once
            del self._pools[kind]
            return await loop.run_in_executor(self.pool(kind), bots_move, job)

    def close(self) -> None:
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
