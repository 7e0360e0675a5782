"""The live position: states in play with their tokens and markers, and each player's cards."""

from __future__ import annotations

import re

from ..model import LETTER_SIDE, TOKENS_PER_PLAYER, TRACK, Side, StateTile


class LiveState:
    """A state tile in play: tokens on its circles, its issue marker and its key marker."""

    __slots__ = ("tile", "tokens", "box", "key", "in_play", "locked")

    def __init__(self, tile: StateTile) -> None:
        self.tile = tile
        self.tokens: dict[str, list[Side | None]] = {i: [None] * len(r) for i, r in tile.rows.items()}
        self.box = tile.issue_box
        self.key = tile.key
        self.in_play = True
        # Set when the state is won while other wins wait their turn (R9.4, ruling R12.6).
        self.locked: Side | None = None

    @property
    def name(self) -> str:
        return self.tile.name

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
        row = self.majority
        first = self.colour(row, 0)
        if first is None:
            return None
        for i in range(1, len(self.tokens[row])):
            if self.colour(row, i) is not first:
                return None
        return first

    def tokens_of(self, side: Side) -> int:
        return sum(1 for row in self.tokens.values() for t in row if t is side)

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

    __slots__ = ("side", "hand", "deck", "discard", "played", "supply", "score")

    def __init__(self, side: Side, score: int) -> None:
        self.side = side
        self.hand: list[str] = []
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.played: list[str] = []  # played this turn, discarded at its end (R4.3)
        self.supply = TOKENS_PER_PLAYER
        self.score = score
