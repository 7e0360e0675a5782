"""Racolage Électoral's rules (RA1–RA11, docs/racolage.md) on the shared core: a ``Driver`` whose
rules are one generator. A turn: draw, buy or pass (RA4.1, RA5); place a Media card, play an
Action, or both in that order (RA4.2, RA6); the hand check (RA4.3); the end of the turn (RA4.4).
The cards are data (``cards.py``); what an Action does is its effect, compiled from the effect
language, which acts through the operations below (``vocabulary/ops.py``)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from typing import Any, Callable, ClassVar, Iterable, Sequence, cast

from ...errors import IllegalAnswer, RecordError
from ...game.audience import Event
from ...game.decisions import Decision, Option, PlayerSeat
from ...game.driver import Driver, GameOver
from ...game.rng import GameRng
from ...lang.ast import END_TURN
from ...lang.ops import Choice
from ...lang.run import Run
from ...game.together import Steps
from . import events as E
from .cards import Action, ActionKind, Media, Party, RacolageSet
from .evaluation import evaluate
from .position import Position
from .record import FORMAT, RacolageRecord, full_record, parse_record, seat_record
from .seats import RacolageSeat, seats_for
from .vocabulary.compiler import PermanentAbilities
from .vocabulary.nodes import Deck, Permanent

__all__ = ["FORMAT", "HAND", "PRICE", "Kind", "RacolageGame", "View"]

HAND = 5  # RA3.3, RA4.3
PRICE = 3  # RA5.1
#: Events whose one-time effect runs inside another's at most (an Event's effect may draw Events).
MAX_EVENT_DEPTH = 3
#: Our backstop (docs/racolage.md): a game where nobody draws the last Media card ends after this
#: many turns, as if its final round were over.
MAX_TURNS = 400


class Kind(StrEnum):
    DRAW = "draw"  # phase 1 (RA4.1)
    BUY = "buy"  # how many Action cards (RA5, RA11.2)
    SELL = "sell"  # a card to sell
    LAY = "lay"  # phase 2 (RA4.2)
    HAND = "hand"  # the hand check (RA4.3)
    DISCARD = "discard"  # an effect's discard
    OPTION = "option"  # an effect's `choose one`, a player chosen, a tie


@dataclass(frozen=True)
class View:
    """All one seat may know (docs/secrets.md): its hand and its decision, everything on the
    table, the sizes of what is hidden, and the log as it saw it. Cards by id."""

    seat: RacolageSeat
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    media_spaces: tuple[tuple[str, ...], ...]  # RA2.2, in the order placed
    zones: tuple[tuple[tuple[Permanent, str], ...], ...]  # RA2.4: each bonus zone, by type
    notoriety: tuple[int, ...]  # RA2.3: the placed Media, what the range checks (RA11.1)
    final: tuple[int, ...]  # RA11.1: with the bonuses, what the end counts
    event: str | None  # the event slot (RA2.5)
    skips: tuple[int, ...]
    media_deck: int
    action_deck: int
    discard: tuple[str, ...]  # face up (RA1.6), the top last
    table: tuple[str, ...]  # temporary Actions played this turn (RA6.3)
    turn: int
    active: RacolageSeat  # whose turn
    final_round: bool  # RA8.1: the last Media card is drawn
    hand_limit: int  # this seat's, at the hand check (RA4.3, a Privilege may change it: RA6.2)
    draws: int  # the Media cards this seat's phase 1 draws (RA4.1, a Privilege may change it)
    decision: Decision | None  # this seat's decision, if it must answer now
    deciding: RacolageSeat | None  # who must answer now (None: the game is over)
    log: tuple[Event, ...]


class RacolageGame(Driver[RacolageSeat]):
    chance_outcomes: ClassVar[frozenset[str]] = frozenset()  # the decks are shuffled from the seed
    chance_hint: ClassVar[str] = "Racolage Électoral has no chance decision (its decks are shuffled from the seed)"
    evaluation_scale: ClassVar[float] = 6.0
    constant_sum: ClassVar[bool] = False

    def __init__(self, seed: int, players: int = 4, cards: RacolageSet | None = None,
                 observer: Callable[[Any, Event], None] | None = None,
                 setup: Callable[[Position], None] | None = None,
                 origin: tuple[Position, int, tuple[Any, ...]] | None = None) -> None:
        if cards is None:
            from .loader import bundled_set, load_set
            cards = load_set(bundled_set())
        self.seed, self.players, self.cards = seed, players, cards
        self.setup = setup  # a scenario's or a test's position, made after the deal (and on every rebuild)
        # A copy starts at a turn's checkpoint (its position, the turn, the answers before it)
        # and replays that turn's answers: not the whole game (``fork``).
        self._origin = origin
        self._checkpoint: tuple[Position, int, int] | None = None
        self.seats: tuple[RacolageSeat, ...] = seats_for(players)
        self._set_up_driver(observer, step_limit=100_000)
        self._start()

    # ---- setup (RA3) ------------------------------------------------------------------------------

    def _start(self) -> None:
        if self._origin is not None:
            self.position, self.turn = self._origin[0].snapshot(), self._origin[1]
            self._start_rules(self._play(dealt=True))
            return
        rng = GameRng(self.seed)
        media = [m.id for m in self.cards.media]
        actions = [a.id for a in self.cards.actions]
        rng.shuffle(media)
        rng.shuffle(actions)
        n = self.players
        hands = [[media.pop() for _ in range(HAND)] for _ in range(n)]
        self.position = Position(rng, hands, [[] for _ in range(n)], [{} for _ in range(n)], media, actions,
                                 bonus=[0] * n, skips=[0] * n)
        if self.setup is not None:
            self.setup(self.position)
        self.turn = 0
        self._start_rules(self._play())

    @property
    def parties(self) -> tuple[Party, ...]:
        """RA3.1: each player's Party card, an avatar (RA1.3); with fewer than 4, the rest are put away."""
        return self.cards.parties[:self.players]

    def name(self, card_id: str) -> str:
        return self.cards.card_name(card_id)

    # ---- the game (RA4, RA8) ----------------------------------------------------------------------

    def _play(self, dealt: bool = False) -> Steps:
        pos = self.position
        if not dealt:
            for seat in self.seats:
                self.emit(E.Dealt, seat, tuple(self.name(c) for c in pos.hands[seat.index]), len(pos.hands[seat.index]))
        while True:
            self._checkpoint = (pos.snapshot(), len(self.answers), self.turn)
            seat = self.seats[pos.current]
            self.turn += 1
            self.emit(E.TurnStarted, seat, self.turn)
            if pos.final_left is not None:
                pos.final_left.discard(seat.index)
            if pos.skips[seat.index]:  # RA9.2, RA11.5: skipped whole, hand check included
                pos.skips[seat.index] -= 1
                self.emit(E.TurnSkipped, seat, pos.skips[seat.index])
            else:
                yield from self._draw_phase(seat)
                yield from self._lay_phase(seat)
                yield from self._hand_check(seat)
                yield from self._end_of_turn(seat)
            if pos.final_left is not None and not pos.final_left:
                raise GameOver(None, "the final round is over (RA8.1)")
            if self.turn >= MAX_TURNS:
                raise GameOver(None, f"{MAX_TURNS} turns without the last Media card drawn")
            pos.current = (pos.current + 1) % self.players

    # phase 1: draw, buy or pass (RA4.1)
    def _draw_phase(self, seat: RacolageSeat) -> Steps:
        pos, options = self.position, []
        draws = self._rule(seat, "draw_phase", 1)
        if pos.media_deck:
            options.append(Option("draw", f"draw {draws} Media card{'s' if draws != 1 else ''}", "draw"))
        if self._most_to_buy(seat):
            options.append(Option("buy", f"buy Action cards (sell cards from your hand: {PRICE} points each)", "buy"))
        options.append(Option("pass", "do nothing", "pass"))
        opt = yield from self.ask(Decision(seat, Kind.DRAW, "phase 1: draw, buy or pass (RA4.1)", tuple(options)))
        if opt.value == "draw":
            yield from self.draw(seat, Deck.MEDIA, draws)
        elif opt.value == "buy":
            yield from self._buy(seat)

    def _worth(self, card_id: str) -> int:
        return self.cards.cards[card_id].worth

    def _cheapest_first(self, cards: Iterable[str]) -> list[str]:
        """Cards to sell, the cheapest first (then in hand order): the first option is what a bot
        finishing its turn without a look sells (``worth_a_look``, bots/basic.py)."""
        return sorted(cards, key=self._worth)

    def _most_to_buy(self, seat: RacolageSeat) -> int:
        """RA5, RA11.2, RA11.3: what the hand can pay for, if there are Action cards to draw."""
        pos = self.position
        left = len(pos.action_deck) + sum(1 for c in pos.discard if isinstance(self.cards.cards[c], Action))
        return min(sum(self._worth(c) for c in pos.hands[seat.index]) // PRICE, left)

    def _buy(self, seat: RacolageSeat) -> Steps:
        """RA5: name how many, sell cards from hand worth 3 points each (no change given), then
        draw them one at a time; an Event drawn goes into play and does not count (RA5.4)."""
        pos, hand = self.position, self.position.hands[seat.index]
        most = self._most_to_buy(seat)
        opt = yield from self.ask(Decision(seat, Kind.BUY, f"how many Action cards? ({PRICE} points each, RA5)", tuple(
            Option(f"buy:{n}", f"{n} ({n * PRICE} points)", n) for n in range(1, most + 1))))
        count: int = opt.value
        sold: list[str] = []
        while sum(self._worth(c) for c in sold) < PRICE * count:
            total = sum(self._worth(c) for c in sold)
            opt = yield from self.ask(Decision(seat, Kind.SELL, f"sell a card: {total} of {PRICE * count} points (RA5.2)",
                                               tuple(Option(f"sell:{c}", f"{self.name(c)} ({self._worth(c)})", c)
                                                     for c in self._cheapest_first(c for c in hand if c not in sold))))
            sold.append(opt.value)
        for c in sold:
            hand.remove(c)
        pos.discard += sold
        self.emit(E.Sold, seat, tuple(self.name(c) for c in sold), sum(self._worth(c) for c in sold), count)
        got = 0
        while got < count:
            drawn = yield from self._draw_action(seat)
            if drawn is None:
                break
            got += drawn

    def _draw_action(self, seat: RacolageSeat, cause: str | None = None) -> Choice[int | None]:
        """One card from the Action deck: 1 if it joined the hand, 0 if it was an Event (RA6.4),
        None if there is none, even after shuffling the discard pile's Actions (RA11.3)."""
        pos = self.position
        if not pos.action_deck:
            again = [c for c in pos.discard if isinstance(self.cards.cards[c], Action)]
            if not again:
                self.emit(E.DeckEmpty, "Action")
                return None
            pos.discard = [c for c in pos.discard if c not in again]
            pos.rng.shuffle(again)
            pos.action_deck = again
            self.emit(E.ActionDeckReshuffled, len(again))
        card_id = pos.action_deck.pop()
        card = self.cards.cards[card_id]
        assert isinstance(card, Action)
        if card.kind is ActionKind.EVENT:
            yield from self._event(seat, card, cause)
            return 0
        pos.hands[seat.index].append(card_id)
        self.emit(E.Drew, seat, "Action", card.en, cause=cause)
        return 1

    def _event(self, seat: RacolageSeat, card: Action, cause: str | None = None) -> Steps:
        """RA5.4, RA6.4: into the event slot, replacing the Event there; its one-time effect runs
        on behalf of whoever drew it (RA11.7)."""
        pos = self.position
        old = pos.event
        if old is not None:
            pos.discard.append(old)
        pos.event = card.id
        self.emit(E.EventInPlay, seat, card.en, card.theme, self.name(old) if old is not None else None, cause=cause)
        if card.compiled is None:
            return
        if pos.event_depth >= MAX_EVENT_DEPTH:
            self.emit(E.EffectSkipped, seat, card.en, f"{MAX_EVENT_DEPTH} Events' effects are already running")
            return
        pos.event_depth += 1
        try:
            yield from card.compiled.run(Run(self, seat))
        finally:
            pos.event_depth -= 1

    # phase 2: lay (RA4.2, RA6)
    def _lay_phase(self, seat: RacolageSeat) -> Steps:
        pos, hand = self.position, self.position.hands[seat.index]
        played = False
        while True:
            options = [Option(f"place:{c}", f"place {self.name(c)}", c) for c in hand if self._placeable(seat, c)]
            if not played:  # (c): an Action first, then a Media card
                options += [Option(f"play:{c}", f"play {self.name(c)}", c) for c in hand
                            if isinstance(self.cards.cards[c], Action)]
            options.append(Option("pass", "do nothing more" if played else "do nothing", "pass"))
            opt = yield from self.ask(Decision(seat, Kind.LAY, "phase 2: place a Media card, play an Action, or both "
                                               "(RA4.2)", tuple(options)))
            if opt.value == "pass":
                return
            card = self.cards.cards[opt.value]
            hand.remove(card.id)
            if isinstance(card, Media):
                pos.media_spaces[seat.index].append(card.id)
                self.emit(E.MediaPlaced, seat, card.en, card.value, self.notoriety(seat))
                return
            played = True
            yield from self._play_action(seat, card)

    def _placeable(self, seat: RacolageSeat, card_id: str) -> bool:
        """RA6.1: its theme open to the player, and the player's notoriety within its range."""
        card = self.cards.cards[card_id]
        return isinstance(card, Media) and self.theme_open(card.theme, seat) and card.fits(self.notoriety(seat))

    def _play_action(self, seat: RacolageSeat, card: Action) -> Steps:
        pos = self.position
        zone = card.kind.permanent
        replaced = None
        if zone is not None:  # RA2.4, RA6.2: into the bonus zone, replacing one of its type
            old = pos.zones[seat.index].get(zone)
            if old is not None:
                pos.discard.append(old)
                replaced = self.name(old)
            pos.zones[seat.index][zone] = card.id
        else:  # RA6.3: on the table until the end of the turn
            pos.table.append(card.id)
        rules = " ".join(card.rules_text().split())
        self.emit(E.ActionPlayed, seat, card.en, card.kind.value, rules, replaced)
        if card.compiled is not None:
            yield from card.compiled.run(Run(self, seat))

    # phase 3 and the end of the turn (RA4.3, RA4.4)
    def _hand_check(self, seat: RacolageSeat) -> Steps:
        hand, limit = self.position.hands[seat.index], self._rule(seat, "hand_limit", HAND)
        while len(hand) > limit:
            opt = yield from self.ask(Decision(seat, Kind.HAND, f"discard down to {limit} cards (RA4.3)", tuple(
                Option(f"discard:{c}", self.name(c), c) for c in hand)))
            self._discard_from_hand(seat, opt.value, "hand check, RA4.3")

    def _end_of_turn(self, seat: RacolageSeat) -> Steps:
        pos = self.position
        for owner in self.seats:  # abilities `at the end of … turn` of the permanents in play
            for card_id in list(pos.zones[owner.index].values()):
                abilities = self._abilities(card_id)
                if abilities is not None:
                    for i in abilities.fired(END_TURN, self, owner, seat):
                        yield from abilities.triggers[i].run(Run(self, owner))
        table, pos.table = pos.table, []
        for card_id in table:  # RA4.4, RA6.3 (each event finds every card in one place)
            pos.discard.append(card_id)
            self.emit(E.Discarded, None, self.name(card_id), "a temporary Action, at the end of the turn")

    def _abilities(self, card_id: str) -> PermanentAbilities | None:
        card = self.cards.cards[card_id]
        abilities = card.compiled.abilities if isinstance(card, Action) and card.compiled is not None else None
        return abilities if isinstance(abilities, PermanentAbilities) else None

    def _rule(self, seat: RacolageSeat, rule: str, default: int) -> int:
        """A Privilege's change to a rule (RA6.2), if the player has one in play; else ``default``."""
        card_id = self.position.zones[seat.index].get(Permanent.PRIVILEGE)
        abilities = self._abilities(card_id) if card_id is not None else None
        changed = getattr(abilities, rule, None) if abilities is not None else None
        return int(changed(self, seat)) if changed is not None else default

    def _discard_from_hand(self, seat: RacolageSeat, card_id: str, why: str, cause: str | None = None) -> None:
        self.position.hands[seat.index].remove(card_id)
        self.position.discard.append(card_id)
        self.emit(E.Discarded, seat, self.name(card_id), why, True, cause=cause)

    # ---- what an effect reads and does (vocabulary/ops.py) ----------------------------------------

    @property
    def active(self) -> RacolageSeat:
        return self.seats[self.position.current]

    def notoriety(self, seat: RacolageSeat, final: bool = False) -> int:
        """RA2.3, RA11.1: the placed Media's values; ``final``: with the Direct Action's and the
        effects' bonuses, which count only at the end."""
        i, pos = seat.index, self.position
        total = sum(self.cards.media_card(c).value for c in pos.media_spaces[i])
        if final:
            direct = pos.zones[i].get(Permanent.DIRECT)
            total += pos.bonus[i] + (self.cards.action_card(direct).bonus if direct is not None else 0)
        return total

    def hand_size(self, seat: RacolageSeat) -> int:
        return len(self.position.hands[seat.index])

    def deck_size(self, deck: Deck) -> int:
        return len(self.position.media_deck if deck is Deck.MEDIA else self.position.action_deck)

    def theme_open(self, theme: str, seat: RacolageSeat) -> bool:
        """RA6.1: the Event's theme, or the player's Catchphrase's."""
        pos = self.position
        event = self.cards.cards[pos.event] if pos.event is not None else None
        phrase = pos.zones[seat.index].get(Permanent.CATCHPHRASE)
        return ((isinstance(event, Action) and event.theme == theme)
                or (phrase is not None and self.cards.action_card(phrase).theme == theme))

    def draw(self, seat: RacolageSeat, deck: Deck, count: int, cause: str | None = None) -> Steps:
        pos = self.position
        for _ in range(count):
            if deck is Deck.ACTION:
                drawn = yield from self._draw_action(seat, cause)
                if drawn is None:
                    return
                continue
            if not pos.media_deck:
                self.emit(E.DeckEmpty, "Media", cause=cause)
                return
            card_id = pos.media_deck.pop()
            pos.hands[seat.index].append(card_id)
            self.emit(E.Drew, seat, "Media", self.cards.cards[card_id].en, cause=cause)
            if not pos.media_deck and pos.final_left is None:  # RA8.1, RA11.4: whatever caused it
                pos.final_left = {s.index for s in self.seats} - {seat.index}
                self.emit(E.FinalRound, seat, cause=cause)

    def skip_turns(self, seat: RacolageSeat, count: int, cause: str | None = None) -> None:
        if count > 0:
            self.position.skips[seat.index] += count
            self.emit(E.TurnsToSkip, seat, count, self.position.skips[seat.index], cause=cause)

    def discard_cards(self, seat: RacolageSeat, count: int, cause: str | None = None) -> Steps:
        hand = self.position.hands[seat.index]
        for _ in range(min(count, len(hand))):
            opt = yield from self.ask(Decision(seat, Kind.DISCARD, "discard a card", tuple(
                Option(f"discard:{c}", self.name(c), c) for c in hand), cause=cause))
            self._discard_from_hand(seat, opt.value, "an effect", cause)

    def gain_notoriety(self, seat: RacolageSeat, amount: int, cause: str | None = None) -> None:
        if amount > 0:
            self.position.bonus[seat.index] += amount
            self.emit(E.NotorietyBonus, seat, amount, self.position.bonus[seat.index], cause=cause)

    def discard_permanent(self, kind: Permanent, seat: RacolageSeat | None, cause: str | None = None) -> None:
        for owner in self.seats if seat is None else (seat,):
            card_id = self.position.zones[owner.index].pop(kind, None)
            if card_id is not None:
                self.position.discard.append(card_id)
                self.emit(E.Discarded, owner, self.name(card_id), "from the bonus zone, by an effect", cause=cause)

    def choose_option(self, seat: RacolageSeat, labels: Sequence[str], cause: str | None = None) -> Choice[int]:
        opt = yield from self.ask(Decision(seat, Kind.OPTION, "choose one", tuple(
            Option(f"option:{i}", label, i) for i, label in enumerate(labels, 1)), cause=cause))
        return int(opt.value) - 1

    # ---- the driver's hooks -----------------------------------------------------------------------

    def worth_a_look(self, decision: Decision) -> bool:
        """A search's play-outs try each option of a turn's choices (draw or buy, how many, what to
        place or play, an effect's choice), not of the cards given up: a sale takes the cheapest card
        (listed first), a discard the first card of the hand (the oldest). Measured: 0.38 s per ISMCTS
        decision at 3 players, was 0.58 with every discard looked at (bench/ismcts_speed.py)."""
        return decision.kind not in (Kind.SELL, Kind.HAND, Kind.DISCARD)

    def log_choice(self, driver: Any, seat: PlayerSeat, decision: Decision, option: Option) -> None:
        if decision.kind == Kind.OPTION:
            self.emit(E.OptionChosen, seat, option.label)
        # every other answer is said by what it does (a card drawn, sold, placed, played…)

    def ended(self, driver: Any, winner: PlayerSeat | None, reason: str) -> E.GameEnded:
        scores = tuple(self.notoriety(s, final=True) for s in self.seats)
        best = max(scores)
        return E.GameEnded(tuple(s for s in self.seats if scores[s.index] == best), scores, reason)  # RA8.2

    def _rebuild(self) -> None:
        self.chance.forced, self.observer = (), None
        self._start()

    def replay_action(self, driver: Any, answer: Any) -> None:
        raise NotImplementedError("Racolage Électoral has no actions by hand")

    # ---- copies: a fork replays its answers from the deal ---------------------------------------------

    def fork(self, for_seat: PlayerSeat | None = None) -> "RacolageGame":
        """An independent copy at the pending decision: it starts from the current turn's
        checkpoint and replays the turn's answers (every decision is one seat's, in the open)."""
        assert self._checkpoint is not None
        snap, since, turn = self._checkpoint
        before = (self._origin[2] if self._origin is not None else ()) + tuple(self.answers[:since])
        copy = RacolageGame(self.seed, self.players, self.cards, setup=self.setup, origin=(snap, turn, before))
        # The checkpoint holds the position changes made before it; those made since are made again.
        copy._changes = tuple((when - since, change) for when, change in self._changes if when >= since)
        copy._restart(self.answers[since:], self.chance.forced)
        return copy

    def forks(self, count: int) -> list["RacolageGame"]:
        return [self.fork() for _ in range(count)]

    def one_ply_values(self, decision: Decision, others: random.Random | None) -> list[float] | None:
        return None  # no shortcut: the greedy one ply forks (issue 53 moves this game out of the driver)

    def determinized(self, seat: PlayerSeat, rng: random.Random) -> "RacolageGame":
        """A fork for ``seat`` in which what it cannot see — the other hands, both decks' order —
        is dealt anew, each hand keeping how many Media and Action cards it holds."""
        if self.result is not None:
            return self.fork()
        copy = self.fork(for_seat=seat)
        copy.change_position(partial(_redeal, self.cards, cast(RacolageSeat, seat).index, rng.getrandbits(64)))
        return copy

    # ---- reading the game ---------------------------------------------------------------------------

    def winners(self) -> tuple[RacolageSeat, ...]:
        return () if self.result is None else self.result.winners

    def scores(self) -> tuple[int, ...]:
        return tuple(self.notoriety(s, final=True) for s in self.seats)

    def evaluate(self, seat: PlayerSeat) -> float:
        return evaluate(self, cast(RacolageSeat, seat))

    def view(self, seat: RacolageSeat) -> View:
        pos, d = self.position, self.pending
        return View(seat, tuple(pos.hands[seat.index]), tuple(len(h) for h in pos.hands),
                    tuple(tuple(m) for m in pos.media_spaces),
                    tuple(tuple(sorted(z.items(), key=lambda kv: list(Permanent).index(kv[0]))) for z in pos.zones),
                    tuple(self.notoriety(s) for s in self.seats), self.scores(), pos.event, tuple(pos.skips),
                    len(pos.media_deck), len(pos.action_deck), tuple(pos.discard), tuple(pos.table), self.turn,
                    self.active, pos.final_left is not None, self._rule(seat, "hand_limit", HAND),
                    self._rule(seat, "draw_phase", 1), d if d is not None and d.player is seat else None,
                    cast(RacolageSeat, d.player) if d is not None else None,
                    tuple(e.redacted(seat) for e in self.events))

    # ---- records (record.py; docs/secrets.md "Files") ----------------------------------------------

    def all_answers(self) -> list[str]:
        """Every answer since the deal (a fork's own start at its turn's checkpoint)."""
        return [*(self._origin[2] if self._origin is not None else ()), *self.answers]

    def copy(self) -> "RacolageGame":
        """An independent copy with the whole log, replayed from the deal (a fork's log starts at
        its turn's checkpoint: fine for a bot, not for a player who reads the log)."""
        game = RacolageGame(self.seed, self.players, self.cards, setup=self.setup)
        for a in self.all_answers():
            game.answer(a)
        return game

    def record(self, complete: bool = True) -> dict[str, Any]:
        """The operator's record (``cmdsl play --record``): every answer, the full log if
        ``complete`` (a fork has not the whole log: none)."""
        return full_record(self, self.cards.fingerprint, complete and self._origin is None).to_json()

    def seat_record(self, view: str, debugged: bool = False) -> dict[str, Any]:
        """A file for a person: ``view``'s log (a seat's name, ``public``, ``full``), the digest
        of the full log, the answers ``view`` has not seen said by option number."""
        game = self if self._origin is None else self.copy()
        return seat_record(game, lambda: RacolageGame(self.seed, self.players, self.cards, setup=self.setup),
                           self.cards.fingerprint, view, debugged).to_json()

    def unrevealed(self) -> int:
        """How many of the last answers no other seat has seen said yet. Every answer is said at
        once by a public event (``Drew``, ``MediaPlaced``, ``ActionPlayed``, ``Discarded``,
        ``OptionChosen``; a pass by nothing happening), but a purchase's: its count and the cards
        sold are said together by ``Sold`` once the sale is complete (RA5), so from the choice to
        buy until then they are the buyer's alone."""
        d = self.pending
        if d is None or d.kind not in (Kind.BUY, Kind.SELL):
            return 0
        return len(self.answers) - max(i for i, a in enumerate(self.answers) if a == "buy")

    @staticmethod
    def from_record(data: Any, where: str = "record", cards: RacolageSet | None = None) -> "RacolageGame":
        """The game a record holds, replayed; a malformed record raises one located ``RecordError``."""
        return RacolageGame.replay(parse_record(data, where), cards, where)

    @staticmethod
    def replay(record: RacolageRecord, cards: RacolageSet | None = None, where: str = "record") -> "RacolageGame":
        """The game ``record`` holds: its answers given in turn (an answer by option number at the
        decision it answers); an answer the game does not take is one located ``RecordError``."""
        game = RacolageGame(record.seed, record.players, cards)
        for i, a in enumerate(record.answers):
            try:
                game.answer(a.option_id(game.pending, record.seed, i), a.seat)
            except (IllegalAnswer, RecordError) as e:
                raise RecordError(f"{where}: answers[{i + 1}]: {e}") from None
        return game

    def log_text(self) -> str:
        return "\n".join(e.text() for e in self.events)


def _redeal(cards: RacolageSet, me: int, seed: int, pos: Position) -> None:
    """What seat ``me`` cannot see, dealt anew: the other hands (each keeping its counts of Media
    and Action cards, which the log says), both decks' order and the future shuffles (RA11.3).
    The pool is sorted first, so that the copy depends on what the seat knows and ``seed`` only."""
    rng = random.Random(seed)
    others = [i for i in range(len(pos.hands)) if i != me]
    for kind, deck in ((Media, pos.media_deck), (Action, pos.action_deck)):
        pool = sorted([*deck, *(c for i in others for c in pos.hands[i] if isinstance(cards.cards[c], kind))])
        rng.shuffle(pool)
        for i in others:
            keep = [c for c in pos.hands[i] if not isinstance(cards.cards[c], kind)]
            need = len(pos.hands[i]) - len(keep)
            pos.hands[i] = keep + [pool.pop() for _ in range(need)]
        deck[:] = pool
    pos.rng = GameRng(rng.getrandbits(32))
