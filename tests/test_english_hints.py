"""Errors that lead somewhere (issue 26 §2): for every construct of the effect language, the English
its card text uses is either accepted as written or answered with the exact line to write. A new
node class without a sample here fails `test_every_construct_has_a_sample`."""

from __future__ import annotations

import re

import pytest

from cmdsl.errors import CardError
from cmdsl.games.cm2008.vocabulary import nodes as A
from cmdsl.lang.checker import Context
from cmdsl.games.cm2008.vocabulary.checker import campaign_names, check
from cmdsl.games.cm2008.vocabulary.english import effect_form
from cmdsl.games.cm2008.vocabulary import parse_effect
from cmdsl.games.cm2008.vocabulary.text import CampaignWriter as Writer
from cmdsl.games.cm2008.model import CardSet

W = "while in play:\n"
#: Each construct (a node class) with effects that use it; the line marked ">" is read back.
SAMPLES: dict[str, list[str]] = {
    "Num": ["> draw 2"],
    "Str": ['> shift "Ohio" 1 toward defense'],
    "StateName": ['> gain 1 support on economy in "New Jersey"', '> if "Ohio" is in play:\n    draw 1'],
    "GroupName": ['choose a state as S\n> if the key demographic of S is "Seniors":\n    draw 1'],
    "Var": ["choose a card from hand as C\n> discard card C"],
    "IssueLit": ["choose a state as S\n> gain 2 supports on defense in S"],
    "PlayerRef": ["> as the opponent:\n    draw 1", "> as mccain:\n    draw 1", "> as you:\n    draw 1"],
    "Of": ["choose a state as S\n> shift S 1 toward the minority issue of S",
           "choose a state as S\n> gain 1 support on the majority issue of S in S",
           "choose a state as S\n> alter the key demographic of S",
           "choose a state as S\n> if the votes of S >= 10:\n    draw 1",
           "> if the score of the opponent > 200:\n    draw 1",
           "> draw the hand size of you", "> draw the deck size of the opponent",
           "> draw the discard pile size of you"],
    "BlocksOf": ["choose a state as S\n> if the blocks of you on economy in S >= 2:\n    draw 1",
                 "choose a state as S\n> if the blocks of the opponent on the majority issue of S in S > 0:\n    draw 1"],
    "RowCount": ["choose a state as S\n> draw the undecided blocks on economy in S",
                 "choose a state as S\n> draw the blocks on defense in S"],
    "NewsState": ["news:> shift the news state 1 toward economy"],
    "It": ["> shift the state with the most blocks of you on economy 1 toward defense"],
    "Best": ["> choose a state with the most votes as S",
             "> gain 1 support on the majority issue of the state with the most votes in the state with the most votes",
             W + ">     breaking news targets the state with the fewest undecided blocks on defense"],
    "Arith": ["> draw 1 + the hand size of you", "> draw 5 - 2"],
    "Compare": ["choose a state as S\n> if the votes of S < 5:\n    draw 1",
                "choose a state as S\n> if the votes of S <= 5:\n    draw 1",
                "choose a state as S\n> if the majority issue of S is economy:\n    draw 1",
                "choose a state as S\n> if the majority issue of S is not defense:\n    draw 1"],
    "Leads": ["> if you lead:\n    draw 1", "> if the opponent leads:\n    draw 1"],
    "MediaInPlay": ["> if media support is in play:\n    draw 1", "> if you have media support in play:\n    draw 1",
                    "> if obama has media support in play:\n    draw 1"],
    "And": ['> if you lead and "Ohio" is in play:\n    draw 1'],
    "Or": ['> if you lead or media support is in play:\n    draw 1'],
    "Not": ['> if not (you lead or media support is in play):\n    draw 1'],
    "StateIs": ['> if "Ohio" is won:\n    draw 1', '> if "Ohio" is won by mccain:\n    draw 1'],
    "ThatWins": ["choose a state as S\ngain 1 support on economy in S\n> if that wins S:\n    draw 1"],
    "Gain": ["choose a state as S\n> gain 1 support on economy in S"],
    "Shift": ["choose a state as S\n> shift S 2 toward economy"],
    "Alter": ['> alter the key demographic of "Ohio"'],
    "DemographicSupport": ['> demographic support for "Seniors"'],
    "Draw": ["> draw 1"],
    "DrawAndPlay": ["> draw 2 and play one"],
    "Discard": ["> discard 1", "> discard 2"],
    "DiscardAny": ["> discard any number as X"],
    "ChooseIssue": ["> choose an issue as I"],
    "ChooseCard": ["> choose a card from hand as C"],
    "PlayCard": ["choose a card from hand as C\n> play C"],
    "DiscardCard": ["choose a card from hand as C\n> discard card C"],
    "Nothing": ["> nothing"],
    "RollDice": [W + ">     the opponent rolls 2 going negative dice", W + ">     you roll 0 going negative dice"],
    "NewsTarget": [W + ">     breaking news targets a state chosen by you",
                   W + ">     breaking news targets a state chosen by the opponent"],
    "Trigger": [W + ">     when a state is won by you:\n        draw 1", W + ">     when a state is won:\n        draw 1",
                W + ">     when breaking news is drawn:\n        draw 1",
                W + ">     when the opponent goes negative:\n        draw 1",
                W + ">     at the end of your turn:\n        draw 1", W + ">     at the end of each turn:\n        draw 1"],
    "ChooseState": ["> choose a state as S", "repeat 2:\n>     choose a different state as T",
                    '> choose a state as S where the key demographic of S is "Seniors"'],
    "If": ["> if you lead:\n    draw 1\nelse:\n    nothing"],
    "ForEach": ["> for each state as S:\n    draw 1", "> for each state as S where S is won:\n    draw 1"],
    "Repeat": ["> repeat 1:\n    draw 1", "> repeat 2:\n    draw 1", "> repeat 3:\n    draw 1",
               "> repeat the hand size of you:\n    draw 1"],
    "As": ["> as the active player:\n    draw 1"],
    "ForEachPlayer": ["> for each other player as P:\n    as P:\n        draw 1"],
    "BestPlayer": ["> if the player with the most (the score of them) is you:\n    draw 1",
                   "> if the player with the fewest (the hand size of them) is the opponent:\n    draw 1"],
    "ChosenPlayer": ["> as a player chosen by you:\n    draw 1",
                     "> if another player chosen by the active player is you:\n    draw 1"],
    "Them": ["> if the player with the most (the deck size of them) is you:\n    draw 1"],
    "ChooseOne": ["> choose one:\n    option:\n        draw 1\n    option:\n        nothing"],
    "WhileInPlay": ["> while in play:\n    breaking news targets a state chosen by you"],
}
CASES = [(name, sample) for name, samples in SAMPLES.items() for sample in samples]


def test_every_construct_has_a_sample() -> None:
    assert {c.__name__ for c in (*A.EXPRS, *A.CONDS, *A.STMTS)} <= set(SAMPLES), "a new construct needs a sample here"


def program(cards: CardSet, sample: str) -> tuple[str, str, int, A.Program]:
    """The sample's effect (its marker removed), its kind, the marked line's index, the checked tree."""
    kind = "news" if sample.startswith("news:") else "card"
    sample = sample.removeprefix("news:")
    lines = sample.split("\n")
    at = next(i for i, ln in enumerate(lines) if ln.startswith("> "))
    lines[at] = lines[at][2:]  # "> " marks the line; what follows keeps its indentation
    effect = "\n".join(lines) + "\n"
    ctx = Context(kind, abilities="while in play" in effect, has_actor=kind != "news")
    checked = check(parse_effect(effect), campaign_names(cards.states, cards.groups), ctx).program
    return effect, kind, at, checked


def statement_at(body: tuple[A.Stmt, ...], line: int) -> A.Stmt:
    for s in body:
        if s.pos.line == line:
            return s
        for value in vars(s).values():
            blocks = [value] if isinstance(value, tuple) and value and isinstance(value[0], A.Node) else []
            if isinstance(value, tuple) and value and isinstance(value[0], tuple):
                blocks = list(value)
            for block in blocks:
                if all(isinstance(x, A.STMTS) for x in block):
                    try:
                        return statement_at(block, line)
                    except LookupError:
                        pass
    raise LookupError(line)


def english(stmt: A.Stmt, kind: str) -> str:
    """What the card text says for this one line: a compound statement's head, or the whole
    sentence(s) of a simple one."""
    lines = [ln.strip() for ln in Writer("en", kind).lines((stmt,), kind=kind)]
    compound = isinstance(stmt, (A.If, A.ForEach, A.ForEachPlayer, A.Repeat, A.As, A.ChooseOne, A.WhileInPlay, A.Trigger))
    return lines[0] if compound else " ".join(lines)


def replaced(effect: str, at: int, text: str) -> str:
    lines = effect.split("\n")
    indent = re.match(r" *", lines[at])[0]  # type: ignore[index]
    lines[at] = indent + text
    return "\n".join(lines)


@pytest.mark.parametrize("name,sample", CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_the_english_of_each_construct_reads_back(cm2008: CardSet, name: str, sample: str) -> None:
    effect, kind, at, checked = program(cm2008, sample)
    stmt = statement_at(checked.body, at + 1)
    said = english(stmt, kind)
    form = effect_form(said)
    assert form is not None, f"{name}: no effect form for {said!r}"
    again = program(cm2008, ("news:" if kind == "news" else "") + _mark(replaced(effect, at, form), at))[3]
    assert again == checked, f"{name}: {said!r} read as {form!r}"
    # The parser, given the English as written, accepts it or answers with that form.
    try:
        parse_effect(replaced(effect, at, said))
    except CardError as e:
        assert f'"{form}"' in (e.hint or ""), f"{name}: {said!r}: {e} (hint: {e.hint})"


def _mark(effect: str, at: int) -> str:
    lines = effect.split("\n")
    lines[at] = "> " + lines[at]
    return "\n".join(lines)


@pytest.mark.parametrize("line", ["when you win a state:", "when you wins a state:", "When you win a state:"])
def test_a_trigger_written_as_the_card_says_it_is_answered_with_its_form(line: str) -> None:
    """Was: 'did you mean "wins"?', and "wins" failed again with no hint."""
    with pytest.raises(CardError) as info:
        parse_effect(f"while in play:\n    {line}\n        draw 1\n")
    assert info.value.hint == 'the effect language writes this line "when a state is won by you:"'


def test_leading_in_a_state_says_what_leads_means() -> None:
    """Was: 'unexpected "in"', with no word that `leads` is the overall electoral-vote lead (R11)."""
    with pytest.raises(CardError) as info:
        parse_effect("if you lead in the state with the most votes:\n    draw 1\n")
    assert info.value.hint is not None and info.value.hint.startswith(
        "`leads` is the lead in electoral votes over the whole game (R11), not in one state")
    assert "the blocks of you on ISSUE in S" in info.value.hint


def test_the_hints_patterns_are_compiled_only_when_a_hint_is_wanted() -> None:
    """Issue 34 §1: loading a card set that has no error compiles none of the hint patterns (they
    cost every `cmdsl check` and REPL start); the first hint compiles the ones it tries."""
    import subprocess
    import sys

    probe = ("from cmdsl.games.cm2008.loader import load_card_set\n"
             "from cmdsl.games.cm2008.vocabulary import english as E\n"
             "load_card_set()\n"
             "rules = [rx for rx, _ in E._MEASURES + E._EXPRS + E._STATEMENTS + E._MISREADINGS]\n"
             "before = sum(rx._compiled is not None for rx in rules)\n"
             "E.effect_form('Draw two cards.')\n"
             "print(before, sum(rx._compiled is not None for rx in rules) > 0)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.split() == ["0", "True"]
