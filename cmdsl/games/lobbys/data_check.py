"""`cmdsl check` on a Lobbys set (a folder holding ``lobbys.yaml``): the data loads (its errors are
``load_data``'s, located), then warnings about data that loads but will not play as its designer
likely means, each located at the line to change and saying how (the Lobbys side of issue 25):

- a player count of L1.1 (2 to 5) that the deck cut does not cover: nobody can play it;
- pip ranks no player count keeps in the Offer deck (L1.4): never dealt, only People cards (L10);
- a majority shared scoring more than one held alone (L7.1 shares it).
"""

from __future__ import annotations

from pathlib import Path

import yaml

from ...errors import CardError, Located, shown_path
from ...sets.safe_yaml import compose
from ...sets.text_files import read_text
from .cards import HIGHEST_RANK, LOWEST_RANK
from .data import _ITEM_KEYS, DATA_FILE, MAX_BYTES, LobbysData, load_data
from ...values import value

#: L1.1: the player counts Lobbys is for.
PLAYER_COUNTS = (2, 3, 4, 5)


class LobbysWarning(CardError):
    """A located warning: the data plays, but likely not as meant."""


@value
class LobbysCheck:
    summary: str  # "DIR: ok — Lobbys: …"
    warnings: tuple[LobbysWarning, ...]


def check_lobbys(folder: Path) -> LobbysCheck:
    """Load and check ``folder``'s Lobbys data; a ``CardError`` (located) when it does not load."""
    path = folder / DATA_FILE
    data = load_data(path)
    cuts = ", ".join(f"{p} players: ranks 1-{top}" for p, top in sorted(data.top_rank.items()))
    summary = (f"{shown_path(folder)}: ok — Lobbys: {data.rounds} rounds of {data.tenders_per_round} tenders, "
               f"{data.hand_size} cards a hand ({cuts})")
    name = shown_path(path)
    text = read_text(path, max_bytes=MAX_BYTES, label=name, item_keys=_ITEM_KEYS)
    return LobbysCheck(summary, tuple(_Finder(name, text).warnings(data)))


class _Finder:
    """Where each part of the data file is, to locate a warning at the line to change."""

    def __init__(self, file: str, text: str) -> None:
        self.file, self.lines = file, text.split("\n")
        root = compose(text, file, item_keys=_ITEM_KEYS)
        assert isinstance(root, yaml.MappingNode)  # load_data accepted it
        self.top = {k.value: (k, v) for k, v in root.value}

    def at(self, node: yaml.Node, message: str, hint: str) -> LobbysWarning:
        mark = node.start_mark
        return LobbysWarning(message, Located(self.file, mark.line + 1, mark.column + 1), hint=hint
                             ).with_source(self.lines)

    def warnings(self, data: LobbysData) -> list[LobbysWarning]:
        return [*self.player_counts(data), *self.ranks(data), *self.scoring(data)]

    def player_counts(self, data: LobbysData) -> list[LobbysWarning]:
        missing = [p for p in PLAYER_COUNTS if p not in data.top_rank]
        if not missing:
            return []
        said = ", ".join(map(str, missing))
        return [self.at(self.top["deck_cut"][0],
                        f"no deck cut for {said} players: this set cannot be played by {said} (L1.1, L1.4)",
                        f"add an entry per count, `- players: N` with `top_rank: R` where 4 × R = N × "
                        f"{data.hand_size} (the hand size), or leave it out on purpose")]

    def ranks(self, data: LobbysData) -> list[LobbysWarning]:
        top = max(data.top_rank.values())
        if top >= HIGHEST_RANK:
            return []
        return [self.at(self.top["deck_cut"][0],
                        f"ranks {top + 1} to {HIGHEST_RANK} are in no player count's Offer deck (L1.4): they are "
                        f"never dealt, only drawn as People cards in The People Speak (L10)",
                        f"give the largest player count a top_rank of {HIGHEST_RANK} (ranks {LOWEST_RANK} to "
                        f"{HIGHEST_RANK}), with a hand size to match")]

    def scoring(self, data: LobbysData) -> list[LobbysWarning]:
        out = []
        fields = {k.value: (k, v) for k, v in self.top["scoring"][1].value}
        alone = data.majority_points[1]
        for item in fields["majority"][1].value:
            f = {k.value: v for k, v in item.value}
            tied, points = int(f["tied"].value, 0), int(f["points"].value, 0)
            if tied > 1 and points > alone:
                out.append(self.at(f["points"], f"a majority shared by {tied} scores {points} each, more than one held "
                                   f"alone ({alone}): L7.1 shares the majority's points",
                                   f"give a shared majority at most {alone} (the published game shares 12: 6, 4, 3)"))
        return out
