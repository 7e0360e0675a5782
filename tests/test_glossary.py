"""docs/glossary.md is the vocabulary of French card text (issue 26 §3): its tables are the data the
writer reads (glossary_fr.yaml), and the writer uses each of its game terms."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from cmdsl.games.cm2008 import catalog
from cmdsl.games.cm2008.glossary import GLOSSARY_FR
from cmdsl.games.cm2008.vocabulary import phrases

DOC = Path(__file__).resolve().parent.parent / "docs" / "glossary.md"


def tables() -> dict[str, list[list[str]]]:
    """Each table of the glossary by its first header cell: its rows' cells."""
    found: dict[str, list[list[str]]] = {}
    rows: list[list[str]] | None = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            rows = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if rows is None:
            rows = found.setdefault(cells[0], [])
        elif not set(line) <= set("|- "):
            rows.append(cells)
    return found


def data() -> dict:
    return yaml.safe_load(GLOSSARY_FR.read_text(encoding="utf-8"))


def test_the_tables_are_the_data_the_writer_reads() -> None:
    t, d = tables(), data()
    assert {r[0]: r[1] for r in t["Card type (as in card files and `cards list`)"]} == d["types"]
    assert {r[0]: r[1] for r in t["Demographic group (as printed on the tiles)"]} == d["groups"]
    assert {r[0]: {"the": r[1], "in": r[2]} for r in t["State"]} == d["states"]


def vocabulary(lang: str) -> str:
    """Every phrase the writer and the card list use in ``lang``, lower case."""
    words = [*phrases.PHRASES[lang].values(), *phrases.NOUNS[lang].values()]
    words += catalog._LABELS[lang].values()
    return "\n".join(words).lower()


GAME_TERMS = tables()["English"]


@pytest.mark.parametrize("english,french", [(r[0], r[1]) for r in GAME_TERMS], ids=[r[0] for r in GAME_TERMS])
def test_the_writer_uses_each_game_term(english: str, french: str) -> None:
    assert re.search(rf"\b{re.escape(english.lower())}", vocabulary("en")), english
    assert re.search(rf"(?<!\w){re.escape(french.lower())}", vocabulary("fr")), french


def test_the_check_can_fail() -> None:
    """A term the writer does not use is found missing (the old "enjeu majeur" would be)."""
    assert not re.search(r"\benjeu majeur", vocabulary("fr"))
    assert len(GAME_TERMS) >= 20
