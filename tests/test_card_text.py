"""Card text is generated from the compiled effect (issue: card text), and docs/cards.md is current."""

from __future__ import annotations

import re
from pathlib import Path

from cmdsl.games.cm2008.catalog import card_text, markdown, show
from cmdsl.games.cm2008.model import CardSet

from .conftest import published_game

DOC = Path(__file__).resolve().parent.parent / "docs" / "cards.md"


@published_game  # docs/cards.md documents the published game's cards
def test_docs_cards_md_is_up_to_date(cm2008: CardSet) -> None:
    assert DOC.read_text(encoding="utf-8") == markdown(cm2008), \
        "docs/cards.md is out of date: run `cmdsl cards doc > docs/cards.md`"


def test_every_item_renders_to_sentences(cm2008: CardSet) -> None:
    items = [*cm2008.cards.values(), *cm2008.news.values(), *cm2008.negative.values()]
    for item in items:
        text = card_text(item)
        assert text and all(line.strip()[0].isupper() or line.strip().startswith("-") for line in text.splitlines()), item.id
        if " S " in text.replace("call it S", ""):  # a variable is named in the source, never invented
            assert re.search(r"\bas S\b", item.effect_text), item.id


def test_generated_text_follows_the_effect(cm2008: CardSet) -> None:
    text = card_text(cm2008.cards["mccain-drill-baby-drill"])
    assert text.splitlines() == [
        "Discard two cards (a cost: this card cannot be played without two other cards in hand).",
        "Choose a state in play.",  # as a printed card says it: no letter (issue 55 §12)
        "Gain two supports on Defense in that state.",
    ]
    shown = show(cm2008, "mccain-drill-baby-drill")
    assert "going negative" in shown
    assert "Source (cards/cm2008/mccain.yaml:4):" in shown.replace("\\", "/")


def test_french_rules_text_for_every_item(cm2008: CardSet) -> None:
    for item in [*cm2008.cards.values(), *cm2008.news.values(), *cm2008.negative.values()]:
        assert card_text(item, "fr")  # every construct has its French phrase
    assert card_text(cm2008.cards["mccain-drill-baby-drill"], "fr").splitlines() == [
        "Défaussez 2 cartes (un coût : cette carte ne se joue pas sans 2 autres cartes en main).",
        "Choisissez un État en jeu.",
        "Gagnez 2 soutiens sur la Défense dans cet État.",
    ]
    assert ("Quand votre adversaire joue une carte Going Negative, il lance le dé Going Negative deux fois ; "
            "vous appliquez chaque résultat." in card_text(cm2008.cards["mccain-this-week"], "fr"))
    # A few more constructs, in real French (a missing phrase would fall back or be empty).
    assert card_text(cm2008.cards["mccain-aarp"], "fr").startswith("Soutien démographique (Seniors) : dans chaque État")
    assert card_text(cm2008.news["bn-stock-market-hits-new-low"], "fr").splitlines() == [
        "Orientez l'État concerné de 1 case vers l'Économie.", "Obama fait ceci :",
        "  Gagnez 1 soutien sur l'Économie dans l'État concerné."]
    assert "Déplacez la clef démographique de cet État sur son autre groupe." in \
        card_text(cm2008.cards["mccain-hockey-moms"], "fr").splitlines()


def test_cards_show_in_french_is_french(cm2008: CardSet) -> None:
    """Issue 55 §12. Was: "Drill, Baby, Drill! — McCain — soutien, débutant ★, Going Negative ⚄": the
    set's French titles (`title_fr:`), the die tag in the rulebook's words (docs/glossary.md)."""
    head = show(cm2008, "mccain-drill-baby-drill", "fr").splitlines()[1]
    assert head == "Fore, chéri, fore ! — McCain — soutien, débutant ★, effet négatif ⚄"
    assert show(cm2008, "going-negative-6", "fr").splitlines()[1].startswith("Retour de bâton — Going Negative, résultat 6")
    assert show(cm2008, "bn-october-surprise", "fr").splitlines()[1] == "La surprise d'octobre — Breaking News"
