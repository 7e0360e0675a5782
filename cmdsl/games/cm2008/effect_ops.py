"""The operations compiled effects act through (``vocabulary/ops.py``'s ``GameOps``):
``Cm2008Ops``, an adapter over the rules at one table. Its actions (gain, shift, alter,
demographic_support, draw_cards, discard_from_hand, play_card), ``playable`` and ``live`` are
rules of Campaign Manager 2008 (``rules_*.py``), bound once; its reads of the board and of the
players, and the choices an effect asks a player for, are its own. A state is a ``LiveState``;
one that has left play reads as nothing (None, 0). An effect reaches nothing of the rules but
these.
"""

from __future__ import annotations

import operator
from typing import Callable, Iterable, Protocol, Sequence

from ...game.contract import Host
from ...game.decisions import Decision, Option
from ...game.together import Steps
from .vocabulary.ops import Choice
from . import events as E
from . import options as O
from .kinds import DecisionKind
from .model import ISSUES, SIDES, Side
from .position import LiveState, Position

_ISSUE_OPTIONS = tuple(O.issue_option(i) for i in ISSUES)


def _named(states: Sequence[LiveState], name: str) -> LiveState:
    """The state of ``states`` named ``name`` (a state option's value is its name)."""
    for s in states:  # a loop, not next() over a generator: this runs after every state choice
        if s.name == name:
            return s
    raise KeyError(name)


class Acting(Protocol):
    """What the operations take of the rules (``rules_base.RulesBase`` and its layers)."""

    host: Host[Side]
    position: Position
    _options: O.OptionCache
    ask: Callable[[Decision], Steps]
    emit: Callable[..., None]

    def hand_options(self, side: Side, only: Iterable[str] | None = None) -> list[Option]: ...
    def playable(self, side: Side, card_id: str) -> bool: ...
    def live(self, name: str) -> LiveState | None: ...
    def gain(self, side: Side, live: LiveState | None, issue: str, cause: str | None = None) -> Steps: ...
    def shift(self, live: LiveState | None, n: int, issue: str, cause: str | None = None) -> Steps: ...
    def alter(self, live: LiveState | None, cause: str | None = None) -> None: ...
    def demographic_support(self, side: Side, group: str, cause: str | None = None) -> Steps: ...
    def draw_cards(self, side: Side, n: int, cause: str | None = None) -> list[str]: ...
    def discard_from_hand(self, side: Side, card_id: str, why: str, cause: str | None = None) -> None: ...
    def play_card(self, side: Side, card_id: str, nested: bool = False, cause: str | None = None) -> Steps: ...


class Cm2008Ops:
    """The reads and choices of ``GameOps``, and the rules' actions, each bound once: an effect's
    call costs no more than a call of the rules' own. An action is bound when first used (a fork
    makes its operations, and most use two or three of them)."""

    seats = SIDES
    # Each annotated name below is bound by ``__getattr__`` when an effect first asks for it: the
    # rules' own operation, or the table's ``tick`` (``_BOUND``, read off these annotations).
    hand_options: Callable[..., list[Option]]
    playable: Callable[[Side, str], bool]
    live: Callable[[str], LiveState | None]
    gain: Callable[..., Steps]
    shift: Callable[..., Steps]
    alter: Callable[..., None]
    demographic_support: Callable[..., Steps]
    draw_cards: Callable[..., list[str]]
    discard_from_hand: Callable[..., None]
    play_card: Callable[..., Steps]
    tick: Callable[[], None]

    def __init__(self, rules: Acting) -> None:
        self._rules = rules
        self.position, self._options, self.ask, self.emit = rules.position, rules._options, rules.ask, rules.emit

    def __getattr__(self, name: str) -> Callable[..., object]:
        if name not in _BOUND:
            raise AttributeError(f"'Cm2008Ops' object has no attribute '{name}'")
        bound: Callable[..., object] = getattr(self._rules.host if name == "tick" else self._rules, name)
        setattr(self, name, bound)
        return bound

    @property
    def active(self) -> Side:
        return self.position.active

    @property
    def in_play(self) -> list[LiveState]:
        return self.position.in_play

    #: A state's own flag, read by an attribute getter: no frame of a method's own (a `for each`
    #: asks it of every state after its body first runs).
    still_in_play: Callable[[LiveState], bool] = operator.attrgetter("in_play")

    def majority(self, state: LiveState | None) -> str | None:
        return state.majority if state is not None and state.in_play else None

    def minority(self, state: LiveState | None) -> str | None:
        return state.minority if state is not None and state.in_play else None

    def key(self, state: LiveState | None) -> str | None:
        return state.key if state is not None and state.in_play else None

    def votes(self, state: LiveState | None) -> int:
        return state.tile.ev if state is not None and state.in_play else 0

    def blocks(self, state: LiveState | None, side: Side, issue: str) -> int:
        return state.count(side, issue) if state is not None and state.in_play else 0

    def undecided(self, state: LiveState | None, issue: str) -> int:
        if state is None or not state.in_play:
            return 0
        return sum(1 for pr, tok in zip(state.tile.rows[issue], state.tokens[issue]) if pr == "W" and tok is None)

    def row_length(self, state: LiveState | None, issue: str) -> int:
        return len(state.tile.rows[issue]) if state is not None and state.in_play else 0

    def state_name(self, state: LiveState) -> str:
        return state.name

    def wins(self) -> Sequence[tuple[str, Side]]:
        return self.position.won

    def score(self, side: Side) -> int:
        return self.position.players[side].score

    def hand_size(self, side: Side) -> int:
        return len(self.position.players[side].hand)

    def deck_size(self, side: Side) -> int:
        return len(self.position.players[side].deck)

    def discard_size(self, side: Side) -> int:
        return len(self.position.players[side].discard)

    def in_hand(self, side: Side, card_id: str) -> bool:
        return card_id in self.position.players[side].hand

    def media_owner(self) -> Side | None:
        return self.position.media[1] if self.position.media is not None else None

    def choose_state(self, side: Side, among: Sequence[LiveState], what: str,
                     cause: str | None = None) -> Choice[LiveState | None]:
        if not among:
            self.emit(E.NothingToChoose, side, what, cause=cause)
            return None
        options = self._options.state
        d = Decision(side, DecisionKind.STATE, f"choose {what}", tuple([options[x.name] for x in among]), cause)
        opt = (yield d) if len(among) > 1 else (yield from self.ask(d))  # ask(), inlined when it asks
        return _named(among, opt.value)

    def choose_issue(self, side: Side, cause: str | None = None) -> Choice[str]:
        opt = yield from self.ask(Decision(side, DecisionKind.ISSUE, "choose an issue", _ISSUE_OPTIONS, cause))
        return opt.value

    def choose_card(self, side: Side, cause: str | None = None) -> Choice[str | None]:
        return (yield from self._choose_in_hand(side, DecisionKind.CARD, "choose a card from your hand",
                                                self.hand_options(side), cause))

    def choose_discard(self, side: Side, cause: str | None = None) -> Choice[str | None]:
        return (yield from self._choose_in_hand(side, DecisionKind.DISCARD, "discard a card", self.hand_options(side),
                                                cause))

    def choose_discard_or_stop(self, side: Side, discarded: int, cause: str | None = None) -> Choice[str | None]:
        opts = self.hand_options(side)
        if not opts:
            return None
        done = O.done_option(f"stop discarding ({discarded} discarded)")
        opt = yield from self.ask(Decision(side, DecisionKind.DISCARD, "discard a card, or stop", (done, *opts), cause))
        return None if opt.id == O.DONE else opt.value

    def choose_card_to_play(self, side: Side, drawn: Sequence[str], cause: str | None = None) -> Choice[str | None]:
        opts = [o for o in self.hand_options(side, drawn) if self.playable(side, o.value)]
        return (yield from self._choose_in_hand(side, DecisionKind.CARD, "play one of the cards just drawn", opts,
                                                cause))

    def _choose_in_hand(self, side: Side, kind: DecisionKind, prompt: str, opts: list[Option],
                        cause: str | None) -> Choice[str | None]:
        if not opts:
            return None
        opt = yield from self.ask(Decision(side, kind, prompt, tuple(opts), cause))
        return opt.value

    def choose_option(self, side: Side, labels: Sequence[str], cause: str | None = None) -> Choice[int]:
        opts = tuple(O.numbered_option(i, label) for i, label in enumerate(labels))
        opt = yield from self.ask(Decision(side, DecisionKind.OPTION, "choose one", opts, cause))
        return opt.value

    def choose_news_target(self, side: Side, among: Sequence[LiveState]) -> Choice[LiveState]:
        options = self._options.state
        opt = yield from self.ask(Decision(side, DecisionKind.NEWS_TARGET, "choose the state the Breaking News affects",
                                           tuple([options[x.name] for x in among])))
        return _named(among, opt.value)


#: What ``Cm2008Ops.__getattr__`` binds: its annotated, unassigned names (the rules' operations, ``tick``).
_BOUND = frozenset(name for name in Cm2008Ops.__annotations__ if not hasattr(Cm2008Ops, name))
