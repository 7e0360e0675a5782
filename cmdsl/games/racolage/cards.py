"""Racolage Électoral's cards as values (RA1): themes, Party cards, Media cards, Action cards, and
a whole set. The set is data (``cards/racolage/``, read by ``loader.py``); the rules take it as an
argument and never name a card."""

from __future__ import annotations

from dataclasses import field
from enum import StrEnum
from types import MappingProxyType
from typing import ClassVar, Final, Mapping

from ...lang.checker import Checked
from ...lang.compiler import Compiled
from ...lang.text import Terms
from ...sets.meaning import same_set
from .vocabulary import LANGUAGE
from .vocabulary.nodes import Permanent
from ...values import value

#: RA1.4: the notoriety values a Media card may have.
MEDIA_VALUES: Final = (1, 2, 3, 4, 6, 9)


class ActionKind(StrEnum):
    """RA1.5: the kinds of Action card."""

    DIRECT = "direct action"
    PRIVILEGE = "privilege"
    CATCHPHRASE = "catchphrase"
    TEMPORARY = "temporary"
    EVENT = "event"

    @property
    def permanent(self) -> Permanent | None:
        """The bonus-zone type of a permanent Action (RA2.4); None for the others."""
        return {ActionKind.DIRECT: Permanent.DIRECT, ActionKind.PRIVILEGE: Permanent.PRIVILEGE,
                ActionKind.CATCHPHRASE: Permanent.CATCHPHRASE}.get(self)


@value
class Theme:
    id: str  # as effects and cards name it ("Economy")
    fr: str
    colour: str


@value
class Party:
    """RA1.3: an avatar, with no effect on play."""

    id: str
    name: str
    en: str


@value
class Media:
    """RA1.4: a Media card: its notoriety value, theme and range (both bounds included: RA6.1)."""

    id: str
    name: str  # as printed, in French
    en: str
    value: int
    theme: str
    low: int
    high: int

    def fits(self, notoriety: int) -> bool:
        return self.low <= notoriety <= self.high

    @property
    def worth(self) -> int:
        """What it fetches when sold (RA5.2)."""
        return self.value


@value
class Action:
    """RA1.5: an Action card; its effect written in the effect language (``vocabulary``)."""

    id: str
    name: str
    en: str
    kind: ActionKind
    theme: str | None = None  # a Catchphrase's (RA6.2), an Event's if it has one (RA6.4)
    bonus: int = 0  # a Direct Action's, counted at the end while in the bonus zone (RA11.1)
    effect: str | None = None
    checked: Checked | None = field(default=None, compare=False, repr=False)
    compiled: Compiled | None = field(default=None, compare=False, repr=False)

    #: RA5.2: an Action card sells for 2.
    worth: ClassVar[int] = 2

    def rules_text(self, lang: str = "en", terms: Terms | None = None) -> str:
        if self.checked is None:
            return ""
        return LANGUAGE.rules_text(self.checked.program, lang=lang, terms=terms or Terms())


Card = Media | Action


@value
class RacolageSet:
    """A whole set: its themes, Party cards, Media and Action cards (RA1.2), by id."""

    themes: tuple[Theme, ...]
    parties: tuple[Party, ...]
    media: tuple[Media, ...]
    actions: tuple[Action, ...]
    name: str = "Racolage Électoral"
    #: the digest of what the rules read (``fingerprint.py``): what a record says it was played with
    fingerprint: str = field(default="", compare=False)
    #: the digest of the card files' bytes, which records made before issue 52 name the set by
    legacy_fingerprint: str = field(default="", compare=False)

    #: every card by id, Media then Actions (made from the two lists)
    cards: Mapping[str, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards: dict[str, Card] = {m.id: m for m in self.media}
        cards.update((a.id, a) for a in self.actions)
        object.__setattr__(self, "cards", MappingProxyType(cards))  # frozen: set once, here

    def same_as_recorded(self, recorded: str) -> bool:
        """Whether a record's set fingerprint names this set (``cmdsl.sets.meaning.same_set``)."""
        return same_set(recorded, self.fingerprint, self.legacy_fingerprint)

    def media_card(self, card_id: str) -> Media:
        card = self.cards[card_id]
        assert isinstance(card, Media), card_id
        return card

    def action_card(self, card_id: str) -> Action:
        card = self.cards[card_id]
        assert isinstance(card, Action), card_id
        return card

    def terms(self, lang: str) -> Terms:
        """How ``lang`` names the set's themes (English: as effects write them)."""
        return Terms(names=MappingProxyType({t.id: t.fr for t in self.themes})) if lang == "fr" else Terms()

    def card_name(self, card_id: str, lang: str = "en") -> str:
        card = self.cards[card_id]
        return card.name if lang == "fr" else card.en
