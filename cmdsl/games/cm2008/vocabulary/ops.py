"""The operations Campaign Manager 2008's compiled effects act through, beside the core's
(``cmdsl.lang.ops``): its reads, actions (a block to take, the order of simultaneous wins) and
choices, in its terms. The game implements them (``cmdsl.games.cm2008.engine.Game``).
"""

from __future__ import annotations

from typing import Any, Protocol, Sequence, TypeAlias

from ....lang.ops import Choice, CoreOps, Steps
from ..sides import Side

__all__ = ["Choice", "GameOps", "GameReads", "State", "Steps"]

#: A state as the game represents it. Opaque to the language: an effect holds it, compares it and
#: hands it back to the ops, and never reads it.
State: TypeAlias = Any

class GameReads(Protocol):
    """What an effect reads of a game."""

    # ---- reads ----------------------------------------------------------------------------------

    @property
    def active(self) -> Side:
        """Whose turn it is."""

    @property
    def in_play(self) -> Sequence[State]:
        """The states in play, in slot order (copy it to go on over it while the game changes)."""

    def live(self, name: str) -> State | None:
        """The state called ``name`` if it is in play."""

    def still_in_play(self, state: State) -> bool:
        """Whether ``state`` is still in play (a state held by a variable may have been won)."""

    def majority(self, state: State | None) -> str | None:
        """The issue ``state``'s marker points at; None once it has left play (likewise below)."""

    def minority(self, state: State | None) -> str | None: ...

    def key(self, state: State | None) -> str | None:
        """``state``'s key demographic."""

    def votes(self, state: State | None) -> int:
        """``state``'s electoral votes; 0 once it has left play."""

    def blocks(self, state: State | None, side: Side, issue: str) -> int:
        """How many blocks of ``state``'s ``issue`` row are ``side``'s colour (0 out of play)."""

    def undecided(self, state: State | None, issue: str) -> int:
        """How many circles of ``state``'s ``issue`` row are white and empty (0 out of play)."""

    def row_length(self, state: State | None, issue: str) -> int:
        """How many circles ``state``'s ``issue`` row has (0 out of play)."""

    def state_name(self, state: State) -> str:
        """The name of ``state`` (in play or not)."""

    def wins(self) -> Sequence[tuple[str, Side]]:
        """Every state won so far this game, in order, by name, with who won it (do not change it)."""

    def score(self, side: Side) -> int: ...

    def hand_size(self, side: Side) -> int: ...

    def deck_size(self, side: Side) -> int: ...

    def discard_size(self, side: Side) -> int:
        """Cards in ``side``'s discard pile (not the cards played this turn, R4.3)."""

    def in_hand(self, side: Side, card_id: str) -> bool: ...

    def playable(self, side: Side, card_id: str) -> bool:
        """Whether ``side`` could pay ``card_id``'s discard cost now."""

    def media_owner(self) -> Side | None:
        """Who owns the Media Support card in play; None when there is none."""


class GameOps(GameReads, CoreOps, Protocol):
    """What an effect does to a game (its actions) and asks its players (its choices)."""

    # ---- actions --------------------------------------------------------------------------------

    def gain(self, side: Side, live: State | None, issue: str, cause: str | None = None) -> Steps:
        """One support on ``issue`` in the state ``live`` for ``side``."""

    def shift(self, live: State | None, n: int, issue: str, cause: str | None = None) -> Steps:
        """Move the state ``live``'s issue marker ``n`` boxes toward ``issue``."""

    def alter(self, live: State | None, cause: str | None = None) -> None:
        """The state ``live``'s key demographic becomes its other group."""

    def demographic_support(self, side: Side, group: str, cause: str | None = None) -> Steps:
        """Every empty white block of every state in play keyed to ``group`` becomes ``side``'s."""

    def draw_cards(self, side: Side, n: int, cause: str | None = None) -> list[str]:
        """Draw up to ``n`` cards; the ids drawn."""

    def discard_from_hand(self, side: Side, card_id: str, why: str, cause: str | None = None) -> None: ...

    def play_card(self, side: Side, card_id: str, nested: bool = False, cause: str | None = None) -> Steps:
        """Play ``card_id`` from ``side``'s hand (``nested``: at once, inside another effect)."""


    # ---- choices --------------------------------------------------------------------------------

    def choose_state(self, side: Side, among: Sequence[State], what: str, cause: str | None = None
                     ) -> Choice[State | None]:
        """``side`` chooses one of ``among`` (``what``: "a state where …"); None when it is empty."""

    def choose_issue(self, side: Side, cause: str | None = None) -> Choice[str]: ...

    def choose_card(self, side: Side, cause: str | None = None) -> Choice[str | None]:
        """A card of ``side``'s hand; None when the hand is empty."""

    def choose_discard(self, side: Side, cause: str | None = None) -> Choice[str | None]:
        """A card of ``side``'s hand to discard; None when the hand is empty."""

    def choose_discard_or_stop(self, side: Side, discarded: int, cause: str | None = None) -> Choice[str | None]:
        """A card to discard, or None to stop (or when the hand is empty)."""

    def choose_card_to_play(self, side: Side, drawn: Sequence[str], cause: str | None = None) -> Choice[str | None]:
        """One of the cards just ``drawn`` (those still in hand and playable); None when none is."""


    def choose_news_target(self, side: Side, among: Sequence[State]) -> Choice[State]:
        """The state a Breaking News affects, among ``among`` (not empty)."""
