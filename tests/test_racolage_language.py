"""Racolage Électoral's vocabulary of the effect language (issue 30 §2): notoriety (the range
notoriety of RA11.1 and the final one), themes, both decks, hands, skipped turns (RA9.2), the
permanent Actions of the bonus zones (RA2.4), the Privileges' abilities (RA4.1, RA4.3, RA6.2), "the
player with the most/least notoriety", with the core's "each other player" and "a player chosen by
you"; its rules text in English and French."""

from __future__ import annotations

import pytest

from cmdsl.errors import CardError
from cmdsl.games.racolage.vocabulary import LANGUAGE, nodes as N
from cmdsl.games.racolage.vocabulary.checker import racolage_names
from cmdsl.games.racolage.vocabulary.compiler import PermanentAbilities
from cmdsl.lang import ast as A
from cmdsl.lang.checker import Checked, Context
from cmdsl.lang.text import Terms
from cmdsl.lang.work import Work, ends_unwatched

THEMES = racolage_names(["Economy", "Ecology", "Democracy"])
ACTION = Context("card")  # a temporary Action or an Event: it acts once
PERMANENT = Context("card", abilities=True)  # a permanent Action: it may have abilities
FR = Terms(names={"Economy": "Économie"})


def checked(text: str, ctx: Context = ACTION) -> Checked:
    return LANGUAGE.check(LANGUAGE.parse(text), THEMES, ctx)


# (effect, its tree's first statement, its English, its French)
STATEMENTS = [
    ("you draw 2 media cards\n", N.Draw(A.PlayerRef("you"), A.Num(2), N.Deck.MEDIA),
     "You draw two Media cards.", "Vous piochez 2 cartes Média."),
    ("the active player draws 1 action card\n", N.Draw(A.PlayerRef("active"), A.Num(1), N.Deck.ACTION),
     "The active player draws one Action card.", "Le joueur actif pioche 1 carte Action."),
    ("another player chosen by you skips a turn\n", N.Skip(A.ChosenPlayer(A.PlayerRef("you"), True), A.Num(1)),
     "Another player of your choice skips a turn.", "Un autre joueur de votre choix passe son prochain tour."),
    ("you skip 2 turns\n", N.Skip(A.PlayerRef("you"), A.Num(2)), "You skip two turns.", "Vous passez 2 tours."),
    ("you discard 2 cards\n", N.DiscardCards(A.PlayerRef("you"), A.Num(2)),
     "You discard two cards of your choice.", "Vous défaussez 2 cartes de votre choix."),
    ("you gain 3 notoriety\n", N.GainNotoriety(A.PlayerRef("you"), A.Num(3)),
     "You gain 3 notoriety (a bonus counted at the end of the game).",
     "Vous gagnez 3 points de notoriété (un bonus compté en fin de partie)."),
    ("discard every catchphrase\n", N.DiscardPermanent(N.Permanent.CATCHPHRASE, None),
     "Every Catchphrase in play is discarded.", "Toute carte Phrase choc en jeu est défaussée."),
    ("discard the privilege of the active player\n", N.DiscardPermanent(N.Permanent.PRIVILEGE, A.PlayerRef("active")),
     "The Privilege of the active player is discarded.", "La carte Passe-droit du joueur actif est défaussée."),
    ("discard the direct action of you\n", N.DiscardPermanent(N.Permanent.DIRECT, A.PlayerRef("you")),
     "Your Direct Action is discarded.", "Votre carte Action directe est défaussée."),
    ("as the player with the least notoriety:\n    you draw 2 media cards\n",
     A.As(A.BestPlayer(False, N.NotorietyOf(A.Them())), (N.Draw(A.PlayerRef("you"), A.Num(2), N.Deck.MEDIA),)),
     "The player with the least notoriety (you choose on a tie) does this", "Le joueur qui a le moins de notoriété"),
]


@pytest.mark.parametrize("effect, tree, en, fr", STATEMENTS, ids=[s[0].split("\n")[0] for s in STATEMENTS])
def test_each_statement_reads_writes_back_and_says_itself(effect: str, tree: A.Stmt, en: str, fr: str) -> None:
    program = checked(effect).program
    assert program.body[0] == tree
    assert LANGUAGE.render.program(program) == effect
    assert LANGUAGE.rules_text(program).startswith(en)
    assert LANGUAGE.rules_text(program, lang="fr").startswith(fr)


def test_values_and_the_theme_condition() -> None:
    effect = ('if "Economy" is open to you and the notoriety of you < the final notoriety of the active player:\n'
              "    you draw the hand size of the active player + the media deck size action cards\n")
    program = checked(effect).program
    test = program.body[0]
    assert test.cond.left == N.ThemeOpen(N.ThemeName("Economy"), A.PlayerRef("you"))
    assert LANGUAGE.render.program(program) == effect
    assert LANGUAGE.rules_text(program).splitlines() == [
        "If you can place Economy Media and your notoriety is less than the active player's final notoriety:",
        "  You draw the number of cards in the active player's hand plus the number of cards in the Media deck "
        "Action cards."]
    assert LANGUAGE.rules_text(program, lang="fr", terms=FR).splitlines()[0] == (
        "Si vous pouvez placer des Médias du thème Économie et votre score de notoriété est inférieur au "
        "score final de notoriété du joueur actif :")


def test_a_privileges_abilities_change_the_rules_while_in_play() -> None:
    effect = ("while in play:\n    your hand limit is 7\n    you draw 2 media cards in your draw phase\n"
              "    at the end of your turn:\n        you gain 1 notoriety\n")
    program = checked(effect, PERMANENT).program
    assert LANGUAGE.render.program(program) == effect
    assert LANGUAGE.rules_text(program).splitlines() == [
        "While this card is in play:", "  Your hand limit is 7 cards.",
        "  In your draw phase, you draw two Media cards instead of one.", "  At the end of your turn:",
        "    You gain 1 notoriety (a bonus counted at the end of the game)."]
    assert LANGUAGE.rules_text(program, lang="fr").splitlines()[:3] == [
        "Tant que cette carte est en jeu :", "  Votre limite de main est de 7 cartes.",
        "  Lors de votre phase de pioche, vous piochez 2 cartes Média au lieu d'une."]
    abilities = LANGUAGE.compile(checked(effect, PERMANENT), "x").abilities
    assert isinstance(abilities, PermanentAbilities)
    assert abilities.hand_limit is not None and abilities.hand_limit(None, "owner") == 7  # type: ignore[arg-type]
    assert abilities.draw_phase is not None and abilities.draw_phase(None, "owner") == 2  # type: ignore[arg-type]
    assert [t.event for t in abilities.triggers] == [A.END_TURN]


@pytest.mark.parametrize("effect, ctx, error", [
    ("your hand limit is 7\n", PERMANENT, "1:1: this is a Privilege's ability: it belongs inside `while in play:`"),
    ("you draw 2 media cards in your draw phase\n", PERMANENT, "1:1: this is a Privilege's ability"),
    ("while in play:\n    your hand limit is 7\n", ACTION,
     "1:1: `while in play:` is only for permanent Actions (Privilege, Catchphrase, Direct Action)"),
    ("while in play:\n    you draw 2 action cards in your draw phase\n", PERMANENT,
     "2:5: the draw phase draws Media cards (RA4.1)"),
    ("while in play:\n    the active player draws 2 media cards in your draw phase\n", PERMANENT,
     "2:5: a draw phase is its owner's"),
    ("while in play:\n    you discard 1 card\n", PERMANENT, "2:5: only abilities may appear inside `while in play:`"),
    ('if "Econmy" is open to you:\n    nothing\n', ACTION, '1:4: unknown theme "Econmy"'),
    ('you draw "Economy" media cards\n', ACTION, '1:10: "Economy" is a quoted name, but a number is expected here'),
    ("if you is open to you:\n    nothing\n", ACTION, "1:4: expected a theme here, not a player"),
    ("you draw 2 medias\n", ACTION, '1:12: unexpected "medias"'),
])
def test_a_wrong_effect_is_one_located_error(effect: str, ctx: Context, error: str) -> None:
    with pytest.raises(CardError) as e:
        checked(effect, ctx)
    assert str(e.value).startswith(f"<effect>:{error}")


def test_an_unknown_theme_is_offered_the_nearest() -> None:
    with pytest.raises(CardError) as e:
        checked('if "Econmy" is open to you:\n    nothing\n')
    assert e.value.hint == 'did you mean "Economy"?'


def test_each_other_player_and_counts_are_bounded() -> None:
    work = checked("for each other player as P:\n    P draws 2 media cards\n").work
    assert work.fixed == 1 + 3 * 2  # the loop, then at most 3 other players (RA1.1) drawing 2 each


def test_an_action_card_drawn_counts_as_a_play() -> None:
    """An Event drawn runs its effect at once (RA6.4), which may draw again: an effect that draws
    Actions keeps counting its steps for the step limit (``work.ends_unwatched``)."""
    action, media = checked("you draw 2 action cards\n").work, checked("you draw 2 media cards\n").work
    assert (action, media) == (Work(2, 2), Work(2, 0))
    assert not ends_unwatched(action) and ends_unwatched(media)


def test_a_long_players_value_is_said_with_of() -> None:
    """Was: "the player with the most notoriety (you choose on a tie)'s notoriety"."""
    program = checked("if the notoriety of you < the notoriety of the player with the most notoriety:\n"
                      "    nothing\n").program
    assert LANGUAGE.rules_text(program).splitlines()[0] == (
        "If your notoriety is less than the notoriety of the player with the most notoriety (you choose on a tie):")
