"""Rules text names what an effect binds as a printed card would (issue 55 §12): "Choose a state in
play. Gain two supports on Defense in that state.", « cet État », not "call it S" — unless that
would be ambiguous (two states chosen, or a superlative also called "that state"), where every
variable of that kind keeps its letter. A line written alone (a "choose one" option's label, an
error's hint) keeps its letter: it cannot see what binds it."""

from __future__ import annotations

import re

import pytest

from cmdsl.errors import CardError
from cmdsl.games.cm2008.catalog import card_text
from cmdsl.games.cm2008.model import CardSet
from cmdsl.games.cm2008.vocabulary import parse_effect
from cmdsl.games.cm2008.vocabulary.checker import campaign_names, check
from cmdsl.games.cm2008.vocabulary.english import effect_form
from cmdsl.games.cm2008.vocabulary.text import option_text, rules_text
from cmdsl.lang.checker import Context


def text(cards: CardSet, effect: str, lang: str = "en") -> list[str]:
    checked = check(parse_effect(effect), campaign_names(cards.states, cards.groups), Context("card")).program
    return rules_text(checked, "card", lang).splitlines()


@pytest.mark.parametrize(("effect", "en", "fr"), [
    ("choose a state as S\ngain 2 supports on defense in S\n",
     ["Choose a state in play.", "Gain two supports on Defense in that state."],
     ["Choisissez un État en jeu.", "Gagnez 2 soutiens sur la Défense dans cet État."]),
    ("choose a state as S\nchoose an issue as I\nshift S 1 toward I\n",
     ["Choose a state in play.", "Choose an issue, Economy or Defense.", "Shift that state one box toward that issue."],
     ["Choisissez un État en jeu.", "Choisissez un enjeu, Économie ou Défense.",
      "Orientez cet État de 1 case vers cet enjeu."]),
    ("choose a card from hand as C\nplay C\n",
     ["Choose a card from your hand.", "Play that card at once."],
     ["Choisissez une carte de votre main.", "Jouez cette carte aussitôt."]),
    ("discard any number as X\nrepeat X:\n    draw 1\n",
     ["Discard any number of cards, even none.", "As many times as the number of cards discarded:", "  Draw one card."],
     ["Défaussez autant de cartes que vous voulez, même aucune.",
      "Autant de fois que le nombre de cartes défaussées :", "  Piochez 1 carte."]),
    ("for each state as S where the majority issue of S is economy:\n    shift S 1 toward defense\n",
     ["For each state in play where the majority issue of that state is Economy:",
      "  Shift that state one box toward Defense."],
     ["Pour chaque État en jeu tel que l'enjeu majoritaire de cet État est l'Économie :",
      "  Orientez cet État de 1 case vers la Défense."]),
])
def test_what_an_effect_binds_is_named_as_a_printed_card_names_it(
        cm2008: CardSet, effect: str, en: list[str], fr: list[str]) -> None:
    assert text(cm2008, effect) == en
    assert text(cm2008, effect, "fr") == fr


def test_two_states_chosen_keep_their_letters(cm2008: CardSet) -> None:
    """"That state" would be either: both keep their letter, the issue (one of its kind) is named."""
    effect = ("choose a state as S\nchoose a state as T\nchoose an issue as I\n"
              "shift S 1 toward I\nshift T 1 toward I\n")
    assert text(cm2008, effect) == [
        "Choose a state in play; call it S.", "Choose a state in play; call it T.",
        "Choose an issue, Economy or Defense.", "Shift S one box toward that issue.", "Shift T one box toward that issue."]
    assert text(cm2008, effect, "fr")[:2] == ["Choisissez un État en jeu ; appelez-le S.",
                                              "Choisissez un État en jeu ; appelez-le T."]


def test_a_state_beside_a_superlative_keeps_its_letter(cm2008: CardSet) -> None:
    """"Find the state with the most electoral votes" is "that state" in the next sentence: S is not."""
    lines = text(cm2008, "choose a state as S\ngain 1 support on economy in S\n"
                         "gain 1 support on defense in the state with the most votes\n")
    assert lines[0] == "Choose a state in play; call it S." and "that state" in lines[-1]


def test_a_line_written_alone_keeps_its_letter(cm2008: CardSet) -> None:
    """A "choose one" option's label is written without what binds S before it."""
    checked = check(parse_effect("choose a state as S\nchoose one:\n    option:\n        shift S 1 toward economy\n"
                                 "    option:\n        draw 1\n"),
                    campaign_names(cm2008.states, cm2008.groups), Context("card")).program
    choice = checked.body[1]
    assert option_text(choice.options[0]) == "Shift S one box toward Economy"  # type: ignore[attr-defined]


def test_no_card_of_the_bundled_set_names_a_variable(cm2008: CardSet) -> None:
    """Every card, news and result, in both languages: no "call it", no lone capital letter."""
    for item in [*cm2008.cards.values(), *cm2008.news.values(), *cm2008.negative.values()]:
        for lang in ("en", "fr"):
            said = card_text(item, lang)
            assert not re.search(r"call it|call that|appelez|\b[A-Z]\b(?![\w'])", said), (item.id, lang, said)



@pytest.mark.parametrize(("effect", "form"), [
    ("choose a state in play\n", "choose a state as S"),
    ("choose a state as S\nGain two supports on Defense in that state.\n", "gain 2 supports on defense in S"),
    ("for each state in play where the majority issue of that state is Economy:\n    draw 1\n",
     "for each state as S where the majority issue of S is economy:"),
    ("choose a card from your hand\n", "choose a card from hand as C"),
])
def test_a_printed_line_typed_as_an_effect_is_answered_with_the_line_to_write(effect: str, form: str) -> None:
    """Issue 26 §2's hints, for the text as it now reads: the hint gives the letter the card does not."""
    with pytest.raises(CardError) as info:
        parse_effect(effect)
    assert info.value.hint == f'the effect language writes this line "{form}"'


def test_every_printed_line_of_the_bundled_set_reads_back(cm2008: CardSet) -> None:
    """Every line of every card's English text but the cost sentence (a field, `cost:`) has its effect form."""
    for item in [*cm2008.cards.values(), *cm2008.news.values(), *cm2008.negative.values()]:
        for line in card_text(item).splitlines():
            if "(a cost:" not in line:
                assert effect_form(line) is not None, (item.id, line)
