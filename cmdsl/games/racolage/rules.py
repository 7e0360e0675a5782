"""Racolage Électoral's rules at one table (RA4–RA9, docs/racolage.md), over the position the
core's driver holds: a turn is draw, buy or pass (RA4.1, RA5); place a Media card, play an Action,
or both in that order (RA4.2, RA6); the hand check (RA4.3); the end of the turn (RA4.4). What an
Action does is its effect, compiled from the effect language; it acts through ``Effects`` (below),
the operations its vocabulary declares (``vocabulary/ops.py``), never through these rules
themselves."""

from __future__ import annotations

from functools import cached_property
from typing import Protocol, Sequence, cast

from ...game.contract import Host
from ...game.decisions import Decision, Option
from ...game.driver import GameOver
from ...lang.ast import END_TURN
from ...lang.ops import Choice
from ...lang.run import Run
from ...game.together import Steps
from . import events as E
from .cards import Action, ActionKind, Media, RacolageSet
from .buying import buy, most_to_buy
from .placing import nothing_to_place
from .position import Position
from .kinds import HAND, MAX_EVENT_DEPTH, MAX_TURNS, PRICE, Kind
from .seats import RacolageSeat
from .vocabulary.compiler import PermanentAbilities
from .vocabulary.nodes import Deck, Permanent



class Setting(Protocol):
    """What the rules read of the game they play (``game.Racolage``): its cards and seats, where
    its turn in progress started (set here), and what a card is called."""

    cards: RacolageSet
    seats: tuple[RacolageSeat, ...]
    players: int
    checkpoint: tuple[Position, int, int] | None

    def name(self, card_id: str) -> str: ...


class Rules:
    """The rules of one Racolage game at its table: ``game`` (cards, seats, checkpoint), ``host`` (the driver)."""

    def __init__(self, game: Setting, host: Host[RacolageSeat]) -> None:
        self.game, self.host, self.seats, self.cards = game, host, game.seats, game.cards
        self.position: Position = host.position  # set when the game starts, then changed in place
        self.emit, self.ask = host.emit, host.ask

    @cached_property
    def effects(self) -> "Effects":  # made when an effect first runs: a view or an evaluation runs none
        return Effects(self)

    @property
    def result(self) -> E.GameEnded | None:
        return cast("E.GameEnded | None", self.host.result)

    # ---- the game (RA4, RA8) ----------------------------------------------------------------------

    def play(self, dealt: bool = False) -> Steps:
        try:
            pos = self.position
            if not dealt:
                for seat in self.game.seats:
                    hand = pos.hands[seat.index]
                    self.emit(E.Dealt, seat, tuple(self.game.name(c) for c in hand), len(hand))
            while True:
                self.game.checkpoint = (pos.snapshot(), len(self.host.answers), self.host.turn)
                seat = self.game.seats[pos.current]
                self.host.turn += 1
                self.emit(E.TurnStarted, seat, self.host.turn)
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
                if self.host.turn >= MAX_TURNS:
                    raise GameOver(None, f"{MAX_TURNS} turns without the last Media card drawn")
                pos.current = (pos.current + 1) % self.game.players
        finally:  # over, or dropped: let go of the effects (they hold the rules' methods), so that
            self.__dict__.pop("effects", None)  # a finished game is freed at once, not by the collector

    # phase 1: draw, buy or pass (RA4.1)
    def _draw_phase(self, seat: RacolageSeat) -> Steps:
        pos, options = self.position, []
        draws = self.rule(seat, "draw_phase", 1)
        if pos.media_deck:
            options.append(Option("draw", f"draw {draws} Media card{'s' if draws != 1 else ''}", "draw"))
        if most_to_buy(self, seat):
            options.append(Option("buy", f"buy Action cards (sell cards from your hand: {PRICE} points each)", "buy"))
        options.append(Option("pass", "do nothing", "pass"))
        opt = yield from self.ask(Decision(seat, Kind.DRAW, "phase 1: draw, buy or pass (RA4.1)", tuple(options)))
        if opt.value == "draw":
            yield from self.draw(seat, Deck.MEDIA, draws)
        elif opt.value == "buy":
            yield from buy(self, seat)
        else:
            self.emit(E.Passed, seat, 1, False, "")

    def draw_action(self, seat: RacolageSeat, cause: str | None = None) -> Choice[int | None]:
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
        self.emit(E.EventInPlay, seat, card.en, card.theme, self.game.name(old) if old is not None else None, cause=cause)
        if card.compiled is None:
            return
        if pos.event_depth >= MAX_EVENT_DEPTH:
            self.emit(E.EffectSkipped, seat, card.en, f"{MAX_EVENT_DEPTH} Events' effects are already running")
            return
        pos.event_depth += 1
        try:
            yield from card.compiled.run(Run(self.effects, seat))
        finally:
            pos.event_depth -= 1

    # phase 2: lay (RA4.2, RA6)
    def _lay_phase(self, seat: RacolageSeat) -> Steps:
        pos, hand = self.position, self.position.hands[seat.index]
        played = False
        while True:
            options = [Option(f"place:{c}", f"place {self.game.name(c)}", c) for c in hand if self._placeable(seat, c)]
            if not played:  # (c): an Action first, then a Media card
                options += [Option(f"play:{c}", f"play {self.game.name(c)}", c) for c in hand
                            if isinstance(self.cards.cards[c], Action)]
            options.append(Option("pass", "do nothing more" if played else "do nothing", "pass"))
            alone = len(options) == 1  # `ask` takes it without asking: say why, to the player alone
            opt = yield from self.ask(Decision(seat, Kind.LAY, "phase 2: place a Media card, play an Action, or both "
                                               "(RA4.2)", tuple(options)))
            if opt.value == "pass":
                self.emit(E.Passed, seat, 2, played, self._nothing_to_place(seat, played) if alone else "")
                return
            card = self.cards.cards[opt.value]
            hand.remove(card.id)
            if isinstance(card, Media):
                pos.media_spaces[seat.index].append(card.id)
                self.emit(E.MediaPlaced, seat, card.en, card.value, self.notoriety(seat))
                return
            played = True
            yield from self._play_action(seat, card)

    def _nothing_to_place(self, seat: RacolageSeat, played: bool) -> str:
        """Why phase 2 has nothing to do: no Media card can be placed (RA6.1), and no Action is
        left to play (none in hand, or one played already: RA4.2 c)."""
        pos = self.position
        media = [c for c in (self.cards.cards[i] for i in pos.hands[seat.index]) if isinstance(c, Media)]
        event = self.cards.cards[pos.event] if pos.event is not None else None
        phrase = pos.zones[seat.index].get(Permanent.CATCHPHRASE)
        why = nothing_to_place(media, self.notoriety(seat), event if isinstance(event, Action) else None,
                               self.cards.action_card(phrase) if phrase is not None else None)
        return why if played else why + ", and they hold no Action card"

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
                replaced = self.game.name(old)
            pos.zones[seat.index][zone] = card.id
        else:  # RA6.3: on the table until the end of the turn
            pos.table.append(card.id)
        rules = " ".join(card.rules_text().split())
        self.emit(E.ActionPlayed, seat, card.en, card.kind.value, rules, replaced)
        if card.compiled is not None:
            yield from card.compiled.run(Run(self.effects, seat))

    # phase 3 and the end of the turn (RA4.3, RA4.4)
    def _hand_check(self, seat: RacolageSeat) -> Steps:
        hand, limit = self.position.hands[seat.index], self.rule(seat, "hand_limit", HAND)
        while len(hand) > limit:
            opt = yield from self.ask(Decision(seat, Kind.HAND, f"discard down to {limit} cards (RA4.3)", tuple(
                Option(f"discard:{c}", self.game.name(c), c) for c in hand)))
            self._discard_from_hand(seat, opt.value, "hand check, RA4.3")

    def _end_of_turn(self, seat: RacolageSeat) -> Steps:
        pos = self.position
        for owner in self.game.seats:  # abilities `at the end of … turn` of the permanents in play
            for card_id in list(pos.zones[owner.index].values()):
                abilities = _abilities(self.cards, card_id)
                if abilities is not None:
                    for i in abilities.fired(END_TURN, self.effects, owner, seat):
                        yield from abilities.triggers[i].run(Run(self.effects, owner))
        table, pos.table = pos.table, []
        for card_id in table:  # RA4.4, RA6.3 (each event finds every card in one place)
            pos.discard.append(card_id)
            self.emit(E.Discarded, None, self.game.name(card_id), "a temporary Action, at the end of the turn")

    def rule(self, seat: RacolageSeat, rule: str, default: int) -> int:
        """A Privilege's change to a rule (RA6.2), if the player has one in play; else ``default``."""
        card_id = self.position.zones[seat.index].get(Permanent.PRIVILEGE)
        abilities = _abilities(self.cards, card_id) if card_id is not None else None
        changed = getattr(abilities, rule, None) if abilities is not None else None
        return int(changed(self.effects, seat)) if changed is not None else default

    def _discard_from_hand(self, seat: RacolageSeat, card_id: str, why: str, cause: str | None = None) -> None:
        self.position.hands[seat.index].remove(card_id)
        self.position.discard.append(card_id)
        self.emit(E.Discarded, seat, self.game.name(card_id), why, True, cause=cause)

    # ---- what an effect reads and does (vocabulary/ops.py) ----------------------------------------

    @property
    def active(self) -> RacolageSeat:
        return self.game.seats[self.position.current]

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
                drawn = yield from self.draw_action(seat, cause)
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
                pos.final_left = {s.index for s in self.game.seats} - {seat.index}
                self.emit(E.FinalRound, seat, cause=cause)

    def skip_turns(self, seat: RacolageSeat, count: int, cause: str | None = None) -> None:
        if count > 0:
            self.position.skips[seat.index] += count
            self.emit(E.TurnsToSkip, seat, count, self.position.skips[seat.index], cause=cause)

    def discard_cards(self, seat: RacolageSeat, count: int, cause: str | None = None) -> Steps:
        hand = self.position.hands[seat.index]
        for _ in range(min(count, len(hand))):
            opt = yield from self.ask(Decision(seat, Kind.DISCARD, "discard a card", tuple(
                Option(f"discard:{c}", self.game.name(c), c) for c in hand), cause=cause))
            self._discard_from_hand(seat, opt.value, "an effect", cause)

    def gain_notoriety(self, seat: RacolageSeat, amount: int, cause: str | None = None) -> None:
        if amount > 0:
            self.position.bonus[seat.index] += amount
            self.emit(E.NotorietyBonus, seat, amount, self.position.bonus[seat.index], cause=cause)

    def discard_permanent(self, kind: Permanent, seat: RacolageSeat | None, cause: str | None = None) -> None:
        for owner in self.game.seats if seat is None else (seat,):
            card_id = self.position.zones[owner.index].pop(kind, None)
            if card_id is not None:
                self.position.discard.append(card_id)
                self.emit(E.Discarded, owner, self.game.name(card_id), "from the bonus zone, by an effect", cause=cause)

    def choose_option(self, seat: RacolageSeat, labels: Sequence[str], cause: str | None = None) -> Choice[int]:
        opt = yield from self.ask(Decision(seat, Kind.OPTION, "choose one", tuple(
            Option(f"option:{i}", label, i) for i, label in enumerate(labels, 1)), cause=cause))
        return int(opt.value) - 1


class Effects:
    """What a Racolage Action's compiled effect acts through (``vocabulary/ops.py``'s
    ``RacolageOps``): the operations of its vocabulary and the core's, each the rules' own, and
    nothing else of them."""

    def __init__(self, rules: Rules) -> None:
        self._rules = rules
        self.seats, self.tick = rules.seats, rules.host.tick
        self.notoriety, self.hand_size, self.deck_size = rules.notoriety, rules.hand_size, rules.deck_size
        self.theme_open, self.draw, self.skip_turns = rules.theme_open, rules.draw, rules.skip_turns
        self.discard_cards, self.gain_notoriety = rules.discard_cards, rules.gain_notoriety
        self.discard_permanent, self.choose_option = rules.discard_permanent, rules.choose_option

    @property
    def active(self) -> RacolageSeat:
        return self._rules.active


def _abilities(cards: RacolageSet, card_id: str) -> PermanentAbilities | None:
    """The abilities of a permanent Action while it is in play (``while in play:``), if it has any."""
    card = cards.cards[card_id]
    abilities = card.compiled.abilities if isinstance(card, Action) and card.compiled is not None else None
    return abilities if isinstance(abilities, PermanentAbilities) else None
