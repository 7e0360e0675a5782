"""Campaign Manager 2008's Media Support abilities (R4.4) and triggered abilities (R12.16): the
lowest layer of the game's rules, which every other layer may call (a state won, a Breaking News
drawn, the end of a turn queue triggers). The rules are split by rulebook section into layered
classes, each calling only its own layer and those below; ``rules_setup.CampaignRules`` is every
layer. They are generators over the position the driver holds (``rules_base.py``): they yield
decisions and emit events in the middle of resolving."""

from __future__ import annotations

from ...lang.run import Run
from .vocabulary.work import MAX_TRIGGERS
from . import events as E
from .rules_base import RulesBase
from ...game.together import Steps
from .model import CardDef, Side


class AbilityRules(RulesBase):
    """R4.4, R12.16: what the Media Support in play does."""

    # ---- media support abilities (R4.4) ------------------------------------------

    def media_card(self) -> CardDef | None:
        return self.cards.cards[self.position.media[0]] if self.position.media else None

    def negative_rolls(self, side: Side) -> int:
        """How many Going Negative dice ``side`` rolls: 1 unless the Media Support says otherwise."""
        card = self.media_card()
        if card is not None and card.abilities is not None and self.position.media is not None:
            n = card.abilities.rolls(self.ops, self.position.media[1], side)
            if n is not None:
                return n
        return 1

    # ---- triggered abilities (R12.16) ----------------------------------------------
    # An event queues the matching abilities of the Media Support in play; they fire at the
    # points where no effect is resolving (after the turn's action, after each Going Negative,
    # at the end of the turn), in order, at most MAX_TRIGGERS per player action.

    def _queue_triggers(self, event: str, whose: Side | None) -> None:
        if self.position.media is None:  # the common case, first: nothing can trigger
            return
        card = self.media_card()
        if card is None or card.abilities is None or not card.abilities.triggers or self.position.media is None:
            return
        owner = self.position.media[1]
        for i in card.abilities.fired(event, self.ops, owner, whose):
            self.position.triggered.append((card.id, owner, i))

    def _fire_triggers(self) -> Steps:
        queue = self.position.triggered
        while queue:  # an ability's effect may queue more: they fire in turn, within the limit
            card_id, owner, i = queue.pop(0)
            card = self.cards.cards[card_id]
            assert card.abilities is not None
            ability = card.abilities.triggers[i]
            if self.position.fired >= MAX_TRIGGERS:
                self.emit(E.TriggerLimitReached, owner, card_id, card.title, ability.label, MAX_TRIGGERS)
                continue
            self.position.fired += 1
            self.emit(E.AbilityTriggered, owner, card_id, card.title, ability.label)
            yield from ability.run(Run(self.ops, owner))
