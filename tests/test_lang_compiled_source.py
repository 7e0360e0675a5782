"""Expressions and conditions compiled to one function from their Python source
(``compile_expr.Source``, issue 34 §3): they mean what the language says (numbers, variables
that may hold nothing, arithmetic, comparisons, `and`/`or`/`not`), a part with no source of its
own is called in place, a loop's variable may be read as an argument, and no text a card gives
(a variable's name, a number) is ever written into the source."""

from __future__ import annotations

import re
from typing import Any, Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from cmdsl.lang import ast as A
from cmdsl.lang.compile_expr import ExprCompiler, Source
from cmdsl.lang.run import Run

from .conftest import examples

VARS = ("X", "Y", "Z")
OPS = ("=", "!=", "<", ">", "<=", ">=")


# ---- the language's meaning, written plainly: the spec the compiled functions are held to --------


def value_of(e: A.Expr, env: dict[str, int | None]) -> int | None:
    if isinstance(e, A.Num):
        return e.value
    if isinstance(e, A.Var):
        return env.get(e.name)
    assert isinstance(e, A.Arith)
    a, b = value_of(e.left, env) or 0, value_of(e.right, env) or 0  # nothing counts as 0
    return a + b if e.op == "+" else a - b


def holds(c: A.Cond, env: dict[str, int | None]) -> bool:
    if isinstance(c, A.Compare):
        a, b = value_of(c.left, env), value_of(c.right, env)
        if a is None or b is None:  # nothing matches nothing
            return False
        return {"=": a == b, "!=": a != b, "<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[c.op]
    if isinstance(c, A.And):
        return holds(c.left, env) and holds(c.right, env)
    if isinstance(c, A.Or):
        return holds(c.left, env) or holds(c.right, env)
    assert isinstance(c, A.Not)
    return not holds(c.operand, env)


exprs: st.SearchStrategy[A.Expr] = st.recursive(
    st.one_of(st.integers(-3, 3).map(A.Num), st.sampled_from(VARS).map(A.Var)),
    lambda inner: st.builds(A.Arith, st.sampled_from("+-"), inner, inner), max_leaves=6)
conds: st.SearchStrategy[A.Cond] = st.recursive(
    st.builds(A.Compare, st.sampled_from(OPS), exprs, exprs),
    lambda inner: st.one_of(st.builds(A.And, inner, inner), st.builds(A.Or, inner, inner), st.builds(A.Not, inner)),
    max_leaves=5)
envs = st.fixed_dictionaries({v: st.one_of(st.none(), st.integers(-4, 4)) for v in VARS})


def run_with(env: dict[str, int | None]) -> Run[Any]:
    r: Run[Any] = Run(None, None)
    r.vars.update({k: v for k, v in env.items() if v is not None})
    return r


@settings(max_examples=examples(300), deadline=None)
@given(exprs, envs)
def test_an_expression_means_what_the_language_says(e: A.Expr, env: dict[str, int | None]) -> None:
    assert ExprCompiler("t").expr(e)(run_with(env)) == value_of(e, env)


@settings(max_examples=examples(300), deadline=None)
@given(conds, envs)
def test_a_condition_means_what_the_language_says(c: A.Cond, env: dict[str, int | None]) -> None:
    assert ExprCompiler("t").cond(c)(run_with(env)) is holds(c, env)


@settings(max_examples=examples(200), deadline=None)
@given(conds, envs, st.sampled_from(VARS))
def test_a_loop_variable_read_as_an_argument_reads_as_the_variable(c: A.Cond, env: dict[str, int | None],
                                                                     var: str) -> None:
    # The argument is what the condition reads: the run's variables do not hold it here.
    test = ExprCompiler("t").cond_of(c, var)
    assert test(run_with({**env, var: None}), env[var]) is holds(c, env)


def test_the_comparison_with_a_number_holds_nothing_as_no_match() -> None:
    at_least_one = A.Compare(">=", A.Var("X"), A.Num(1))
    test = ExprCompiler("t").cond(at_least_one)
    assert [test(run_with({"X": x})) for x in (None, 0, 1, 2)] == [False, False, True, True]


def test_a_function_made_from_a_source_is_compiled_once_at_its_first_call() -> None:
    compiler = ExprCompiler("t")
    test = compiler.cond(A.Compare(">=", A.Arith("+", A.Var("X"), A.Num(1)), A.Num(2)))
    assert len(compiler.texts) == 1 and compiler.texts[0].startswith("lambda r: ")  # one function for it all
    before = test.__code__
    assert test(run_with({"X": 1})) is True
    after = test.__code__
    assert after is not before  # it became the compiled text: callers hold the same function
    assert test(run_with({"X": 0})) is False and test.__code__ is after


class Points(A.Expr):
    """A game's value with no source of its own: its closure is called in place."""


class PointsCompiler(ExprCompiler):
    def expr_Points(self, e: Points) -> Callable[[Run[Any]], Any]:
        return lambda r: r.ops["points"]


def test_a_part_with_no_source_is_its_closure_called_in_place() -> None:
    c = PointsCompiler("t")
    alone = c.expr(Points())
    assert not isinstance(alone, Source) and alone(Run({"points": 4}, None)) == 4  # the closure itself
    test = c.cond(A.Compare(">", A.Arith("+", Points(), A.Var("X")), A.Num(5)))
    r = Run({"points": 4}, None)
    r.vars["X"] = 2
    assert test(r) is True
    r.vars["X"] = 1
    assert test(r) is False


HOSTILE = ["X') or __import__('os').system('echo owned') or ('", 'Y"; raise SystemExit #', "{r}", "Z\n1"]


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from(HOSTILE), st.integers(-10**30, 10**30))
def test_no_text_of_a_card_is_written_into_a_source(name: str, number: int) -> None:
    """A variable's name and a number are bound to fresh names: the source is made only of our
    templates, fresh names and the run's attributes, whatever the card says."""
    c = ExprCompiler("t")
    cond = A.Or(A.Compare("<", A.Arith("-", A.Var(name), A.Num(number)), A.Num(0)),
                A.Not(A.Compare("=", A.Var(name), A.Var(name))))
    source = c.src_cond(cond)
    assert name not in source.text and not re.search(r"\d", re.sub(r"_v\d+|or 0", "", source.text))  # no literal
    assert re.fullmatch(r"[A-Za-z0-9_ ().:=<>!+\-]*", source.text), source.text
    r: Run[Any] = Run(None, None)
    r.vars[name] = number - 1
    assert c.cond(cond)(r) is True  # (number − 1) − number < 0, whatever the number


def test_every_source_of_the_shipped_effects_compiles() -> None:
    """A function made from a source compiles its text only when first called: every text the
    shipped cards' effects make is valid Python, called or not."""
    from cmdsl.games.cm2008.loader import load_card_set
    from cmdsl.games.cm2008.vocabulary.compiler import CampaignCompiler
    from cmdsl.games.racolage import bundled_set
    from cmdsl.games.racolage.loader import load_set
    from cmdsl.games.racolage.vocabulary import LANGUAGE

    texts: list[str] = []
    for item, card in load_card_set().cards.items():
        if card.checked is None:  # a card with no effect
            continue
        campaign = CampaignCompiler(item)
        campaign.effect(card.checked)
        texts += campaign.texts
    for action in load_set(bundled_set()).actions:
        if action.checked is None:  # an action the rules carry out (no effect text)
            continue
        racolage = LANGUAGE.vocabulary.compiler(action.id)
        racolage.effect(action.checked)
        texts += racolage.texts
    assert len(texts) > 100  # the sets' conditions and loops
    for text in texts:
        compile(text, "<source>", "exec")
