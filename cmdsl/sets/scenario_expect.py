"""The common keys of every game's ``expect:`` (docs/scenarios.md, "Expectations"), read and checked
here, once, for every game: ``refused`` (``scenario_checks.refused_in``), ``view``, ``pending``,
``events`` / ``no_events`` / ``event_types`` / ``no_event_types`` and ``decks``. A game adds its own
keys through its ``ScenarioForm``: what it reads of them, and what the common keys need of it (its
seats, its event classes, its card ids, a seat's view, its named piles). The checks of a block run
in the order its keys are written, so the first that fails is the first written."""

from __future__ import annotations

from dataclasses import field
from functools import partial
from types import ModuleType
from typing import Any, Callable, Final, Generic, Mapping, Protocol, Sequence, TypeVar

from ..errors import did_you_mean
from ..game.audience import Event
from ..game.decisions import Decision
from ..values import value
from .scenario_checks import EVENT_KEYS, Check, Seen, as_seen_by, equal, event_checks, said
from .scenario_doc import Path_, Place, keys_of, list_at, shown, text_at, whole_at

#: The keys every game's ``expect:`` has, beside its own.
COMMON_KEYS: Final = ("refused", "view", "pending", *EVENT_KEYS, "decks")
#: ``view: {SEAT: …}``: what a seat's view holds.
VIEW_KEYS: Final = ("hand", "hand_sizes", *EVENT_KEYS)
#: ``pending: {seat: SEAT, options: […], prompt: TEXT}``: whose decision it is, and what it offers.
PENDING_KEYS: Final = ("seat", "options", "prompt")
#: ``pending: none``: no decision is pending (the game is over).
NO_DECISION: Final = "none"
#: A size written in a scenario (a hand, a deck): far beyond any game's.
MOST_CARDS: Final = 1000


class Table(Protocol):
    """What the common keys read of the game a scenario played (the core's driver): its pending decisions."""

    @property
    def pending_decisions(self) -> tuple[Decision, ...]: ...


class Finished(Protocol):
    """A game's scenario outcome, as the common keys read it: its game and the events it logged."""

    @property
    def game(self) -> Table: ...

    @property
    def events(self) -> Sequence[Event]: ...


Out = TypeVar("Out", bound=Finished)


@value
class SeatView:
    """What ``view:`` reads of a seat's view (``game.view(seat)``): its own hand (card ids), every
    seat's hand size as it sees them (by seat name), and the log as it saw it (redacted for it)."""

    hand: tuple[str, ...]
    hand_sizes: Mapping[str, int]
    events: tuple[Event, ...]


#: Reads a game's own keys of an ``expect:`` block (at ``path``; only its own keys are given).
OwnKeys = Callable[[Place, Path_, Mapping[str, Any]], list[Check]]
#: Reads a game's own keys of ``view: {SEAT: …}`` (at ``path``, for the seat so named).
OwnViewKeys = Callable[[Place, Path_, str, Mapping[str, Any]], list[Check]]


@value
class ScenarioForm(Generic[Out]):
    """What a game gives the common keys of ``expect:`` (the extension point): its seats' names; its
    events module (``event_types:``); ``cards(place, path, where, raw)``, the card ids written for a
    seat's hand or a pile (``where``: its name), in the game's form (a list; a game may take one string
    too), each checked, or a located error; a seat's ``view``;
    the names of its ``piles`` and the cards of each (``pile``), top first; and its own keys
    (``own_keys``, read by ``own``; ``own_view_keys`` of ``view:``, read by ``own_view``), and
    its reader of seat names (``seat``; default: one of ``seats``, or an error with the nearest)."""

    seats: tuple[str, ...]
    events: ModuleType = field(compare=False)
    cards: Callable[[Place, Path_, str, Any], list[str]] = field(compare=False)
    view: Callable[[Out, str], SeatView] = field(compare=False)
    piles: tuple[str, ...]
    pile: Callable[[Out, str], Sequence[str]] = field(compare=False)
    own_keys: tuple[str, ...] = ()
    own: OwnKeys | None = field(default=None, compare=False)
    own_view_keys: tuple[str, ...] = ()
    own_view: OwnViewKeys | None = field(default=None, compare=False)
    #: The game's reader of a seat's name (its own error, e.g. a seat beyond the player count), if any.
    seat: Callable[[Place, Path_, Any], str] | None = field(default=None, compare=False)


def expect_checks(place: Place, raw: Any, form: ScenarioForm[Out]) -> tuple[Check, ...]:
    """The ``expect:`` block of a scenario (``raw``) as checks, every part checked now: unknown keys
    (with a did-you-mean over the common keys and the game's), types, seats, cards, event types.
    ``refused`` is read apart (``refused_in``): it stands alone, and makes no check here."""
    if raw is None:
        return ()
    P: Path_ = ("expect",)
    keys = (*form.own_keys, *(k for k in COMMON_KEYS if k not in form.own_keys))
    spec = keys_of(place, P, raw, keys)
    checks: list[Check] = []
    if form.own is not None:
        checks += form.own(place, P, {k: v for k, v in spec.items() if k in form.own_keys})
    checks += event_checks(place, P, spec, form.events)
    if "view" in spec:
        seats = _by_seat(place, (*P, "view"), form, spec["view"])
        for seat, seen in seats.items():
            checks += view_checks(place, (*P, "view", seat), form, seat, seen)
    if "pending" in spec:
        checks.append(pending_check(place, (*P, "pending"), form, spec["pending"]))
    if "decks" in spec:
        checks += deck_checks(place, (*P, "decks"), form, spec["decks"])
    order = list(spec)  # the checks run in the order their keys are written
    return tuple(sorted(checks, key=lambda c: order.index(c.path[1]) if len(c.path) > 1 and c.path[1] in order else 0))


def _by_seat(place: Place, path: Path_, form: ScenarioForm[Out], raw: Any) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise place.error(path, f"expected a mapping of seats ({form.seats[0]}: …), got {shown(raw)}")
    for k in raw:
        seat_name(place, (*path, k), form, k)
    return raw


def seat_name(place: Place, path: Path_, form: ScenarioForm[Out], raw: Any) -> str:
    """A seat of the game, by its name, or a located error with the nearest."""
    if form.seat is not None:
        return form.seat(place, path, raw)
    if raw not in form.seats:
        raise place.error(path, f"expected a seat of this game ({', '.join(form.seats)}), got {shown(raw)}",
                          did_you_mean(str(raw), form.seats))
    return str(raw)


# ---- view: what a seat's view holds -------------------------------------------------------------


def view_checks(place: Place, path: Path_, form: ScenarioForm[Out], seat: str, raw: Any) -> list[Check]:
    """``view: {SEAT: …}``: ``hand`` (a size, or the cards in any order), ``hand_sizes`` (every seat's
    hand size as the seat sees it), and ``events`` / ``no_events`` / ``event_types`` /
    ``no_event_types`` on the log as the seat saw it: a card it may not know never matches."""
    spec = keys_of(place, path, raw, (*VIEW_KEYS, *form.own_view_keys))
    seen = partial(_seen_by, form, seat)
    checks: list[Check] = []
    if "hand" in spec:
        checks.append(cards_check(place, (*path, "hand"), form, seat, spec["hand"],
                                  lambda o: sorted(seen(o).hand), ordered=False))
    if "hand_sizes" in spec:
        for other, n in _by_seat(place, (*path, "hand_sizes"), form, spec["hand_sizes"]).items():
            size = whole_at(place, (*path, "hand_sizes", other), n, 0, MOST_CARDS)
            checks.append(equal((*path, "hand_sizes", other), size,
                                partial(lambda other, o: seen(o).hand_sizes.get(other), other)))
    checks += [as_seen_by(c, lambda o: Seen(seen(o).events)) for c in event_checks(place, path, spec, form.events)]
    if form.own_view is not None:
        checks += form.own_view(place, path, seat, {k: v for k, v in spec.items() if k in form.own_view_keys})
    return checks


def _seen_by(form: ScenarioForm[Out], seat: str, out: Out) -> SeatView:
    return form.view(out, seat)


def cards_check(place: Place, path: Path_, form: ScenarioForm[Out], where: str, raw: Any,
                actual: Callable[[Out], list[str]], ordered: bool) -> Check:
    """A size (a whole number) or the cards themselves (``ordered``: in that order; else in any):
    of a hand or a pile named ``where``, as ``actual`` reads them (sorted when not ``ordered``)."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return equal(path, whole_at(place, path, raw, 0, MOST_CARDS), lambda o: len(actual(o)))
    ids = form.cards(place, path, where, raw)
    return equal(path, ids if ordered else sorted(ids), actual)


# ---- pending: whose decision it is, and its options ------------------------------------------------


def pending_check(place: Place, path: Path_, form: ScenarioForm[Out], raw: Any) -> Check:
    """``pending: {seat: S, options: [ID, …], prompt: TEXT}``: once the scenario has run, ``S`` has a
    decision pending (one of those pending at once, for secret picks), offering exactly those
    options (by id, in any order) and asking a question that contains TEXT; ``options`` and
    ``prompt`` may be left out. ``pending: none``: no decision is pending (the game is over, or its
    scenario is: one may end with the turn it plays)."""
    if raw == NO_DECISION:
        def nothing(o: Out) -> str | None:
            d = o.game.pending_decisions
            return None if not d else f"expected no decision pending, got {_whose(d[0])}"
        return Check(path, nothing)
    if not isinstance(raw, dict):
        raise place.error(path, f"expected none, or whose decision it is (seat: {form.seats[0]}) and its options "
                          f"(options: [...]), got {shown(raw)}")
    spec = keys_of(place, path, raw, PENDING_KEYS)
    if "seat" not in spec:
        raise place.error(path, f"say whose decision it is: seat: {form.seats[0]}")
    seat = seat_name(place, (*path, "seat"), form, spec["seat"])
    options = [text_at(place, (*path, "options", j), x, "an option id")
               for j, x in enumerate(list_at(place, (*path, "options"), spec.get("options")))]
    if "options" in spec and not options:
        raise place.error((*path, "options"), "a decision has one option at least: give its ids")
    prompt = text_at(place, (*path, "prompt"), spec["prompt"], "a part of the question") if "prompt" in spec else None

    def test(o: Out) -> str | None:
        pending = o.game.pending_decisions
        mine = next((d for d in pending if str(d.player.value) == seat), None)
        if mine is None:
            got = ", ".join(_whose(d) for d in pending) if pending else "none"
            return f"expected a decision of {seat} pending, got {got}"
        ids = [x.id for x in mine.options]
        if "options" in spec and sorted(ids) != sorted(options):
            return f"expected {seat}'s decision to offer {said(options)}, got {said(ids)} ({mine.prompt})"
        if prompt is not None and prompt not in mine.prompt:
            return f'expected {seat}\'s decision to ask "{prompt}", got "{mine.prompt}"'
        return None
    return Check(path, test)


def _whose(d: Decision) -> str:
    return f"{d.player.value}'s ({d.prompt})"


# ---- decks: the sizes (or the cards) of the game's named piles ----------------------------------------


def deck_checks(place: Place, path: Path_, form: ScenarioForm[Out], raw: Any) -> list[Check]:
    """``decks: {PILE: N}``: the number of cards in each named pile of the game (its decks); or
    ``{PILE: [ID, …]}``, its cards, top first."""
    if not isinstance(raw, dict) or not raw:
        raise place.error(path, f"expected a mapping of this game's piles ({', '.join(form.piles)}) to their sizes")
    checks: list[Check] = []
    for name, want in raw.items():
        if name not in form.piles:
            raise place.error((*path, name), f"expected one of this game's piles ({', '.join(form.piles)}), got "
                              f"{shown(name)}", did_you_mean(str(name), form.piles))
        checks.append(cards_check(place, (*path, name), form, name, want,
                                  partial(lambda name, o: list(form.pile(o, name)), name), ordered=True))
    return checks
