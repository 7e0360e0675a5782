"""Campaign Manager 2008's setup (R3): the first player, the draft (R3.1), the decks, the opening
hands, the starting states (R3.3), the Breaking News deck; and the game's main loop from any of
its entry points: ``CampaignRules``, every layer of the rules. Built on ``rules_turn.py``."""

from __future__ import annotations

import functools
from typing import Literal

from ...game.decisions import Decision
from ...game.together import Steps
from . import events as E
from . import options as O
from .kinds import DecisionKind
from .model import OPENING_HAND, SIDES, Side
from .position import DraftPile
from .rules_turn import Origin, TurnRules
from .setup import DRAFT_DRAW, DRAFT_ROUNDS


class CampaignRules(TurnRules):
    """R3, and the main loop: the top layer of the rules, and so every layer of them."""

    # ---- setup (R3) -----------------------------------------------------------

    def main(self) -> Steps:
        return self.play_from("setup")

    def resume(self) -> Steps:
        """The main loop entered at the start of a turn (for ``fork`` and scenarios)."""
        return self.play_from("turn")

    def play_from(self, entry: Literal["setup", "draft", "turn", "decision"], draft_round: int = 1) -> Steps:
        """The game from ``entry`` on: its setup, the start of ``draft_round`` (a fork made in the
        draft), a turn's start, or (a fork made there) a turn's play-or-draw decision. One
        generator for the whole game: each generator between an answer and the engine is resumed
        on every answer, so the turn loop calls ``one_turn``'s two steps itself."""
        try:
            if entry == "setup":
                yield from self._set_up()
            elif entry == "draft":
                yield from self._draft(draft_round)
                yield from self._open()
            elif entry == "decision":
                yield from self._turn_decision()
                self.position.active = self.position.active.other
            while True:
                self._start_turn()
                yield from self._turn_decision()
                self.position.active = self.position.active.other
        finally:  # the game is over (or its generator dropped): its table is freed as soon as it is let go
            self.release()

    def _set_up(self) -> Steps:
        s = self.setup
        if s.first in ("mccain", "obama"):
            first = Side(s.first)
        else:  # R3.5: left to chance
            first = (yield O.FIRST_PLAYER).value
        self.position.active = first
        self.emit(E.GameStarted, self.seed, s.mode, first)
        if s.mode == "draft":
            self._shuffle_pools()
            yield from self._draft(1)
        else:
            self.position.decks = {side: tuple(c.id for c in self.cards.beginner_deck(side)) for side in SIDES}
        yield from self._open()

    def _open(self) -> Steps:
        """The setup once the decks are known: decks shuffled, hands drawn, starting states, news (R3)."""
        s = self.setup
        for side in SIDES:
            p = self.position.players[side]
            p.deck = list(self.position.decks[side])
            self.position.rng.shuffle(p.deck)
            self.emit(E.Shuffled, side, "deck", len(p.deck), tuple(p.deck))
            self.draw_cards(side, OPENING_HAND)
        if s.mode == "beginner":
            chosen = [t.name for t in self.cards.states.values() if t.beginner]
        else:  # each picks 2 of their own pile, in secret; the 4 are revealed together (R3.3)
            revealed = yield from self.together({side: functools.partial(self._pick_states, side) for side in SIDES})
            chosen = []
            for side in SIDES:
                self.log_chosen(revealed, side)
                chosen += revealed.results[side]
        for name in chosen:
            self.enter_state(self.cards.states[name], len(self.position.in_play))
        self.position.news_deck = list(self.cards.news)
        self.position.rng.shuffle(self.position.news_deck)
        self.emit(E.Shuffled, None, "Breaking News deck", len(self.position.news_deck), tuple(self.position.news_deck))

    def _pick_states(self, side: Side) -> Steps:
        """One seat's two secret picks from its own pile (R3.3): the second among the rest."""
        picked: list[str] = []
        for _ in range(2):
            pile = [t for t in self.cards.states.values() if t.pile is side and t.name not in picked]
            opt = yield from self.ask(Decision(side, DecisionKind.SETUP_STATE, "choose a starting state from your pile",
                                               tuple([self._options.starting[t.name] for t in pile])))
            picked.append(opt.value)
        return picked

    def _shuffle_pools(self) -> None:
        """R3.1: each 45-card pool shuffled, face down: the draft begins (``Position.draft``)."""
        draft = self.position.draft = {}
        for side in SIDES:
            pool = [c.id for c in self.cards.pool(side)]
            self.position.rng.shuffle(pool)
            self.emit(E.Shuffled, side, "campaign pool", len(pool), tuple(pool))
            draft[side] = DraftPile(tuple(pool))

    def _draft(self, first_round: int) -> Steps:
        """R3.1, from ``first_round`` on: draw 3, keep 1, remove 2; until the pools run out. The
        draft is in the position (``Position.draft``) while it lasts: a determinization re-deals it."""
        for rnd in range(first_round, DRAFT_ROUNDS + 1):
            if self.game.keep_checkpoints:  # fork() then replays only this round, as a turn's checkpoint does
                self.game.checkpoint = (Origin(self.position.copy(), at_decision=False, draft_round=rnd),
                                        len(self.host.answers))
            draft = self.position.draft
            drawing = [side for side in SIDES if draft[side].pool]
            for side in drawing:
                draft[side] = draft[side].draw(min(DRAFT_DRAW, len(draft[side].pool)))
            # Both keep a card at once, in secret; revealed (to each its own) when both have.
            revealed = yield from self.together({side: functools.partial(self._keep_one, side, rnd)
                                                 for side in drawing})
            draft = self.position.draft  # the position's own (a determinization may have re-dealt it)
            for side in drawing:
                self.log_chosen(revealed, side)
                keep, cards = revealed.results[side], draft[side].drawn
                draft[side] = draft[side].keep(keep)
                self.emit(E.Drafted, side, rnd, keep, tuple(c for c in cards if c != keep))
        draft = self.position.draft
        self.position.decks = {side: draft[side].kept for side in SIDES}
        self.position.draft = {}

    def _keep_one(self, side: Side, rnd: int) -> Steps:
        """One seat's secret pick of a draft round (R3.1): one of the cards it has drawn."""
        card = self._options.card
        options = tuple([card[cid] for cid in self.position.draft[side].drawn])
        # ask(), inlined: the draft is replayed by every fork made during it
        opt = options[0] if len(options) == 1 else (yield Decision(side, DecisionKind.DRAFT,
                                                                  f"draft round {rnd}: keep one card", options))
        keep: str = opt.value
        return keep
