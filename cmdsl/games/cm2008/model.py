"""Static game data as loaded from the card files: sides, state tiles, cards, news, the table.

Nothing here changes during a game; the live position is in ``cmdsl.games.cm2008.position``.
"""

from __future__ import annotations

import functools
from dataclasses import field
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, Any, Callable

from ...errors import CmdslError
from .sides import DEFENSE, ECONOMY, ISSUES, SIDES, Side  # noqa: F401  (handed on: every CM2008 module reads them here)
from .setup import SetupMode  # noqa: F401  (handed on)
from ...sets.ids import slug
from ...sets.meaning import same_set
from ...values import value

if TYPE_CHECKING:
    from ...lang.checker import Checked

#: The issue track: boxes 1–2 point at Defense, 3–4 at Economy (R2.3).
TRACK = (DEFENSE, DEFENSE, ECONOMY, ECONOMY)
WINNING_SCORE = 270  # R11.1
START_SCORES = {"mccain": 155, "obama": 157}  # R1.8
TOKENS_PER_PLAYER = 12  # R1.4
HAND_LIMIT_FOR_DRAWING = 5  # R4.2
OPENING_HAND = 3  # R3.2


LETTER_SIDE = {"R": Side.MCCAIN, "B": Side.OBAMA, "W": None}

# An effect, compiled: a generator function of a run context (see lang/compiler.py).
Effect = Callable[[Any], Any]


@value
class Source:
    """Where a piece of card data came from, for errors and for showing its source."""

    file: str
    line: int
    text: str = ""


@value
class StateTile:
    name: str
    ev: int
    pile: Side  # the back colour: whose setup pile (R1.7)
    rows: dict[str, tuple[str, ...]]  # issue → printed letters R/B/W, left to right
    issue_box: int  # start box, 1..4 (R2.3)
    groups: tuple[str, str]
    key: str  # the key demographic at the start (R2.4)
    beginner: bool = False
    source: Source | None = field(default=None, compare=False)

    @functools.cached_property
    def slug(self) -> str:
        return slug(self.name)


class CardType(StrEnum):
    """A Campaign Strategy card's type (R1.3): what it mainly does."""

    SUPPORT = "support"
    SHIFT = "shift"
    DEMOGRAPHIC = "demographic"
    ALTER = "alter"
    MEDIA = "media"  # a Media Support card (R4.4): it stays in play
    FLOW = "flow"


CARD_TYPES: tuple[CardType, ...] = tuple(CardType)


class CostKind(str, Enum):
    """What a card may ask before it can be played. Only discarding, for now (R4.6)."""

    DISCARD = "discard"


@value
class Cost:
    """A card's declared cost (``cost: discard 2``): it is playable only if its player can pay it
    (R4.6: that many other cards in hand), and paying it is the first thing playing it does."""

    kind: CostKind
    amount: int

    def __str__(self) -> str:
        return f"{self.kind.value} {self.amount}"


@value
class CardDef:
    """A Campaign Strategy card (R1.3)."""

    id: str
    side: Side
    title: str
    type: CardType
    effect_text: str
    checked: "Checked" = field(compare=False, repr=False)
    run: Effect = field(compare=False, repr=False)
    abilities: Any = field(default=None, compare=False, repr=False)  # vocabulary.compiler.MediaAbilities
    beginner: bool = False
    going_negative: bool = False  # the die icon (R8.1)
    demographic: str | None = None  # the demographic note, informational
    source: Source | None = field(default=None, compare=False)
    cost: Cost | None = None  # the `cost:` field (R4.6); None: the card is free
    title_fr: str | None = None  # the `title_fr:` field: the title printed in French (None: the English one)

    def title_in(self, lang: str) -> str:
        """The title as printed in ``lang``: the French one where the set gives it, else the English."""
        return self.title_fr if lang == "fr" and self.title_fr else self.title

    @property
    def discard_cost(self) -> int:
        """How many other cards its player must hold to play it (R4.6)."""
        return self.cost.amount if self.cost is not None and self.cost.kind is CostKind.DISCARD else 0

    @property
    def is_media(self) -> bool:
        return self.type == "media"  # (CardType.MEDIA: an enum member read costs more than the compare)


@value
class NewsDef:
    """A Breaking News event (R10)."""

    id: str
    title: str
    effect_text: str
    checked: "Checked" = field(compare=False, repr=False)
    run: Effect = field(compare=False, repr=False)
    source: Source | None = field(default=None, compare=False)
    title_fr: str | None = None  # the `title_fr:` field (None: the English title)

    def title_in(self, lang: str) -> str:
        """The title as printed in ``lang``: the French one where the set gives it, else the English."""
        return self.title_fr if lang == "fr" and self.title_fr else self.title


@value
class NegativeDef:
    """One row of the Going Negative table (R8), carried out by the roller's opponent."""

    roll: int
    title: str
    effect_text: str
    checked: "Checked" = field(compare=False, repr=False)
    run: Effect = field(compare=False, repr=False)
    source: Source | None = field(default=None, compare=False)
    title_fr: str | None = None  # the `title_fr:` field (None: the English title)

    def title_in(self, lang: str) -> str:
        """The title as printed in ``lang``: the French one where the set gives it, else the English."""
        return self.title_fr if lang == "fr" and self.title_fr else self.title

    @property
    def id(self) -> str:
        return f"going-negative-{self.roll}"


@value
class SetManifest:
    """What a card set says about itself in its ``manifest.yaml`` (docs/cardsets.md)."""

    name: str
    game: str  # which game the cards are for: "cm2008"
    format: int  # the version of the card-file format the set is written in
    setups: tuple[SetupMode, ...]  # the setup modes the set has the cards for
    source: Source | None = field(default=None, compare=False)  # the manifest, at its setups line


class UnsupportedSetup(CmdslError):
    """A game asked for a setup mode its card set does not declare (and may lack the cards for)."""


@value
class CardSet:
    name: str
    states: dict[str, StateTile]  # in file order
    cards: dict[str, CardDef]
    news: dict[str, NewsDef]  # in file order: the unshuffled Breaking News deck
    negative: dict[int, NegativeDef]  # die roll 1..6 → result
    #: The digest of what the rules read (``cmdsl.games.cm2008.fingerprint``): what a record says it
    #: was played with.
    fingerprint: str
    manifest: SetManifest
    play_work: int = 0  # the work bound of a card played at level 1 (lang/work.py), for snippets
    #: What `cmdsl check` warns about (cmdsl/set_warnings.py): the set plays, but likely not as meant.
    warnings: tuple[CmdslError, ...] = field(default=(), compare=False)
    #: The digest of the card files' bytes, which records made before issue 52 name the set by.
    legacy_fingerprint: str = field(default="", compare=False)

    def same_as_recorded(self, recorded: str) -> bool:
        """Whether a record's card-set fingerprint names this set (``cmdsl.sets.meaning.same_set``)."""
        return same_set(recorded, self.fingerprint, self.legacy_fingerprint)

    def require_setup(self, mode: str) -> None:
        """Refuse a game in a setup mode this set does not declare: the loader checked the set's
        cards only against the modes its manifest lists (a 17-card test set cannot be drafted)."""
        m = self.manifest
        if mode in m.setups:
            return
        where = f" ({m.source.file}:{m.source.line})" if m.source is not None else ""
        raise UnsupportedSetup(f'the card set "{m.name}" does not support the {mode} setup; its manifest{where} '
                               f"lists {', '.join(m.setups)}")

    @functools.cached_property
    def discard_costs(self) -> dict[str, int]:
        """R4.6: each card's discard cost, by card id (the engine reads it for every card in hand)."""
        return {cid: card.discard_cost for cid, card in self.cards.items()}

    @property
    def groups(self) -> frozenset[str]:
        return frozenset(g for s in self.states.values() for g in s.groups)

    def pool(self, side: Side) -> list[CardDef]:
        return [c for c in self.cards.values() if c.side is side]

    def beginner_deck(self, side: Side) -> list[CardDef]:
        return [c for c in self.pool(side) if c.beginner]

    def state_by_slug(self, key: str) -> StateTile | None:
        for s in self.states.values():
            if s.slug == key or s.name.lower() == key.lower():
                return s
        return None

    def item(self, item_id: str) -> CardDef | NewsDef | NegativeDef | None:
        if item_id in self.cards:
            return self.cards[item_id]
        if item_id in self.news:
            return self.news[item_id]
        for n in self.negative.values():
            if n.id == item_id:
                return n
        return None
