"""The game data of Lobbys (``cards/lobbys/lobbys.yaml``): read safely, checked, turned into one
frozen ``LobbysData`` value that the rules take as an argument.

Every problem is one ``CardError`` naming the file, line, column and item, with the line and a
caret, like every data file of cmdsl (cmdsl.sets.safe_yaml does the reading and the YAML errors).
"""

from __future__ import annotations

import hashlib
from dataclasses import field, fields, replace
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Final, Mapping

import yaml

from ...errors import shown_path
from ...resources import bundled_cards_dir
from ...sets.health_targets import HEALTH_KEY
from ...sets.meaning import Plain, meaning_fingerprint, same_set
from ...sets.safe_yaml import compose
from ...sets.node_reader import NodeReader
from ...sets.text_files import read_text
from .cards import FACES, HIGHEST_RANK, LOWEST_RANK, SUITS, Card, Face, Suit, pip_cards
from .data_file import DATA_FILE  # noqa: F401 - handed on: every Lobbys module reads it here
from ...values import value

MAX_BYTES: Final = 64 * 1024
#: The keys that name a list item in error messages.
_ITEM_KEYS: Final = ("name", "players", "face", "tied")


@value
class LobbysData:
    """Everything about Lobbys that is data, not rules. Shared, never changed."""

    starting_points: int
    rounds: int
    hand_size: int
    tenders_per_round: int
    #: L1.4: players → the highest pip rank kept in the Offer deck.
    top_rank: Mapping[int, int]
    #: L1.2: each suit → its related suit.
    related: Mapping[Suit, Suit]
    #: L6.3 step 4: best first.
    suit_order: tuple[Suit, ...]
    #: L1.3: each face → its contract type's name.
    contract_types: Mapping[Face, str]
    #: L7.1: number of players sharing a majority → points each.
    majority_points: Mapping[int, int]
    omnipresence_points: int
    partisan_points: int
    #: The digest of the data's values (``meaning``): what a record says it was played with (like a
    #: card set's fingerprint).
    fingerprint: str = field(default="", compare=False)
    #: The digest of the data file's bytes, which records made before issue 52 name the data by.
    legacy_fingerprint: str = field(default="", compare=False)

    def same_as_recorded(self, recorded: str) -> bool:
        """Whether a record's data fingerprint names this data (``cmdsl.sets.meaning.same_set``)."""
        return same_set(recorded, self.fingerprint, self.legacy_fingerprint)

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(sorted(self.top_rank))

    def check_players(self, players: int) -> None:
        if players not in self.top_rank:
            counts = self.player_counts
            raise ValueError(f"Lobbys is played by {counts[0]} to {counts[-1]} players, not {players}")

    def offer_deck(self, players: int) -> tuple[Card, ...]:
        """L1.4 / L3.2: the pip cards kept for ``players``: ranks 1 to the cut, all suits."""
        self.check_players(players)
        return pip_cards(LOWEST_RANK, self.top_rank[players])

    def people_cards(self, players: int) -> tuple[Card, ...]:
        """L3.2 / L10.1: the pip cards removed for ``players`` (empty at 5 players)."""
        self.check_players(players)
        return pip_cards(self.top_rank[players] + 1, HIGHEST_RANK)


def bundled_data_file() -> Path:
    """The data file shipped with cmdsl (package data in a wheel, ``cards/lobbys`` in a checkout)."""
    return bundled_cards_dir("lobbys") / DATA_FILE


def load_data(path: Path | None = None) -> LobbysData:
    """The Lobbys data of ``path`` (default: the bundled file); raises one located ``CardError``."""
    path = path or bundled_data_file()
    name = shown_path(path)
    return _read(name, read_text(path, max_bytes=MAX_BYTES, label=name, item_keys=_ITEM_KEYS))


@lru_cache(maxsize=16)
def _read(name: str, text: str) -> LobbysData:
    """The data a file's text says, read once per name and content (a new game re-reads the file,
    never its YAML: issue 34 §2); an error is raised again each time (it is not kept)."""
    root = compose(text, name, item_keys=_ITEM_KEYS)
    data = _Reader(name, text.split("\n"), _ITEM_KEYS).data(root)
    return replace(data, fingerprint=meaning_fingerprint(meaning(data)), legacy_fingerprint=legacy_fingerprint(text))


def meaning(data: LobbysData) -> Plain:
    """What the rules read of the data, as plain data (``cmdsl.sets.meaning``): every value it
    compares by. Its tables are mappings, so the order of their rows (``deck_cut``, ``suits``,
    ``contracts``, ``majority``) is not part of it; ``suit_order`` is a list, and its order is."""
    return {f.name: getattr(data, f.name) for f in fields(data) if f.compare}


def legacy_fingerprint(text: str) -> str:
    """The data file's bytes' digest: the fingerprint of records made before issue 52 (kept so
    that they replay). It changed with any byte: a comment, a line break, a quote."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


_TOP_KEYS: Final = ("starting_points", "rounds", "hand_size", "tenders_per_round", "deck_cut", "suits",
                    "suit_order", "contracts", "scoring")


class _Reader(NodeReader):
    """Turns the node tree into ``LobbysData``; each method checks one part."""

    # ---- the file ------------------------------------------------------------------------------

    def data(self, root: yaml.Node | None) -> LobbysData:
        top = self.mapping(root, _TOP_KEYS, "the Lobbys data", optional=(HEALTH_KEY,))  # the study's (health_targets)
        hand = self.integer(top["hand_size"], "hand_size")
        scoring = self.mapping(top["scoring"], ("majority", "omnipresence", "partisan"), "scoring")
        return LobbysData(
            starting_points=self.integer(top["starting_points"], "starting_points"),
            rounds=self.integer(top["rounds"], "rounds"),
            hand_size=hand,
            tenders_per_round=self.tenders(top["tenders_per_round"]),
            top_rank=MappingProxyType(self.deck_cut(top["deck_cut"], hand)),
            related=MappingProxyType(self.suits(top["suits"])),
            suit_order=self.suit_order(top["suit_order"]),
            contract_types=MappingProxyType(self.contracts(top["contracts"])),
            majority_points=MappingProxyType(self.majority(scoring["majority"])),
            omnipresence_points=self.integer(scoring["omnipresence"], "omnipresence"),
            partisan_points=self.integer(scoring["partisan"], "partisan"),
        )

    def tenders(self, node: yaml.Node) -> int:
        n = self.integer(node, "tenders_per_round")
        contracts = len(SUITS) * len(FACES)
        if 2 * n != contracts:
            # L6.6: each tender turns up two contracts and the round uses the whole Contract deck.
            raise self.error(f"tenders_per_round: {n} tenders use {2 * n} contracts, but there are {contracts}",
                             node)
        return n

    def deck_cut(self, node: yaml.Node, hand: int) -> dict[int, int]:
        out: dict[int, int] = {}
        for item in self.sequence(node, "deck_cut"):
            f = self.mapping(item, ("players", "top_rank"), "deck_cut")
            players = self.integer(f["players"], "players", 2)
            if players in out:
                raise self.error(f"deck_cut: {players} players is given twice", f["players"])
            top = self.integer(f["top_rank"], "top_rank", LOWEST_RANK, HIGHEST_RANK)
            cards = len(SUITS) * top
            if cards != players * hand:  # L1.4: the whole cut deck is dealt, nothing left over
                raise self.error(f"top_rank: ranks 1 to {top} make {cards} cards, but {players} players "
                                 f"× {hand} cards need {players * hand}", f["top_rank"])
            out[players] = top
        return out

    def suits(self, node: yaml.Node) -> dict[Suit, Suit]:
        related: dict[Suit, Suit] = {}
        nodes: dict[Suit, yaml.Node] = {}
        for item in self.sequence(node, "suits"):
            f = self.mapping(item, ("name", "related"), "suits")
            suit = self.member(f["name"], Suit, "name")
            if suit in related:
                raise self.error(f"suits: {suit.value} is given twice", f["name"])
            other = self.member(f["related"], Suit, "related")
            if other is suit:
                raise self.error("related: a suit cannot be related to itself", f["related"])
            related[suit], nodes[suit] = other, f["related"]
        self.each_once(related, SUITS, node, "suits")
        for suit, other in related.items():
            if related[other] is not suit:  # L1.2: relations come in pairs
                raise self.error(f"related: {suit.value} is related to {other.value}, but {other.value} is "
                                 f"related to {related[other].value}", nodes[suit])
        return related

    def suit_order(self, node: yaml.Node) -> tuple[Suit, ...]:
        order: dict[Suit, yaml.Node] = {}
        for item in self.sequence(node, "suit_order"):
            suit = self.member(item, Suit, "suit_order")
            if suit in order:
                raise self.error(f"suit_order: {suit.value} is given twice", item)
            order[suit] = item
        self.each_once(order, SUITS, node, "suit_order")
        return tuple(order)

    def contracts(self, node: yaml.Node) -> dict[Face, str]:
        types: dict[Face, str] = {}
        for item in self.sequence(node, "contracts"):
            f = self.mapping(item, ("face", "type"), "contracts")
            face = self.member(f["face"], Face, "face")
            if face in types:
                raise self.error(f"contracts: {face.value} is given twice", f["face"])
            types[face] = self.string(f["type"], "type")
        self.each_once(types, FACES, node, "contracts")
        return types

    def majority(self, node: yaml.Node) -> dict[int, int]:
        # Each type has one card per suit, so at most len(SUITS) players can tie for its majority.
        points: dict[int, int] = {}
        for item in self.sequence(node, "majority"):
            f = self.mapping(item, ("tied", "points"), "majority")
            tied = self.integer(f["tied"], "tied", 1, len(SUITS))
            if tied in points:
                raise self.error(f"majority: tied {tied} is given twice", f["tied"])
            points[tied] = self.integer(f["points"], "points", 0)
        missing = [str(n) for n in range(1, len(SUITS) + 1) if n not in points]
        if missing:
            raise self.error(f"majority: missing the points for tied {', '.join(missing)}", node)
        return dict(sorted(points.items()))

