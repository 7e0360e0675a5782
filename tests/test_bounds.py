"""Every accepted effect ends, and quickly (issue "nothing hangs", items 1–3).

The checker bounds the work of every effect statically (lang/work.py, and CM2008's vocabulary/work.py), plays inside effects stop
at level 3 (R12.15), the engine keeps a step limit as a backstop with the game put back as it
was, and no pass over an effect depends on Python's recursion limit.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from cmdsl.errors import CardError, CardSetError
from cmdsl.games.cm2008.actions import EffectByHand
from cmdsl.games.cm2008.interjections import interject
from cmdsl.games.cm2008 import events as E
from cmdsl.game.driver import Driver, InternalError, StepLimitExceeded
from cmdsl.games.cm2008.engine import CampaignGame, CampaignRules, campaign_game, campaign_of, rules_of
from cmdsl.games.cm2008.rules_cards import MAX_PLAY_LEVEL
from cmdsl.lang.run import Run
from cmdsl.games.cm2008.setup import Setup
from cmdsl.games.cm2008.vocabulary import render, text
from cmdsl.games.cm2008.vocabulary.checker import Context, ContextKind, campaign_names
from cmdsl.games.cm2008.vocabulary.checker import check
from cmdsl.games.cm2008.vocabulary.compiler import compile_effect
from cmdsl.games.cm2008.vocabulary import parse_effect
from cmdsl.lang.lark_parser import MAX_NESTING
from cmdsl.lang.work import MAX_COUNT, WORK_BUDGET
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.model import CardSet, Side
from cmdsl.games.cm2008.scenario import compile_snippet

from .conftest import mini_variant


def nested(header: str, depth: int, inner: str = "draw 1") -> str:
    return "".join("    " * i + header + "\n" for i in range(depth)) + "    " * depth + inner + "\n"


# ---- item 1: a static bound on the work of every effect --------------------------------------


def test_nested_repeats_over_the_budget_are_refused_at_the_outermost_loop(mini: CardSet) -> None:
    with pytest.raises(CardError) as e:
        compile_snippet(mini, "draw 1\n" + nested("repeat 20:", 8))
    assert "too much work" in e.value.message and f"{WORK_BUDGET:,}" in e.value.message
    assert (e.value.where.line, e.value.where.col) == (2, 1)  # the outermost `repeat`, not the draw


def test_three_nested_repeats_of_twenty_stay_within_the_budget(mini: CardSet) -> None:
    compile_snippet(mini, nested("repeat 20:", 3, "gain 1 support on economy in \"Alpha\""))


def test_a_computed_count_counts_at_the_cap(mini: CardSet) -> None:
    # 50 × 50 × 50 > 10,000: the score is capped at MAX_COUNT when the effect runs
    with pytest.raises(CardError, match="too much work"):
        compile_snippet(mini, nested("repeat the score of you:", 3))
    assert MAX_COUNT ** 2 <= WORK_BUDGET
    compile_snippet(mini, nested("repeat the score of you:", 2))


def test_the_culprit_loop_is_found_inside_a_condition(mini: CardSet) -> None:
    effect = "draw 1\nif you lead:\n    draw 1\nelse:\n" + "".join(
        "    " * (i + 1) + "repeat 20:\n" for i in range(4)) + "    " * 5 + "draw 1\n"
    with pytest.raises(CardError) as e:
        compile_snippet(mini, effect)
    assert e.value.where.line == 5  # the first repeat of the else branch


def test_a_card_file_with_a_runaway_effect_is_refused_by_check(tmp_path: Path) -> None:
    folder = mini_variant(tmp_path, {"mccain-nothing-1": nested("repeat 20:", 7)})
    with pytest.raises(CardSetError) as e:
        load_card_set(folder)
    [err] = e.value.errors
    assert err.where.item == "mccain-nothing-1" and err.where.file.endswith("set.yaml")
    assert "too much work" in err.message and err.source_line is not None and "repeat 20:" in err.source_line


def test_plays_cost_the_most_expensive_card_of_the_set(tmp_path: Path) -> None:
    # 15 × 45 = 675 per level-2 card; a card that plays 20 of them at level 1 costs ~13,500 + …
    heavy = nested("repeat 15:", 1, "repeat 15:\n        repeat 3:\n            draw 1")
    folder = mini_variant(tmp_path, {
        "mccain-nothing-1": heavy,
        "mccain-nothing-2": "repeat 20:\n    choose a card from hand as C\n    play C",
    })
    with pytest.raises(CardSetError) as e:
        load_card_set(folder)
    assert [err.where.item for err in e.value.errors] == ["mccain-nothing-2"]


@pytest.mark.parametrize("effect,message", [
    ("draw 1234567890123456789012345678901", "a count must be between 0 and 20"),
    ("if the votes of \"Alpha\" > 1234567890123456789012345678901:\n    draw 1", "too large"),
    ("gain 21 supports on economy in \"Alpha\"", "a count must be between 0 and 20"),
    ("shift \"Alpha\" 25 toward economy", "a count must be between 0 and 20"),
    ("discard 99", "a count must be between 0 and 20"),
    ("if the score of you >= 100000:\n    draw 1", "too large"),
])
def test_literals_are_bounded_like_repeat_counts(mini: CardSet, effect: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        compile_snippet(mini, effect)


def test_the_bundled_set_is_well_within_the_budget(cm2008: CardSet) -> None:
    assert 0 < cm2008.play_work < WORK_BUDGET // 10


# ---- item 1: the run-time backstop --------------------------------------------------------------


def game_at_turn(cards: CardSet, seed: int = 3) -> CampaignGame:
    game = campaign_game(cards, seed, Setup(first="mccain"))
    while game.pending is not None and game.pending.kind != "turn":
        game.answer(game.pending.options[0].id)
    return game


def state_of(game: CampaignGame) -> tuple[Any, ...]:
    return (list(game.answers), [e.text() for e in game.events], game.pending, game.result,
            {s: (list(p.hand), list(p.deck), p.score, p.supply) for s, p in game.position.players.items()},
            [(x.name, dict(x.tokens), x.box) for x in rules_of(game).in_play])


def test_an_action_over_the_step_limit_stops_with_the_game_as_it_was(mini: CardSet) -> None:
    game = game_at_turn(mini)
    game.step_limit = 5_000  # the checker keeps real effects far below; force a runaway by hand
    before = state_of(game)
    with pytest.raises(StepLimitExceeded, match="5,000 steps"):
        interject(game, EffectByHand(Side.MCCAIN, nested("repeat 20:", 3, 'shift "Alpha" 1 toward economy')))
    assert state_of(game) == before
    game.answer(game.pending.options[0].id)  # and the game goes on
    assert len(game.answers) == len(before[0]) + 1


def test_an_effect_that_escaped_the_checker_still_stops(mini: CardSet) -> None:
    """A compiled effect that never went through the budget check: the step limit ends it."""
    names = campaign_names(mini.states, mini.groups)
    runaway = compile_effect(check(parse_effect(nested("repeat 20:", 6, "nothing")), names, Context(ContextKind.SNIPPET)), "x")

    def start(rules: CampaignRules) -> Iterator[Any]:
        yield from runaway.run(Run(rules.ops, Side.MCCAIN))

    with pytest.raises(StepLimitExceeded):
        campaign_game(mini, 1, start=start)


# Loops that change nothing, so that only ticks count their turns (every event counts a step too).
SILENT = "if the hand size of you > 90:\n"


def silent(header: str, inner: str) -> str:
    """Two `repeat 20:` (400 turns) around ``header`` around a statement that never runs."""
    return ("repeat 20:\n    repeat 20:\n        " + header + "\n            " + SILENT.rstrip("\n")
            + "\n                " + inner + "\n")


def count_ticks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    ticks = [0]
    real = Driver.tick

    def tick(self: CampaignGame) -> None:
        ticks[0] += 1
        real(self)
    monkeypatch.setattr(Driver, "tick", tick)
    return ticks


def test_an_effect_that_plays_cards_is_still_stopped_by_the_step_limit(mini: CardSet) -> None:
    """A card played inside an effect nests (work.ends_unwatched): such an effect keeps counting
    its loops' turns, even those that change nothing, and the step limit stops it."""
    game = game_at_turn(mini)
    game.step_limit = 300  # 400 silent turns: only ticks reach the limit
    before = state_of(game)
    with pytest.raises(StepLimitExceeded, match="300 steps"):
        interject(game, EffectByHand(Side.MCCAIN, silent("repeat 1:", "draw 1 and play one")))
    assert state_of(game) == before


@pytest.mark.parametrize("header", ["repeat 1:", "for each state as S:", 'for each state as S where S is "Alpha":',
                                    "for each other player as P:"])
@pytest.mark.parametrize("inner", ["draw 1", "gain 2 support on economy in \"Alpha\""])
def test_an_effect_bounded_within_the_budget_counts_no_steps_of_its_own(
        mini: CardSet, monkeypatch: pytest.MonkeyPatch, header: str, inner: str) -> None:
    """Its bound shows it ends by itself (work.ends_unwatched): compiled without ticks, its silent
    turns count nothing, and only the events of what it changes count toward the step limit."""
    game = game_at_turn(mini)
    game.step_limit = 300
    ticks = count_ticks(monkeypatch)
    interject(game, EffectByHand(Side.MCCAIN, silent(header, inner) + 'gain 1 support on economy in "Alpha"\n'
                                 + 'for each state as S:\n    gain 1 support on defense in S\n'))
    assert ticks == [0]
    assert any(isinstance(e, (E.BlockChanged, E.GainWasted)) for e in game.events)  # it ran: its gains are logged


def test_the_same_loops_tick_where_the_effect_plays_cards(mini: CardSet, monkeypatch: pytest.MonkeyPatch) -> None:
    """The counterpart of the test above: the same statements, in an effect that may play a card."""
    game = game_at_turn(mini)
    ticks = count_ticks(monkeypatch)
    interject(game, EffectByHand(Side.MCCAIN, "repeat 20:\n    for each state as S:\n        " + SILENT
                                 + "            draw 1 and play one\n" + 'gain 1 support on economy in "Alpha"\n'))
    assert ticks == [20 + 20 * len(rules_of(game).in_play) + 1]  # each loop's turns, and the support gained


def fail_once(monkeypatch: pytest.MonkeyPatch, exc: BaseException) -> None:
    """Make the next ``CampaignRules.draw_cards`` call raise ``exc`` (a bug or a Ctrl-C injected once: the
    replay that puts the game back must not meet it again)."""
    real = CampaignRules.draw_cards
    armed = [True]

    def draw_cards(self: CampaignRules, *a: Any, **k: Any) -> Any:
        if armed[0]:
            armed[0] = False
            raise exc
        return real(self, *a, **k)

    monkeypatch.setattr(CampaignRules, "draw_cards", draw_cards)


def test_an_unexpected_failure_inside_an_answer_leaves_the_previous_position(
        mini: CardSet, monkeypatch: pytest.MonkeyPatch) -> None:
    game = game_at_turn(mini)
    before = state_of(game)
    fail_once(monkeypatch, RuntimeError("injected"))
    with pytest.raises(InternalError, match="injected") as e:
        game.answer("draw")
    assert state_of(game) == before
    report = e.value.record  # the game with the answer that failed, for a bug report
    assert report.answers == (*before[0], "draw") and report.seed == campaign_of(game).seed
    game.answer("draw")
    assert game.answers[-1] == "draw" and isinstance(game.events[len(before[1]) + 1], E.CardDrawn)


def test_an_interrupt_inside_an_answer_leaves_the_previous_position(
        mini: CardSet, monkeypatch: pytest.MonkeyPatch) -> None:
    game = game_at_turn(mini)
    before = state_of(game)
    fail_once(monkeypatch, KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        game.answer("draw")
    assert state_of(game) == before


def test_a_forked_game_is_put_back_from_its_own_checkpoint(mini: CardSet, monkeypatch: pytest.MonkeyPatch) -> None:
    game = game_at_turn(mini)
    game.fork()  # turns checkpoints on
    game.answer("draw")
    while game.pending is not None and game.pending.kind != "turn":
        game.answer(game.pending.options[0].id)
    copy = game.fork()
    before = state_of(copy)
    fail_once(monkeypatch, ZeroDivisionError("injected"))
    with pytest.raises(InternalError):
        copy.answer("draw")
    assert state_of(copy) == before


# ---- item 2: R12.15, plays inside effects stop at level 3 ---------------------------------------


def test_R12_15_a_fourth_level_play_has_no_effect(tmp_path: Path) -> None:
    """The ruling's example: A (from hand) draws and plays B, B plays C, C would play D: D goes to
    the discard pile unresolved (its own `draw 1` never happens)."""
    chain = "draw 1 and play one"
    cards = load_card_set(mini_variant(tmp_path, {
        "mccain-nothing-1": chain, "mccain-nothing-2": chain, "mccain-nothing-3": chain,
        "mccain-nothing-4": "draw 1",
    }))
    from cmdsl.games.cm2008.scenario import Scenario, run_scenario

    sc = Scenario("t", "chain", "play", "mccain-nothing-1", Side.MCCAIN, None,
                  {"states": ["Alpha", "Beta", "Gamma", "Delta"],
                   "decks": {"mccain": ["mccain-nothing-2", "mccain-nothing-3", "mccain-nothing-4",
                                        "mccain-nothing-5"]}}, (), ())
    out = run_scenario(cards, sc)
    deep = [e for e in out.events if isinstance(e, E.PlayTooDeep)]
    assert [(e.card, e.level) for e in deep] == [("mccain-nothing-4", MAX_PLAY_LEVEL + 1)]
    played = [e.card for e in out.events if isinstance(e, E.CardPlayed)]
    assert played == ["mccain-nothing-1", "mccain-nothing-2", "mccain-nothing-3", "mccain-nothing-4"]
    p = out.game.position.players[Side.MCCAIN]
    assert p.deck == ["mccain-nothing-5"]  # D's draw did not happen
    assert sorted(p.discard) == ["mccain-nothing-1", "mccain-nothing-2", "mccain-nothing-3", "mccain-nothing-4"]
    assert p.hand == []


def test_R12_15_two_media_cards_that_play_each_other_stop(tmp_path: Path) -> None:
    """Each Media Support draws and plays: today this recursed until Python's stack overflowed.
    The fourth-level play of a Media Support does not enter play and replaces nothing."""
    media = "draw 1 and play one\nwhile in play:\n    breaking news targets a state chosen by you"
    cards = load_card_set(mini_variant(tmp_path, {"mccain-media-chooser": media, "mccain-media-dice": media}))
    from cmdsl.games.cm2008.scenario import Scenario, run_scenario

    sc = Scenario("t", "media chain", "play", "mccain-media-chooser", Side.MCCAIN, None,
                  {"states": ["Alpha", "Beta", "Gamma", "Delta"], "decks": {"mccain": ["mccain-media-dice"]}}, (), ())
    out = run_scenario(cards, sc)
    assert [e.card for e in out.events if isinstance(e, E.CardPlayed)] == [
        "mccain-media-chooser", "mccain-media-dice", "mccain-media-chooser", "mccain-media-dice"]
    assert [e.level for e in out.events if isinstance(e, E.PlayTooDeep)] == [4]
    assert out.game.position.media == ("mccain-media-chooser", Side.MCCAIN)  # the level-3 play is in play
    assert out.game.position.players[Side.MCCAIN].discard == ["mccain-media-dice"]


# ---- item 3: no recursion crash, whatever the input ---------------------------------------------


@pytest.mark.parametrize("effect", [
    nested("if 1 = 1:", 500),
    "draw " + " + ".join(["1"] * 1000),
    "if " + "not " * 1000 + "1 = 1:\n    draw 1",
    "if " + " and ".join(["you lead"] * 1000) + ":\n    draw 1",
    nested("as you:", 300),
], ids=["500-ifs", "1000-plus", "1000-not", "1000-and", "300-as"])
def test_deep_effects_are_a_located_error(mini: CardSet, effect: str) -> None:
    with pytest.raises(CardError) as e:
        compile_snippet(mini, effect)
    assert e.value.message.startswith(f"nested too deeply: at most {MAX_NESTING} levels")
    assert e.value.where.line >= 1 and e.value.where.col >= 1


def parens(n: int, inner: str = "1") -> str:
    return "(" * n + inner + ")" * n


def too_deep(effect: str) -> CardError:
    """The error of an effect nested too deeply, as ``parse_effect`` raises it."""
    with pytest.raises(CardError) as e:
        parse_effect(effect)
    assert e.value.message == (f"nested too deeply: at most {MAX_NESTING} levels of blocks, conditions, "
                               "expressions and parentheses")
    return e.value


@pytest.mark.parametrize("effect", [
    "draw " + parens(MAX_NESTING + 1),
    "if " + parens(MAX_NESTING + 1, "you lead") + ":\n    draw 1",
    "draw " + parens(100_000),
], ids=["33-parens", "33-parens-condition", "100000-parens"])
def test_parentheses_count_toward_the_nesting_limit(effect: str) -> None:
    """Was: any number of parentheses passed (100,000 in 1.7 s and 60 MB), while 33 nested ifs
    were refused. The error is the ifs' (same message and hint), located at the first parenthesis
    past the limit: the 31st of a statement's, after the effect's start and the statement itself."""
    error, ifs = too_deep(effect), too_deep(nested("if you lead:", MAX_NESTING + 1))
    assert (error.message, error.hint) == (ifs.message, ifs.hint)
    line = effect.splitlines()[error.where.line - 1]
    assert error.where.line == 1 and line[error.where.col - 1] == "("
    assert line[:error.where.col - 1].count("(") == MAX_NESTING - 2


def test_parentheses_share_the_limit_with_blocks() -> None:
    """Half the levels in blocks and half in parentheses: each half alone is accepted, both are not."""
    half = MAX_NESTING // 2
    parse_effect(nested("if you lead:", half))
    parse_effect("draw " + parens(half))
    error = too_deep(nested("if you lead:", half, "draw " + parens(half)))
    assert error.where.line == half + 1  # in the innermost block, at a parenthesis
    assert nested("if you lead:", half, "draw " + parens(half)).splitlines()[half][error.where.col - 1] == "("


def test_the_deepest_parentheses_accepted_are_as_deep_as_the_deepest_blocks() -> None:
    """Each parenthesis is one level, as each block is: a statement takes as many of either."""
    assert deepest("paren").count("(") == deepest("if").count("if ") < MAX_NESTING


def test_100000_parentheses_are_refused_while_they_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Refused while the parser reads them, at the parenthesis past the limit, not once the whole
    tree is built (the check of the tree never runs); nothing recurses (a low recursion limit)."""
    from cmdsl.lang import lark_parser

    trees: list[object] = []
    real = lark_parser._check_nesting
    monkeypatch.setattr(lark_parser, "_check_nesting", lambda tree, *rest: (trees.append(tree), real(tree, *rest)))
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(__import__("inspect").stack()) + 200)
    try:
        error = too_deep("draw " + parens(100_000))
    finally:
        sys.setrecursionlimit(limit)
    assert error.where.col == len("draw ") + MAX_NESTING - 1
    assert trees == []
    too_deep("draw " + parens(MAX_NESTING - 2))  # fewer parentheses: refused by the check of the tree
    assert len(trees) == 1


def test_check_locates_deep_parentheses_in_the_card_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`cmdsl check` on a set whose card has 100,000 nested parentheses: the located error, its
    line and a caret under the parenthesis past the limit."""
    from cmdsl.cli import main

    folder = mini_variant(tmp_path, {"mccain-nothing-1": "draw " + parens(100_000)})
    assert main(["check", str(folder)]) == 1
    out = capsys.readouterr()
    lines = (out.out + out.err).splitlines()
    [at] = [i for i, text in enumerate(lines) if "nested too deeply" in text]
    yaml_line = (folder / "set.yaml").read_text(encoding="utf-8").splitlines().index("      draw " + parens(100_000)) + 1
    col = len("      draw ") + MAX_NESTING - 1
    assert lines[at] == (f"{folder / 'set.yaml'}:{yaml_line}:{col}: mccain-nothing-1: nested too deeply: at most "
                         f"{MAX_NESTING} levels of blocks, conditions, expressions and parentheses")
    shown, caret = lines[at + 1], lines[at + 2]
    assert "((((" in shown and caret.strip() == "^" and shown[len(caret) - 1] == "("


def deepest(shape: str) -> str:
    """The deepest effect of a shape the parser still accepts (found by trying, not assumed)."""
    best = ""
    for n in range(1, 200):
        candidate = {
            "if": nested("if you lead:", n, "gain 1 support on economy in \"Alpha\""),
            "sum": "draw " + " - ".join(["1"] * n),
            "not": "if " + "not " * n + "you lead:\n    draw 1",
            "or": "if " + " or ".join(["the votes of \"Alpha\" > 3"] * n) + ":\n    draw 1",
            "paren": "draw " + parens(n),
            "choose": "".join(f"{'    ' * 2 * i}choose one:\n{'    ' * (2 * i + 1)}option:\n" for i in range(n))
            + "    " * 2 * n + "nothing\n"
            + "".join(f"{'    ' * (2 * i + 1)}option:\n{'    ' * (2 * i + 2)}draw 1\n" for i in reversed(range(n))),
        }[shape]
        try:
            parse_effect(candidate)
        except CardError:
            break
        best = candidate
    assert best
    return best


@pytest.mark.parametrize("shape", ["if", "sum", "not", "or", "choose", "paren"])
def test_every_pass_handles_the_deepest_accepted_effect_far_from_the_recursion_limit(
        mini: CardSet, shape: str) -> None:
    effect = deepest(shape)
    names = campaign_names(mini.states, mini.groups)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(__import__("inspect").stack()) + 400)  # a fraction of the default
    try:
        checked = check(parse_effect(effect), names, Context(ContextKind.SNIPPET))
        compiled = compile_effect(checked, "deep")
        for lang in text.LANGS:
            assert text.rules_text(checked.program, "card", lang)
        assert render.program(checked.program)  # round trips are issue 11: here, it must not crash

        def start(rules: CampaignRules) -> Iterator[Any]:
            yield from compiled.run(Run(rules.ops, Side.MCCAIN))

        game = campaign_game(mini, 1, start=start)
        while game.pending is not None:
            game.answer(game.pending.options[0].id)
    finally:
        sys.setrecursionlimit(limit)


def test_a_record_holding_a_runaway_effect_answer_replays_to_a_clear_error(mini: CardSet, tmp_path: Path) -> None:
    """Today a `!effect:` answer with 8 nested `repeat 20:` made `cmdsl replay` run for ever."""
    from cmdsl.games.cm2008.record import Record
    from cmdsl.games.cm2008.replay import replay

    game = game_at_turn(mini)
    record = Record(mini.fingerprint, campaign_of(game).seed, campaign_of(game).setup,
                    (*game.answers, EffectByHand(Side.MCCAIN, nested("repeat 20:", 8))))
    result = replay(mini, record)
    assert not result.reproduces and result.diverged_at == len(game.answers)
    assert result.reason is not None and "too much work" in result.reason
