"""A tuning plan: the file a designer writes to say which numbers of their set `cmdsl tune` may
move, within which ranges, and how it plays (docs/tune.md). For example:

    players: [3]              # the player counts each candidate is played at
    bot: greedy               # the bot at every seat while searching (cheap)
    games: 150                # the first round's games per player count; each later round ×3
    rounds: 3                 # racing: a third of the candidates go on to each next round
    confirm:                  # the best candidate and the set as it was, played again:
      games: 1000             #   with the search's bot, this many games per player count
      bot: ismcts             #   and with this bot (optional; the one whose figures count)
      bot_games: 60
    moves:
      - numbers: media.yaml media[value=9].min   # a file of the set, a path in it (number_paths)
        shift: [-16, 0]                           # add the same whole number to each, within this
      - numbers: media.yaml media[value=6].min
        shift: [-12, 0]
      - numbers: actions.yaml actions[id=A12].count
        set: [1, 4]                               # each set to one value, within this
      - numbers: media.yaml media[*].max
        scale: [0.8, 1.5]                         # each multiplied by one factor, rounded

Every error is one located line; a path is checked against the set before any game.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TYPE_CHECKING, Final, Literal, get_args

from ...errors import CardError, Located, did_you_mean
from ...sets.node_reader import NodeReader
from ...sets.number_paths import Number, PathError, numbers_at
from ...sets.text_files import read_text
from ...values import value

if TYPE_CHECKING:
    import yaml

Change = Literal["shift", "scale", "set"]
CHANGES: Final[tuple[Change, ...]] = get_args(Change)
_KEYS: Final = ("moves",)
_OPTIONAL: Final = ("players", "bot", "games", "rounds", "confirm")
_MAX_BYTES: Final = 64 * 1024


@value
class Move:
    """Numbers that move together: a file of the set, a path in it, how they change, the range
    of that change (whole numbers for shift and set; a factor, by steps of 0.05, for scale)."""

    file: str
    path: str
    change: Change
    low: float
    high: float
    line: int = 0

    @property
    def neutral(self) -> float | None:
        """The change that leaves the numbers as they are (None for ``set``: no one value does)."""
        return {"shift": 0.0, "scale": 1.0, "set": None}[self.change]

    def moved(self, n: Number, by: float) -> int:
        """Number ``n`` after this move by ``by`` (never below 0: a set's counts and bounds are not negative)."""
        if self.change == "shift":
            return max(0, n.value + int(by))
        if self.change == "scale":
            return max(0, round(n.value * by))
        return max(0, int(by))


@value
class Confirm:
    games: int = 1000
    bot: str | None = None
    bot_games: int = 60


@value
class TunePlan:
    """A whole plan, and the bytes it was read from (a stored run resumes only the same plan)."""

    moves: tuple[Move, ...]
    players: tuple[int, ...] = ()  # empty: the game's default
    bot: str = "greedy"
    games: int = 150
    rounds: int = 3
    confirm: Confirm = Confirm()
    fingerprint: str = ""

    def games_at(self, rung: int) -> int:
        """The games per player count a candidate has played after round ``rung`` (from 0)."""
        return self.games * 3 ** rung


class _Reader(NodeReader):
    def plan(self, root: object, text: str) -> TunePlan:
        import yaml

        assert root is None or isinstance(root, yaml.Node)
        top = self.mapping(root, _KEYS, "the tuning plan", _OPTIONAL)
        moves = tuple(self.move(node) for node in self.sequence(top["moves"], "moves"))
        players = tuple(self.integer(n, "players", 1, 16) for n in self.sequence(top["players"], "players")) \
            if "players" in top else ()
        bot = self.string(top["bot"], "bot") if "bot" in top else "greedy"
        games = self.integer(top["games"], "games", 2, 1_000_000) if "games" in top else 150
        rounds = self.integer(top["rounds"], "rounds", 1, 8) if "rounds" in top else 3
        confirm = self.confirm(top["confirm"]) if "confirm" in top else Confirm()
        return TunePlan(moves, players, bot, games, rounds, confirm, hashlib.sha256(text.encode()).hexdigest()[:16])

    def confirm(self, node: yaml.Node) -> Confirm:
        fields = self.mapping(node, (), "confirm", ("games", "bot", "bot_games"))
        return Confirm(self.integer(fields["games"], "confirm: games", 2, 1_000_000) if "games" in fields else 1000,
                       self.string(fields["bot"], "confirm: bot") if "bot" in fields else None,
                       self.integer(fields["bot_games"], "confirm: bot_games", 2, 1_000_000)
                       if "bot_games" in fields else 60)

    def move(self, node: yaml.Node) -> Move:
        import yaml

        fields = self.mapping(node, ("numbers",), "a move", CHANGES)
        given = [c for c in CHANGES if c in fields]
        if len(given) != 1:
            raise self.error("a move: give one of shift: [low, high], scale: [low, high] or set: [low, high]", node)
        change: Change = given[0]
        where = self.string(fields["numbers"], "numbers")
        file, _, path = where.strip().partition(" ")
        if not path.strip():
            raise self.error("numbers: expected a file of the set and a path in it, such as "
                             "`media.yaml media[value=9].min`", fields["numbers"])
        span = fields[change]
        if not isinstance(span, yaml.SequenceNode) or len(span.value) != 2:
            raise self.error(f"{change}: expected a range [low, high]", span)
        low, high = (self.amount(n, change) for n in span.value)
        if high < low:
            raise self.error(f"{change}: expected low ≤ high, got [{low:g}, {high:g}]", span)
        if change == "scale" and low <= 0:
            raise self.error("scale: a factor is more than 0", span)
        return Move(file, path.strip(), change, low, high, node.start_mark.line + 1)

    def amount(self, node: yaml.Node, change: Change) -> float:
        import yaml

        ok = isinstance(node, yaml.ScalarNode) and (node.tag.endswith(":int") or
                                                     (change == "scale" and node.tag.endswith(":float")))
        if not ok:
            what = "a number" if change == "scale" else "a whole number"
            raise self.error(f"{change}: expected {what}, got {getattr(node, 'value', 'a list')}", node)
        assert isinstance(node, yaml.ScalarNode)
        return float(node.value.replace("_", ""))


def read_plan(path: Path) -> TunePlan:
    """The plan in ``path``; one located ``CardError`` when it is wrong."""
    from ...sets.safe_yaml import compose

    text = read_text(path, max_bytes=_MAX_BYTES, label=str(path))
    root = compose(text, str(path))
    return _Reader(str(path), text.split("\n"), ("numbers",)).plan(root, text)


def numbers_of(plan: TunePlan, folder: Path, plan_file: str = "") -> dict[Move, list[Number]]:
    """Each move's numbers in the set in ``folder``; a move whose file or path names none is one
    located line (at the plan's move)."""
    out: dict[Move, list[Number]] = {}
    for move in plan.moves:
        where = Located(plan_file, move.line) if plan_file else Located(str(folder / move.file))
        path = folder / move.file
        if not path.is_file():
            files = sorted(p.name for p in folder.glob("*.yaml"))
            near = did_you_mean(move.file, files)
            raise CardError(f"{move.file}: no such file in the set {folder}", where,
                            hint=f'did you mean "{near}"?' if near else "its files: " + ", ".join(files))
        try:
            out[move] = numbers_at(read_text(path, max_bytes=4 * 1024 * 1024), move.file, move.path)
        except PathError as e:
            raise CardError(str(e), where) from None
    return out
