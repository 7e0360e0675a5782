"""The bundled cm2008 data holds what RULES.md and the engine issue ask for (R1, R2, R3, R8, R10)."""

from __future__ import annotations

from collections import Counter

from cmdsl.games.cm2008.vocabulary import nodes as A
from cmdsl.games.cm2008.model import CardSet, Side

from .conftest import published_game

#: These pin the published game's data: they do not apply to another set put in cards/cm2008.
pytestmark = published_game

NAMED = {"Florida", "Michigan", "Missouri", "New Jersey", "Oregon", "Iowa", "Virginia", "Nevada", "Ohio",
         "Colorado", "West Virginia"}


def walk(stmts: tuple[A.Stmt, ...]):  # type: ignore[no-untyped-def]
    for s in stmts:
        yield s
        for attr in ("then", "otherwise", "body"):
            yield from walk(getattr(s, attr, ()))
        for o in getattr(s, "options", ()):
            yield from walk(o)


def test_twenty_states_226_votes_ten_per_pile(cm2008: CardSet) -> None:
    states = cm2008.states.values()
    assert len(states) == 20 and sum(s.ev for s in states) == 226  # R1.8
    assert Counter(s.pile for s in states) == {Side.MCCAIN: 10, Side.OBAMA: 10}  # R1.7
    assert NAMED <= set(cm2008.states)
    assert {s.name for s in states if s.beginner} == {"Florida", "Michigan", "Missouri", "New Jersey"}  # R3.3
    for s in states:  # R2
        assert all(3 <= len(r) <= 5 for r in s.rows.values()) and len(set(s.groups)) == 2 and s.key in s.groups


def test_beginner_decks_news_and_table(cm2008: CardSet) -> None:
    for side in Side:
        assert len(cm2008.beginner_deck(side)) == 15  # R1.2
    assert len(cm2008.news) >= 10 and sorted(cm2008.negative) == [1, 2, 3, 4, 5, 6]


def test_every_family_is_there(cm2008: CardSet) -> None:
    for side in Side:
        deck = cm2008.beginner_deck(side)
        kinds = {type(s).__name__ for c in deck for s in walk(c.checked.program.body)}
        assert {"Gain", "Shift", "Alter", "DemographicSupport", "Draw", "DrawAndPlay", "DiscardAny",
                "Repeat", "ChooseState", "If", "ForEach", "WhileInPlay"} <= kinds, side
        assert any(c.discard_cost for c in deck)  # a discard cost is declared (`cost:`), not a statement
        assert any(isinstance(s, A.ChooseState) and s.different for c in deck for s in walk(c.checked.program.body))
        media = [c for c in deck if c.is_media]
        assert len(media) == 3
        rules = Counter(type(a).__name__ for c in media for a in c.checked.abilities)
        assert rules["NewsTarget"] == 2 and rules["RollDice"] == 1
        assert sum(c.going_negative for c in deck) >= 3
        assert any(c.discard_cost == 2 for c in deck)
        keyed = [s for c in deck for s in walk(c.checked.program.body)
                 if isinstance(s, A.If) and isinstance(s.cond, A.Compare) and isinstance(s.cond.left, A.Of)
                 and s.cond.left.prop == "key"]
        assert keyed
