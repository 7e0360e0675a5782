"""Round trips for any program (issue "The effect language, version 2", item 7).

Hypothesis builds random *checked* programs (statements, nested blocks, conditions with and/or/not,
sums with + and -, variables bound before use, the states and groups of tests/data/mini) and
asserts that the unparser writes text that parses back to the same tree, and that the rules text
can be written in every language, for every program, not only for the bundled cards.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cmdsl.games.cm2008.vocabulary import nodes as A
from cmdsl.games.cm2008.vocabulary import render
from cmdsl.games.cm2008.vocabulary.checker import Context, ContextKind, campaign_names
from cmdsl.games.cm2008.vocabulary.checker import check
from cmdsl.games.cm2008.vocabulary.compiler import compile_effect
from cmdsl.games.cm2008.vocabulary import parse_effect
from cmdsl.lang.text import LANGS
from cmdsl.games.cm2008.vocabulary.text import rules_text
from cmdsl.games.cm2008.loader import load_card_set

MINI = load_card_set(Path(__file__).parent / "data" / "mini")
NAMES = campaign_names(MINI.states, MINI.groups)
STATE_NAMES = sorted(MINI.states)
GROUP_NAMES = sorted(MINI.groups)

NUM, STATE, ISSUE, CARD, PLAYER = "number", "state", "issue", "card", "player"
PREFIX = {NUM: "N", STATE: "S", ISSUE: "I", CARD: "C", PLAYER: "P"}

Strategy = st.SearchStrategy


# ---- examples the issue names ------------------------------------------------------------------


def test_a_sum_on_the_right_keeps_its_parentheses() -> None:
    program = parse_effect("draw 5 - (2 - 1)")
    assert render.program(program) == "draw 5 - (2 - 1)\n"
    assert rules_text(program) == "Draw 5 minus (2 minus 1) cards."


def test_a_negated_or_keeps_its_parentheses_in_effect_and_rules_text() -> None:
    program = parse_effect("if not (you lead or media support is in play):\n    draw 1\n")
    assert render.program(program).splitlines()[0] == "if not (you lead or media support is in play):"
    assert rules_text(program).splitlines()[0] == (
        "If it is not the case that (you lead in electoral votes or a Media Support card is in play):")
    assert rules_text(program, lang="fr").splitlines()[0] == (
        "S'il est faux que (vous menez aux votes électoraux ou une carte Media Support est en jeu) :")


def test_mixed_and_or_are_bracketed_in_rules_text() -> None:
    program = parse_effect("if you lead and media support is in play or not obama leads:\n    draw 1\n")
    assert rules_text(program).splitlines()[0] == (
        "If (you lead in electoral votes and a Media Support card is in play) or "
        "(it is not the case that Obama leads in electoral votes):")


# ---- random checked programs ---------------------------------------------------------------------


@dataclass(frozen=True)
class Env:
    """What a statement may use where it stands: the variables in scope and what the context allows."""

    vars: tuple[tuple[str, str], ...] = ()  # (name, type), in binding order
    actor: bool = True  # someone acts (false in Breaking News outside `as`)
    loop: bool = False  # inside `repeat` or `for each`
    news: bool = False  # `the news state` may be named
    that: bool = False  # the condition of an `if` after another statement: `that wins S` may be asked
    best: bool = True  # `the state with the most ...` may be used (not in a number of dice)

    def of(self, typ: str) -> list[str]:
        return [name for name, t in self.vars if t == typ]

    def fresh(self, typ: str) -> str:
        # Every binding on the way here adds one variable, so the count is a name none visible has.
        return f"{PREFIX[typ]}{len(self.vars)}"

    def bind(self, name: str, typ: str) -> "Env":
        return replace(self, vars=self.vars + ((name, typ),))


def _vars(env: Env, typ: str) -> list[Strategy[A.Expr]]:
    names = env.of(typ)
    return [st.sampled_from(names).map(A.Var)] if names else []


@functools.cache
def players(env: Env) -> Strategy[A.Expr]:
    who = ["mccain", "obama", "active"] + (["you", "opponent"] if env.actor else [])
    # the player with the most …: what it reads of each player, `them` the player measured
    best = st.builds(A.BestPlayer, st.booleans(), st.builds(
        A.Of, st.sampled_from(["score", "hand_size", "deck_size", "discard_size"]).map(A.Prop), st.just(A.Them())))
    # a player chosen by a player (settled before its statement, as a superlative is)
    chosen = st.builds(A.ChosenPlayer, st.sampled_from(who).map(A.PlayerRef), st.booleans())
    # a player by seat, bound, or the best by a measure, or chosen
    return st.one_of([st.sampled_from(who).map(A.PlayerRef), *_vars(env, PLAYER), *([best, chosen] if env.best else [])])


@functools.cache
def states(env: Env, quoted: bool = True) -> Strategy[A.Expr]:
    """A state; ``quoted=False`` leaves out quoted names (one side of a comparison must say the kind)."""
    options = _vars(env, STATE) + ([st.just(A.NewsState())] if env.news else [])
    if env.best:
        options.append(bests(replace(env, that=False)))
    if quoted:
        options.append(st.sampled_from(STATE_NAMES).map(A.Str))
    return st.one_of(options)


@functools.cache
def measures(env: Env) -> Strategy[A.Expr]:
    """What a superlative reads from each state (``It``); its parts never hold another superlative."""
    plain = replace(env, best=False)
    return st.one_of(st.just(A.Of("votes", A.It())),
                     st.builds(A.BlocksOf, players(plain), issues(plain), st.just(A.It())),
                     st.builds(A.RowCount, st.sampled_from(["undecided", "all"]), issues(plain), st.just(A.It())))


@functools.cache
def bests(env: Env) -> Strategy[A.Best]:
    return st.builds(A.Best, st.booleans(), measures(env))


@functools.cache
def issues(env: Env) -> Strategy[A.Expr]:
    return st.one_of(st.sampled_from(["economy", "defense"]).map(A.IssueLit), *_vars(env, ISSUE),
                     st.builds(A.Of, st.sampled_from(["majority", "minority"]), states(env)))


@functools.cache
def groups(env: Env, quoted: bool = True) -> Strategy[A.Expr]:
    key = st.builds(A.Of, st.just("key"), states(env))
    return st.one_of(key, st.sampled_from(GROUP_NAMES).map(A.Str)) if quoted else key


@functools.cache
def numbers(env: Env) -> Strategy[A.Expr]:
    """Sums of + and - over literals, variables and what the position says (votes, scores, blocks)."""
    leaves = st.one_of(
        st.integers(0, 20).map(A.Num),  # any count may be a literal: at most MAX_REPEAT
        *_vars(env, NUM),
        st.builds(A.Of, st.just("votes"), states(env)),
        st.builds(A.Of, st.sampled_from(["score", "hand_size", "deck_size", "discard_size"]), players(env)),
        st.builds(A.BlocksOf, players(env), issues(env), states(env)),
        st.builds(A.RowCount, st.sampled_from(["undecided", "all"]), issues(env), states(env)),
    )
    return st.recursive(leaves, lambda sums: st.builds(A.Arith, st.sampled_from("+-"), sums, sums), max_leaves=5)


def _equal(left: Strategy[A.Expr], right: Strategy[A.Expr]) -> Strategy[A.Cond]:
    """`is` / `is not` between a side that says its kind and any side, either way round."""
    return st.builds(lambda op, a, b, swap: A.Compare(op, b, a) if swap else A.Compare(op, a, b),
                     st.sampled_from(["=", "!="]), left, right, st.booleans())


@functools.cache
def conditions(env: Env) -> Strategy[A.Cond]:
    atoms = [
        st.builds(A.Compare, st.sampled_from(["=", "!=", "<", ">", "<=", ">="]), numbers(env), numbers(env)),
        _equal(issues(env), issues(env)),
        _equal(groups(env, quoted=False), groups(env)),
        _equal(players(env), players(env)),
        st.builds(A.Leads, players(env)),
        st.builds(A.MediaInPlay, st.none() | players(env)),
        st.builds(A.StateIs, states(env), st.just("in_play"), st.none()),
        st.builds(A.StateIs, states(env), st.just("won"), st.none() | players(env)),
        _equal(states(env, quoted=False), states(env)),
    ]
    if env.that:
        atoms.append(st.builds(A.ThatWins, states(replace(env, that=False))))
    return st.recursive(st.one_of(atoms), lambda c: st.one_of(
        st.builds(A.And, c, c), st.builds(A.Or, c, c), st.builds(A.Not, c)), max_leaves=4)


def _where(env: Env) -> Strategy[A.Cond | None]:
    return st.none() | conditions(env)


@st.composite
def statement(draw: Any, env: Env, depth: int, after: bool = False, only_if: bool = False) -> tuple[A.Stmt, Env]:
    """One statement that checks where it stands, and the scope after it (binders add a variable).
    ``after``: another statement comes before it in its block; ``only_if``: an `else if`."""
    kinds = ["shift", "alter", "nothing"]
    if env.actor:
        kinds += ["gain", "demographic", "draw", "draw_play", "discard", "discard_any", "choose_state",
                  "choose_issue", "choose_card"] + (["play_card"] if env.of(CARD) else [])
    if depth > 0:
        kinds += ["if", "for_each", "repeat", "as"] + (["choose_one", "for_each_player"] if env.actor else [])
    if only_if:
        kinds = ["if"] if depth > 0 else ["nothing"]
    kind = draw(st.sampled_from(kinds))
    n, s = numbers(env), states(env)
    if kind in ("discard_any", "choose_state", "choose_issue", "choose_card"):
        typ = {"discard_any": NUM, "choose_state": STATE, "choose_issue": ISSUE, "choose_card": CARD}[kind]
        name = env.fresh(typ)
        after = env.bind(name, typ)
        if kind == "discard_any":
            return A.DiscardAny(name), after
        if kind == "choose_issue":
            return A.ChooseIssue(name), after
        if kind == "choose_card":
            return A.ChooseCard(name), after
        different = env.loop and draw(st.booleans())
        best = draw(st.none() | bests(env))
        return A.ChooseState(name, draw(_where(after)), different, best), after  # `where` sees the state
    simple: dict[str, Strategy[A.Stmt]] = {
        "gain": st.builds(A.Gain, n, issues(env), s),
        "shift": st.builds(A.Shift, s, n, issues(env)),
        "alter": st.builds(A.Alter, s),
        "demographic": st.builds(A.DemographicSupport, groups(env)),
        "draw": st.builds(A.Draw, n),
        "draw_play": st.builds(A.DrawAndPlay, n),
        "discard": st.builds(A.Discard, n),
        "nothing": st.just(A.Nothing()),
        "play_card": st.builds(lambda cls, var: cls(var), st.sampled_from([A.PlayCard, A.DiscardCard]),
                               st.sampled_from(env.of(CARD) or ["C"])),
    }
    if kind in simple:
        return draw(simple[kind]), env
    return draw(compound(kind, env, depth - 1, after)), env


def compound(kind: str, env: Env, depth: int, after: bool = False) -> Strategy[A.Stmt]:
    if kind == "if":
        # `else if` tests right after the `if` does: it may ask `that wins` too (``statement``).
        otherwise = (st.just(()) | block(env, depth)
                     | st.tuples(statement(env, depth, after, only_if=True).map(lambda p: p[0])))
        return st.builds(A.If, conditions(replace(env, that=after)), block(env, depth), otherwise)
    if kind == "for_each":
        name = env.fresh(STATE)
        inner = env.bind(name, STATE)
        return st.builds(A.ForEach, st.just(name), _where(inner), block(replace(inner, loop=True), depth))
    if kind == "repeat":
        return st.builds(A.Repeat, numbers(env), block(replace(env, loop=True), depth))
    if kind == "for_each_player":
        name = env.fresh(PLAYER)
        return st.builds(A.ForEachPlayer, st.just(name), block(replace(env.bind(name, PLAYER), loop=True), depth))
    if kind == "as":
        return st.builds(A.As, players(env), block(replace(env, actor=True), depth))
    assert kind == "choose_one"
    return st.builds(A.ChooseOne, st.lists(block(env, depth), min_size=2, max_size=3).map(tuple))


@st.composite
def block(draw: Any, env: Env, depth: int) -> tuple[A.Stmt, ...]:
    out: list[A.Stmt] = []
    for i in range(draw(st.integers(1, 3))):
        s, env = draw(statement(env, depth, after=i > 0))
        out.append(s)
    return tuple(out)


def abilities(env: Env) -> Strategy[tuple[A.Stmt, ...]]:
    whose = st.sampled_from(["you", "opponent"]).map(A.PlayerRef)
    fixed = players(replace(env, best=False))  # an ability's players are read when the game asks
    ability = st.one_of(
        st.builds(A.RollDice, fixed, numbers(replace(env, best=False))),
        st.builds(A.NewsTarget, fixed, st.none()),
        st.builds(A.NewsTarget, st.none(), bests(env)),
        st.builds(A.Trigger, st.just("won"), st.none() | fixed, block(env, 1)),
        st.builds(A.Trigger, st.just("news"), st.none(), block(env, 1)),
        st.builds(A.Trigger, st.just("negative"), fixed, block(env, 1)),
        st.builds(A.Trigger, st.just("end_turn"), st.none() | whose, block(env, 1)),
    )
    return st.lists(ability, min_size=1, max_size=2).map(tuple)


@st.composite
def programs(draw: Any) -> tuple[A.Program, Context]:
    kind = draw(st.sampled_from(["card", "news", "snippet"]))
    ctx = Context(kind, abilities=kind == "card" and draw(st.booleans()), has_actor=kind != "news")
    env = Env(actor=ctx.has_actor, news=kind in ("news", "snippet"))
    body = draw(block(env, depth=3))
    if ctx.abilities and draw(st.booleans()):
        body += (A.WhileInPlay(draw(abilities(replace(env, actor=True)))),)
    return A.Program(body), ctx


def assert_round_trip(program: A.Program, ctx: Context) -> None:
    checked = check(program, NAMES, ctx)  # the strategies build only programs the checker accepts
    text = render.program(program)
    assert parse_effect(text) == program, text
    again = parse_effect(render.program(checked.program))  # resolved names are written quoted again
    assert again == program
    assert check(again, NAMES, ctx).program == checked.program
    compile_effect(checked, "x")
    for lang in LANGS:
        assert_readable(rules_text(checked.program, ctx.kind, lang), lang)


_PROPER = re.compile(r"\b(" + "|".join(n.lower() for n in STATE_NAMES + GROUP_NAMES) + r"|mccain|obama)\b")


def assert_readable(rules: str, lang: str) -> None:
    assert "None" not in rules and rules.count("(") == rules.count(")"), rules
    for line in rules.splitlines():
        sentence = line.strip().removeprefix("- ")
        assert not sentence[0].islower(), f"a sentence starts in lower case: {line!r}"
    assert not _PROPER.search(rules), f"a name lost its capital: {rules}"
    if lang == "en":
        assert not re.search(r"\b(economy|defense)\b", rules), f"an issue lost its capital: {rules}"


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_any_checked_program_round_trips_and_has_rules_text(generated: tuple[A.Program, Context]) -> None:
    assert_round_trip(*generated)


# Programs mix many statements; conditions and sums, where precedence matters most, also get a run
# of their own, with variables of each kind in scope.
PRELUDE = (A.ChooseState("S0", None, False), A.ChooseIssue("I1"), A.DiscardAny("N2"))
IN_SCOPE = Env(vars=(("S0", STATE), ("I1", ISSUE), ("N2", NUM)), news=True)


@settings(deadline=None)
@given(conditions(IN_SCOPE), numbers(IN_SCOPE))
def test_any_condition_and_sum_round_trip(cond: A.Cond, amount: A.Expr) -> None:
    program = A.Program(PRELUDE + (A.If(cond, (A.Draw(amount),), ()),))
    assert_round_trip(program, Context(ContextKind.SNIPPET))
