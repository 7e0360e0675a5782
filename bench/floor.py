"""The driver's floor: random self-play of two games that only ask and log, with nothing to work
out, on cmdsl's own driver and random bots, beside Campaign Manager 2008, Lobbys and OpenSpiel's C++
``hearts`` in the same run. What a game adds to its floor is what its rules cost a decision; the
report says how much they could cost at most for issue 34's goals (CM2008 ≥ 0.8× hearts, Lobbys ≥
0.7×), and how far they are from it.

    python bench/floor.py [--rounds 3] [--games 40] [--seconds 1]

- *Turn by turn*: two seats in turn, each decision of 4 options (CM2008's mean is 3.8), and 4.4
  events logged per decision (CM2008's mean), 160 decisions a game.
- *All at once*: four seats pick a card of their hands at once, in secret, as in Lobbys: three
  rounds of a deal of 8 cards and 7 steps, 3.7 events a step (Lobbys' mean).

Self-play is measured as ``bench/games.py`` does (a decision is one with at least 2 options); the
rounds are interleaved, each keeps its best; CPU time of this process. Without OpenSpiel
(``pip install '.[bench]'``) the ratios to hearts are left out, with a message."""

from __future__ import annotations

import argparse
import gc
import sys
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import Any, Callable

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from cmdsl.bots import RandomBot  # noqa: E402
from cmdsl.game.audience import EVERYONE, Audience, Event  # noqa: E402
from cmdsl.game.decisions import Decision, Option, PlayerSeat  # noqa: E402
from cmdsl.game.contract import Game, Host  # noqa: E402
from cmdsl.game.driver import Driver, GameOver  # noqa: E402
from cmdsl.game.rng import GameRng  # noqa: E402
from cmdsl.game.together import Steps  # noqa: E402
from cmdsl.values import value  # noqa: E402

import games  # noqa: E402  (bench/games.py, beside this script)
import speed  # noqa: E402  (bench/speed.py: OpenSpiel's random play)

#: (the game's label, its floor's label, the goal's ratio to hearts): issue 34 §2 and §3
GOALS = (("Campaign Manager 2008, beginner", "floor, turn by turn", 0.8),
         ("Lobbys, 4 players", "floor, four seats at once", 0.7))


class Seat(StrEnum):
    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"

    @property
    def index(self) -> int:
        return _INDEX[self]


_INDEX = {s: i for i, s in enumerate(Seat)}


class Kind(StrEnum):
    PICK = "pick"


@value
class Logged(Event):
    """What a floor game logs: one public event, as cheap as any game's."""

    seat: PlayerSeat
    n: Any

    def text(self) -> str:
        return f"{self.seat} {self.n}"

    def audience(self) -> Audience:
        return EVERYONE


class _Floor(Game[Seat]):
    """A game with no rules to speak of, held by the host as every game is: the set-up every
    game makes, then ``play``."""

    def __init__(self, seed: int) -> None:
        self.seed, self.rng = seed, GameRng(seed)

    def start(self, host: Host[Seat]) -> Steps:
        host.position = None  # nothing to hold: these games keep their few cards on themselves
        return self.play(host)

    def play(self, host: Host[Seat]) -> Steps:
        raise NotImplementedError

    def log_choice(self, host: Host[Seat], seat: PlayerSeat, decision: Decision, option: Option) -> None:
        host.emit(Logged, seat, option.id)

    def ended(self, host: Host[Seat], winner: Seat | None, reason: str) -> Event:
        return Logged(Seat.NORTH, reason)

    def winners(self, host: Host[Seat]) -> tuple[Seat, ...]:
        return ()


_TURN_OPTIONS = tuple(Option(f"o{i}", f"option {i}", i) for i in range(4))


class TurnByTurn(_Floor):
    seats = (Seat.NORTH, Seat.SOUTH)

    def play(self, host: Host[Seat]) -> Steps:
        seat, other = self.seats
        for turn in range(80):
            host.turn = turn + 1
            host.emit(Logged, seat, turn)
            for _ in range(2):  # a turn of two decisions, each logged (``log_choice``) and followed by 2.4 events
                opt = yield Decision(seat, Kind.PICK, "pick one", _TURN_OPTIONS)
                host.emit(Logged, seat, opt.value)
                host.emit(Logged, seat, turn)
                if turn % 5 < 2:
                    host.emit(Logged, seat, turn)
            host.emit(Logged, seat, turn)
            seat, other = other, seat
        raise GameOver(None, "80 turns played")


_CARDS = tuple(range(32))
_CARD_OPTIONS = tuple(Option(f"c{c}", f"card {c}", c) for c in _CARDS)


class AllAtOnce(_Floor):
    seats = tuple(Seat)

    def play(self, host: Host[Seat]) -> Steps:
        picks = {seat: partial(self._pick, seat) for seat in self.seats}
        for round in range(3):
            deck = list(_CARDS)
            self.rng.shuffle(deck)
            self.hands = [sorted(deck[i * 8:(i + 1) * 8]) for i in range(4)]
            host.emit(Logged, Seat.NORTH, round)
            for seat in self.seats:
                host.emit(Logged, seat, tuple(self.hands[seat.index]))
            for step in range(7):
                host.turn += 1
                revealed = yield from host.together(picks)
                chosen = tuple([(seat, revealed.results[seat]) for seat in self.seats])
                for seat, card in chosen:
                    self.hands[seat.index].remove(card)
                host.emit(Logged, Seat.NORTH, chosen)  # three events a step, five a deal: 3.7 a step
                host.emit(Logged, Seat.NORTH, step)
                host.emit(Logged, Seat.NORTH, round)
        raise GameOver(None, "3 rounds played")

    def _pick(self, seat: Seat) -> Decision:
        return Decision(seat, Kind.PICK, "pick a card", tuple(map(_CARD_OPTIONS.__getitem__, self.hands[seat.index])))


def floor_games(game: type[_Floor]) -> Callable[[int], tuple[Any, dict[Any, Any]]]:
    return lambda seed: (g := Driver(game(seed)), {s: RandomBot(seed * 8 + i) for i, s in enumerate(g.seats)})


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=40, help="games per table and round (default 40)")
    p.add_argument("--rounds", type=int, default=3, help="rounds; each table keeps its best (default 3)")
    p.add_argument("--seconds", type=float, default=1.0,
                   help="OpenSpiel's hearts: seconds a round (0: one game, to check the code path)")
    args = p.parse_args(argv)
    if args.games < 1 or args.rounds < 1 or args.seconds < 0:
        p.error("--games and --rounds take a number from 1, --seconds one from 0")
    tables = {"floor, turn by turn": floor_games(TurnByTurn),
              "Campaign Manager 2008, beginner": games.cm2008_games(),
              "floor, four seats at once": floor_games(AllAtOnce),
              "Lobbys, 4 players": games.plugin_games("lobbys", 4)}
    pyspiel = speed.import_pyspiel()
    for make in tables.values():  # a game first, untimed: the modules each game imports when it starts
        games.self_play(make, 1)
    rate: dict[str, float] = {}
    for _ in range(args.rounds):  # interleaved: a busy spell of the machine hits each alike
        if pyspiel is not None:
            hearts = speed.openspiel_random_play(pyspiel, "hearts", args.seconds)["decisions_per_s"]
            rate["OpenSpiel hearts (C++)"] = max(rate.get("OpenSpiel hearts (C++)", 0.0), hearts)
        for label, make in tables.items():
            gc.collect()
            rate[label] = max(rate.get(label, 0.0), games.self_play(make, args.games)["decisions_per_s"])
    hearts = rate.get("OpenSpiel hearts (C++)")
    print(f"Random self-play, best of {args.rounds} rounds (CPU time):")
    for label, r in rate.items():
        ratio = f"  ×{r / hearts:.2f} hearts" if hearts else ""
        print(f"  {label:<34} {r:9.0f} decisions/s  {1e6 / r:5.1f} µs a decision{ratio}")
    if hearts is None:
        print("OpenSpiel not installed: pip install '.[bench]' for the ratios to hearts and the goals' budgets")
        return
    print("What each game adds to its floor (its rules), and what it may add to meet its goal:")
    for label, floor, goal in GOALS:
        adds = 1e6 / rate[label] - 1e6 / rate[floor]
        budget = 1e6 / (goal * hearts) - 1e6 / rate[floor]
        verdict = "within it" if adds <= budget else f"{adds / budget:.1f}× too much" if budget > 0 else "none left"
        print(f"  {label:<34} adds {adds:5.1f} µs a decision; at {goal}× hearts it may add {budget:5.1f} µs: {verdict}")


if __name__ == "__main__":
    main()
