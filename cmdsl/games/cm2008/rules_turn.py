"""Campaign Manager 2008's turn (R4): its start, the play-or-draw decision, its end (Going
Negative, R8; triggered abilities, R12.16; played cards discarded, R4.3). Built on ``rules_cards.py``."""

from __future__ import annotations

from ...game.decisions import Decision, Option
from ...game.driver import GameOver
from ...game.together import Steps
from ...lang.run import Run
from ...values import value
from . import events as E
from . import options as O
from .kinds import DecisionKind
from .model import HAND_LIMIT_FOR_DRAWING, SIDES, Side
from .position import Position
from .rules_cards import CardRules


@value  # made for every fork and checkpoint
class Origin:
    """Where a forked game starts: a copy of a position, saved at a turn's start (a checkpoint)
    or at its play-or-draw decision, or at the start of draft round ``draft_round`` (a checkpoint)."""

    position: Position
    at_decision: bool
    draft_round: int | None = None


#: The id of the turn decision's answer when an action by hand (an ``Interjection``) was made
#: instead of a play or a draw; never an option a player sees.
INTERJECTION = "!"


_DRAW_OPTION = O.draw_option()


class TurnRules(CardRules):
    """R4, R8, R12.2, R12.3, R12.7."""

    # ---- a turn (R4) ------------------------------------------------------------

    def playable(self, side: Side, card_id: str) -> bool:
        """R4.6: a card with a discard cost needs that many other cards in hand."""
        return self._options.discard_cost[card_id] <= len(self.position.players[side].hand) - 1

    def turn_options(self, side: Side) -> list[Option]:
        p = self.position.players[side]
        hand = p.hand
        room, cost, play = len(hand) - 1, self._options.discard_cost, self._options.play
        opts = [play[cid] for cid in hand if cost[cid] <= room]  # playable(), inlined: this is hot
        if len(hand) < HAND_LIMIT_FOR_DRAWING and (p.deck or p.discard):  # R4.2
            opts.append(_DRAW_OPTION)
        return opts

    def one_turn(self) -> Steps:
        """One turn (R4), from its start."""
        self._start_turn()
        yield from self._turn_decision()

    def _start_turn(self) -> None:
        game, pos = self.game, self.position
        if game.keep_checkpoints:  # for bots that look ahead: fork() then replays only this turn
            game.checkpoint = (Origin(pos.copy(), at_decision=False), len(self.host.answers))
        turn = pos.turn = self.host.turn = pos.turn + 1  # the table's turn too: a bot's horizon
        pos.fired = 0  # R12.16: the count is per player action
        limit = self.setup.max_turns
        if limit is not None and turn > limit:
            raise GameOver(None, f"turn limit of {limit} reached (R12.3)")
        self.emit(E.TurnStarted, turn, pos.active)

    def _turn_decision(self) -> Steps:
        """The turn from its play-or-draw decision on: where a fork made at that decision starts."""
        side = self.position.active
        options = self.turn_options(side)
        if not options:  # R12.2
            self.emit(E.Passed, side, "no card to play and none to draw")
            self.position.passes += 1
            if self.position.passes >= 2:
                raise GameOver(None, "neither player can play or draw (R12.7)")
        else:
            self.position.passes = 0
            while True:
                d = Decision(side, DecisionKind.TURN, "play a card or draw", tuple(options))
                opt = (yield d) if len(options) > 1 else (yield from self.ask(d))  # ask(), inlined when it asks
                if opt.id != INTERJECTION:
                    break
                yield from opt.value(self)  # then the turn's decision again, as things now stand
                yield from self._fire_triggers()
                options = self.turn_options(side)
                if not options:
                    self.emit(E.Passed, side, "no card to play and none to draw")
                    break
            if opt.id == O.DRAW:
                self.draw_cards(side, 1)
            elif opt.id != INTERJECTION:
                yield from self.play_card(side, opt.value)
        yield from self.end_turn()

    def end_turn(self) -> Steps:
        pos = self.position
        if pos.triggered:  # those the action triggered: its effect has ended (R12.16)
            yield from self._fire_triggers()
        while pos.negatives:  # R8.1; state wins were already resolved (R8.2)
            side, card_id = pos.negatives.pop(0)
            rolls = self.negative_rolls(side)
            if rolls == 0:
                self.emit(E.NegativeSkipped, side, self.cards.cards[card_id].title)
            for _ in range(rolls):
                value = (yield O.DIE_ROLL).value  # the chance seat rolls the die (R8.1)
                result = self.cards.negative[value]
                self.emit(E.DieRolled, side, value, result.title)
                yield from result.run(Run(self.ops, side.other))
            self._queue_triggers("negative", side)
            if pos.triggered:
                yield from self._fire_triggers()
        if pos.media is not None:  # only a Media Support in play has abilities to trigger
            self._queue_triggers("end_turn", pos.active)
            if pos.triggered:
                yield from self._fire_triggers()
        cards = self.cards.cards
        for side in SIDES:  # R4.3: played cards go to the discard pile only now
            p = pos.players[side]
            while p.played:  # one at a time: an observer sees every card in one place after each event
                cid = p.played.pop(0)
                p.discard.append(cid)
                self.emit(E.CardDiscarded, side, cid, cards[cid].title, "end of turn")
        self.emit(E.TurnEnded, pos.turn, pos.active)
