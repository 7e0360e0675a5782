"""Issue 55 §7: a number written otherwise than the language reads one (2.5, -1, three) is refused
at the number, saying what a number there must be, in every game's language."""

from __future__ import annotations

import pytest

from cmdsl.errors import CardError
from cmdsl.games.cm2008.vocabulary import parse_effect
from cmdsl.games.racolage.vocabulary import LANGUAGE as RACOLAGE
from cmdsl.lang.check_scope import MAX_LITERAL
from cmdsl.lang.work import MAX_COUNT

WHAT = f"a number in an effect is a whole number from 0 to {MAX_LITERAL} (a count is capped at {MAX_COUNT})"


def refused(text: str) -> CardError:
    with pytest.raises(CardError) as e:
        parse_effect(text)
    return e.value


def test_a_decimal_number_is_refused_at_the_number() -> None:
    e = refused("gain 2.5 supports on economy in Ohio\n")
    assert str(e).startswith(f'<effect>:1:6: "2.5" is not a whole number: {WHAT}'), str(e)


def test_a_negative_number_is_refused_at_the_number() -> None:
    e = refused("gain -1 supports on economy in Ohio\n")
    assert str(e).startswith(f'<effect>:1:6: "-1" is below 0: {WHAT}'), str(e)


def test_a_number_in_words_says_how_to_write_it() -> None:
    e = refused("draw three cards\n")  # CM2008 rewrites a card's printed line whole (an editor's quick fix)
    assert str(e).startswith('<effect>:1:6: unexpected "three"'), str(e)
    assert e.hint == 'the effect language writes this line "draw 3"'
    with pytest.raises(CardError) as racolage:
        RACOLAGE.parse("you draw three action cards\n")
    assert racolage.value.hint == 'write 3, not "three"'
    with pytest.raises(CardError) as french:
        RACOLAGE.parse("you draw deux action cards\n")
    assert french.value.hint == 'write 2, not "deux"'


def test_every_games_language_says_so() -> None:
    with pytest.raises(CardError, match=r'"1\.5" is not a whole number'):
        RACOLAGE.parse("you draw 1.5 action cards\n")


def test_an_error_names_examples_of_its_own_game_only() -> None:
    """Issue 55 §8: Racolage's errors listed 'a quoted name ("Ohio")', a CM2008 state."""
    with pytest.raises(CardError) as racolage:
        RACOLAGE.parse("if the notoriety of you > :\n    you draw 1 action card\n")
    assert 'a quoted theme ("Economy")' in str(racolage.value) and "Ohio" not in str(racolage.value)
    assert 'a quoted name ("Ohio")' in str(refused("if the score of you > :\n    draw 1\n"))
