"""A statement's code lives in one place (issue 54 §5; DESIGN property 14: "a new statement for a
game touches at most four files"). In every vocabulary — High Card's, Campaign Manager 2008's,
Racolage's — each method a pass has for a node class of the game (its check, work bound, compiled
form, effect text, rules text) is defined in the module that declares the node: its family's. So a
new statement is its grammar line, its family's module (node, rules, every pass's method), its
phrases, and at most the game's operations: the passes' own modules (``checker.py``, ``text.py``…)
only assemble the families' parts and never change for one (docs/language-internals.md).
"""

from __future__ import annotations

from types import ModuleType

import pytest

from cmdsl.games.cm2008.vocabulary import VOCABULARY as CM2008, nodes as cm2008_nodes
from cmdsl.games.cm2008.vocabulary.support import Gain
from cmdsl.games.racolage.vocabulary import VOCABULARY as RACOLAGE, nodes as racolage_nodes
from cmdsl.games.racolage.vocabulary.ops import RacolageOps
from cmdsl.lang import ast as core
from cmdsl.lang.checker import Checker
from cmdsl.lang.compiler import Compiler
from cmdsl.lang.ops import CoreOps
from cmdsl.lang.render import Unparser
from cmdsl.lang.text import Writer
from cmdsl.lang.tree_rules import TreeRules
from cmdsl.lang.visitor import Visitor
from cmdsl.lang.vocabulary import Vocabulary
from cmdsl.lang.work import Bounds
from tests.toygame.vocabulary import VOCABULARY as HIGHCARD, nodes as highcard_nodes
from tests.toygame.vocabulary.passes import HighCardOps

VOCABULARIES = {"highcard": (HIGHCARD, highcard_nodes), "cm2008": (CM2008, cm2008_nodes),
                "racolage": (RACOLAGE, racolage_nodes)}
#: The games whose families declare the operations they call, each in a ``Protocol`` this one
#: gathers (CM2008's are its ``ops.py``, a fourth file a statement may touch).
OPERATIONS: dict[str, type] = {"highcard": HighCardOps, "racolage": RacolageOps}


def passes(v: Vocabulary) -> tuple[type[Visitor], ...]:
    return (v.checker, v.bounds, v.compiler, v.unparser, v.writer)


def strays(visitors: tuple[type[Visitor], ...], nodes: tuple[type[core.Node], ...]) -> list[str]:
    """Each pass's method for one of ``nodes`` that is not defined in its node's module, with where
    it is (the class of the pass, or of its parts, whose body defines it or names it)."""
    found = []
    for visitor in visitors:
        for family, handled in visitor.families.items():
            for node in (n for n in handled if n in nodes):
                name = f"{family}_{node.__name__}"
                owner = next((k for k in visitor.__mro__ if name in vars(k)), None)
                if owner is None or owner.__module__ != node.__module__:
                    where = "nowhere" if owner is None else f"{owner.__module__}.{owner.__qualname__}"
                    found.append(f"{visitor.__name__}.{name}: in {where}, not in {node.__module__}")
    return found


@pytest.mark.parametrize("game", VOCABULARIES)
def test_every_pass_method_of_a_node_is_in_its_family_module(game: str) -> None:
    vocabulary, _ = VOCABULARIES[game]
    assert strays(passes(vocabulary), vocabulary.nodes) == []


@pytest.mark.parametrize("game", VOCABULARIES)
def test_the_nodes_are_declared_by_their_families_and_gathered_by_name(game: str) -> None:
    vocabulary, nodes = VOCABULARIES[game]
    families: tuple[ModuleType, ...] = nodes.FAMILIES
    assert vocabulary.nodes == nodes.NODES == tuple(n for f in families for n in f.NODES)
    assert {n.__module__ for n in vocabulary.nodes} == {f.__name__ for f in families}
    # `nodes.Gain` names every node, from its family's `__all__`
    assert [n for n in vocabulary.nodes if getattr(nodes, n.__name__, None) is not n] == []


@pytest.mark.parametrize("game", VOCABULARIES)
def test_a_family_rule_is_a_rule_of_the_tree_builder(game: str) -> None:
    vocabulary, nodes = VOCABULARIES[game]
    builder = vocabulary.to_ast()
    rules = [(f, name) for f in nodes.FAMILIES for part in vars(f).values()
             if isinstance(part, type) and issubclass(part, TreeRules) and part.__module__ == f.__name__
             for name in vars(part) if not name.startswith("_")]
    assert rules, "every vocabulary here has rules of its own"
    assert [name for _, name in rules if name not in vars(builder)] == []


def own(module: ModuleType, base: type) -> list[type]:
    """The classes ``module`` declares that subclass ``base``."""
    return [c for c in vars(module).values() if isinstance(c, type) and base in c.__mro__[1:]
            and c.__module__ == module.__name__]


@pytest.mark.parametrize("game", VOCABULARIES)
def test_every_family_has_its_part_of_every_pass_and_the_pass_has_it(game: str) -> None:
    """So a statement joins parts that are there already: a family's first statement of a kind
    (its first work bound, its first rule) adds no class that a pass module would have to list."""
    vocabulary, nodes = VOCABULARIES[game]
    assembled: dict[type, type] = {Checker: vocabulary.checker, Bounds: vocabulary.bounds,
                                   Compiler: vocabulary.compiler, Unparser: vocabulary.unparser,
                                   Writer: vocabulary.writer}
    for f in nodes.FAMILIES:
        for base, visitor in assembled.items():
            parts = own(f, base)
            assert len(parts) == 1 and parts[0] in visitor.__mro__, (f.__name__, base.__name__, parts)
        rules = own(f, TreeRules)
        assert len(rules) == 1 and rules[0] in vocabulary.to_ast().rule_parts, (f.__name__, rules)
        if game in OPERATIONS:
            ops = own(f, CoreOps)  # (a Protocol: ``base in __mro__``, as ``issubclass`` refuses it)
            assert len(ops) == 1 and ops[0] in OPERATIONS[game].__mro__, (f.__name__, ops)


def test_a_method_moved_out_of_its_family_is_found() -> None:
    class Unparser(CM2008.unparser):  # as if `stmt_Gain` had been written in the pass's module
        def stmt_Gain(self, s: Gain, indent: str) -> list[str]:
            return [indent]

    assert strays((Unparser,), CM2008.nodes) == [
        f"Unparser.stmt_Gain: in {__name__}.{Unparser.__qualname__}, not in cmdsl.games.cm2008.vocabulary.support"]
