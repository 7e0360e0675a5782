"""A card's cost, declared beside its effect: ``cost: discard 2`` (RULES R4.6).

Card format 1 inferred a discard cost from where ``discard N`` stood (the first level of a
Campaign Strategy card's effect), so a designer could not tell a cost from a discard by reading
one line. From format 2 a card says it: the ``cost:`` field is read and checked here, an effect
that still begins with the old form is refused with what to write instead, and the cost is paid
by the same statement the old form compiled to, first, so a migrated card plays exactly as before.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from ...errors import CardError, Located, did_you_mean
from .vocabulary import nodes as A
from ...lang.origin import Origin
from ...lang.work import MAX_REPEAT
from .model import Cost, CostKind
from ...sets.text_files import Placed, scalar_origin

#: A cost is a count written in the card like `discard 2`, so it has the language's count limit.
MAX_COST: Final = MAX_REPEAT
EXAMPLE: Final = "cost: discard 1"
_WORD = re.compile(r"\S+")
_NUMBER_WORDS: Final = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten".split())}


@dataclass(frozen=True)
class Declared:
    """A cost as a card file declares it, with where its text starts (to locate its payment)."""

    cost: Cost
    pos: A.Pos


def read_cost(value: Any, node: Placed, lines: list[str], file: str, item: str | None) -> Declared:
    """The ``cost:`` field of a card, checked; a ``CardError`` at the word that is wrong."""

    def error(message: str, col: int = 0, hint: str | None = None) -> CardError:
        where = Located(file, line, col if col else node.start_mark.column + 1, item)
        return CardError(message, where, hint=hint).with_source(lines)

    line, indent = scalar_origin(lines, node)
    if not isinstance(value, str) or not value.strip():
        got = "nothing" if value is None or value == "" else (f'"{value}"' if isinstance(value, str) else
                                                            "a list or mapping" if isinstance(value, (list, dict))
                                                            else str(value).lower())
        line = node.start_mark.line + 1
        raise error(f"cost: expected a cost such as `discard 1`, got {got}", hint=f"write `{EXAMPLE}` "
                    "beside `effect:` (the card needs that many other cards in hand, R4.6)")
    if "\n" in value.strip():
        line = node.start_mark.line + 1
        raise error("cost: a cost is one line, such as `discard 1`")
    words = [(m.group(0), indent + m.start() + 1) for m in _WORD.finditer(value)]
    kinds = [k.value for k in CostKind]
    kind_word, kind_col = words[0]
    if kind_word not in kinds:
        near = did_you_mean(kind_word, kinds)
        raise error(f'cost: unknown cost "{kind_word}"; a cost is `discard N` (N other cards from hand, R4.6)',
                    kind_col, f'did you mean "{near}"?' if near else None)
    kind = CostKind(kind_word)
    if len(words) == 1:
        raise error(f"cost: how many cards? expected a number after `{kind_word}`, such as `{kind_word} 1`",
                    kind_col + len(kind_word))
    count_word, count_col = words[1]
    if not count_word.isdigit() or not count_word.isascii():
        spelt = _NUMBER_WORDS.get(count_word.lower())
        raise error(f'cost: expected a whole number of cards, got "{count_word}"', count_col,
                    f"write it in digits: `{kind_word} {spelt}`" if spelt is not None else None)
    amount = int(count_word)
    if amount == 0:
        raise error("cost: a cost of 0 is no cost", count_col, "remove the `cost:` line")
    if amount > MAX_COST:
        raise error(f"cost: at most {MAX_COST} cards (a count in a card is 0 to {MAX_COST})", count_col)
    if len(words) > 2:
        extra, extra_col = words[2]
        raise error(f'cost: unexpected "{extra}" after `{kind_word} {amount}`', extra_col,
                    f"a cost is `{kind_word} N`; what the card does goes under `effect:`")
    return Declared(Cost(kind, amount), A.Pos(line, words[0][1]))


def leading_discards(program: A.Program) -> tuple[A.Discard, ...]:
    """The ``discard N`` statements (N written as a number) that begin an effect: the form card
    format 1 read as a discard cost."""
    out: list[A.Discard] = []
    for st in program.body:
        if not (isinstance(st, A.Discard) and isinstance(st.amount, A.Num)):
            break
        out.append(st)
    return tuple(out)


def refuse_old_form(program: A.Program, origin: Origin) -> None:
    """A card effect that begins like a format-1 cost is refused: say what to write instead."""
    old = leading_discards(program)
    if not old:
        return
    first = old[0]
    amount = sum(d.amount.value for d in old if isinstance(d.amount, A.Num))
    lines = "this line" if len(old) == 1 else f"these {len(old)} discard lines"
    raise CardError(f"an effect may not begin with `{render_discard(first)}`: a discard cost is declared, "
                    "not inferred from where `discard` stands",
                    Located(origin.file, first.pos.line, first.pos.col, origin.item),
                    hint=f"write `cost: discard {amount}` beside `effect:` and remove {lines} "
                         "(docs/cardsets.md, Costs); `cmdsl migrate DIR` does it for a whole set of format 1")


def render_discard(st: A.Discard) -> str:
    return f"discard {st.amount.value}" if isinstance(st.amount, A.Num) else "discard"


def payment(declared: Declared) -> A.Stmt:
    """The statement that pays a cost: the one the old inferred form compiled to, located at the
    ``cost:`` line (events name it as their cause)."""
    return A.Discard(A.Num(declared.cost.amount, pos=declared.pos), pos=declared.pos)
