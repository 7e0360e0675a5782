"""Card text a reader would print (issue 26 §3): each defect quoted in the issue, in English and in
French, fixed in the writer (cmdsl/games/cm2008/vocabulary/text.py) and the card list (cmdsl/games/cm2008/catalog.py), never in
the cards."""

from __future__ import annotations

import re

import pytest

from cmdsl.games.cm2008.catalog import card_text, list_items, markdown, show
from cmdsl.games.cm2008.glossary import terms
from cmdsl.games.cm2008.vocabulary.checker import Context, ContextKind
from cmdsl.games.cm2008.vocabulary.checker import campaign_names, check
from cmdsl.games.cm2008.vocabulary import parse_effect
from cmdsl.games.cm2008.vocabulary.text import rules_text
from cmdsl.games.cm2008.model import CardSet


def text(cards: CardSet, effect: str, lang: str = "en", kind: str = "card") -> list[str]:
    """An effect's rules text, checked against the bundled set's names (as a card's would be)."""
    checked = check(parse_effect(effect), campaign_names(cards.states, cards.groups), Context(kind))
    return rules_text(checked.program, kind, lang, terms(lang)).splitlines()


# ---- English -------------------------------------------------------------------------------------


def test_an_issue_read_from_the_game_is_not_put_where_a_bare_issue_goes(cm2008: CardSet) -> None:
    """Was: "the number of the majority issue of S blocks of S in your colour"."""
    effect = "choose a state as S\nif the blocks of you on the majority issue of S in S >= 2:\n    draw 1\n"
    assert text(cm2008, effect)[1] == "If the number of blocks of that state in your colour on its majority issue is at least 2:"
    assert text(cm2008, effect, "fr")[1] == ("Si le nombre de blocs de cet État à votre couleur du côté de son enjeu "
                                             "majoritaire est au moins 2 :")
    effect = "choose a state as S\nchoose a state as T\nif the undecided blocks on the minority issue of T in S > 0:\n    draw 1\n"
    assert text(cm2008, effect)[2] == "If the number of undecided blocks of S on the minority issue of T is more than 0:"
    assert "côté l'" not in " ".join(text(cm2008, effect, "fr"))  # "côté l'enjeu" was the French form


def test_a_state_is_named_once_with_its_own_issue(cm2008: CardSet) -> None:
    lines = text(cm2008, "choose a state as S\ngain 2 supports on the majority issue of S in S\n"
                         "shift S 1 toward the minority issue of S\n")
    assert lines[1:] == ["Gain two supports in that state on its majority issue.",
                         "Shift that state one box toward its minority issue."]
    assert text(cm2008, "choose a state as S\ngain 1 support on the majority issue of S in S\n", "fr")[1] == \
        "Gagnez 1 soutien dans cet État sur son enjeu majoritaire."


def test_a_nested_as_the_opponent_does_not_say_it_again(cm2008: CardSet) -> None:
    """`as the opponent` inside `as the opponent`: the same player acts, "you" is already them."""
    lines = text(cm2008, "as the opponent:\n    draw 1\n    as the opponent:\n        discard 1\n")
    assert lines == ["Your opponent does this:", "  Draw one card.", "  Discard one card, if possible."]
    # the opponent named inside is the one acting: "you" there, never "your opponent"
    lines = text(cm2008, "as the opponent:\n    if the opponent leads:\n        draw 1\n")
    assert lines[1] == "  If you lead in electoral votes:"


def test_one_card_to_discard_is_not_as_many_as_possible(cm2008: CardSet) -> None:
    assert text(cm2008, "discard 1\n") == ["Discard one card, if possible."]
    assert text(cm2008, "discard 2\n") == ["Discard two cards (as many as possible)."]
    assert text(cm2008, "discard 1\n", "fr") == ["Défaussez 1 carte, si possible."]


def test_a_superlative_is_found_in_a_sentence_of_its_own(cm2008: CardSet) -> None:
    """The issue's 60-word sentences: a superlative named twice in one line was spelt out twice."""
    effect = ("gain 1 support on the majority issue of the state with the most votes in the state with the "
              "most votes\n")
    lines = text(cm2008, effect)
    assert lines == ["Find the state in play with the most electoral votes (you choose on a tie).",
                     "Gain one support in that state on its majority issue."]
    lines = text(cm2008, "shift the state with the most votes 1 toward the minority issue of the state with the most votes\n", "fr")
    assert lines == ["Trouvez l'État en jeu qui a le plus de votes électoraux (en cas d'égalité, vous choisissez).",
                     "Orientez cet État de 1 case vers son enjeu minoritaire."]


def test_no_sentence_of_a_bundled_card_is_long(cm2008: CardSet) -> None:
    for item in [*cm2008.cards.values(), *cm2008.news.values(), *cm2008.negative.values()]:
        for lang in ("en", "fr"):
            for sentence in re.split(r"(?<=[.:])\s+", card_text(item, lang)):
                assert len(sentence.split()) <= 32, (item.id, lang, sentence)


# ---- French --------------------------------------------------------------------------------------


def test_the_majority_issue_is_majoritaire(cm2008: CardSet) -> None:
    """The rulebook: "l'Enjeu Majoritaire … l'Enjeu Minoritaire" (majeur/mineur means major/minor)."""
    lines = text(cm2008, "choose a state as S\nif the majority issue of S is economy:\n    shift S 1 toward the minority issue of S\n", "fr")
    assert lines[1] == "Si l'enjeu majoritaire de cet État est l'Économie :"
    every = " ".join(card_text(i, "fr") for i in [*cm2008.cards.values(), *cm2008.news.values()])
    assert "majeur" not in every and "mineur" not in every


def test_a_state_keeps_its_english_name_with_a_french_article(cm2008: CardSet) -> None:
    """Was "dans Pennsylvania": the rulebook writes "dans le New Jersey", "l'Iowa"."""
    lines = text(cm2008, 'gain 1 support on defense in "New Jersey"\ngain 1 support on economy in "Pennsylvania"\n'
                         'if "Iowa" is won by mccain:\n    draw 1\nif "Florida" is won:\n    draw 1\n'
                         'shift "Ohio" 1 toward defense\n', "fr")
    assert lines == ["Gagnez 1 soutien sur la Défense dans le New Jersey.",
                     "Gagnez 1 soutien sur l'Économie en Pennsylvania.",
                     "Si McCain a remporté l'Iowa :", "  Piochez 1 carte.",
                     "Si la Florida a été remportée :", "  Piochez 1 carte.",
                     "Orientez l'Ohio de 1 case vers la Défense."]
    assert text(cm2008, 'choose a state as S\nif the key demographic of "Michigan" is "Seniors":\n    draw 1\n',
                "fr")[1] == "Si la clef démographique du Michigan est le groupe « Seniors » :"
    assert text(cm2008, 'gain 1 support on defense in "New Jersey"\n') == ["Gain one support on Defense in New Jersey."]


def test_a_state_the_glossary_does_not_know_reads_as_a_state(mini: CardSet) -> None:
    """A designer's own state: "l'État d'Alpha", never a bare English name after "dans"."""
    name = sorted(mini.states)[0]
    checked = check(parse_effect(f'gain 1 support on defense in "{name}"\n'), campaign_names(mini.states, mini.groups),
                    Context(ContextKind.CARD))
    line = rules_text(checked.program, "card", "fr", terms("fr"))
    assert re.fullmatch(rf"Gagnez 1 soutien sur la Défense dans l'État d[e' ]+{name}\.", line), line


def test_group_names_are_french(cm2008: CardSet) -> None:
    doc = card_text(cm2008.cards["mccain-aarp"], "fr")
    assert doc.startswith("Soutien démographique (Seniors) : dans chaque État en jeu dont la clef démographique est "
                          "le groupe « Seniors »")
    assert "Catholiques" in text(cm2008, 'demographic support for "Catholics"\n', "fr")[0]
    assert "Catholics" not in text(cm2008, 'demographic support for "Catholics"\n', "fr")[0]


def test_the_subject_is_not_repeated(cm2008: CardSet) -> None:
    """Was: "Quand votre adversaire joue …, votre adversaire lance…"."""
    line = card_text(cm2008.cards["mccain-this-week"], "fr").splitlines()[-1].strip()
    assert line.startswith("Quand votre adversaire joue une carte Going Negative, il lance le dé")


def test_that_wins_reads_as_french(cm2008: CardSet) -> None:
    """Was: "Si cela a fait remporter S"."""
    lines = text(cm2008, "choose a state as S\ngain 1 support on economy in S\nif that wins S:\n    draw 1\n", "fr")
    assert lines[2] == "Si cet État vient ainsi d'être remporté :"


#: English words of the card list's and docs' labels and headers (not card titles, which are printed
#: in English, nor the terms the French rulebook keeps: Going Negative, Breaking News, Media Support).
ENGLISH_LABELS = ("beginner", "support,", "campaign cards", "result", "carried out", "roller", "opponent",
                  "card set", "Generated", "electoral votes", "setup pile", "Voter blocks", "Key demographic",
                  "Issue marker", "The Going Negative table", "shift", "alter", "flow", "demographic,")


def _labels(doc: str) -> list[str]:
    """The lines of a French doc that are labels: headers but card titles, id lines, prose."""
    return [ln for ln in doc.splitlines() if ln and not ln.startswith("### ") and not ln.startswith("> ")]


@pytest.mark.parametrize("label", ENGLISH_LABELS)
def test_cards_doc_in_french_has_no_english_label(cm2008: CardSet, label: str) -> None:
    lines = _labels(markdown(cm2008, "fr"))
    assert lines and not [ln for ln in lines if label in ln.replace("`", " ")]
    listed = list_items(cm2008, lang="fr")
    assert not [ln for ln in listed.splitlines() if label in ln[42 + 39:42 + 39 + 31]]  # the tags column
    for item in ("mccain-aarp", "going-negative-2", "Ohio"):
        head = show(cm2008, item, "fr").split("\n\n")[0].splitlines()[1:]
        assert not [ln for ln in head if label in ln], (item, head)


def test_the_english_doc_still_names_its_labels(cm2008: CardSet) -> None:
    """The check above can fail: the English doc has the labels it looks for."""
    lines = _labels(markdown(cm2008))
    assert [ln for ln in lines if "beginner" in ln] and [ln for ln in lines if "campaign cards" in ln]
