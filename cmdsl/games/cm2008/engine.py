"""The core state machine: setup, turns, support, wins, Breaking News, Going Negative (R3–R12).

The game runs as one generator. Whenever a choice is needed it yields a ``Decision`` and
waits; ``Game.answer`` checks the answer and resumes it. Where several seats decide at once, in
secret (the draft, R3.1; the starting states, R3.3), it yields a ``Together``
(``cmdsl.game.driver``): one sequence of decisions per seat, answered in any order and revealed
together. Chance is a seat (DESIGN property 10): a die roll is a ``Decision`` of ``CHANCE``,
which the driver answers from the seeded RNG unless its outcome is forced or the game asks its
caller. Nothing here prints, prompts, reads files or looks at a clock, and every random draw
comes from the game's own seeded RNG.
"""

from __future__ import annotations

import functools
from enum import Enum
import random
from typing import Any, Callable, ClassVar, Iterable, Literal, cast

from ...errors import IllegalAnswer
from ...values import value
from .model import HAND_LIMIT_FOR_DRAWING, ISSUES, OPENING_HAND, SIDES, START_SCORES, WINNING_SCORE, CardDef, CardSet, Side, StateTile
from ...lang.run import Run
from ...lang.work import MAX_TRIGGERS
from . import events as E
from .evaluation import EVALUATION_SCALE, evaluate as evaluate_position
from . import options as O
from .effect_ops import EffectOps
from ...game.decisions import Decision, Option, PlayerSeat
from .kinds import DecisionKind
from .determinize import determinized
from ...game.driver import MAX_STEPS, GameOver
from ...game.together import Steps
from ...game.log import EventLog
from .position import DraftPile, LiveState, PlayerState, Position
from .actions import Answer, ByHand, Interjection
from .record import Record, log_digest
from ...game.rng import GameRng
from .setup import DRAFT_DRAW, DRAFT_ROUNDS, Setup
from .view import View, build_view

class Way(Enum):
    """A way of gaining a block (R6.1, R6.2): each is one option of the choice (R12.4)."""

    PLACE = "place"  # a token on the opponent's printed colour
    REMOVE = "remove"  # the opponent's token off one's own printed colour
    REPLACE = "replace"  # the opponent's token on a white circle, by one's own
    UNDECIDED = "undecided"  # a token on an empty white circle (only when no other way exists)

    __hash__ = object.__hash__  # dict keys at every gain: hashed by identity, in C


# An enum member read as a class attribute costs ~90 ns on Python 3.11 (a module name ~8): gain
# reads the ways at every call.
_PLACE, _REMOVE, _REPLACE, _UNDECIDED = Way.PLACE, Way.REMOVE, Way.REPLACE, Way.UNDECIDED


def _way_labels(side: Side) -> dict[Way, str]:
    """How each way of gaining a block reads, for ``side`` (R6.1, R6.2)."""
    opp = side.other
    return {
        Way.PLACE: f"place a token on a {'blue' if opp is Side.OBAMA else 'red'} circle",
        Way.REMOVE: f"remove {opp}'s token from a {'red' if side is Side.MCCAIN else 'blue'} circle",
        Way.REPLACE: f"replace {opp}'s token on a white circle",
        Way.UNDECIDED: "place a token on an undecided white circle",
    }


_WAY_LABELS = {side: _way_labels(side) for side in SIDES}


@value  # made for every fork and checkpoint
class Origin:
    """Where a forked game starts: a copy of a position, saved at a turn's start (a checkpoint)
    or at its play-or-draw decision, or at the start of draft round ``draft_round`` (a checkpoint)."""

    position: Position
    at_decision: bool
    draft_round: int | None = None


#: A card played inside an effect is resolved only up to this level (R12.15; 1 = played from hand).
MAX_PLAY_LEVEL = 3

#: The id of the turn decision's answer when an action by hand (an ``Interjection``) was made
#: instead of a play or a draw; never an option a player sees.
INTERJECTION = "!"


_DRAW_OPTION = O.draw_option()


class Game(EffectOps):
    #: The players' seats, in seat order (DESIGN property 12): CM2008's two sides. The core
    #: (decisions, perspectives, bots, secret picks) takes the seats from here.
    seats: tuple[Side, ...] = SIDES
    #: The outcomes ``force_chance`` accepts: a die roll, a random first player (R8.1, R3.5).
    chance_outcomes: ClassVar[frozenset[str]] = O.CHANCE_OUTCOMES
    chance_hint: ClassVar[str] = "a die roll is die:1 to die:6"
    evaluation_scale: ClassVar[float] = EVALUATION_SCALE
    constant_sum: ClassVar[bool] = True  # evaluate(obama) == -evaluate(mccain)

    def __init__(
        self,
        cards: CardSet,
        seed: int = 0,
        setup: Setup = Setup(),
        *,
        observer: Callable[["Game", E.Event], None] | None = None,
        start: Callable[["Game"], Steps] | None = None,
        checkpoints: bool = False,
        ask_chance: bool = False,
    ) -> None:
        """``checkpoints``: keep a copy of the position at the start of every turn, so that
        ``fork()`` replays only the current turn (for bots that look ahead); else a fork replays
        the game from its start. Either way a fork never changes this game.

        ``ask_chance``: the chance seat's decisions (a die roll, a random first player) are
        pending decisions for the caller to answer (a test, a search bot), recorded as the
        chance seat's answers; else the seeded RNG answers them, unrecorded."""
        cards.require_setup(setup.mode)  # a set is checked only for the setup modes it declares
        self.cards = cards
        self.seed = seed
        self.setup = setup
        self._ask_chance = ask_chance
        # Chance outcomes forced for the next chance decisions (force_chance): the outcome, and
        # whether it is recorded as the chance seat's answer when it is used.
        self._forced: tuple[tuple[str, bool], ...] = ()
        self._set_phase(None)  # no secret decisions in progress
        self._origin: Origin | None = None  # the position a fork started from, and where
        # Changes made to the position beside the answers (change_position), by answer count.
        self._changes: tuple[tuple[int, Callable[[Position], None]], ...] = ()
        self.steps = 0  # work done for the current answer (MAX_STEPS)
        self.step_limit = MAX_STEPS
        self._options = O.OptionCache(cards)
        self.observer = observer
        self.events = EventLog()
        self.answers: list[Answer] = []
        self.position = Position({s: PlayerState(s, START_SCORES[s.value]) for s in SIDES}, GameRng(seed),
                                 list(cards.states), decks={side: () for side in SIDES})
        self.pending: Decision | None = None
        self.result: E.GameEnded | None = None
        self.keep_checkpoints = checkpoints
        # The last checkpoint (a turn's start, a draft round's) and the number of answers before it.
        self._checkpoint: tuple[Origin, int] | None = None
        self._start = start
        self._gen = (start or Game._main)(self)
        self._advance(None)

    # ---- the driver's hooks (cmdsl.game.driver.Driver) ---------------------------

    def _log_choice(self, seat: PlayerSeat, decision: Decision, option: Option) -> None:
        self.emit(E.Chose, seat, decision.kind, option.id, option.label)

    def _rebuild(self) -> None:
        """Start again, in place, asking for chance: from the position a fork started from, else
        from the start. Whether it keeps checkpoints stays."""
        keep = self.keep_checkpoints
        if self._origin is not None:
            self._ask_chance = True
            self._load(self._origin)
        else:
            Game.__init__(self, self.cards, self.seed, self.setup, start=self._start, ask_chance=True)
        self.keep_checkpoints = keep

    def _replay_action(self, answer: Interjection) -> None:
        self.interject(answer.action, answer.steps)

    # ---- the decision protocol -------------------------------------------------

    def interject(self, action: ByHand, steps: Callable[["Game"], Steps]) -> None:
        """Carry out an action by hand (an effect run, a position changed) at a turn's play-or-draw
        decision. The controller has checked and compiled it into ``steps``
        (``cmdsl.games.cm2008.interjections.prepare``): the engine never reads effect text. Recorded like an
        answer, so undo, save and replay include it."""
        d = self.pending
        if d is None or d.kind != "turn":
            raise IllegalAnswer("effects and position changes can only be made when a turn's "
                                "play-or-draw decision is pending")
        n, forced = len(self.answers), self._forced
        self.answers.append(Interjection(action, steps))
        try:
            self._advance(Option(INTERJECTION, "by hand", steps))
        except BaseException as e:
            self._roll_back(e, n, forced)

    def _finish(self, winner: Side | None, reason: str) -> None:
        m, o = self.position.players[Side.MCCAIN].score, self.position.players[Side.OBAMA].score
        self.result = E.GameEnded(winner, reason, m, o)
        self.events.add(self.result)
        if self.observer is not None:
            self.observer(self, self.result)

    # ---- setup (R3) -----------------------------------------------------------

    def _main(self) -> Steps:
        return self._play("setup")

    def _resume(self) -> Steps:
        """The main loop entered at the start of a turn (for ``fork`` and scenarios)."""
        return self._play("turn")

    def _play(self, entry: Literal["setup", "draft", "turn", "decision"], draft_round: int = 1) -> Steps:
        """The game from ``entry`` on: its setup, the start of ``draft_round`` (a fork made in the
        draft), a turn's start, or (a fork made there) a turn's play-or-draw decision. One
        generator for the whole game: each generator between an answer and the engine is resumed
        on every answer, so the turn loop calls ``_turn``'s two steps itself."""
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
            if self.keep_checkpoints:  # fork() then replays only this round, as a turn's checkpoint does
                self._checkpoint = (Origin(self.position.copy(), at_decision=False, draft_round=rnd), len(self.answers))
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

    def _turn(self) -> Steps:
        """One turn (R4), from its start."""
        self._start_turn()
        yield from self._turn_decision()

    def _start_turn(self) -> None:
        if self.keep_checkpoints:  # for bots that look ahead: fork() then replays only this turn
            self._checkpoint = (Origin(self.position.copy(), at_decision=False), len(self.answers))
        self.position.turn += 1
        self.position.fired = 0  # R12.16: the count is per player action
        limit = self.setup.max_turns
        if limit is not None and self.position.turn > limit:
            raise GameOver(None, f"turn limit of {limit} reached (R12.3)")
        self.emit(E.TurnStarted, self.position.turn, self.position.active)

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
        yield from self._end_turn()

    def _end_turn(self) -> Steps:
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
                yield from result.run(Run(self, side.other))
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
            yield from card.run(Run(self, side))
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

    # ---- media support abilities (R4.4) ------------------------------------------

    def media_card(self) -> CardDef | None:
        return self.cards.cards[self.position.media[0]] if self.position.media else None

    def negative_rolls(self, side: Side) -> int:
        """How many Going Negative dice ``side`` rolls: 1 unless the Media Support says otherwise."""
        card = self.media_card()
        if card is not None and card.abilities is not None and self.position.media is not None:
            n = card.abilities.rolls(self, self.position.media[1], side)
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
        for i, ability in enumerate(card.abilities.triggers):
            if ability.event == event and ability.matches(self, owner, whose):
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
            yield from ability.run(Run(self, owner))

    # ---- the board (R6, R7) ------------------------------------------------------

    def live(self, name: str) -> LiveState | None:
        for s in self.position.in_play:
            if s.tile.name == name:
                return s
        return None

    def enter_state(self, tile: StateTile, slot: int, cause: str | None = None) -> LiveState:
        live = LiveState(tile)
        live.locked = live.winner()  # a tile printed all one colour is won as soon as wins are checked
        self.position.in_play.insert(slot, live)
        self.position.reserve.remove(tile.name)
        self.emit(E.StateEntered, tile.name, tile.ev, slot, live.majority, live.key, cause=cause)
        return live

    def gain(self, side: Side, live: LiveState | None, issue: str, cause: str | None = None) -> Steps:
        """One support on ``issue`` in ``live`` for ``side`` (R6.1–R6.5, R12.1, R12.4)."""
        if live is None:
            return
        if not live.in_play:
            self.emit(E.GainWasted, side, live.name, issue, "the state is no longer in play", cause=cause)
            return
        opp = side.other
        me = self.position.players[side]
        printed = live.tile.rows[issue]
        tokens = live.tokens[issue]
        ways: dict[Way, int] = {}  # one option per distinct way (R12.4): way → first block
        any_opp = False
        mine, theirs, supplied = side.letter, opp.letter, me.supply > 0
        for i, tok in enumerate(tokens):
            if tok is None:
                if printed[i] == theirs:  # the opponent's printed colour, no token on it
                    any_opp = True
                    if supplied and _PLACE not in ways:
                        ways[_PLACE] = i
            elif tok is opp:
                any_opp = True
                if printed[i] == mine:  # removing needs no token (R12.1)
                    if _REMOVE not in ways:
                        ways[_REMOVE] = i
                elif supplied and _REPLACE not in ways:
                    ways[_REPLACE] = i
        if not any_opp and supplied:  # R6.2: only now may an undecided block be taken
            for i, tok in enumerate(tokens):
                if tok is None and printed[i] == "W":
                    ways[_UNDECIDED] = i
                    break
        if not ways:
            if any_opp or any(p == "W" and t is None for p, t in zip(printed, tokens)):
                reason = f"{side} has no token left (R12.1)"
            else:
                reason = f"every block is already {side}'s (R6.4)"
            self.emit(E.GainWasted, side, live.name, issue, reason, cause=cause)
            return
        if len(ways) == 1:  # one way: taken without asking (as ask() would), without building options
            [(way, i)] = ways.items()
        else:
            labels = _WAY_LABELS[side]
            opts = tuple(O.block_option(issue, i, f"{live.name} {issue}, block {i + 1}: {labels[w]}", (w, i))
                         for w, i in ways.items())
            opt = yield from self.ask(Decision(side, DecisionKind.BLOCK,
                                               f"which {issue} block of {live.name} turns {side.label}?", opts))
            way, i = opt.value
        before = tokens[i]
        if way is _REMOVE:
            tokens[i] = None
            self.position.players[opp].supply += 1
        else:
            if before is not None:
                self.position.players[opp].supply += 1
            tokens[i] = side
            me.supply -= 1
        self.emit(E.BlockChanged, side, live.name, issue, i, printed[i], before, tokens[i], cause=cause)
        if self._lock_wins((live,)):
            yield from self._resolve_wins()

    def shift(self, live: LiveState | None, n: int, issue: str, cause: str | None = None) -> Steps:
        """R7.1: move the issue marker ``n`` boxes toward ``issue``; moves past the end are lost."""
        if live is None or not live.in_play or n <= 0:
            return
        before = live.box
        live.box = min(4, before + n) if issue == "economy" else max(1, before - n)
        self.emit(E.IssueShifted, live.name, before, live.box, live.majority, cause=cause)
        if self._lock_wins((live,)):
            yield from self._resolve_wins()

    def alter(self, live: LiveState | None, cause: str | None = None) -> None:
        """R7.2: the key demographic moves to the state's other group."""
        if live is None or not live.in_play:
            return
        before = live.key
        a, b = live.tile.groups
        live.key = b if before == a else a
        self.emit(E.KeyAltered, live.name, before, live.key, cause=cause)

    def demographic_support(self, side: Side, group: str, cause: str | None = None) -> Steps:
        """R7.3 with R12.1: fill empty white circles where ``group`` is the key, in slot order."""
        keyed = [s for s in self.position.in_play if s.key == group]
        self.emit(E.DemographicSupportPlayed, side, group, tuple(s.name for s in keyed), cause=cause)
        me = self.position.players[side]
        for live in keyed:
            for issue in ISSUES:
                for i, pr in enumerate(live.tile.rows[issue]):
                    if pr == "W" and live.tokens[issue][i] is None and me.supply > 0:
                        live.tokens[issue][i] = side
                        me.supply -= 1
                        self.emit(E.BlockChanged, side, live.name, issue, i, "W", None, side, cause=cause)
        yield from self.check_wins(keyed)

    # ---- winning states (R9, R10, R11) -------------------------------------------

    def check_wins(self, changed: Iterable[LiveState] | None = None) -> Steps:
        """R9: resolve every state won now. Only a state that just ``changed`` (default: any in
        play) can have become won; one already won waits, locked, for its turn (R9.4, R12.6)."""
        if self._lock_wins(changed):
            yield from self._resolve_wins()

    def _lock_wins(self, changed: Iterable[LiveState] | None) -> bool:
        """Lock each state of ``changed`` that is won now; whether any state in play is locked.
        Not a generator: after most changes nothing is won, and nothing needs resolving."""
        for live in self.position.in_play if changed is None else changed:
            if live.locked is None and live.in_play:
                live.locked = live.winner()
        for live in self.position.in_play:
            if live.locked is not None:
                return True
        return False

    def _resolve_wins(self) -> Steps:
        while True:
            won = [s for s in self.position.in_play if s.locked is not None]
            if not won:
                return
            pick = won[0]
            if len(won) > 1:  # R9.4: the active player orders simultaneous wins
                opt = yield from self.ask(Decision(
                    self.position.active, DecisionKind.ORDER, "several states are won at once: which is resolved first?",
                    tuple(O.state_option(s.tile, f"{s.name} (won by {s.locked})", s) for s in won)))
                pick = opt.value
            yield from self._resolve_win(pick)

    def _resolve_win(self, live: LiveState) -> Steps:
        side = live.locked
        assert side is not None
        slot = self.position.in_play.index(live)
        self.position.in_play.remove(live)
        live.in_play = False
        back = {s: live.tokens_of(s) for s in SIDES}
        for s in SIDES:
            self.position.players[s].supply += back[s]
        for row in live.tokens.values():
            row[:] = [None] * len(row)
        p = self.position.players[side]
        before = p.score
        p.score += live.tile.ev
        self.position.won.append((live.name, side))
        self.emit(E.StateWon, side, live.name, live.tile.ev, before, p.score)
        self._queue_triggers("won", side)
        self.emit(E.TokensReturned, live.name, back[Side.MCCAIN], back[Side.OBAMA])
        if p.score >= WINNING_SCORE:  # R11.1
            raise GameOver(side, f"{side} reaches {WINNING_SCORE} electoral votes")
        if not self.position.reserve:  # R9.2: play goes on with fewer states
            self.emit(E.NoReplacement)
            if not self.position.in_play:  # R11.2
                raise GameOver(None, "every state has been won and nobody reached 270")
            return
        replacement = self._options.replacement
        opt = yield from self.ask(Decision(side, DecisionKind.REPLACEMENT,
                                           f"{live.name} is won: choose the state that replaces it",
                                           tuple([replacement[n] for n in self.position.reserve])))
        new = self.enter_state(opt.value, slot)
        yield from self.breaking_news(new)

    def breaking_news(self, new: LiveState) -> Steps:
        """R10: draw one Breaking News for the state that just came into play and resolve it."""
        if not self.position.news_deck:
            self.emit(E.NewsDeckEmpty)
            return
        news = self.cards.news[self.position.news_deck.pop()]
        self._queue_triggers("news", None)
        target = new
        card = self.media_card()
        if card is not None and card.abilities is not None and card.abilities.news is not None:
            assert self.position.media is not None
            # R12.14: the card is revealed first; whoever steers it chooses knowing the event.
            self.emit(E.NewsDrawn, news.id, news.title, None)
            target = yield from card.abilities.news(self, self.position.media[1], new)
            self.emit(E.NewsTargeted, news.title, target.name, card.title)
        else:
            self.emit(E.NewsDrawn, news.id, news.title, target.name)
        yield from news.run(Run(self, None, target))

    # ---- copies --------------------------------------------------------------------

    def fork(self, for_seat: PlayerSeat | None = None) -> "Game":
        """An independent copy of this game at its pending decision, without its history; this
        game is not changed. ``for_seat``: the copy as that seat may know it, where secret
        decisions are pending: the other seats' answers not revealed yet are left out (their
        decisions are pending again in the copy).

        At a turn's play-or-draw decision (nothing in flight) the copy starts from a copy of the
        position as it is now. Elsewhere it starts again from the position saved at the start of
        the current turn or draft round (when this game keeps checkpoints, or was itself forked in
        this turn) and replays the answers since; else it replays the whole game.
        """
        if self._at_turn_decision():
            return self.forks(1)[0]
        g = self._blank_fork()
        answers = self.answers if for_seat is None else self.answers_known_to(for_seat)
        cp = self._checkpoint
        if cp is None:  # no checkpoint: from this game's own origin (its start, or its fork point)
            g._changes = self._changes
            g._restart(answers)
            return g
        g._origin, since = cp
        # The checkpoint holds the changes made before it; those made since are made again.
        g._changes = tuple((when - since, change) for when, change in self._changes if when >= since)
        g._restart(answers[since:])
        return g

    def forks(self, count: int) -> list["Game"]:
        """``count`` forks (``fork()``); at a turn's play-or-draw decision they start from one copy
        of the position, which none of them changes (each plays on a copy of it, as a fork of
        a fork made mid-turn does with its checkpoint)."""
        if not self._at_turn_decision():
            return [self.fork() for _ in range(count)]
        origin = Origin(self.position.copy(), at_decision=True)
        out = []
        for _ in range(count):
            g = self._blank_fork()
            g._origin = origin
            g._restart([])  # loads a copy of the origin's position
            out.append(g)
        return out

    def _at_turn_decision(self) -> bool:
        """Whether a fork can start from a copy of the position as it is (nothing in flight)."""
        d = self.pending
        return d is not None and d.kind == DecisionKind.TURN and self._start is None

    def _blank_fork(self) -> "Game":
        """A fork not started yet: this game's cards, setup and settings, its origin and changes to set."""
        g = Game.__new__(Game)
        g.cards, g.seed, g.setup, g._start, g.observer = self.cards, self.seed, self.setup, self._start, None
        g._origin, g.step_limit = self._origin, self.step_limit
        g._ask_chance, g._forced = self._ask_chance, self._forced
        g.keep_checkpoints = False  # a fork replays from its own origin
        g._options = self._options  # immutable options of the same cards
        g._changes = ()  # a copy of the position as it is now has them already
        return g

    def _load(self, origin: Origin) -> None:
        """Put this game at ``origin`` (cards and setup stay): a turn's start, its decision, or a draft round's start."""
        snap = origin.position
        self.position = snap.copy()
        self._origin = origin
        self._forced = ()
        self._set_phase(None)
        self.steps = 0
        self.events, self.answers = EventLog(), []
        self.pending, self.result = None, None
        self._checkpoint = None
        if origin.at_decision:
            self._gen = self._play("decision")
        elif origin.draft_round is not None:
            self._gen = self._play("draft", origin.draft_round)
        else:
            self._gen = self._play("turn")
        self._advance(None)

    # ---- reading the game ------------------------------------------------------

    def record(self, complete: bool = True) -> Record:
        """This game as a record; ``complete=False`` leaves out the log (a failed answer's report)."""
        log = tuple(e.text() for e in self.events) if complete else None
        return Record(self.cards.fingerprint, self.seed, self.setup,
                      tuple(a.action if isinstance(a, Interjection) else a for a in self.answers),
                      log_digest(log) if log is not None else None,
                      self.result.text() if self.result else None, log)

    def pool(self, side: Side) -> frozenset[str]:
        """The ids of all of ``side``'s cards: its draft pool (R3.1), its starred deck among them."""
        return self._options.pools[side]

    def log_text(self) -> str:
        return "\n".join(e.text() for e in self.events)

    def determinized(self, seat: Side, rng: random.Random) -> "Game":
        return cast(Game, determinized(cast(Any, self), seat, rng))  # the re-deal's Protocol of a game

    def winners(self) -> tuple[Side, ...]:
        r = self.result
        return () if r is None or r.winner is None else (r.winner,)

    def evaluate(self, seat: PlayerSeat) -> float:
        r = self.result
        return evaluate_position(self.position, None if r is None else r.winner, r is not None, seat)  # type: ignore[arg-type]

    def worth_a_look(self, decision: Decision) -> bool:
        return decision.kind == DecisionKind.TURN  # a turn's play or draw; the rest follows from it

    def view(self, seat: Side) -> View:
        """All that ``seat`` may know now (DESIGN property 11, docs/secrets.md): the public board,
        its own hand, sizes of the cards face down, and the log redacted for it. ``self.events``
        stays the full log."""
        return build_view(self.position, self.events, self.pending_decisions, self.result, seat, self.seats)
