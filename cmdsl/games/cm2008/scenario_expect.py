"""A card scenario's ``expect:`` (docs/scenarios.md): each part read and checked at load into the
checks run on the scenario's outcome (scores, supplies, states, zones, the result, a seat's view,
a score's parts), beside the event checks every game's scenarios share (``cmdsl.sets.scenario_checks``)."""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Mapping

from ...errors import did_you_mean
from . import events as E
from .position import LiveState, parse_row
from .model import ISSUES, SIDES, CardSet, Side
from ...sets.scenario_checks import Check, decided_by, equal
from ...sets.scenario_expect import ScenarioForm, SeatView, expect_checks
from ...sets.scenario_doc import Path_, Place, keys_of, list_at, shown, text_at, whole_at
from .scenario_position import ZONES
from .scenario import Outcome
from .engine import rules_of


#: CM2008's own keys of ``expect:``, beside the common ones (``cmdsl.sets.scenario_expect``: refused,
#: view, pending, events and their types, decks: a player's draw deck, ``decks: {mccain: 3}``).
OWN_EXPECT_KEYS = ("scores", "supplies", "states", "in_play", "won", "hands", "discards", "media", "result",
                   "score_parts", "decided_by")
#: `expect: view: {SIDE: {opponent_hand: N}}`: CM2008's own key of a seat's view: the other hand's size.
OWN_VIEW_KEYS = ("opponent_hand",)
#: `expect: score_parts: {SIDE: {start: 155, Florida: 27}}`: a score as its parts (R1.8, R9.2).
START_PART = "start"
EXPECT_STATE_KEYS = ("defense", "economy", "issue", "majority", "key")
RESULTS = ("mccain", "obama", "draw", "none")
SIDE_NAMES = tuple(s.value for s in SIDES)


def parse_expect(place: Place, raw: Any, cards: CardSet) -> tuple[Check, ...]:
    """The ``expect:`` block of a scenario as checks, every part checked now (unknown keys with
    a did-you-mean, types, names of states, groups, cards and event types): a located error."""
    return expect_checks(place, raw, form(cards))


def form(cards: CardSet) -> ScenarioForm[Outcome]:
    """What the common keys of ``expect:`` read of CM2008: its sides, events and cards, a side's view
    (docs/secrets.md), its draw decks (one a side), and its own keys."""
    return ScenarioForm(SIDE_NAMES, E, partial(_side_cards, cards), _seat_view, SIDE_NAMES, _deck,
                        OWN_EXPECT_KEYS, partial(_own_expect, cards), OWN_VIEW_KEYS, _own_view, _side_name)


def _own_expect(cards: CardSet, place: Place, P: Path_, spec: Mapping[str, Any]) -> list[Check]:
    """CM2008's own keys: scores, supplies, states, states in play and won, hands and discards, the
    Media Support in play, the result, a score's parts, the rules that decided."""
    checks: list[Check] = []
    sides = SIDE_NAMES
    for key, what in (("scores", lambda g, s: g.position.players[s].score), ("supplies", lambda g, s: g.position.players[s].supply)):
        for side, v in keys_of(place, (*P, key), spec.get(key, {}), sides).items():
            checks.append(equal((*P, key, side), whole_at(place, (*P, key, side), v, 0, 10_000),
                                 partial(lambda s, f, o: f(o.game, s), Side(side), what)))
    for name, st in _by_state(place, (*P, "states"), cards, spec.get("states")).items():
        checks += _state_checks(place, (*P, "states", name), cards, cards.states[name], st)
    if "in_play" in spec:
        names = [_state_name(place, (*P, "in_play", j), cards, n) for j, n in
                 enumerate(list_at(place, (*P, "in_play"), spec["in_play"]))]
        checks.append(equal((*P, "in_play"), names, lambda o: [x.name for x in o.game.position.in_play]))
    for name, who in _by_state(place, (*P, "won"), cards, spec.get("won")).items():
        if who not in (*sides, "nobody"):
            raise place.error((*P, "won", name), f"expected mccain, obama or nobody, got {shown(who)}")
        checks.append(equal((*P, "won", name), who,
                             partial(lambda n, o: next((s.value for w, s in o.game.position.won if w == n), "nobody"), name)))
    for zone, attr in ZONES:
        if zone in OWN_EXPECT_KEYS:  # decks: the common key (the same meaning: a size, or the cards top first)
            for side, v in keys_of(place, (*P, zone), spec.get(zone, {}), sides).items():
                checks.append(_zone_check(place, (*P, zone, side), cards, Side(side), attr, v))
    if "media" in spec:
        media = text_at(place, (*P, "media"), spec["media"], "a Media Support card id or none")
        if media != "none" and (media not in cards.cards or not cards.cards[media].is_media):
            raise place.error((*P, "media"), f'"{media}" is not a Media Support card',
                              did_you_mean(media, [c.id for c in cards.cards.values() if c.is_media]))
        checks.append(equal((*P, "media"), media, lambda o: o.game.position.media[0] if o.game.position.media else "none"))
    for side, parts in keys_of(place, (*P, "score_parts"), spec.get("score_parts", {}), sides).items():
        checks += _score_parts(place, (*P, "score_parts", side), cards, Side(side), parts)
    if "decided_by" in spec:
        checks.append(decided_by((*P, "decided_by"), place, spec["decided_by"]))
    if "result" in spec:
        result = spec["result"]
        if result not in RESULTS:
            raise place.error((*P, "result"), f"expected one of {', '.join(RESULTS)}, got {shown(result)}",
                              did_you_mean(str(result), RESULTS))
        checks.append(equal((*P, "result"), result, _result))
    return checks


def _side_name(place: Place, path: Path_, raw: Any) -> str:
    """A side named in ``view:`` (as CM2008 has always said a wrong one)."""
    if raw not in SIDE_NAMES:
        raise place.error(path, f'unknown key "{raw}"; keys are ' + ", ".join(SIDE_NAMES), did_you_mean(str(raw), SIDE_NAMES))
    return str(raw)


def _side_cards(cards: CardSet, place: Place, path: Path_, side: str, raw: Any) -> list[str]:
    """Cards of a side's hand or deck: each one of that side's cards."""
    ids = []
    for j, cid in enumerate(list_at(place, path, raw)):
        cid = text_at(place, (*path, j), cid, "a card id")
        if cid not in cards.cards or cards.cards[cid].side is not Side(side):
            raise place.error((*path, j), f'"{cid}" is not one of {Side(side)}\'s cards',
                              did_you_mean(cid, [c.id for c in cards.pool(Side(side))]))
        ids.append(cid)
    return ids


def _seat_view(out: Outcome, side: str) -> SeatView:
    """What ``view:`` reads of a side's view (``game.view(side)``, docs/secrets.md): its hand, every
    hand's size, and the scenario's events as that side may see them."""
    seat = Side(side)
    view = out.game.view(seat)
    return SeatView(tuple(view.hand), {p.side.value: p.hand_size for p in view.players},
                    tuple(e.redacted(seat) for e in out.events))


def _own_view(place: Place, path: Path_, side: str, spec: Mapping[str, Any]) -> list[Check]:
    """``opponent_hand``: the size of the other hand, as ``side`` sees it."""
    if "opponent_hand" not in spec:
        return []
    size = whole_at(place, (*path, "opponent_hand"), spec["opponent_hand"], 0, 1000)
    other = Side(side).other
    return [equal((*path, "opponent_hand"), size,
                  lambda o: next(p.hand_size for p in o.game.view(Side(side)).players if p.side is other))]


def _deck(out: Outcome, side: str) -> list[str]:
    """A side's draw deck, top first (the position keeps its top last)."""
    return list(reversed(out.game.position.players[Side(side)].deck))


def _score_parts(place: Place, path: Path_, cards: CardSet, side: Side, raw: Any) -> list[Check]:
    """A score as its parts: ``start``, the score when the scenario starts (155 or 157 in a new game,
    R1.8), and each state the player won during it with its electoral votes (R9.2). A part left
    out is not checked."""
    if not isinstance(raw, dict) or not raw:
        raise place.error(path, f"expected the parts of {side}'s score: start: 155, and a state won with its "
                          "votes (Florida: 27)")

    def won(o: Outcome) -> dict[str, int]:
        return {e.state: e.ev for e in o.events if isinstance(e, E.StateWon) and e.player is side}

    checks: list[Check] = []
    for name, value in raw.items():
        at = (*path, name)
        points = whole_at(place, at, value, 0, 10_000)
        if name == START_PART:
            checks.append(equal(at, points, lambda o: o.game.position.players[side].score - sum(won(o).values())))
            continue
        state = _state_name(place, at, cards, name) if name in cards.states else None
        if state is None:
            raise place.error(at, f'expected start or a state won, got "{name}"',
                              did_you_mean(str(name), [START_PART, *cards.states]))

        def part(o: Outcome, state: str = state, points: int = points) -> str | None:
            got = won(o).get(state)
            return None if got == points else (f"expected {side} to win {state} for {points}, got "
                                               + (f"{got}" if got is not None else f"{state} not won by {side}"))
        checks.append(Check(at, part))
    return checks


def _by_state(place: Place, path: Path_, cards: CardSet, raw: Any) -> dict[str, Any]:
    """A mapping keyed by state names, each checked."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise place.error(path, "expected a mapping of state names")
    for name in raw:
        _state_name(place, (*path, name), cards, name)
    return raw


def _state_name(place: Place, path: Path_, cards: CardSet, name: Any) -> str:
    name = text_at(place, path, name, "a state name")
    if name not in cards.states:
        raise place.error(path, f'unknown state "{name}"', did_you_mean(name, cards.states))
    return name


def _state_checks(place: Place, path: Path_, cards: CardSet, tile: Any, raw: Any) -> list[Check]:
    spec = keys_of(place, path, raw, EXPECT_STATE_KEYS)
    out: list[Check] = []

    def on(what: Callable[[LiveState], Any]) -> Callable[[Outcome], Any]:
        def actual(o: Outcome) -> Any:
            live = rules_of(o.game).live(tile.name)
            return what(live) if live is not None else f"{tile.name} not in play"
        return actual

    for issue in ISSUES:
        if issue in spec:
            try:
                row = parse_row(text_at(place, (*path, issue), spec[issue], "a row such as R W[b] B"), tile.rows[issue])
            except ValueError as e:
                raise place.error((*path, issue), f"{tile.name}: {e}") from None
            expected = LiveState(tile)
            expected.tokens[issue] = row
            out.append(equal((*path, issue), expected.row_text(issue),
                              on(partial(lambda i, x: x.row_text(i), issue))))
    if "issue" in spec:
        out.append(equal((*path, "issue"), whole_at(place, (*path, "issue"), spec["issue"], 1, 4), on(lambda x: x.box)))
    if "majority" in spec:
        if spec["majority"] not in ISSUES:
            raise place.error((*path, "majority"), f"expected defense or economy, got {shown(spec['majority'])}",
                              did_you_mean(str(spec["majority"]), ISSUES))
        out.append(equal((*path, "majority"), spec["majority"], on(lambda x: x.majority)))
    if "key" in spec:
        if spec["key"] not in tile.groups:
            raise place.error((*path, "key"), f"{tile.name}'s groups are {tile.groups[0]} and {tile.groups[1]}",
                              did_you_mean(str(spec["key"]), tile.groups))
        out.append(equal((*path, "key"), spec["key"], on(lambda x: x.key)))
    return out


def _zone_check(place: Place, path: Path_, cards: CardSet, side: Side, attr: str, raw: Any,
                of: Callable[[Outcome], list[str]] | None = None) -> Check:
    """A size (a whole number) or the cards themselves: a deck top first, a hand or a discard
    pile in any order (``of``: where to read them, default the player's zone)."""
    def cards_in(o: Outcome) -> list[str]:
        ids = of(o) if of is not None else list(getattr(o.game.position.players[side], attr))
        return list(reversed(ids)) if attr == "deck" else sorted(ids)
    if isinstance(raw, int) and not isinstance(raw, bool):
        return equal(path, whole_at(place, path, raw, 0, 1000), lambda o: len(cards_in(o)))
    ids = []
    for j, cid in enumerate(list_at(place, path, raw)):
        cid = text_at(place, (*path, j), cid, "a card id")
        if cid not in cards.cards or cards.cards[cid].side is not side:
            raise place.error((*path, j), f'"{cid}" is not one of {side}\'s cards',
                              did_you_mean(cid, [c.id for c in cards.pool(side)]))
        ids.append(cid)
    return equal(path, ids if attr == "deck" else sorted(ids), cards_in)


def _result(out: Outcome) -> str:
    r = out.game.result
    return "none" if r is None else (r.winner.value if r.winner is not None else "draw")
