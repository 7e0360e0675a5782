"""The rulebooks are in the repository (issue 23): docs/rules-cm2008.md holds every rule R1–R12,
docs/rules-lobbys.md every rule L1–L11, docs/rules-racolage.md every rule RA1–RA11 (a two-letter
prefix), each under its number; ``cmdsl.sets.rulebook`` reads them (a rule by its number as players
type it, one-line errors with the nearest rule), and every rule number the REPL and the games cite
is one of them."""

from __future__ import annotations

import re
import tokenize
from pathlib import Path

import pytest

from cmdsl.games.cm2008.rulebook import RULEBOOK as CM2008, rulebook as cm2008_rulebook
from cmdsl.games.lobbys.rulebook import RULEBOOK as LOBBYS, rulebook as lobbys_rulebook
from cmdsl.games.racolage.rulebook import RULEBOOK as RACOLAGE, rulebook as racolage_rulebook
import cmdsl.sets.rulebook as rulebook_module
from cmdsl.sets.rulebook import Rulebook, RulebookSource, RuleError, parse_rulebook, rulebook_text, typed_letter

ROOT = Path(__file__).resolve().parent.parent


def numbered(letter: str, counts: dict[int, int]) -> list[str]:
    """Every rule number of a rulebook: section n has counts[n] rules."""
    return [x for n, k in counts.items() for x in (f"{letter}{n}", *(f"{letter}{n}.{i}" for i in range(1, k + 1)))]


#: The rules of RULES.md (R12.6–R12.13 are the project's rulings of docs/rulings.md), LOBBYS.md and
#: RACOLAGE.md (RA10: what the French rulebook leaves open; RA11: the project's rulings).
CM2008_NUMBERS = numbered("R", {1: 8, 2: 5, 3: 5, 4: 6, 5: 2, 6: 5, 7: 3, 8: 2, 9: 4, 10: 3, 11: 3, 12: 16})
LOBBYS_NUMBERS = numbered("L", {1: 5, 2: 3, 3: 3, 4: 2, 5: 6, 6: 6, 7: 5, 8: 1, 9: 6, 10: 4, 11: 8})
RACOLAGE_NUMBERS = numbered("RA", {1: 6, 2: 5, 3: 4, 4: 4, 5: 4, 6: 4, 7: 6, 8: 2, 9: 2, 10: 7, 11: 8})


@pytest.fixture(scope="module")
def cm() -> Rulebook:
    return cm2008_rulebook()


@pytest.fixture(scope="module")
def lob() -> Rulebook:
    return lobbys_rulebook()


@pytest.fixture(scope="module")
def ra() -> Rulebook:
    return racolage_rulebook()


def test_the_cm2008_rulebook_has_every_rule_r1_to_r12_in_order(cm: Rulebook) -> None:
    assert list(cm.numbers()) == CM2008_NUMBERS
    assert all(r.lines and r.lines[0] for r in cm.rules if not r.is_section)  # no empty rule
    assert [r.title for r in cm.sections()][:4] == ["Components", "Anatomy of a state tile", "Setup", "A turn"]


def test_the_lobbys_rulebook_has_every_rule_l1_to_l11_and_the_steps_of_l5_5_and_l6_3(lob: Rulebook) -> None:
    assert list(lob.numbers()) == LOBBYS_NUMBERS
    steps = {r.number: len(r.steps) for r in lob.rules if r.steps}
    assert steps == {"L5.5": 3, "L6.3": 4}  # "scores\n  12." in L7.1 is no step: steps count 1, 2, 3…


def test_the_racolage_rulebook_has_every_rule_ra1_to_ra11_of_racolage_md(ra: Rulebook) -> None:
    assert set(ra.numbers()) == set(RACOLAGE_NUMBERS)  # every section and rule, RA10 and RA11 included
    assert list(ra.numbers()) == RACOLAGE_NUMBERS  # in order
    assert all(r.lines and r.lines[0] for r in ra.rules if not r.is_section)  # no empty rule
    assert {r.number: len(r.steps) for r in ra.rules if r.steps} == {"RA5.4": 3, "RA6.1": 2}
    titles = {r.number: r.title for r in ra.sections()}
    assert (titles["RA4"], titles["RA11"]) == ("A turn", "Rulings")
    assert "RA10.7" in ra.show("RA10") and "racolage.md" in ra.show("RA11")  # RA11 points at the longer account


def test_the_project_rulings_r12_6_to_r12_13_are_those_of_rulings_md(cm: Rulebook) -> None:
    rulings = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    in_rulings = set(re.findall(r"^- \*\*(R12\.\d+) ", rulings, re.M))
    assert in_rulings == {f"R12.{i}" for i in range(1, 17)}
    assert "rulings.md" in cm.show("R12")  # the rulebook points at the longer account


def test_a_rule_is_found_as_players_type_its_number(cm: Rulebook, lob: Rulebook) -> None:
    r81 = cm.show("R8.1")
    assert r81.startswith("R8.1 A card bearing the die icon") and "opponent" in r81
    for typed in ("r8.1", "8.1", " R 8.1 ", "rule R8.1", "R8.1."):
        assert cm.show(typed) == r81
    assert lob.show("L6.3 step 3") == lob.show("l6.3 step3") == lob.show("6.3, step 3")
    assert lob.show("L6.3 step 3") == "L6.3 step 3: the offers in the suit related to the main contract's suit (L1.2);"


def test_a_racolage_rule_is_found_by_its_two_letters_as_players_type_them(ra: Rulebook) -> None:
    ra61 = ra.show("RA6.1")
    assert ra61.startswith("RA6.1 Placing a Media card") and "3 → 30" in ra61
    for typed in ("ra 6.1", "6.1", "ra6.1", "RA 6.1", " Ra6.1 ", "rule RA6.1", "RA6.1."):
        assert ra.show(typed) == ra61, typed
    assert ra.parse("ra 6.1") == ra.parse("6.1") == ("RA6.1", None)
    assert ra.show("RA6.1 step 2") == ra.show("ra 6.1, step 2") == ra.show("6.1 step2")
    assert ra.show("RA6.1 step 2").startswith("RA6.1 step 2: range: the player's notoriety")
    assert ra.show("RA 6").startswith("RA6 Cards in play\n") and ra.show("RA 6") == ra.show("6") == ra.show("ra6")
    assert ra.parse("RA10.7") == ("RA10.7", None) and ra.show("ra 11").startswith("RA11 Rulings")
    assert ra.show("RA5.4 step 3").startswith("RA5.4 step 3: the player goes on drawing")
    assert (typed_letter("ra 6.1"), typed_letter("RA6.1 step 2"), typed_letter("l6.3"), typed_letter("6.1")) == (
        "RA", "RA", "L", None)


def test_reading_two_letter_prefixes_changes_no_r_or_l_rule(cm: Rulebook, lob: Rulebook,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The CM2008 and Lobbys rulebooks read, and their numbers look up, exactly as with a reader
    that knows one letter only (the regexes before RA)."""
    for book in (cm, lob):
        assert all(len(r.number.partition(".")[0].rstrip("0123456789")) == 1 for r in book.rules)
    as_typed = {book: {q: book.parse(q) for r in book.rules
                       for q in (r.number, r.number.lower(), r.number[1:], f"{r.number[0]} {r.number[1:]}",
                                 *(f"{r.number} step {i}" for i in range(1, len(r.steps) + 1)))}
                for book in (cm, lob)}
    monkeypatch.setattr(rulebook_module, "_SECTION", re.compile(r"^## (?P<number>[A-Z]\d+) (?P<title>.+)$"))
    monkeypatch.setattr(rulebook_module, "_RULE", re.compile(r"^- \*\*(?P<number>[A-Z]\d+\.\d+)\*\* ?(?P<text>.*)$"))
    monkeypatch.setattr(rulebook_module, "_QUERY", re.compile(
        r"^(?:rule\s+)?(?P<letter>[a-z])?\s*(?P<section>\d+)(?:\.(?P<rule>\d+))?"
        r"(?:\s*,?\s*step\s*(?P<step>\d+))?\.?$", re.IGNORECASE))
    for source, book in ((CM2008, cm), (LOBBYS, lob)):
        one_letter = parse_rulebook(rulebook_text(source), source)
        assert one_letter == book
        assert {q: one_letter.parse(q) for q in as_typed[book]} == as_typed[book]


def test_a_rule_shows_its_steps_and_a_section_shows_all_its_rules(cm: Rulebook, lob: Rulebook) -> None:
    l63 = lob.show("L6.3").splitlines()
    assert l63[0].startswith("L6.3 The cheapest offer wins the tender")
    assert [x[:5] for x in l63[1:5]] == ["  1. ", "  2. ", "  3. ", "  4. "]
    assert l63[5] == "Steps 1 to 3 cannot end in a tie, since a suit has only one card of each rank."
    r9 = cm.show("R9")
    assert r9.startswith("R9 Winning a state")
    assert [line.split()[0] for line in r9.splitlines() if re.match(r"R9\.\d ", line)] == ["R9.1", "R9.2", "R9.3", "R9.4"]
    assert "**" not in r9 and "](" not in cm.show("R12")  # bold marks and link targets are for Markdown only
    table = [line for line in lob.show("L1.4").splitlines() if line.startswith("  |")]
    assert len(table) == 6 and "| 3 | Ace to 6 | 24 |" in table[4]


def test_the_headings_list_every_section(cm: Rulebook, lob: Rulebook, ra: Rulebook) -> None:
    assert cm.headings().splitlines()[0] == "The rules of Campaign Manager 2008 (`rules NUMBER` shows one, e.g. `rules R1.1`):"
    assert [line.split()[0] for line in cm.headings().splitlines()[1:]] == [f"R{i}" for i in range(1, 13)]
    assert "  L6   Tender phase (six times per round)" in lob.headings().splitlines()
    assert "  RA10 Garbled, missing or ambiguous in the rulebook" in ra.headings().splitlines()
    assert ra.headings().splitlines()[:2] == [
        "The rules of Racolage Électoral (`rules NUMBER` shows one, e.g. `rules RA1.1`):", "  RA1  Components"]


@pytest.mark.parametrize(("book", "typed", "error"), [
    ("cm", "R13", "no rule R13 in Campaign Manager 2008's rules; did you mean R12? (`rules` lists them)"),
    ("cm", "13", "no rule R13 in Campaign Manager 2008's rules; did you mean R12?"),
    ("cm", "R8.9", "no rule R8.9 in Campaign Manager 2008's rules; did you mean R8.2?"),
    ("cm", "R0", "no rule R0 in Campaign Manager 2008's rules; did you mean R1?"),
    ("lob", "R4.1", "no rule R4.1 in Lobbys's rules; did you mean L4.1?"),
    ("lob", "X4.1", "no rule X4.1 in Lobbys's rules; did you mean L4.1?"),
    ("lob", "L12.1", "no rule L12.1 in Lobbys's rules; did you mean L11?"),
    ("lob", "L6.3 step 5", "no step 5 in L6.3 of Lobbys's rules: it has steps 1 to 4"),
    ("lob", "L6.4 step 1", "no step 1 in L6.4 of Lobbys's rules: it has no steps"),
    ("cm", "going negative", '"going negative" is not a rule number: write one like R1.1'),
    ("ra", "RA6.9", "no rule RA6.9 in Racolage Électoral's rules; did you mean RA6.4? (`rules` lists them)"),
    ("ra", "ra 6.9", "no rule RA6.9 in Racolage Électoral's rules; did you mean RA6.4?"),
    ("ra", "RA12.1", "no rule RA12.1 in Racolage Électoral's rules; did you mean RA11?"),
    ("ra", "RA0", "no rule RA0 in Racolage Électoral's rules; did you mean RA1?"),
    ("ra", "R6.1", "no rule R6.1 in Racolage Électoral's rules; did you mean RA6.1?"),
    ("ra", "L6.1", "no rule L6.1 in Racolage Électoral's rules; did you mean RA6.1?"),
    ("ra", "RA6.1 step 3", "no step 3 in RA6.1 of Racolage Électoral's rules: it has steps 1 to 2"),
    ("ra", "RA6.2 step 1", "no step 1 in RA6.2 of Racolage Électoral's rules: it has no steps"),
    ("ra", "RAX6.1", '"RAX6.1" is not a rule number: write one like RA1.1'),
    ("cm", "RA6.1", "no rule RA6.1 in Campaign Manager 2008's rules; did you mean R6.1?"),
    ("lob", "ra 6.1", "no rule RA6.1 in Lobbys's rules; did you mean L6.1?"),
])
def test_an_unknown_rule_is_one_line_with_the_nearest_rule(book: str, typed: str, error: str,
                                                            cm: Rulebook, lob: Rulebook, ra: Rulebook) -> None:
    with pytest.raises(RuleError) as e:
        {"cm": cm, "lob": lob, "ra": ra}[book].show(typed)
    assert str(e.value).startswith(error) and "\n" not in str(e.value)


def test_the_reader_names_no_game_and_reads_any_rulebook_in_the_layout() -> None:
    source = (ROOT / "cmdsl" / "sets" / "rulebook.py").read_text(encoding="utf-8").lower()
    assert not [w for w in ("cm2008", "lobbys", "campaign", "mccain", "trump", "racolage", "notoriety") if w in source]
    text = ("# Toy\n\nIntro, not a rule.\n\n## T1 First\n\nA section's text,\nwrapped.\n\n"
            "- **T1.1** One rule,\n  wrapped, with steps:\n  1. first step\n     going on;\n  2. second.\n"
            "  After the steps.\n- **T1.2** Another, wrapped before a number:\n  12. is no step: steps count 1, 2…\n\n"
            "## Notes\n\n- **T9.9** not read: after the rules\n")
    book = parse_rulebook(text, RulebookSource("Toy", "T", "toy.md"))
    assert book.numbers() == ("T1", "T1.1", "T1.2")
    assert book.show("T1") == ("T1 First\nA section's text, wrapped.\n\nT1.1 One rule, wrapped, with steps:\n"
                               "  1. first step going on;\n  2. second.\nAfter the steps.\n\n"
                               "T1.2 Another, wrapped before a number: 12. is no step: steps count 1, 2…")
    assert book.show("1.1 step 1") == "T1.1 step 1: first step going on;"
    assert [len(r.steps) for r in book.rules] == [0, 2, 0]
    two = parse_rulebook("## TB1 First\n\n- **TB1.1** One.\n- **TB1.2** Two,\n  wrapped.\n\n## TB2 Second\n",
                         RulebookSource("Toy B", "TB", "toyb.md"))  # a prefix of two letters
    assert two.numbers() == ("TB1", "TB1.1", "TB1.2", "TB2")
    assert two.show("tb 1.2") == two.show("1.2") == "TB1.2 Two, wrapped."
    with pytest.raises(RuleError, match=r"^no rule TB1\.7 in Toy B's rules; did you mean TB1\.2\?"):
        two.show("TB1.7")


def test_each_game_package_says_where_its_rulebook_is() -> None:
    assert (CM2008.letter, CM2008.file) == ("R", "rules-cm2008.md")
    assert (LOBBYS.letter, LOBBYS.file) == ("L", "rules-lobbys.md")
    assert (RACOLAGE.letter, RACOLAGE.file) == ("RA", "rules-racolage.md")
    for source in (CM2008, LOBBYS, RACOLAGE):
        assert (ROOT / "docs" / source.file).is_file()


# ---- every rule the program cites exists (issue 23 item 5) -------------------------------------

_CITED = re.compile(r"\b((?:RA|R|L)\d+(?:\.\d+)?)(?: step (\d+))?\b")


def cited_rules(path: Path) -> list[tuple[str, str]]:
    """The rule numbers (with a step, if any) in a Python file's strings: its messages and docs."""
    found = []
    with path.open("rb") as f:
        for tok in tokenize.tokenize(f.readline):
            if tok.type == tokenize.STRING:
                found += [(m.group(1), m.group(0)) for m in _CITED.finditer(tok.string)]
    return found


def test_every_rule_the_repl_the_games_and_the_docs_cite_is_in_the_rulebooks(cm: Rulebook, lob: Rulebook,
                                                                             ra: Rulebook) -> None:
    code = sorted([*(ROOT / "repl").glob("*.py"), *(ROOT / "cmdsl").rglob("*.py")])
    texts = sorted([*(ROOT / "docs").glob("*.md"), ROOT / "README.md", *(ROOT / "cards").rglob("*.yaml")])
    cited = {(str(p.relative_to(ROOT)), whole) for p in code for _, whole in cited_rules(p)}
    assert len(cited) > 100  # the scan finds the citations (R8.1, L6.3 step 3, RA6.1, ...)
    assert any(whole.startswith("RA") for _, whole in cited)
    cited |= {(str(p.relative_to(ROOT)), m.group(0)) for p in texts for m in _CITED.finditer(p.read_text("utf-8"))}
    missing = []
    for where, whole in sorted(cited):
        book = ra if whole.startswith("RA") else cm if whole.startswith("R") else lob
        try:
            book.parse(whole)
        except RuleError as e:
            missing.append(f"{where}: {e}")
    assert not missing, "\n".join(missing)


def test_the_citation_scan_finds_a_rule_that_does_not_exist(tmp_path: Path, lob: Rulebook) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text('MESSAGE = "the winner is found by L6.3 step 5, R13.2 and RA6.9"\n', encoding="utf-8")
    assert [w for _, w in cited_rules(bad)] == ["L6.3 step 5", "R13.2", "RA6.9"]
    with pytest.raises(RuleError):
        lob.parse("L6.3 step 5")
