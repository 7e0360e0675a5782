"""Secrets are first-class (DESIGN property 11; docs/secrets.md): ``game.view(seat)`` holds no card
the seat may not see, is the same whatever the hidden cards are, and holds the seat's own hand;
every event class declares its audience and a redacted form that names no hidden card.

What a seat knows is worked out here from the rules (R3.1–R3.3, R4.3, R4.4, R10), not from the
events' own ``audience()``: a test that asked the code under test what is secret would prove nothing.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import random
import re
from enum import Enum
from typing import Any, Iterator, get_type_hints

import pytest
from hypothesis import given, settings, strategies as st

from cmdsl.games.cm2008 import events as E
from cmdsl.game.decisions import Decision, Option
from cmdsl.games.cm2008.kinds import DecisionKind
from cmdsl.games.cm2008.engine import CampaignGame, campaign_game, campaign_of
from cmdsl.game.log import EventLog
from cmdsl.game.rng import GameRng
from cmdsl.games.cm2008.setup import Setup
from cmdsl.games.cm2008.view import View
from cmdsl.games.cm2008.model import SIDES, CardSet, SetupMode, Side

from .conftest import deep_after, examples

MAX_TURNS = 24  # long enough for reshuffles, wins, Breaking News and Media Support; short enough to run often

#: (card set fixture, setup mode): the mini set cannot be drafted.
GAMES: list[tuple[str, SetupMode]] = [("mini", "beginner"), ("mini", "choose-states"),
                                      ("cm2008", "beginner"), ("cm2008", "choose-states"), ("cm2008", "draft")]


def decisions(cards: CardSet, seed: int, mode: SetupMode) -> Iterator[CampaignGame]:
    """A random game of ``seed``, stopped at each of its decisions (and once over)."""
    game = campaign_game(cards, seed=seed, setup=Setup(mode=mode, max_turns=MAX_TURNS))
    pick = random.Random(seed)
    while game.pending is not None:
        yield game
        game.answer(pick.choice(game.pending.options).id)
    yield game


# ---- what a seat knows, from the rules ------------------------------------------------------

def known_to(game: CampaignGame, seat: Side) -> set[str]:
    """The card and news ids ``seat`` has seen: every card played or discarded (face up, R4.3,
    R4.4), every Breaking News revealed (R10), the cards it drew or drafted itself (R3.1, R3.2) and
    the cards of its own decision (a draft round's three)."""
    known: set[str] = set()
    for e in game.events:
        if isinstance(e, (E.CardPlayed, E.CardDiscarded, E.MediaSupportInPlay, E.PlayTooDeep)):
            known.add(e.card)
        elif isinstance(e, E.NewsDrawn):
            known.add(e.news)
        elif isinstance(e, E.CardDrawn) and e.player is seat:
            known.add(e.card)
        elif isinstance(e, E.Drafted) and e.player is seat:
            known |= {e.kept, *e.removed}
    for side in SIDES:  # face up now, however they got there (an action by hand moves cards silently)
        known |= {*game.position.players[side].discard, *game.position.players[side].played}
    if game.position.media is not None:
        known.add(game.position.media[0])
    known |= set(game.position.players[seat].hand)  # its own hand, however the cards got there (R3.2)
    for d in game.pending_decisions:  # the 3 cards of its draft round (both seats draft at once)
        if d.player is seat:
            known |= {o.id.partition(":")[2] for o in d.options if o.id.startswith(("card:", "play:"))}
    return known


def shuffled(game: CampaignGame, player: Side | None) -> set[str]:
    """Every id that went into a shuffle of ``player``'s cards (None: the Breaking News deck)."""
    return {c for e in game.events if isinstance(e, E.Shuffled) and e.player is player for c in e.order}


def hidden_from(game: CampaignGame, seat: Side) -> set[str]:
    """The ids ``seat`` must not find in its view now: every card that was ever face down (a
    shuffled pool or deck, the opponent's hand, the Breaking News deck) and that it has not seen."""
    opp = game.position.players[seat.other]
    face_down = shuffled(game, Side.MCCAIN) | shuffled(game, Side.OBAMA) | shuffled(game, None)
    face_down |= set(opp.hand) | set(opp.deck) | set(game.position.players[seat].deck) | set(game.position.news_deck)
    return face_down - known_to(game, seat)


# ---- walking a view ---------------------------------------------------------------------------

def atoms(value: Any, path: str = "view") -> Iterator[tuple[str, Any]]:
    """Every leaf of a view, with where it is; events also yield their text. Anything that is not
    a plain value (an RNG, a position, a live state) fails: a view shares nothing with the game."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from atoms(getattr(value, f.name), f"{path}.{f.name}")
        if isinstance(value, E.Event):
            yield f"{path}.text()", value.text()
    elif isinstance(value, (tuple, frozenset)):
        for i, v in enumerate(value):
            yield from atoms(v, f"{path}[{i}]")
    elif value is None or isinstance(value, (str, int, Enum)):
        yield path, value
    else:
        raise AssertionError(f"{path} is a {type(value).__name__}, not a plain value")


def leaks(view: View, ids: set[str], titles: dict[str, str]) -> list[str]:
    """Where a hidden id (or the title of a hidden card) shows in ``view``."""
    if not ids:
        return []
    id_re = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(ids))) + r")(?![\w-])")
    names = sorted({titles[i] for i in ids if i in titles})
    title_re = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, names)) + r")(?!\w)") if names else None
    found = []
    for where, v in atoms(view):
        if isinstance(v, str) and not isinstance(v, Enum):
            for rx in (id_re, title_re):
                if rx is not None and (m := rx.search(v)):
                    found.append(f"{where}: {m.group(1)!r} in {v!r}")
    return found


def titles_of(cards: CardSet, hidden: set[str]) -> dict[str, str]:
    """The titles of hidden cards and news, but for a title that is part of another card's
    ("Wall Street Bailout" is in "Wall Street Bailout Vote"), which may be shown."""
    every = {**{c.id: c.title for c in cards.cards.values()}, **{n.id: n.title for n in cards.news.values()}}
    others = [t for i, t in every.items() if i not in hidden]
    return {i: every[i] for i in hidden if i in every and not any(every[i] in t for t in others)}


# ---- (a) no hidden card in a view; (c) the seat's own hand and decision are in it -------------

@pytest.mark.parametrize("set_name, mode", GAMES)
@pytest.mark.parametrize("seed", deep_after(1, range(4)))
def test_a_view_shows_no_hidden_card(set_name: str, mode: SetupMode, seed: int, request: pytest.FixtureRequest) -> None:
    cards: CardSet = request.getfixturevalue(set_name)
    checked = 0
    for game in decisions(cards, seed, mode):
        for seat in SIDES:
            hidden = hidden_from(game, seat)
            found = leaks(game.view(seat), hidden, titles_of(cards, hidden))
            assert not found, found[:3]
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("set_name, mode", GAMES)
def test_a_view_shows_the_own_hand_and_decision(set_name: str, mode: SetupMode, request: pytest.FixtureRequest) -> None:
    cards: CardSet = request.getfixturevalue(set_name)
    for game in decisions(cards, 1, mode):
        for seat in SIDES:
            view = game.view(seat)
            assert view.hand == tuple(game.position.players[seat].hand)
            assert view.me.deck_size == len(game.position.players[seat].deck)
            assert view.opponent.hand_size == len(game.position.players[seat.other].hand)
            assert view.opponent.discard == tuple(game.position.players[seat.other].discard)
            assert view.news_deck_size == len(game.position.news_deck)
            if game.pending is None:
                assert view.awaiting is None and view.decision is None and view.result == game.result
                continue
            own = [d for d in game.pending_decisions if d.player is seat]  # seats may pick at once
            assert [(a.player, a.kind) for a in view.waiting] == [(d.player, d.kind) for d in game.pending_decisions]
            assert view.awaiting is not None
            assert view.awaiting.player is (seat if own else game.pending.player)
            if own:
                assert view.decision is not None
                assert [(o.id, o.label) for o in view.decision.options] == [(o.id, o.label) for o in own[0].options]
            else:
                assert view.decision is None


# ---- (b) a view does not change when the hidden cards are dealt otherwise -------------------

def derangement(ids: set[str], rnd: random.Random) -> dict[str, str]:
    """A random permutation of ``ids`` that moves every one of them (when there are 2 or more)."""
    order = sorted(ids)
    rnd.shuffle(order)
    return {a: order[(i + 1) % len(order)] for i, a in enumerate(order)}


def redeal(game: CampaignGame, seat: Side, rnd: random.Random) -> CampaignGame:
    """The same game in another world ``seat`` cannot tell apart: the cards it has not seen are
    exchanged among themselves (the opponent's with the opponent's, its own undrawn ones with its
    own), everywhere (hands, decks, the full log, the pending decision); the Breaking News order,
    every shuffle's order, the seed and the RNG differ; a setup state picked in secret is another."""
    cards = campaign_of(game).cards
    known = known_to(game, seat)
    opp = seat.other
    theirs = set(game.position.players[opp].hand) | set(game.position.players[opp].deck) | shuffled(game, opp)
    mine = set(game.position.players[seat].deck) | shuffled(game, seat)
    pi = {**derangement(theirs - known, rnd), **derangement(mine - known, rnd)}

    def card(c: str) -> str:
        return pi.get(c, c)

    def title(c: str) -> str:
        return cards.cards[c].title

    pos = game.position.copy()
    for side in SIDES:
        p = pos.players[side]
        p.hand, p.deck = [card(c) for c in p.hand], [card(c) for c in p.deck]
    pos.decks = {side: tuple(card(c) for c in d) for side, d in pos.decks.items()}
    pos.news_deck = pos.news_deck[1:] + pos.news_deck[:1]
    pos.rng = GameRng(rnd.getrandbits(64))
    revealed = any(isinstance(e, E.StateEntered) for e in game.events)

    def event(e: E.Event) -> E.Event:
        changes: dict[str, Any] = {}
        for f in dataclasses.fields(e):
            v = getattr(e, f.name)
            if isinstance(v, str) and v in pi:
                changes[f.name] = pi[v]
            elif isinstance(v, tuple) and all(isinstance(x, str) for x in v):
                changes[f.name] = tuple(card(x) for x in v)
        if "card" in changes and hasattr(e, "title"):
            changes["title"] = title(changes["card"])
        if isinstance(e, E.Shuffled):
            changes["order"] = tuple(reversed(changes.get("order", e.order)))
        if isinstance(e, E.GameStarted):
            changes["seed"] = e.seed + 1
        if isinstance(e, E.Chose) and e.option.startswith("card:") and e.option[5:] in pi:
            new = pi[e.option[5:]]
            changes.update(option=f"card:{new}", label=title(new))
        if isinstance(e, E.Chose) and e.kind == DecisionKind.SETUP_STATE and e.player is opp and not revealed:
            changes.update(option="state:elsewhere", label="Elsewhere (3 EV)")
        return dataclasses.replace(e, **changes) if changes else e

    def option(o: Option) -> Option:
        for prefix in ("card:", "play:"):
            if o.id.startswith(prefix) and o.id[len(prefix):] in pi:
                new = pi[o.id[len(prefix):]]
                return Option(prefix + new, title(new) if prefix == "card:" else f"Play {title(new)}", new)
        return o

    other = copy.copy(game)  # shares the card set; every part that differs is replaced below
    other.position = pos
    other.events = EventLog()
    for e in game.events:
        other.events.add(event(e))
    d = game.pending
    other.pending = None if d is None else Decision(d.player, d.kind, d.prompt, tuple(option(o) for o in d.options))
    return other


@settings(max_examples=examples(30), deadline=None)
@given(game_no=st.sampled_from(range(len(GAMES))), seed=st.integers(0, 2**32), seat=st.sampled_from(SIDES),
       every=st.integers(1, 7))
def test_a_view_is_the_same_whatever_the_hidden_cards_are(game_no: int, seed: int, seat: Side, every: int,
                                                          mini: CardSet, cm2008: CardSet) -> None:
    set_name, mode = GAMES[game_no]
    cards = mini if set_name == "mini" else cm2008
    rnd = random.Random(seed)
    redealt = 0
    for n, game in enumerate(decisions(cards, seed, mode)):
        if n % every:
            continue
        other = redeal(game, seat, rnd)
        assert other.view(seat) == game.view(seat), f"decision {n}: the view shows something hidden"
        # The other world does differ: the full log or the opponent's view tells them apart.
        if other.events != game.events or other.view(seat.other) != game.view(seat.other):
            redealt += 1
    assert redealt > 0


# ---- (d) every event class has an audience and a redacted form that hides its hidden fields ----

EVENT_CLASSES = [c for _, c in inspect.getmembers(E, inspect.isclass)
                 if issubclass(c, E.Event) and c is not E.Event and c.__module__.startswith(E.__name__)]


def samples(cls: type[E.Event], player: Side) -> list[E.Event]:
    """Instances of ``cls`` whose text values are distinct markers (so that a leak is found by
    searching for them); a ``Chose`` of every decision kind."""
    hints = get_type_hints(cls)
    base: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if not f.init or f.name == "cause":
            continue
        t = hints[f.name]
        if t in (Side, Side | None):
            base[f.name] = player
        elif t in (str, str | None):
            base[f.name] = f"«{cls.__name__}.{f.name}»"
        elif t is int:
            base[f.name] = 987654321 if f.name in cls.hidden else 3
        elif t is bool:
            base[f.name] = False
        elif t == tuple[str, ...]:
            base[f.name] = (f"«{cls.__name__}.{f.name}.1»", f"«{cls.__name__}.{f.name}.2»")
        else:  # pragma: no cover - a field of a new type needs a sample value here
            raise AssertionError(f"{cls.__name__}.{f.name}: no sample value for {t}")
    if cls is E.Chose:
        return [cls(**{**base, "kind": kind}) for kind in DecisionKind]
    return [cls(**base)]


def test_every_event_class_is_listed() -> None:
    assert E.Chose in EVENT_CLASSES and E.CardDrawnRedacted in EVENT_CLASSES and len(EVENT_CLASSES) > 30


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=lambda c: c.__name__)
def test_every_event_class_declares_its_audience(cls: type[E.Event]) -> None:
    assert "audience" in vars(cls), f"{cls.__name__} declares no audience (DESIGN property 11)"
    for player in SIDES:
        for event in samples(cls, player):
            audience = event.audience()
            assert isinstance(audience, E.Audience)
            if audience != E.EVERYONE:
                assert cls.hidden, f"{cls.__name__} is not public but names no hidden field"
            for seat in SIDES:
                seen = event.redacted(seat)
                assert isinstance(seen, E.Event)
                if audience.includes(seat):
                    assert seen is event
                    continue
                # what a seat outside the audience sees is public and says none of the hidden values
                assert type(seen) is not cls and seen.audience() == E.EVERYONE
                assert seen.redacted(seat.other) is seen
                secrets = {str(v) for name in cls.hidden for v in _values(getattr(event, name))}
                shown = [(w, v) for w, v in atoms(seen) if any(s in str(v) for s in secrets)]
                assert not shown, f"{cls.__name__} redacted for {seat}: {shown}"
                assert seen.text() and seen.cause == event.cause


def _values(v: Any) -> tuple[Any, ...]:
    return v if isinstance(v, tuple) else (v,)


def test_the_audiences_are_the_rules() -> None:
    """The decisions of docs/secrets.md, one by one."""
    obama, mccain = Side.OBAMA, Side.MCCAIN
    only = E.Audience.only
    assert E.CardDrawn(obama, "c", "T").audience() == only(obama)  # R3.2
    assert E.CardDrawn(obama, "c", "Press Briefing").redacted(mccain).text() == "Obama draws a card."
    assert E.Drafted(obama, 1, "k", ("r1", "r2")).audience() == only(obama)  # R3.1
    assert E.Shuffled(obama, "deck", 3, ("a", "b", "c")).audience() == E.NOBODY  # R3.2, R5.1
    assert E.Shuffled(None, "Breaking News deck", 2, ("a", "b")).audience() == E.NOBODY  # R3.4
    assert E.GameStarted(7, "beginner", obama).audience() == E.NOBODY  # the seed is all the chance
    assert E.Interjected("Obama's hand set to: X").audience() == E.NOBODY
    for kind in ("setup-state", "draft", "card", "discard"):  # R3.1, R3.3, a card from hand
        assert E.Chose(obama, kind, "card:c", "T").audience() == only(obama)
    assert E.Chose(obama, "discard", "done", "stop discarding (1 discarded)").audience() == E.EVERYONE
    for kind in ("turn", "state", "issue", "block", "order", "replacement", "news-target", "option"):
        assert E.Chose(obama, kind, "x", "X").audience() == E.EVERYONE
    public = (E.CardPlayed(obama, "c", "T"), E.CardDiscarded(obama, "c", "T", "cost"),  # R4.3, R4.4
              E.MediaSupportInPlay(obama, "c", "T"), E.NewsDrawn("n", "N", None))  # R10
    assert all(e.audience() == E.EVERYONE for e in public)


def test_the_full_log_is_kept(cm2008: CardSet) -> None:
    """``game.events`` stays unredacted: a view redacts a copy."""
    *_, game = decisions(cm2008, 5, "beginner")
    texts = [e.text() for e in game.events]
    view = game.view(Side.MCCAIN)
    assert [e.text() for e in game.events] == texts
    assert any(isinstance(e, E.CardDrawn) and e.player is Side.OBAMA for e in game.events)
    assert not any(isinstance(e, E.CardDrawn) and e.player is Side.OBAMA for e in view.events)
    assert len(view.events) == len(game.events)


def test_an_action_by_hand_shows_nobody_the_cards_it_names(cm2008: CardSet) -> None:
    """A hand or the top Breaking News set by hand (the REPL's ``set``) is not in anyone's view."""
    from cmdsl.games.cm2008.actions import PositionChange
    from cmdsl.games.cm2008.interjections import interject

    game = campaign_game(cm2008, seed=2, setup=Setup(first="mccain"))
    obama = game.position.players[Side.OBAMA]
    secret = obama.deck[:3]
    interject(game, PositionChange.of({"op": "hand", "side": "obama", "cards": secret}))
    interject(game, PositionChange.of({"op": "news", "id": game.position.news_deck[0]}))
    assert game.position.players[Side.OBAMA].hand == secret
    assert any(isinstance(e, E.Interjected) for e in game.events)
    for seat in SIDES:
        view = game.view(seat)
        hidden = hidden_from(game, seat)
        assert set(secret) <= hidden_from(game, Side.MCCAIN) and game.position.news_deck[-1] in hidden
        assert not leaks(view, hidden, titles_of(cm2008, hidden))
        assert sum(isinstance(e, E.InterjectedRedacted) for e in view.events) == 2
