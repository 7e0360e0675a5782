"""Campaign Manager 2008's cards: drawing (R5), playing (R4.1, R4.4, R12.15), discarding, the
options a hand gives. Built on ``rules_states.py``."""

from __future__ import annotations

from typing import Iterable

from ...game.decisions import Option
from ...game.together import Steps
from ...lang.run import Run
from . import events as E
from .model import Side
from .rules_states import StateRules
from .vocabulary.work import MAX_PLAY_LEVEL  # the rules' limit (R12.15), which the work bound counts too


class CardRules(StateRules):
    """R4.1, R4.4, R5, R12.15."""

    # ---- cards ------------------------------------------------------------------

    def draw_cards(self, side: Side, n: int, cause: str | None = None) -> list[str]:
        """Draw up to ``n`` cards, reshuffling the discard pile when the deck is empty (R5)."""
        p = self.position.players[side]
        drawn: list[str] = []
        for _ in range(n):
            if not p.deck:
                if not p.discard:
                    self.emit(E.DrawFailed, side, cause=cause)
                    break
                p.deck, p.discard = p.discard, []
                p.reshuffled = p.reshuffled.union(p.deck)
                self.position.rng.shuffle(p.deck)
                self.emit(E.Shuffled, side, "discard pile into a new deck", len(p.deck), tuple(p.deck), cause=cause)
            cid = p.deck.pop()
            p.hand.append(cid)
            drawn.append(cid)
            self.emit(E.CardDrawn, side, cid, self.cards.cards[cid].title, cause=cause)
        return drawn

    def play_card(self, side: Side, card_id: str, nested: bool = False, cause: str | None = None) -> Steps:
        p = self.position.players[side]
        card = self.cards.cards[card_id]
        p.hand.remove(card_id)
        level = self.position.resolving + 1
        if level > MAX_PLAY_LEVEL:  # R12.15: played, not resolved; discarded at the end of the turn
            p.played.append(card_id)
            self.emit(E.CardPlayed, side, card_id, card.title, nested, cause=cause)
            self.emit(E.PlayTooDeep, side, card_id, card.title, level, MAX_PLAY_LEVEL, cause=cause)
            return
        is_media = card.is_media
        replaced = self.position.media if is_media else None
        if is_media:  # R4.4: at most one Media Support in play; the old one is discarded
            if replaced is not None:
                self.position.players[replaced[1]].discard.append(replaced[0])
            self.position.media = (card_id, side)
        else:
            p.played.append(card_id)
        self.emit(E.CardPlayed, side, card_id, card.title, nested, cause=cause)
        if replaced is not None:
            old, owner = replaced
            self.emit(E.CardDiscarded, owner, old, self.cards.cards[old].title, "replaced", cause=cause)
        if is_media:
            self.emit(E.MediaSupportInPlay, side, card_id, card.title, cause=cause)
        if card.going_negative:
            self.position.negatives.append((side, card_id))
        self.position.resolving += 1
        try:
            yield from card.run(Run(self.ops, side))
        finally:
            self.position.resolving -= 1

    def discard_from_hand(self, side: Side, card_id: str, why: str, cause: str | None = None) -> None:
        p = self.position.players[side]
        p.hand.remove(card_id)
        p.discard.append(card_id)
        self.emit(E.CardDiscarded, side, card_id, self.cards.cards[card_id].title, why, cause=cause)

    def hand_options(self, side: Side, only: Iterable[str] | None = None) -> list[Option]:
        """One option per card in hand (card ids are unique within a pool, so none repeat)."""
        ids = self.position.players[side].hand if only is None else [c for c in only if c in self.position.players[side].hand]
        card = self._options.card
        return [card[cid] for cid in dict.fromkeys(ids)]
