"""A player chosen by a player, in the core language (issue 29 §1): `a player chosen by P` (any
player, P too) and `another player chosen by P` (any but P) stand wherever a player does, in every
game. P chooses before the statement that names it runs (CoreOps.choose_option, among the seats by
name), once per phrase in a statement, like a superlative's tie."""

from __future__ import annotations

import pytest

from cmdsl.errors import CardError
from cmdsl.games.cm2008.vocabulary import LANGUAGE as CM2008
from cmdsl.lang import ast as A
from cmdsl.lang.checker import Checked, Context, Names
from cmdsl.lang.run import Run
from tests.test_highcard_language import asked_then_given
from tests.toygame.game import Seat
from tests.toygame.vocabulary import LANGUAGE, nodes as N

NO_NAMES = Names()


def checked(text: str, ctx: Context = Context("card")) -> Checked:
    return LANGUAGE.check(LANGUAGE.parse(text), NO_NAMES, ctx)


def test_a_player_chosen_by_you_is_asked_before_its_statement() -> None:
    effect = "give the lowest card of a player chosen by you to you\n"
    program = checked(effect).program
    assert program.body == (N.GiveCard(False, A.ChosenPlayer(A.PlayerRef("you"), False), A.PlayerRef("you")),)
    assert LANGUAGE.render.program(program) == effect
    assert LANGUAGE.rules_text(program) == "A player of your choice gives you their lowest card."
    assert LANGUAGE.rules_text(program, lang="fr") == "Un joueur de votre choix vous donne sa carte la plus basse."
    asked, given = asked_then_given(effect, Seat.EAST, 1)
    # round the table from the seat after the chooser, the chooser last: no seat is always the first option
    assert asked.player is Seat.EAST and [o.label for o in asked.options] == ["West", "North", "East"]
    assert given == [(Seat.NORTH, Seat.EAST, 2)]  # North's lowest


def test_another_player_chosen_by_someone_is_never_them() -> None:
    effect = "give the highest card of you to another player chosen by the active player\n"
    program = checked(effect).program
    assert program.body[0].taker == A.ChosenPlayer(A.PlayerRef("active"), True)
    assert LANGUAGE.render.program(program) == effect
    assert LANGUAGE.rules_text(program) == "You give your highest card to another player chosen by the active player."
    assert LANGUAGE.rules_text(program, lang="fr") == (
        "Vous donnez votre carte la plus haute à un autre joueur choisi par le joueur actif.")
    asked, given = asked_then_given(effect, Seat.EAST, 1)
    assert asked.player is Seat.NORTH and [o.label for o in asked.options] == ["East", "West"]  # North is active
    assert [(giver, taker) for giver, taker, _ in given] == [(Seat.EAST, Seat.WEST)]


def test_the_same_phrase_twice_in_a_statement_is_one_choice() -> None:
    effect = "if a player chosen by you has more points than a player chosen by you:\n    nothing\n"
    asked_then_given(effect, Seat.EAST, 0)  # asked once: the answer ends it


def test_each_choice_is_a_unit_of_work() -> None:
    plain = checked("give the lowest card of you to the active player\n").work
    chosen = checked("give the lowest card of another player chosen by you to a player chosen by you\n").work
    assert chosen.fixed == plain.fixed + 2


@pytest.mark.parametrize("text, ctx, error", [
    ("give the lowest card of a player chosen by 3 to you\n", Context("card"),
     '1:44: unexpected "3"; expected "a", "another", "the", "you", a variable name'),
    ("give the lowest card of a player chosen by you to the active player\n", Context("card", has_actor=False),
     "1:44: nobody acts here: say who does with `as ...:`"),
])
def test_a_chooser_must_be_a_player_who_can_act(text: str, ctx: Context, error: str) -> None:
    with pytest.raises(CardError) as e:
        checked(text, ctx)
    assert str(e.value).startswith(f"<effect>:{error}")


def test_campaign_manager_speaks_it_too(cm2008) -> None:  # type: ignore[no-untyped-def]
    from cmdsl.games.cm2008.engine import campaign_game, rules_of
    from cmdsl.games.cm2008.model import Side
    from cmdsl.games.cm2008.scenario import compile_snippet

    effect = "as another player chosen by you:\n    draw 1\n"
    program = CM2008.parse(effect)
    assert CM2008.render.program(program) == effect
    game = campaign_game(cm2008, 3)
    before = rules_of(game).hand_size(Side.OBAMA)
    for _ in compile_snippet(cm2008, effect).run(Run(rules_of(game).ops, Side.MCCAIN)):
        raise AssertionError("no decision expected: the opponent is the only other player")
    assert rules_of(game).hand_size(Side.OBAMA) == before + 1
    assert CM2008.rules_text(program).splitlines()[0] == "Another player of your choice does this:"
    measured = "as the player with the most (the hand size of a player chosen by you):\n    draw 1\n"
    with pytest.raises(CardError, match="1:47: a player chosen by someone cannot stand in a measure"):
        CM2008.check(CM2008.parse(measured), NO_NAMES, Context("card"))


@pytest.mark.parametrize("text, error", [
    ("while in play:\n    when a player chosen by you goes negative:\n        draw 1\n",
     "2:10: an ability is read when the game asks (whose event it is), where nobody can choose: "
     "no player chosen by someone or `the player with the most …` here"),
    ("while in play:\n    the player with the most (the score of them) rolls 2 going negative dice\n",
     "2:5: an ability is read when the game asks (who rolls and how many dice)"),
    ("while in play:\n    you roll the hand size of another player chosen by you going negative dice\n",
     "2:31: an ability is read when the game asks (who rolls and how many dice)"),
    ("while in play:\n    breaking news targets a state chosen by a player chosen by the opponent\n",
     "2:45: an ability is read when the game asks (where Breaking News lands)"),
])
def test_an_ability_reads_no_player_that_must_be_chosen_or_settled(text: str, error: str) -> None:
    """Was, for `the player with the most`: accepted, and read as nobody when the game asked."""
    with pytest.raises(CardError) as e:
        CM2008.check(CM2008.parse(text), NO_NAMES, Context("card", abilities=True))
    assert str(e.value).startswith(f"<effect>:{error}")


def test_a_parse_error_lists_only_what_may_come_there() -> None:
    """Was: "…, the end of the line" too, where a line may not end (the lexer reads a line's end
    anywhere, for the indentation; the parser does not accept one there)."""
    with pytest.raises(CardError) as e:
        CM2008.parse("draw the hand size of a player chosen by 3\n")
    assert str(e.value) == ('<effect>:1:42: unexpected "3"; expected "a", "another", "the", "you", '
                            'a variable name (S, X…), mccain or obama')
    with pytest.raises(CardError) as e:
        LANGUAGE.parse("while in play:\n    at the end of the opponent's turn:\n        nothing\n")
    assert str(e.value) == '<effect>:2:19: unexpected "the"; expected "each", "your"'


def test_a_word_that_is_no_keyword_lists_only_what_may_come_there_too() -> None:
    """Was: `… skip a tern` said "expected "player", "turn", the end of the line"."""
    from cmdsl.games.racolage.vocabulary import LANGUAGE as RACOLAGE

    with pytest.raises(CardError) as e:
        RACOLAGE.parse("another player chosen by you skip a tern\n")
    assert str(e.value).splitlines()[0] == '<effect>:1:37: unexpected "tern"; expected "player", "turn"'
