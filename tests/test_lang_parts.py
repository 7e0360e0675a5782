"""What a statement reads itself (``ast.parts``, CM2008's ``bests``): checking, compiling and the
work bound settle each superlative and each chosen player before the statement runs, innermost
first. The walk reads each node class's fields once (``field_names``); it must find what a plain
walk over ``dataclasses.fields`` finds, on every effect of the shipped set."""

from __future__ import annotations

import dataclasses
from typing import Iterator

from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.vocabulary import nodes as N
from cmdsl.lang import ast as A


def plain_parts(node: A.Node, kind: type | tuple[type, ...]) -> Iterator[A.Node]:
    """The spec: every field's value that is an expression or a condition, walked, innermost first."""
    for f in dataclasses.fields(node):
        part = getattr(node, f.name)
        if isinstance(part, (A.Expr, A.Cond)):
            yield from plain_parts(part, kind)
    if isinstance(node, kind):
        yield node


def every_node(value: object) -> Iterator[A.Node]:
    if isinstance(value, tuple):
        for v in value:
            yield from every_node(v)
    elif isinstance(value, A.Node):
        yield value
        for f in dataclasses.fields(value):
            yield from every_node(getattr(value, f.name))


def test_a_statement_reads_the_parts_a_plain_walk_finds_on_every_shipped_effect() -> None:
    programs = [c.checked.program for c in load_card_set().cards.values() if c.checked is not None]
    nodes = [n for p in programs for n in every_node(p)]
    found = 0
    for node in nodes:
        for kind in (A.SETTLED_PLAYERS, N.Best, A.Var):
            got = list(A.parts(node, kind))
            assert got == list(plain_parts(node, kind)), node
            assert all(a is b for a, b in zip(got, plain_parts(node, kind)))
            found += len(got)
        assert list(N.bests(node)) == list(plain_parts(node, N.Best))
    assert len(nodes) > 800 and found > 100  # the set reads superlatives, choosers and variables


def test_a_part_is_found_in_any_field_innermost_first() -> None:
    inner = A.Var("x")
    outer = A.Arith("+", A.Num(1), A.Arith("-", inner, A.Var("y")))
    assert list(A.parts(outer, A.Var)) == [inner, A.Var("y")]
    assert list(A.parts(outer, A.Arith)) == [outer.right, outer]
    assert A.field_names(A.Arith) == ("op", "left", "right")  # not its position
