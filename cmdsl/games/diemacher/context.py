"""What every phase of the rules works with (``Ctx``): the driver holding the game (its position,
its log, its ``ask``), and the small services the phases share — asking a party, rolling dice,
paying, drawing from a deck that reshuffles its discards (DM18.6), and the opinion swap that media
control and an absolute majority both grant (DM7.3.5, DM7.6.3)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Literal, Sequence

from ...game.contract import Host
from ...game.decisions import CHANCE, Amount, ChanceOption, Decision, Option
from ...game.dice import highest_of_dice, sum_of_dice
from ...game.together import Steps
from . import events as E
from .cards import Card
from .kinds import STEP, Kind
from .parties import Party
from .position import Board, DieMacherPosition


#: The decks that reshuffle their discards (``Ctx.draw``): the position's ``<pile>_deck`` and ``<pile>_discard``.
Pile = Literal["platform", "opinion", "poll"]


@lru_cache(maxsize=4096)
def bids(low: int, money: int) -> tuple[Option, ...]:
    """DM18.4: a bid of ``low`` up to what ``money`` pays, by €1,000 (``bid:N``; made once per
    ``low`` and money: options are values, shared by every decision that offers them)."""
    return tuple(map(_bid, range(low, money // STEP * STEP + 1, STEP)))


@lru_cache(maxsize=1024)
def _bid(amount: int) -> Option:
    """The option of a bid of ``amount``, made once: the pairs of ``bids`` are too many to keep
    (every standing bid with every party's money), its amounts are not."""
    return Option(f"bid:{amount}", E.euros(amount), amount)


class Ctx:
    """The rules' handle on one game: ``host`` (the driver) and the position it holds."""

    __slots__ = ("host", "mark", "mark_before_asking", "unmark")

    def __init__(self, host: Host[Party], mark: Callable[[], None] = lambda: None) -> None:
        self.host = host
        #: Take a checkpoint now, within a phase (D3): after a hidden commitment made in turn order
        #: (a refused contribution), so that a copy starts from the position that holds it (and
        #: re-deals it for a seat that may not see it) rather than replaying the answer that made it.
        #: The phase resumes from the position alone (its progress is kept there).
        self.mark = mark
        #: A checkpoint where the rules ask next and change nothing before (the next party's
        #: rallies, the next bid): as ``mark``, but the position is copied only when a copy of the
        #: game needs it (D7: a search's trials mostly never do).
        self.mark_before_asking = mark
        #: Forget a ``mark_before_asking`` not taken yet: the rules went on without asking (each
        #: decision had one option) and are about to change the position.
        self.unmark: Callable[[], None] = lambda: None

    @property
    def pos(self) -> DieMacherPosition:
        # Read anew after every answer: a determinization may have replaced the position.
        pos: DieMacherPosition = self.host.position
        return pos

    def party(self, i: int) -> Party:
        return self.pos.parties[i]

    def emit(self, kind: type[E.Event], *args: Any) -> None:
        self.host.emit(kind, *args)

    def ask(self, i: int, kind: Kind, prompt: str, options: Sequence[Option], amount: Amount | None = None) -> Steps:
        """The option party ``i`` chooses (a single option is taken without asking)."""
        option = yield from self.host.ask(Decision(self.party(i), kind, prompt, tuple(options), amount=amount))
        return option

    def roll(self, count: int, *, highest: bool, why: str) -> Steps:
        """DM18.25: ``count`` ordinary dice, their total or their highest (a chance decision)."""
        if count <= 0:
            return 0
        kind = "highest" if highest else "total"
        option = yield Decision(CHANCE, Kind.DIE, f"{count} dice, the {kind} ({why})", dice(count, highest))
        return int(option.value)

    def pay(self, i: int, amount: int, why: str) -> None:
        """Move money (DM18.4: the rules offer only what a party can pay; never below 0)."""
        pos = self.pos
        assert pos.money[i] + amount >= 0, f"{self.party(i)} cannot pay {-amount} (DM18.4)"
        pos.money[i] += amount
        if amount:
            self.emit(E.MoneyPaid, self.party(i), amount, why, pos.money[i])

    def add_members(self, i: int, change: int, why: str) -> None:
        """DM18.18: membership never goes below 0."""
        pos = self.pos
        before = pos.members[i]
        pos.members[i] = max(0, before + change)
        if pos.members[i] != before:
            self.emit(E.MembersChanged, self.party(i), pos.members[i] - before, pos.members[i], why)

    def state_name(self, b: int) -> str:
        state = self.pos.boards[b].state
        return state.name if state is not None else f"board {b + 1}"

    # ---- decks ---------------------------------------------------------------------------------

    def draw_platform(self) -> Card:
        """DM18.6: the platform deck's top card; an empty deck reshuffles its discard pile."""
        return self.draw("platform")

    def draw_opinion(self) -> Card:
        return self.draw("opinion")

    def draw(self, pile: Pile) -> Any:
        """The top of the position's ``pile`` deck; an empty deck is its discard pile, shuffled
        (DM18.6: platform, opinion and poll decks alike)."""
        pos = self.pos
        deck, discard = f"{pile}_deck", f"{pile}_discard"
        if not getattr(pos, deck):
            cards = getattr(pos, discard)
            pos.rng.shuffle(cards)
            setattr(pos, deck, cards)
            setattr(pos, discard, [])
        return getattr(pos, deck).pop()

    # ---- the exchange pool ---------------------------------------------------------------------

    def opinion_swap(self, i: int, b: int, why: str) -> Steps:
        """DM7.3.5 / DM7.6.3: party ``i`` may swap one face-up opinion of board ``b`` (not the one
        under the key-issue tile, DM18.12) for a pool card that is neither identical nor
        contradictory to any other face-up opinion there; the card it gives up joins the pool."""
        options = swap_options(self.pos, b)
        if len(options) == 1:
            return
        option = yield from self.ask(i, Kind.OPINION_SWAP, f"{why}: swap an opinion in {self.state_name(b)} with "
                                     "the exchange pool, or keep them", options)
        if option.value is None:
            return
        slot, card = option.value
        pos = self.pos
        board = pos.boards[b]
        out, _ = board.opinions[slot]
        board.opinions[slot] = (card, True)
        pos.pool.remove(card)
        pos.pool.append(out)
        self.emit(E.OpinionSwapped, self.party(i), self.state_name(b), out, card, why)


@lru_cache(maxsize=64)
def dice(count: int, highest: bool) -> tuple[ChanceOption, ...]:
    """D6: the outcomes of ``count`` dice, their highest or their total (``roll:N``), made once."""
    return (highest_of_dice if highest else sum_of_dice)(count, ids=lambda n: f"roll:{n}")


def swap_options(pos: DieMacherPosition, b: int) -> tuple[Option, ...]:
    """The swaps of DM7.3.5 on board ``b``: keep, or (slot, pool card), one option per distinct
    card (identical pool cards make one option)."""
    board = pos.boards[b]
    return _swaps(tuple(board.opinions), board.key_issue, tuple(pos.pool))


@lru_cache(maxsize=1024)
def _swaps(opinions: tuple[tuple[Card, bool], ...], key_issue: int | None, pool: tuple[Card, ...]) -> tuple[Option, ...]:
    options = [KEEP]
    up = [(slot, c) for slot, (c, face_up) in enumerate(opinions) if face_up]
    for slot, out in up:
        if slot == key_issue:
            continue  # DM18.12
        others = [c.issue for s, c in up if s != slot]
        seen: set[tuple[str, object]] = set()
        for card in pool:
            key = (card.issue, card.stance)
            if key in seen or card.issue in others:
                continue
            seen.add(key)
            options.append(Option(f"swap:{slot + 1}:{card.issue}/{card.stance.value}",
                                  f"give {out.id} for {card.id}", (slot, card)))
    return tuple(options)


KEEP = Option("keep", "keep the opinions as they are", None)


def legal_face_up(up: list[Card], card: Card) -> bool:
    """DM3.5, DM10.4: a face-up opinion must be on an issue no other face-up card there shows."""
    return all(card.issue != c.issue for c in up)


def first_fitting(draw: Callable[[], Card], under: Callable[[Card], None], fits: Callable[[Card], bool],
                  limit: int) -> tuple[Card | None, list[Card]]:
    """Draw until a card fits, putting each that does not under its deck (DM3.2, DM3.5, DM10.4);
    after ``limit`` draws, None (a deck with no fitting card left). The card, and those put under."""
    under_deck: list[Card] = []
    for _ in range(limit):
        card = draw()
        if fits(card):
            return card, under_deck
        under(card)
        under_deck.append(card)
    return None, under_deck


def board_options(pos: DieMacherPosition, fits: Callable[[Board], bool] = lambda b: True) -> list[Option]:
    """One option per board in play that ``fits``, in ring order: ``board:<state id>``."""
    out = []
    for b, board in enumerate(pos.boards):
        if board.state is not None and fits(board):
            out.append(Option(f"board:{board.state.id}", board.state.name, b))
    return out


@lru_cache(maxsize=4096)
def money_hint(low: int, money: int, ids: str, *, extra: tuple[int, ...] = ()) -> Amount:
    """D1: an amount of euros from ``low`` to what ``money`` pays, by €1,000, with the amounts a
    bot tries: the least, one and two steps more, a quarter and a half of the money, and ``extra``."""
    top = max(low, money // 1000 * 1000)
    salient = {low, low + 1000, low + 2000, money // 4000 * 1000, money // 2000 * 1000, *extra}
    return Amount(low, top, 1000, "€", tuple(sorted(a for a in salient if low <= a <= top)), ids)


def board_asked(prompt: str, states: Sequence[str | None]) -> int | None:
    """The board a decision's prompt names (``Ctx.state_name``: the rallies and conversion decisions
    name their board only there, their options being counts), by its state's name among ``states``
    (the boards' in ring order, None set aside); the longest that fits: "Sachsen" is in
    "Sachsen-Anhalt"."""
    named = [(len(name), b) for b, name in enumerate(states) if name is not None and name in prompt]
    return max(named)[1] if named else None


@lru_cache(maxsize=4096)
def raise_hint(low: int, money: int, ids: str) -> Amount:
    """D1: a raise in an open auction, from ``low`` to what ``money`` pays, by €1,000; a bot tries
    the least raise and a jump of two steps more (bidding up €1,000 at a time is how an open
    auction goes: a search need not spread itself over quarters and halves of the money)."""
    top = max(low, money // 1000 * 1000)
    return Amount(low, top, 1000, "€", tuple(a for a in (low, low + 2000) if a <= top), ids)


@lru_cache(maxsize=64)
def count_hint(top: int, ids: str) -> Amount:
    """D1: a count of rally markers from 0 to ``top``."""
    return Amount(0, top, 1, "rallies", (), ids)
