"""Every pass over the effect AST handles every node class (issue "The effect language, version 2",
item 6; issue 29 §5: the core's nodes and each game's): the checker, the compiler, the unparser,
the rules text (English and French) and the work bound. A pass is a ``Visitor`` with one method per
node class (``cmdsl/lang/visitor.py``); a node class a pass lacks is an error, never a dropped
sentence. The core language's passes handle its nodes; a game's vocabulary's, the core's and its own.
"""

from __future__ import annotations

import inspect
from typing import Iterator

import pytest

from cmdsl.games.cm2008.vocabulary import nodes as A
from cmdsl.lang import ast as core
from cmdsl.lang.checker import Checker
from cmdsl.lang.compiler import Compiler
from cmdsl.lang.render import Unparser
from cmdsl.lang.text import Writer
from cmdsl.lang.vocabulary import Vocabulary
from cmdsl.lang.work import Bounds
from cmdsl.games.cm2008.vocabulary import render
from cmdsl.games.cm2008.vocabulary.checker import Context, ContextKind
from cmdsl.games.cm2008.vocabulary.checker import campaign_names, check
from cmdsl.games.cm2008.vocabulary.compiler import compile_effect
from cmdsl.lang.origin import Origin
from cmdsl.games.cm2008.vocabulary import VOCABULARY as V, parse_effect
from cmdsl.lang.text import LANGS
from cmdsl.games.cm2008.vocabulary.text import rules_text
from cmdsl.lang.visitor import Family, UnhandledNode, Visitor, family
from cmdsl.games.cm2008.vocabulary.work import block_work
from cmdsl.games.cm2008.model import CardSet
from cmdsl.games.racolage.vocabulary import VOCABULARY as RACOLAGE, nodes as racolage_nodes
from tests.toygame.vocabulary import VOCABULARY as HIGHCARD, nodes as highcard_nodes

def _passes(nodes: tuple[type[core.Node], ...], checker: type[Visitor], compiler: type[Visitor],
            unparser: type[Visitor], writer: type[Visitor], bounds: type[Visitor]
            ) -> dict[str, tuple[type[Visitor], set[type[core.Node]]]]:
    """Every pass of a language, with the node classes it must handle. The work bound visits no
    condition: a condition carries out no statement, so the statement that tests it counts its unit."""
    exprs, conds, stmts = (family(nodes, kind) for kind in (core.Expr, core.Cond, core.Stmt))
    return {"checker": (checker, {*exprs, *conds, *stmts}), "compiler": (compiler, {*exprs, *conds, *stmts}),
            "render": (unparser, {*exprs, *conds, *stmts}), "text": (writer, {*exprs, *conds, *stmts}),
            "work": (bounds, {*exprs, *stmts})}


def _vocabulary_passes(v: Vocabulary, nodes: tuple[type[core.Node], ...]
                       ) -> dict[str, tuple[type[Visitor], set[type[core.Node]]]]:
    return _passes(nodes, v.checker, v.compiler, v.unparser, v.writer, v.bounds)


#: Each language's passes: the core's alone, and each game's vocabulary's (the core's nodes and its own).
LANGUAGES = {
    "core": _passes(core.NODES, Checker, Compiler, Unparser, Writer, Bounds),
    "cm2008": _vocabulary_passes(V, A.ALL_NODES),
    "highcard": _vocabulary_passes(HIGHCARD, highcard_nodes.ALL_NODES),
    "racolage": _vocabulary_passes(RACOLAGE, racolage_nodes.ALL_NODES),
}
PASSES = LANGUAGES["cm2008"]


def node_classes(*modules: object) -> set[type[core.Node]]:
    """Every concrete node class declared in these modules (not the kinds: expression, condition, statement)."""
    names = {getattr(m, "__name__") for m in modules}
    return {c for m in modules for _, c in inspect.getmembers(m, inspect.isclass)
            if issubclass(c, core.Node) and c not in (core.Node, core.Expr, core.Cond, core.Stmt)
            and c.__module__ in names}


def _kinds(nodes: tuple[type[core.Node], ...]) -> list[type[core.Node]]:
    kinds: list[Family] = [family(nodes, kind) for kind in (core.Expr, core.Cond, core.Stmt)]
    return [n for f in kinds for n in f]


def test_every_node_class_is_of_exactly_one_kind() -> None:
    # A class left out of NODES would be left out of every pass's families too.
    # (a game declares its nodes in its families' modules, each beside its passes' methods)
    for nodes, modules in ((core.NODES, (core,)), (A.ALL_NODES, (core, *A.FAMILIES)),
                           (highcard_nodes.ALL_NODES, (core, *highcard_nodes.FAMILIES)),
                           (racolage_nodes.ALL_NODES, (core, *racolage_nodes.FAMILIES))):
        kinds = _kinds(nodes)
        assert len(kinds) == len(set(kinds)) == len(nodes)
        assert node_classes(*modules) == set(kinds) | {core.Program}  # Program: each pass's entry point


def test_a_vocabulary_declares_its_own_nodes_only() -> None:
    for vocabulary, module in ((V, A), (HIGHCARD, highcard_nodes), (RACOLAGE, racolage_nodes)):
        assert vocabulary.nodes == module.NODES and not set(vocabulary.nodes) & set(core.NODES)
        homes = getattr(module, "FAMILIES", (module,))  # the modules that declare them
        assert {n.__module__ for n in vocabulary.nodes} == {home.__name__ for home in homes}


@pytest.mark.parametrize("language, name", [(lang, name) for lang in LANGUAGES for name in LANGUAGES[lang]])
def test_every_pass_has_a_method_per_node_class(language: str, name: str) -> None:
    visitor, required = LANGUAGES[language][name]
    declared = {node for nodes in visitor.families.values() for node in nodes}
    assert required <= declared, f"{name} declares no family for {sorted(c.__name__ for c in required - declared)}"
    assert visitor.missing() == [], f"{name} lacks {visitor.missing()}"


def test_a_missing_method_is_reported() -> None:
    class Forgetful(V.unparser):
        expr_Arith = None  # as if the method had been deleted

    assert Forgetful.missing() == ["expr_Arith"]
    with pytest.raises(UnhandledNode, match="expr_Arith"):
        Forgetful().expr(A.Arith("+", A.Num(1), A.Num(2)))


def instances(mini: CardSet) -> Iterator[tuple[str, Visitor, str]]:
    """One instance of each pass, with a family to call."""
    names = campaign_names(mini.states, mini.groups)
    yield "checker", V.checker(names, Context(ContextKind.CARD), Origin()), "stmt"
    yield "compiler", V.compiler("x"), "stmt"
    yield "render", V.unparser(), "stmt"
    yield "text", V.writer("fr"), "stmt"
    yield "work", V.bounds(4), "stmt"


def test_an_unknown_node_is_an_error(mini: CardSet) -> None:
    class Stray(A.Node):
        pass

    for name, visitor, kind in instances(mini):
        with pytest.raises(UnhandledNode, match="Stray"):
            visitor.visit(kind, Stray())
        assert name


# ---- every node class through every pass, on effects that use them all ----------------------------

EVERYTHING = '''\
choose a state as S where the votes of S >= 5 - (2 - 1) and not (you lead or the opponent has media support in play)
choose an issue as I
choose a card from hand as C
discard any number as N
gain N + 1 supports on I in S
shift "Alpha" 2 toward the majority issue of S
alter the key demographic of S
demographic support for "Seniors"
draw the hand size of you
draw the deck size of you + the discard pile size of the opponent + the undecided blocks on economy in S
choose a state with the fewest blocks on defense as W where W is not S
gain 1 support on economy in the state with the most votes
if that wins S and not "Beta" is in play or S is won by you or "Alpha" is won:
    draw 1
draw 1 and play one
discard 1
play C
discard card C
nothing
if the key demographic of S is "Women" or media support is in play:
    draw 1
else if the blocks of mccain on economy in S < the score of obama:
    draw 2
else:
    nothing
for each state as T where the minority issue of T is not defense:
    repeat 2:
        choose a different state as U
for each other player as Q:
    as Q:
        draw 1
as the player with the fewest (the score of them):
    draw 1
as another player chosen by you:
    draw 1
as the active player:
    choose one:
        option:
            draw 1
        option:
            nothing
while in play:
    you roll 2 going negative dice
    breaking news targets a state chosen by the opponent
    when a state is won by the opponent:
        draw 1
    at the end of your turn:
        nothing
'''
NEWS = "as mccain:\n    shift the news state 1 toward economy\n"
EXAMPLES = [(EVERYTHING, Context(ContextKind.CARD, abilities=True)), (NEWS, Context(ContextKind.NEWS, has_actor=False))]


def classes_in(node: object) -> set[type[A.Node]]:
    found: set[type[A.Node]] = set()
    if isinstance(node, A.Node):
        found.add(type(node))
        node = vars(node)
    if isinstance(node, dict):
        node = list(node.values())
    if isinstance(node, (list, tuple)):
        for part in node:
            found |= classes_in(part)
    return found


def test_the_examples_use_every_node_class(mini: CardSet) -> None:
    names = campaign_names(mini.states, mini.groups)
    found: set[type[A.Node]] = set()
    for text, ctx in EXAMPLES:
        parsed = parse_effect(text)
        found |= classes_in(parsed) | classes_in(check(parsed, names, ctx).program)
    assert node_classes(core, A) - found == set()


@pytest.mark.parametrize("text, ctx", EXAMPLES)
def test_every_pass_runs_on_every_node_class(mini: CardSet, text: str, ctx: Context) -> None:
    parsed = parse_effect(text)
    checked = check(parsed, campaign_names(mini.states, mini.groups), ctx)
    compiled = compile_effect(checked, "x")
    assert compiled.run is not None
    assert (compiled.abilities is not None) == ctx.abilities
    assert parse_effect(render.program(parsed)) == parsed
    assert parse_effect(render.program(checked.program)) == parsed  # resolved names unparse quoted
    for lang in LANGS:
        lines = rules_text(checked.program, ctx.kind, lang).splitlines()
        # one line per statement or block head (an `else` adds one; `option:` is a "- " line), and one
        # before a statement naming a superlative, which finds it ("Find the state in play with…")
        found = [ln for ln in lines if ln.lstrip().startswith(("Find ", "Trouvez "))]
        assert len(found) == text.count("in the state with the"), lang
        assert len(lines) == len(render.program(parsed).splitlines()) - (text.count("option:")) + len(found), lang
    assert block_work(checked.program.body, 4).fixed > 0
