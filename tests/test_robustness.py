"""No traceback reaches a user: any text as an effect or as a card file gives a located error
or loads (DESIGN property 7), and a bad card file never half-loads a set."""

from __future__ import annotations

import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cmdsl.errors import CardError, CardSetError
from cmdsl.games.cm2008.vocabulary.checker import Context, ContextKind, campaign_names
from cmdsl.games.cm2008.vocabulary.checker import check
from cmdsl.games.cm2008.vocabulary import parse_effect
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.model import CardSet

from .conftest import examples

MINI = Path(__file__).parent / "data" / "mini" / "set.yaml"
MANIFEST = MINI.parent / "manifest.yaml"
WORDS = ["gain", "1", "2", "support", "on", "economy", "defense", "in", "S", '"Alpha"', "choose", "a", "state",
         "as", "if", "else", ":", "\n", "\n    ", "repeat", "draw", "discard", "any", "number", "X", "the",
         "majority", "issue", "of", "you", "lead", "and", "not", "(", ")", "for", "each", "where", "is", "#",
         "while", "play", "option", "one", "shift", "toward", ">=", "+", "news", "opponent", "as mccain"]


@settings(max_examples=examples(300), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(WORDS), max_size=25) | st.text(max_size=60))
def test_any_effect_text_parses_or_gives_a_located_error(mini: CardSet, words: list[str] | str) -> None:
    text = words if isinstance(words, str) else " ".join(words)
    names = campaign_names(mini.states, mini.groups)
    try:
        check(parse_effect(text), names, Context(ContextKind.CARD))
    except CardError as e:
        assert 1 <= e.where.line <= text.count("\n") + 1, str(e)  # on a line of the text
        assert str(e).splitlines()[0]


@settings(max_examples=examples(60), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(0, 20000), junk=st.text(max_size=20))
def test_a_damaged_card_file_loads_or_is_refused_whole(tmp_path_factory, cut: int, junk: str) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("set")
    text = MINI.read_text()
    cut = cut % len(text)
    shutil.copy(MANIFEST, folder / "manifest.yaml")
    (folder / "set.yaml").write_text(text[:cut] + junk + text[cut + len(junk):])
    try:
        cards = load_card_set(folder)
    except CardSetError as e:
        assert e.errors and all(str(err) for err in e.errors)
    else:
        assert len(cards.states) >= 4 and len(cards.beginner_deck(next(iter(cards.cards.values())).side)) == 15


def test_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    shutil.copy(MINI, tmp_path / "set.yaml")
    shutil.copy(MANIFEST, tmp_path / "manifest.yaml")
    (tmp_path / "bad.yaml").write_bytes(b"\xff\xfe cards: [")
    try:
        load_card_set(tmp_path)
    except CardSetError as e:
        assert "bad.yaml:1:1: byte 0xff is not UTF-8 text" in str(e)
    else:  # pragma: no cover
        raise AssertionError("a binary file must not load")
