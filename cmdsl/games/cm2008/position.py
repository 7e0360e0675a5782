"""The position: everything a game's state is, as one value with a cheap, complete ``copy``.

``Position`` holds the states in play (``LiveState``), each player's cards (``PlayerState``),
the draft in progress (``DraftPile``), the decks, the Media Support in play, the turn, and the
seeded RNG. The engine's rules are
functions over it; ``Game`` drives one (DESIGN property 9).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from types import UnionType
from typing import Any, Callable, Union, get_args, get_origin, get_type_hints

from .model import LETTER_SIDE, TOKENS_PER_PLAYER, TRACK, Side, StateTile
from ...game.rng import GameRng
from ...values import value


class LiveState:
    """A state tile in play: tokens on its circles, its issue marker and its key marker."""

    __slots__ = ("tile", "name", "tokens", "box", "key", "in_play", "locked")

    def __init__(self, tile: StateTile) -> None:
        self.tile = tile
        self.name = tile.name  # read at every step: an attribute, not a property
        self.tokens: dict[str, list[Side | None]] = {i: [None] * len(r) for i, r in tile.rows.items()}
        self.box = tile.issue_box
        self.key = tile.key
        self.in_play = True
        # Set when the state is won while other wins wait their turn (R9.4, ruling R12.6).
        self.locked: Side | None = None

    def copy(self) -> "LiveState":
        c = LiveState.__new__(LiveState)
        c.tile, c.name, c.box, c.key, c.in_play, c.locked = self.tile, self.name, self.box, self.key, self.in_play, self.locked
        c.tokens = {issue: row[:] for issue, row in self.tokens.items()}
        return c

    @property
    def majority(self) -> str:
        return TRACK[self.box - 1]

    @property
    def minority(self) -> str:
        return TRACK[4 - self.box]  # the other end of the track

    def colour(self, issue: str, i: int) -> Side | None:
        """A block's colour: its token's, else its printed one (None: undecided white)."""
        tok = self.tokens[issue][i]
        return tok if tok is not None else LETTER_SIDE[self.tile.rows[issue][i]]

    def count(self, side: Side, issue: str) -> int:
        return sum(1 for i in range(len(self.tokens[issue])) if self.colour(issue, i) is side)

    def winner(self) -> Side | None:
        """R9.1: the player whose colour every block of the majority-issue row has."""
        row = TRACK[self.box - 1]  # the majority issue
        printed = self.tile.rows[row]
        first: Side | None = None
        for i, tok in enumerate(self.tokens[row]):
            colour = tok if tok is not None else LETTER_SIDE[printed[i]]
            if colour is None or (first is not None and colour is not first):
                return None
            first = colour
        return first

    def tokens_of(self, side: Side) -> int:
        return sum([row.count(side) for row in self.tokens.values()])

    def row_text(self, issue: str) -> str:
        """``R W[b] B``: printed letters, a token in brackets (the scenario notation)."""
        out = []
        for printed, tok in zip(self.tile.rows[issue], self.tokens[issue]):
            out.append(printed + (f"[{tok.letter.lower()}]" if tok else ""))
        return " ".join(out)


_BLOCK = re.compile(r"^([RBW])(?:\[([rb])\])?$")


def parse_row(text: str, printed: tuple[str, ...]) -> list[Side | None]:
    """Tokens from the scenario notation; the printed letters must match the tile."""
    parts = text.split()
    if len(parts) != len(printed):
        raise ValueError(f"the row has {len(printed)} circles ({' '.join(printed)}), not {len(parts)}")
    tokens: list[Side | None] = []
    for i, (part, want) in enumerate(zip(parts, printed), 1):
        m = _BLOCK.match(part)
        if not m:
            raise ValueError(f'circle {i}: "{part}" is not R, B or W, optionally with a token [r] or [b]')
        if m.group(1) != want:
            raise ValueError(f"circle {i} is printed {want} on the tile, not {m.group(1)}")
        tok = m.group(2)
        side = None if tok is None else (Side.MCCAIN if tok == "r" else Side.OBAMA)
        if side is not None and LETTER_SIDE[want] is side:
            raise ValueError(f"circle {i}: a {side} token cannot sit on a circle printed in its own colour")
        tokens.append(side)
    return tokens


class PlayerState:
    """A player's cards (card ids; the deck's top is its last element) and token supply."""

    __slots__ = ("side", "hand", "deck", "discard", "played", "supply", "score", "reshuffled")

    def __init__(self, side: Side, score: int) -> None:
        self.side = side
        self.hand: list[str] = []
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.played: list[str] = []  # played this turn, discarded at its end (R4.3)
        self.supply = TOKENS_PER_PLAYER
        self.score = score
        # The cards of every discard pile shuffled into the deck (R5): seen face up, face down
        # again, so everyone knows they are this player's (a determinization keeps them).
        self.reshuffled: frozenset[str] = frozenset()

    def copy(self) -> "PlayerState":
        c = PlayerState.__new__(PlayerState)
        c.side, c.supply, c.score, c.reshuffled = self.side, self.supply, self.score, self.reshuffled
        c.hand, c.deck, c.discard, c.played = self.hand[:], self.deck[:], self.discard[:], self.played[:]
        return c


@value  # a frozen dataclass made cheaply: a new one at every draft pick, in every search copy
class DraftPile:
    """One player's draft in progress (R3.1), as a value (a round makes a new one): the pool
    left, face down and shuffled (the next cards drawn are its last), the three cards drawn this
    round to keep one of (empty between rounds), and the cards kept so far, face down. The cards
    removed are the rest of the player's 45."""

    pool: tuple[str, ...]
    drawn: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()

    def draw(self, n: int) -> "DraftPile":
        """The next ``n`` cards drawn from the pool (top first)."""
        rest = len(self.pool) - n
        return DraftPile(self.pool[:rest], self.pool[rest:][::-1], self.kept)

    def keep(self, card: str) -> "DraftPile":
        """``card`` of those drawn kept, the others removed from the game."""
        return DraftPile(self.pool, (), (*self.kept, card))


@dataclass(eq=False)
class Position:
    """All of a game's state. ``copy()`` is complete: a copy and its original share nothing that
    changes (tiles and card ids are immutable and shared)."""

    players: dict[Side, PlayerState]
    rng: GameRng  # all of the game's chance: shuffles, and the chance seat's draws
    reserve: list[str]  # states never yet in play, file order
    in_play: list[LiveState] = field(default_factory=list)
    won: list[tuple[str, Side]] = field(default_factory=list)
    # The cards each player plays this game with (R3.1): the beginner deck or the draft.
    decks: dict[Side, tuple[str, ...]] = field(default_factory=dict)
    # Each player's draft while it is in progress (R3.1); empty before and after it.
    draft: dict[Side, DraftPile] = field(default_factory=dict)
    news_deck: list[str] = field(default_factory=list)  # top is the last element
    media: tuple[str, Side] | None = None  # the Media Support card in play and its owner
    negatives: list[tuple[Side, str]] = field(default_factory=list)  # Going Negative rolls due at end of turn
    turn: int = 0
    active: Side = Side.MCCAIN
    passes: int = 0  # consecutive turns passed (R12.2, R12.7)
    resolving: int = 0  # cards whose effect is being carried out right now (R12.15)
    # Triggered abilities waiting to fire (card id, owner, ability index), and how many the
    # current action has fired (R12.16).
    triggered: list[tuple[str, Side, int]] = field(default_factory=list)
    fired: int = 0

    def copy(self) -> "Position":
        # Every field as it is, or copied where it changes in place (``_COPIERS``): made for every
        # fork and every determinization of a search, so no ``__init__`` and no test of each value.
        # Each field set as an attribute, never through ``__dict__`` (of the copy or of this
        # position): an object whose ``__dict__`` was asked for keeps its attributes in a dict of
        # their own, slower to read for as long as it lives (Python 3.11).
        # The field-by-field code is generated once from ``_COPIERS`` (``_copy_function``): a loop
        # of getattr/setattr over the fields cost a quarter of a copy.
        return _copy_position(self)


#: What has a ``copy()`` of its own: the parts of a position that change in place.
_MUTABLE_PARTS = (LiveState, PlayerState, GameRng)


def _copy_items(items: list[Any]) -> list[Any]:
    return [v.copy() for v in items]


def _copy_values(mapping: dict[Any, Any]) -> dict[Any, Any]:
    return {k: v.copy() for k, v in mapping.items()}


def _copier(kind: Any) -> Callable[[Any], Any] | None:
    """How a field of type ``kind`` is copied: containers one level down, with their mutable
    parts (``_MUTABLE_PARTS``); None for what is never changed in place (numbers, sides, tuples,
    frozen values)."""
    origin, args = get_origin(kind), get_args(kind)
    if origin in (Union, UnionType) and any(get_origin(a) in (list, dict) or a in _MUTABLE_PARTS for a in args):
        # `list[str] | None` would be shared between copies: declare such a field without None
        raise TypeError(f"Position cannot copy a field of type {kind}: give it a type of its own, not a union")
    if origin is list:
        return _copy_items if args[0] in _MUTABLE_PARTS else list.copy
    if origin is dict:
        return _copy_values if args[1] in _MUTABLE_PARTS else dict.copy
    if kind in _MUTABLE_PARTS:
        return kind.copy
    return None


#: Each field of a position, and how a copy makes its own (None: it is shared): read once from
#: the fields' declared types, so that a field added to ``Position`` is copied as its type says.
_COPIERS: tuple[tuple[str, Callable[[Any], Any] | None], ...] = tuple(
    (f.name, _copier(get_type_hints(Position)[f.name])) for f in fields(Position))


def _copy_function() -> Callable[[Position], Position]:
    """``Position.copy`` as straight-line code, one assignment per field of ``_COPIERS`` (each
    field set as an attribute of the new position, never through its ``__dict__``). Generated
    from the table, so a field added to ``Position`` is still copied as its type says."""
    names: dict[str, Any] = {"_new": Position.__new__, "_Position": Position}
    lines = ["def copy(self):", "    c = _new(_Position)"]
    for i, (name, copier) in enumerate(_COPIERS):
        if copier is None:
            lines.append(f"    c.{name} = self.{name}")
        else:
            names[f"_copier{i}"] = copier
            lines.append(f"    c.{name} = _copier{i}(self.{name})")
    lines.append("    return c")
    exec("\n".join(lines), names)  # the source is made here from field names only, never from input
    made: Callable[[Position], Position] = names["copy"]
    return made


_copy_position = _copy_function()
