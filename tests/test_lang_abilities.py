"""Abilities as a framework of the core language (issue 29 §1): `while in play:` and triggered
abilities are the core's — parsed, checked, bounded, compiled, written back and in English and French
in every game's language. The core's event is the end of a turn (`at the end of your turn:`, `… of
each turn:`); a game adds its own events and abilities (Campaign Manager 2008: `when a state is won`,
its dice and Breaking News abilities, R12.16). Shown here in High Card's language, whose vocabulary
says nothing of abilities."""

from __future__ import annotations

import pytest

from cmdsl.errors import CardError
from cmdsl.games.cm2008.vocabulary import LANGUAGE as CM2008
from cmdsl.lang import ast as A
from cmdsl.lang.checker import Checked, Context, Names
from cmdsl.lang.compiler import Abilities
from tests.toygame.game import Seat
from tests.toygame.vocabulary import LANGUAGE

NO_NAMES = Names()
STAYS = Context("card", abilities=True)  # a card that stays in play

EFFECT = """\
give the lowest card of you to the active player
while in play:
    at the end of your turn:
        give the highest card of the active player to you
    at the end of each turn:
        nothing
"""


def checked(text: str, ctx: Context = STAYS) -> Checked:
    return LANGUAGE.check(LANGUAGE.parse(text), NO_NAMES, ctx)


def test_while_in_play_and_the_end_of_a_turn_are_the_cores_nodes() -> None:
    program = checked(EFFECT).program
    give, in_play = program.body
    assert isinstance(in_play, A.WhileInPlay)
    mine, each = in_play.body
    assert mine == A.Trigger(A.END_TURN, A.PlayerRef("you"), mine.body) and mine.body[0] == give.__class__(
        True, A.PlayerRef("active"), A.PlayerRef("you"))
    assert each == A.Trigger(A.END_TURN, None, (A.Nothing(),))
    assert checked(EFFECT).abilities == (mine, each)
    assert LANGUAGE.render.program(program) == EFFECT


def test_abilities_rules_text_in_english_and_french() -> None:
    program = checked(EFFECT).program
    assert LANGUAGE.rules_text(program).splitlines()[1:] == [
        "While this card is in play:", "  At the end of your turn:",
        "    The active player gives you their highest card.", "  At the end of each turn:", "    Nothing happens."]
    assert LANGUAGE.rules_text(program, lang="fr").splitlines()[1:] == [
        "Tant que cette carte est en jeu :", "  À la fin de votre tour :",
        "    Le joueur actif vous donne sa carte la plus haute.", "  À la fin de chaque tour :",
        "    Rien ne se passe."]


def test_a_trigger_fires_at_its_event_for_whose_it_is() -> None:
    compiled = LANGUAGE.compile(checked(EFFECT), "7")
    abilities = compiled.abilities
    assert isinstance(abilities, Abilities) and [t.event for t in abilities.triggers] == [A.END_TURN] * 2
    assert [t.label for t in abilities.triggers] == ["At the end of your turn", "At the end of each turn"]
    ops = None  # `you` and `each` read nothing of the game
    assert abilities.fired(A.END_TURN, ops, Seat.NORTH, Seat.NORTH) == [0, 1]  # the owner's turn: both
    assert abilities.fired(A.END_TURN, ops, Seat.NORTH, Seat.EAST) == [1]  # another's: each turn only
    assert abilities.fired("won", ops, Seat.NORTH, Seat.NORTH) == []  # not a High Card event


def test_an_effect_without_abilities_compiles_to_none() -> None:
    assert LANGUAGE.compile(checked("nothing\n"), "7").abilities is None


@pytest.mark.parametrize("text, ctx, error", [
    ("at the end of your turn:\n    nothing\n", STAYS,
     "1:1: this is an ability of a card in play: it belongs inside `while in play:`"),
    ("while in play:\n    nothing\n", STAYS, "2:5: only abilities may appear inside `while in play:`"),
    ("while in play:\n    at the end of each turn:\n        nothing\n", Context("card"),
     "1:1: `while in play:` is only for cards that stay in play"),
    ("repeat 2:\n    while in play:\n        at the end of each turn:\n            nothing\n", STAYS,
     "2:5: `while in play:` must be at the top level of the effect"),
    ("while in play:\n    at the end of the opponent's turn:\n        nothing\n", STAYS,
     '2:19: unexpected "the"; expected "each", "your"'),
])
def test_abilities_stand_only_where_they_can_run(text: str, ctx: Context, error: str) -> None:
    with pytest.raises(CardError) as e:
        checked(text, ctx)
    assert str(e.value).startswith(f"<effect>:{error}")


def test_a_trigger_counts_for_every_time_it_may_fire() -> None:
    once = checked("give the lowest card of you to the active player\n").work
    trigger = checked("while in play:\n    at the end of each turn:\n"
                      "        give the lowest card of you to the active player\n").work
    max_triggers = LANGUAGE.vocabulary.bounds.max_triggers
    assert trigger.fixed == (1 + once.fixed) * max_triggers


def test_a_game_adds_its_own_events_and_whose_turn() -> None:
    # Campaign Manager 2008 (R12.16): its events, and the opponent's turn, on the core's framework.
    text = ("while in play:\n    when a state is won by you:\n        draw 1\n"
            "    at the end of the opponent's turn:\n        draw 1\n")
    program = CM2008.parse(text)
    won, end = program.body[0].body
    assert (won.event, end.event) == ("won", A.END_TURN)
    assert CM2008.render.program(program) == text
