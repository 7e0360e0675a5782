"""The effect language v2 (issue 11, items 1–4) in small pieces: superlatives and their ties,
what-happened and state-status conditions, counting, who `you`, `the opponent` and `the active
player` are inside nested `as` blocks, triggered abilities' work bound, and the located errors of
each new construct. The cards that use them are pinned by tests/test_lang_v2_cards.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from cmdsl.errors import CardError, CardSetError
from cmdsl.games.cm2008 import events as E
from cmdsl.games.cm2008.vocabulary.checker import Context, ContextKind, campaign_names
from cmdsl.games.cm2008.vocabulary.checker import check
from cmdsl.lang.origin import Origin
from cmdsl.games.cm2008.vocabulary import parse_effect
from cmdsl.games.cm2008.vocabulary.text import option_text, rules_text
from cmdsl.games.cm2008.vocabulary.work import MAX_TRIGGERS
from cmdsl.games.cm2008.vocabulary.work import block_work
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.model import CardSet, Side

from .conftest import mini_variant

M, O = Side.MCCAIN, Side.OBAMA
FOUR = ["Alpha", "Beta", "Gamma", "Delta"]  # EV 10, 8, 6, 4


def shifted(out: Any) -> list[str]:
    return [e.state for e in out.events if isinstance(e, E.IssueShifted)]


# ---- item 1: superlatives ----------------------------------------------------------------------


@pytest.mark.parametrize("measure,most,expected", [
    ("votes", "most", "Alpha"), ("votes", "fewest", "Delta"),
    ("blocks of mccain on defense", "most", "Alpha"),       # Alpha's Defense row: R R W
    ("blocks of obama on defense", "most", "Gamma"),        # Gamma's: R B B
    ("undecided blocks on defense", "fewest", "Gamma"),     # the only row without a white circle
])
def test_the_state_with_the_most_or_fewest(run: Any, measure: str, most: str, expected: str) -> None:
    out = run(f"shift the state with the {most} {measure} 1 toward economy")
    assert shifted(out) == [expected]


def test_a_tie_is_the_acting_players_choice(run: Any) -> None:
    # Undecided Economy blocks: Alpha 1, Beta 1, Gamma 0, Delta 1 — Obama acts, so Obama chooses.
    out = run("as the opponent:\n    shift the state with the most undecided blocks on economy 1 toward defense",
              answers=["state:delta"])
    chose = [e for e in out.events if isinstance(e, E.Chose)]
    assert [(e.player, e.option) for e in chose] == [(O, "state:delta")]
    assert shifted(out) == ["Delta"]


def test_choose_offers_only_the_best_of_the_states_that_fit(run: Any) -> None:
    out = run("choose a state with the most undecided blocks on economy as S where S is not \"Beta\"\n"
              "shift S 1 toward defense", answers=["state:delta"])
    [decision] = [e for e in out.events if isinstance(e, E.Chose)]
    assert decision.option == "state:delta"
    with pytest.raises(Exception, match="options: state:alpha, state:delta"):
        run("choose a state with the most undecided blocks on economy as S where S is not \"Beta\"\n"
            "shift S 1 toward defense", answers=["state:gamma"])


# ---- item 2: what happened -----------------------------------------------------------------------


WIN_ALPHA = {"states": FOUR, "reserve": ["Epsilon"], "news": ["bn-shift-economy"]}


def test_that_wins_is_true_only_for_the_state_the_statement_won(run: Any) -> None:
    effect = ('gain 1 support on defense in "Alpha"\nif that wins "Alpha":\n    draw 1\n'
              'if that wins "Beta":\n    draw 1')
    out = run(effect, position={**WIN_ALPHA, "decks": {"mccain": ["mccain-nothing-1", "mccain-nothing-2"]}})
    assert out.game.position.players[M].hand == ["mccain-nothing-1"]


def test_that_wins_looks_only_at_the_statement_just_before(run: Any) -> None:
    # Alpha is won by the first line; the `if` follows `nothing`, which won nothing.
    effect = 'gain 1 support on defense in "Alpha"\nnothing\nif that wins "Alpha":\n    draw 1'
    out = run(effect, position={**WIN_ALPHA, "decks": {"mccain": ["mccain-nothing-1"]}})
    assert out.game.position.players[M].hand == []


@pytest.mark.parametrize("cond,expected", [
    ('"Alpha" is in play', False), ('"Beta" is in play', True), ('"Zeta" is in play', False),
    ('"Alpha" is won', True), ('"Alpha" is won by you', True), ('"Alpha" is won by obama', False),
    ('"Beta" is won', False), ('not "Beta" is won', True),
])
def test_state_status(run: Any, cond: str, expected: bool) -> None:
    effect = f'gain 1 support on defense in "Alpha"\nif {cond}:\n    draw 1'
    out = run(effect, position={**WIN_ALPHA, "decks": {"mccain": ["mccain-nothing-1"]}})
    assert (out.game.position.players[M].hand == ["mccain-nothing-1"]) is expected


# ---- item 4: counting, and who is who in nested `as` blocks --------------------------------------


@pytest.mark.parametrize("number,value", [
    ('the undecided blocks on economy in "Alpha"', 1),      # B B W B
    ('the blocks on economy in "Alpha"', 4),
    ('the undecided blocks on defense in "Gamma"', 0),      # R B B
    ('the blocks on defense in "Zeta"', 0),                 # not in play
    ("the deck size of you", 3), ("the deck size of the opponent", 1),
    ("the discard pile size of you", 2), ("the discard pile size of obama", 0),
])
def test_counting(run: Any, number: str, value: int) -> None:
    pos = {"states": FOUR, "hands": {"mccain": ["mccain-nothing-9"]},
           "decks": {"mccain": ["mccain-nothing-1", "mccain-nothing-2", "mccain-nothing-3"], "obama": ["obama-draw"]},
           "discards": {"mccain": ["mccain-nothing-4", "mccain-nothing-5"]}}
    out = run(f"if {number} = {value}:\n    discard 1", position=pos)
    assert out.game.position.players[M].hand == []


#: Inside `as P:`, `you` is P and `the opponent` is P's opponent; `the active player` is always
#: whose turn it is. Blocks nest: `as the opponent:` twice is back to the card's player.
AS_CASES = [
    ("draw 1", M),
    ("as the opponent:\n    draw 1", O),
    ("as the opponent:\n    as the opponent:\n        draw 1", M),
    ("as the opponent:\n    as you:\n        draw 1", O),
    ("as the opponent:\n    as the active player:\n        draw 1", M),
    ("as obama:\n    as the opponent:\n        draw 1", M),
]


@pytest.mark.parametrize("effect,who", AS_CASES)
def test_who_is_who_in_nested_as_blocks(run: Any, effect: str, who: Side) -> None:
    pos = {"states": FOUR, "decks": {"mccain": ["mccain-nothing-1"], "obama": ["obama-draw"]},
           "scores": {"mccain": 200, "obama": 157}}
    out = run(effect, position=pos)
    assert [e.player for e in out.events if isinstance(e, E.CardDrawn)] == [who]


def test_the_opponent_inside_as_the_opponent_is_the_cards_player(run: Any) -> None:
    pos = {"states": FOUR, "decks": {"obama": ["obama-draw"]}, "scores": {"mccain": 200, "obama": 157}}
    out = run("as the opponent:\n    if the opponent leads:\n        draw 1", position=pos)
    assert [e.player for e in out.events if isinstance(e, E.CardDrawn)] == [O]  # McCain leads: Obama draws


# ---- item 3: triggered abilities count in the work bound ------------------------------------------


def test_a_triggered_ability_counts_for_every_time_it_may_fire(mini: CardSet) -> None:
    names = campaign_names(mini.states, mini.groups)
    text = "while in play:\n    when a state is won by you:\n        draw 3\n"
    work = block_work(check(parse_effect(text), names, Context(ContextKind.CARD, abilities=True)).program.body, 4)
    assert work.fixed == MAX_TRIGGERS * (1 + 3)


def test_a_triggered_ability_past_the_work_budget_is_refused(tmp_path: Any) -> None:
    # (1 + 1 + 20 × (1 + 2 × 20)) × 20: once, the same body is fine (822 steps)
    effect = ("while in play:\n    at the end of your turn:\n        repeat 20:\n            repeat 2:\n"
              "                draw 20\n")
    with pytest.raises(CardSetError, match=r"this loop may do too much work: up to 16,440 steps") as info:
        load_card_set(mini_variant(tmp_path, {"mccain-media-most": effect}))
    assert "set.yaml:298:15: mccain-media-most" in str(info.value)  # `repeat 20`, inside the ability


# ---- located errors -------------------------------------------------------------------------------


@pytest.mark.parametrize("effect,ctx,message,line,col", [
    ('if that wins "Alpha":\n    draw 1', "card", "`that wins S` looks at the statement just before it", 1, 4),
    ('choose a state as S where that wins S', "card", "`that wins S` looks at the statement just before it", 1, 27),
    ("while in play:\n    you roll the votes of the state with the most votes going negative dice", "media",
     "a number of dice cannot use", 2, 14),
    ("when a state is won by you:\n    draw 1", "media", "belongs inside `while in play:`", 1, 1),
    ("choose a state as S\nwhile in play:\n    when a state is won:\n        shift S 1 toward economy", "media",
     "S is not bound", 4, 15),
    ('if "Alpah" is won:\n    draw 1', "card", 'unknown state "Alpah"', 1, 4),
])
def test_located_errors(mini: CardSet, effect: str, ctx: str, message: str, line: int, col: int) -> None:
    names = campaign_names(mini.states, mini.groups)
    context = Context(ContextKind.CARD, abilities=ctx == "media")
    with pytest.raises(CardError) as info:
        check(parse_effect(effect, Origin("f.yaml", "x")), names, context, Origin("f.yaml", "x"))
    assert message in str(info.value)
    assert (info.value.where.line, info.value.where.col) == (line, col)


@pytest.mark.parametrize("effect,hint", [
    ("shift the state with the mots votes 1 toward economy", 'did you mean "most"?'),
    ("while in play:\n    when a state is wn by you:\n        draw 1", 'did you mean "won"?'),
    ("draw the dek size of you", 'did you mean "deck"?'),
])
def test_misspelt_words_get_a_suggestion(effect: str, hint: str) -> None:
    with pytest.raises(CardError) as info:
        parse_effect(effect)
    assert info.value.hint == hint


# ---- item 8: rules text a player would print -----------------------------------------------------

def text_of(mini: CardSet, effect: str, kind: str = "card", lang: str = "en", media: bool = False) -> list[str]:
    names = campaign_names(mini.states, mini.groups)
    ctx = Context(kind, abilities=media, has_actor=kind != "news")
    return rules_text(check(parse_effect(effect), names, ctx).program, kind, lang).splitlines()


def test_a_declared_cost_reads_as_one_other_card() -> None:
    from cmdsl.games.cm2008.vocabulary.text import cost_text

    assert cost_text(1) == "Discard one card (a cost: this card cannot be played without one other card in hand)."
    assert cost_text(2).endswith("without two other cards in hand).")
    assert cost_text(1, "fr") == "Défaussez 1 carte (un coût : cette carte ne se joue pas sans 1 autre carte en main)."


@pytest.mark.parametrize("effect,expected", [
    ("discard 1", "Discard one card, if possible."),  # a cost is declared apart (`cost: discard 1`)
    ("choose a state as S where the votes of S >= 10",
     "Choose a state in play where the number of electoral votes of that state is at least 10."),
    ("repeat 3:\n    draw 1", "Three times:"),
    ("repeat the hand size of you:\n    draw 1", "As many times as the number of cards in your hand:"),
    ("as the opponent:\n    discard 1", "Your opponent does this:"),
    ("as the opponent:\n    choose a card from hand as C",
     "Your opponent does this (“you” below is your opponent):"),
    ("while in play:\n    the opponent rolls 3 going negative dice",
     "  When your opponent goes negative, they roll the Going Negative die three times; you carry out each result."),
    ("while in play:\n    you roll 0 going negative dice",
     "  When you go negative, you do not roll the Going Negative die: your opponent gets no result."),
    ("while in play:\n    mccain rolls 2 going negative dice",
     "  When McCain goes negative, they roll the Going Negative die twice; Obama carries out each result."),
    ('choose a state with the most votes as S', "Choose a state in play with the most electoral votes."),
])
def test_rules_text_reads_right(mini: CardSet, effect: str, expected: str) -> None:
    assert expected in text_of(mini, effect, media="while in play" in effect)


@pytest.mark.parametrize("effect,expected", [
    ("discard 1", "Défaussez 1 carte, si possible."),
    ("while in play:\n    the opponent rolls 2 going negative dice",
     "  Quand votre adversaire joue une carte Going Negative, il lance le dé Going Negative deux "
     "fois ; vous appliquez chaque résultat."),
    ("as the opponent:\n    choose a card from hand as C",
     "Votre adversaire fait ceci (« vous » désigne ci-dessous votre adversaire) :"),
    ("shift the state with the fewest votes 1 toward economy",
     "Trouvez l'État en jeu qui a le moins de votes électoraux (en cas d'égalité, vous choisissez)."),
    ("shift the state with the fewest votes 1 toward economy", "Orientez cet État de 1 case vers l'Économie."),
])
def test_french_rules_text_reads_right(mini: CardSet, effect: str, expected: str) -> None:
    assert expected in text_of(mini, effect, lang="fr", media="while in play" in effect)


def test_choose_one_options_are_labelled_with_rules_text(mini: CardSet) -> None:
    names = campaign_names(mini.states, mini.groups)
    effect = "choose one:\n    option:\n        as mccain:\n            choose a state as S\n            draw 1\n" \
             "    option:\n        nothing\n"
    program = check(parse_effect(effect), names, Context(ContextKind.CARD)).program
    label = option_text(program.body[0].options[0])  # type: ignore[attr-defined]
    assert label == "McCain does this: Choose a state in play; call it S. Draw one card"
    assert "as mccain" not in label and ";" not in label.replace("; call it", "")


def test_state_choices_are_worded_as_rules_text(run: Any) -> None:
    from cmdsl.games.cm2008.scenario import ScenarioError

    out = run("choose a state as S where the votes of S >= 50\nshift S 1 toward economy")
    assert "McCain has nothing to choose: there is no state in play (S) where the number of electoral votes " \
           "of S is at least 50." in [e.text() for e in out.events]
    with pytest.raises(ScenarioError, match=r"choose the state with the most undecided Economy blocks \(several tie\)"):
        run("shift the state with the most undecided blocks on economy 1 toward defense")


@pytest.mark.parametrize("effect,expected", [
    ("if the hand size of you < the deck size of the opponent:\n    draw 1",
     "Si le nombre de cartes dans votre main est inférieur au nombre de cartes dans la pioche de votre adversaire :"),
    ('if the blocks of you on economy in "Alpha" >= 2:\n    draw 1',
     "Si le nombre de blocs de l'État d'Alpha côté Économie à votre couleur est au moins 2 :"),
    ("if not you lead:\n    draw 1", "S'il est faux que vous menez aux votes électoraux :"),
])
def test_french_contracts_and_elides(mini: CardSet, effect: str, expected: str) -> None:
    assert text_of(mini, effect, lang="fr")[0] == expected
