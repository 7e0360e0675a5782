"""The bots' moves, off the server's event loop (issue 60 §2): a bot never stalls another game.

The cheap bots (random, greedy: a few milliseconds a move) think on a thread, on a fork of the
game made first, so the game itself is only read and changed on the loop. The search bot
(ISMCTS: a quarter of a second and more, pure Python that would hold the interpreter's lock)
thinks in a process pool: a worker rebuilds the game from its deal and answers (and keeps it for
the next move of that game), so nothing but values crosses to it. A worker that dies is replaced,
and the move asked again once.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field

from ..bots.play import Bot, bot_seed
from ..bots.spec import make_bot, parse_bot
from ..game.decisions import PlayerSeat
from ..game.perspective import Perspective
from ..plugins import game as registered_game
from ..values import value
from .served import ServedGame
from .store import Answer, Deal

#: The bots that think on a thread: each move takes milliseconds.
CHEAP = frozenset({"random", "greedy"})


def bot_of(game: ServedGame, seat: PlayerSeat) -> Bot:
    """A bot for ``seat`` made from its spec, seeded as every front end seeds it (``bot_seed``)."""
    return make_bot(game.players[seat.value], bot_seed(game.deal.seed, game.seats, seat))


@value
class SearchJob:
    """A search bot's move, as values: the game's deal and answers, the seat, the bot's spec."""

    deal: Deal
    answers: tuple[Answer, ...]
    seat: str


@dataclass
class _WorkerGame:
    game: ServedGame
    answers: int
    bots: dict[str, Bot] = field(default_factory=dict)


#: A worker process's own games (never the server's): the last few it moved in, by id.
_worker_games: dict[str, _WorkerGame] = {}
_WORKER_KEEPS = 16


def search_move(job: SearchJob) -> str:
    """In a worker: the option id the seat's bot chooses (the game rebuilt or brought up to date)."""
    deal, answers = job.deal, job.answers
    kept = _worker_games.pop(deal.id, None)
    if kept is None or kept.answers > len(answers):
        kept = _WorkerGame(ServedGame.rebuilt(deal, registered_game(deal.game), answers), len(answers))
    else:
        for a in answers[kept.answers:]:
            kept.game.driver.answer(a.option, kept.game.seat(a.seat))
        kept.answers = len(answers)
    _worker_games[deal.id] = kept
    while len(_worker_games) > _WORKER_KEEPS:
        del _worker_games[next(iter(_worker_games))]
    seat = kept.game.seat(job.seat)
    bot = kept.bots.get(job.seat)
    if bot is None:
        bot = kept.bots[job.seat] = bot_of(kept.game, seat)
    d = kept.game.mine(seat)
    assert d is not None, f"{seat} has no decision pending"
    return bot.choose(Perspective(kept.game.driver, d))


class Robots:
    """The pools the bots think in, shared by every game of a server."""

    def __init__(self, workers: int = 1) -> None:
        self.threads = ThreadPoolExecutor(max_workers=2, thread_name_prefix="cmdsl-bot")
        self.workers = max(1, workers)
        self._processes: ProcessPoolExecutor | None = None

    def processes(self) -> Executor:
        if self._processes is None:  # made at the first search move: a server of cheap bots starts none
            self._processes = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._processes

    async def choose(self, game: ServedGame, bots: dict[str, Bot], answers: list[Answer]) -> list[tuple[PlayerSeat, str]]:
        """Every pending bot decision's answer, each chosen from its own perspective before any is
        given (secret picks stay secret from each other). ``bots``: the game's cheap bots, kept."""
        loop = asyncio.get_running_loop()
        fork = game.driver.fork()  # the threads read the fork; the game is changed on the loop only
        chosen = []
        for seat, _ in game.bot_seats():
            spec = game.players[seat.value]
            if parse_bot(spec).name in CHEAP:
                bot = bots.get(seat.value)
                if bot is None:
                    bot = bots[seat.value] = bot_of(game, seat)
                d = next(x for x in fork.pending_decisions if x.player is seat)
                option = await loop.run_in_executor(self.threads, bot.choose, Perspective(fork, d))
            else:
                option = await self._search(SearchJob(game.deal, tuple(answers), seat.value))
            chosen.append((seat, option))
        return chosen

    async def _search(self, job: SearchJob) -> str:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.processes(), search_move, job)
        except BrokenProcessPool:  # a worker died (killed, out of memory): a new pool, once
            self._processes = None
            return await loop.run_in_executor(self.processes(), search_move, job)

    def close(self) -> None:
        self.threads.shutdown(wait=False, cancel_futures=True)
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)
