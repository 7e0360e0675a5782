"""The language server's pure parts (issue 32): what is at a place in a card file, what may come
next in an effect, and each keyword's line of the docs."""

from __future__ import annotations

import pytest

from cmdsl.lsp.completion import accepted, candidates, in_scope, keyword_docs
from cmdsl.lsp.slot_type import slot_at
from cmdsl.lsp.text_at import effect_at, problem_span, quoted_at, word_at
from cmdsl.plugins import game

CARD = """cards:
  - id: x-one
    title: "choose a state"
    effect: |
      choose a state as S
      if S is won:
          gain 1 support on economy in S

  - id: x-two
    effect: |-
      draw 1
""".split("\n")


def test_an_effect_block_is_its_indented_lines_after_the_key() -> None:
    assert effect_at(CARD, 2) is None  # a title that reads like an effect is not one
    block = effect_at(CARD, 5)
    assert block is not None and (block.first, block.indent) == (4, 6)
    assert block.text_before(6, 14) == "choose a state as S\nif S is won:\n    gain"
    assert effect_at(CARD, 7) is None  # the blank line between two cards
    assert effect_at(CARD, 8) is None and effect_at(CARD, 10) is not None  # `|-` too


def test_a_new_line_typed_at_the_end_of_an_effect_is_in_it() -> None:
    lines = [*CARD[:7], "      ", *CARD[7:]]
    block = effect_at(lines, 7)
    assert block is not None and block.text_before(7, 6).endswith("\n")


def test_variables_are_in_scope_where_their_block_holds() -> None:
    assert in_scope("choose a state as S\n") == ["S"]
    assert in_scope("for each state as S:\n    draw 1\n    ") == ["S"]
    assert in_scope("for each state as S:\n    draw 1\n") == []  # the block has ended
    assert in_scope("if 1 < 2:\n    choose a state as T\nchoose a state as S\n") == ["S"]


def test_a_problem_underlines_the_word_or_quoted_name_it_is_at() -> None:
    lines = ['      gain 2 supports on economy in "Ohiox"']
    quote = lines[0].index('"')
    assert problem_span(lines, 1, quote + 1) == (0, quote, quote + len('"Ohiox"'))
    assert problem_span(lines, 1, 7) == (0, 6, 10)
    assert problem_span(lines, 1, 0) == (0, 6, len(lines[0]))  # no column: the line's text
    assert problem_span(lines, 5, 1) == (0, 0, 0)  # no such line: the file's start
    assert word_at(lines, 0, 8) is not None and quoted_at(lines, 0, 38) is not None


def test_completion_follows_the_parser() -> None:
    language = game("cm2008").rules.language()
    labels = {c.label for c in candidates(language, "choose a state as S\nshift S 1 ", [], False)}
    assert labels == {"toward"}
    # a name's kind is its type as the checker names it: only a demographic group fits `for` (R7)
    inside = candidates(language, 'demographic support for "', [("Seniors", "demographic group", ""),
                                                                ("Ohio", "state", "")], True)
    assert [(c.label, c.insert) for c in inside] == [("Seniors", "Seniors")]


def test_each_keyword_s_doc_is_its_game_s_own_line() -> None:
    cm2008, racolage = keyword_docs(game("cm2008").rules.language()), keyword_docs(game("racolage").rules.language())
    assert cm2008["gain"] == "`gain 1 support on economy in S` — R6: one voter block of the row turns your colour"
    assert racolage["draw"].startswith("`P draws N")  # Racolage's form, not CM2008's `draw 2`
    assert racolage["skip"] == "`P skips a turn`"
    for language in (game("cm2008").rules.language(), game("racolage").rules.language()):
        docs = keyword_docs(language)
        starting = {c.label for c in candidates(language, "", [], False)}  # every statement's first word
        assert {w for w in starting if w not in docs} == set()


#: (game, the effect up to the cursor) → the type its place wants, as the checker asks it (None:
#: what follows decides, or no value goes there). Issue 55 §9.
SLOTS: list[tuple[str, str, str | None]] = [
    ("cm2008", "gain 3 supports on ", "issue"),  # R7: `gain N supports on ISSUE in STATE`
    ("cm2008", "choose a state as S\ngain 3 supports on economy in ", "state"),
    ("cm2008", "choose a state as S\nshift S 1 toward ", "issue"),
    ("cm2008", "demographic support for ", "demographic group"),
    ("cm2008", "choose a state as S\nif S is ", "state"),  # a comparison: the other side's type
    ("cm2008", "choose a state as S\nif the votes of S > ", "number"),
    ("cm2008", "draw ", "number"),  # a count
    ("cm2008", "choose a state as S\nif ", None),  # `S is won`, `mccain leads`: what follows decides
    ("cm2008", "", None),  # a statement, not a value
    ("racolage", "you gain ", "number"),
    ("racolage", "discard the catchphrase of ", "player"),
    ("racolage", 'if "Ecology" is open to ', "player"),
    ("racolage", "if ", None),
]


@pytest.mark.parametrize(("name", "text", "want"), SLOTS, ids=[f"{g}:{t}" for g, t, _ in SLOTS])
def test_a_value_s_place_wants_what_the_checker_asks(name: str, text: str, want: str | None) -> None:
    language = game(name).rules.language()
    slot = slot_at(language, text, ("Ohio", "Ecology"), accepted(language, text))
    assert (slot.want if slot is not None else None) == want
