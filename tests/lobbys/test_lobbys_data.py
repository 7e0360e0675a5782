"""The game data file (cards/lobbys/lobbys.yaml): loaded safely, checked, errors located; and the
package keeps to its place (imports, packaging)."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

from cmdsl.errors import CardError
from cmdsl.games.lobbys import load_data
from cmdsl.games.lobbys.data import bundled_data_file

REPO = Path(__file__).resolve().parents[2]
GOOD = (REPO / "cards" / "lobbys" / "lobbys.yaml").read_text(encoding="utf-8")


def load_text(tmp_path: Path, text: str):
    path = tmp_path / "lobbys.yaml"
    path.write_text(text, encoding="utf-8")
    return load_data(path)


def broken(tmp_path: Path, old: str, new: str) -> CardError:
    assert old in GOOD
    with pytest.raises(CardError) as e:
        load_text(tmp_path, GOOD.replace(old, new, 1))
    return e.value


def line_of(text: str) -> int:
    return GOOD.split("\n").index(next(ln for ln in GOOD.split("\n") if text in ln)) + 1


def test_the_bundled_file_is_the_one_in_the_repository() -> None:
    # The same content: an editable install reads the repository's file, a wheel its own copy.
    assert bundled_data_file().read_bytes() == (REPO / "cards" / "lobbys" / "lobbys.yaml").read_bytes()


def test_L1_4_a_deck_cut_that_does_not_deal_8_each_is_refused_at_its_line(tmp_path: Path) -> None:
    e = broken(tmp_path, "    top_rank: 6", "    top_rank: 7")
    assert (e.where.line, e.where.col, e.where.item) == (line_of("top_rank: 6"), 15, "3")
    assert "ranks 1 to 7 make 28 cards, but 3 players × 8 cards need 24" in str(e)
    assert "^" in str(e)


def test_L1_2_relations_must_go_both_ways(tmp_path: Path) -> None:
    e = broken(tmp_path, "  - name: spades\n    related: clubs", "  - name: spades\n    related: hearts")
    assert "related" in e.message and e.where.line > 0


def test_an_unknown_suit_gets_a_did_you_mean(tmp_path: Path) -> None:
    e = broken(tmp_path, "suit_order: [clubs, diamonds", "suit_order: [club, diamonds")
    assert e.where.line == line_of("suit_order:") and "unknown suit 'club'" in e.message
    assert e.hint is not None and "clubs" in e.hint


def test_L7_1_every_tie_size_needs_its_share(tmp_path: Path) -> None:
    e = broken(tmp_path, "    - tied: 4\n      points: 3\n", "")
    assert "missing the points for tied 4" in e.message


def test_L6_6_the_tenders_must_use_the_12_contracts(tmp_path: Path) -> None:
    e = broken(tmp_path, "tenders_per_round: 6 ", "tenders_per_round: 5 ")
    assert "5 tenders use 10 contracts, but there are 12" in e.message


def test_unknown_keys_and_wrong_types_are_located(tmp_path: Path) -> None:
    e = broken(tmp_path, "starting_points: 100", "starting_pionts: 100")
    assert e.where.line == 1 + GOOD.split("\n").index(next(ln for ln in GOOD.split("\n")
                                                            if ln.startswith("starting_points")))
    assert e.hint is not None and "starting_points" in e.hint
    e = broken(tmp_path, "rounds: 3 ", "rounds: three ")
    assert "expected a whole number" in e.message and e.where.line == line_of("rounds: 3")


def test_yaml_anchors_and_tags_are_refused(tmp_path: Path) -> None:
    with pytest.raises(CardError, match="anchors"):
        load_text(tmp_path, GOOD.replace("rounds: 3 ", "rounds: &r 3 "))
    with pytest.raises(CardError, match="tag"):
        load_text(tmp_path, GOOD.replace("rounds: 3 ", "rounds: !!python/int 3 "))


# ---- the package's place in the project ---------------------------------------------------------

PACKAGE = REPO / "cmdsl" / "games" / "lobbys"


#: The modules of the generic core a game may use (DESIGN property 13): nothing else of cmdsl/game,
#: which is still the first game's.
GENERIC_CORE = {"game.driver", "game.contract", "game.together", "game.decisions", "game.audience", "game.log", "game.rng", "game.fields"}


def test_lobbys_imports_nothing_of_the_cm2008_game_and_names_nothing_of_it() -> None:
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            # relative, up to the package itself (ui/ modules are one deeper): this package's own modules
            if isinstance(node, ast.ImportFrom) and not 1 <= node.level <= len(path.relative_to(PACKAGE).parts):
                module = (node.module or "").removeprefix("cmdsl.")
                assert node.module is None or module in GENERIC_CORE or not (
                    module.startswith("game") or node.module in ("model", "loader")), (path, node.module)
            if isinstance(node, ast.Import):
                assert all(not a.name.startswith("cmdsl.game.") for a in node.names), path
        for word in ("cm2008", "mccain", "obama", "Campaign"):
            assert word.lower() not in text.lower(), (path, word)


def test_the_package_and_its_data_ship_in_the_wheel() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert {"cmdsl.games", "cmdsl.games.lobbys", "cmdsl.cards.lobbys"} <= set(project["packages"])
    assert project["package-dir"]["cmdsl.cards.lobbys"] == "cards/lobbys"
    assert project["package-data"]["cmdsl.cards.lobbys"][0] == "*.yaml"  # and its scenarios (`cmdsl test`)


def test_the_card_set_tools_do_not_take_the_lobbys_data_for_a_card_set() -> None:
    """``cards/`` stands for its one CM2008 set (``cmdsl check cards``, ``--cards cards``)."""
    from cmdsl.sets.set_location import card_set_dirs, one_set

    assert [d.name for d in card_set_dirs([REPO / "cards"])] == ["cm2008"]
    assert one_set(REPO / "cards").name == "cm2008"


def test_naming_the_lobbys_data_where_a_card_set_is_wanted_says_what_it_is(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Not "this card set has no manifest.yaml" (which told the user to make it a CM2008 set):
    the folder, the file, or a copy of the folder under another name."""
    import shutil

    from cmdsl.cli import main
    from cmdsl.errors import CardSetError
    from cmdsl.sets.set_location import one_set

    copy = tmp_path / "mine"
    shutil.copytree(REPO / "cards" / "lobbys", copy)
    for given in (REPO / "cards" / "lobbys", REPO / "cards" / "lobbys" / "lobbys.yaml", copy):
        with pytest.raises(CardSetError, match="this is the data of the game lobbys, read by `cmdsl play --game lobbys`"):
            one_set(given)
        assert main(["play", "--cards", str(given), "--bot", "random", "--bot", "random"]) == 1
        assert "this is the data of the game lobbys" in capsys.readouterr().err
        # a Lobbys set is checked as one (issue 25), not refused as a card set without a manifest
        assert main(["check", str(given)]) == 0
        assert ": ok — Lobbys: 3 rounds of 6 tenders" in capsys.readouterr().out


def test_the_data_is_read_once_per_content_and_again_when_it_changes(tmp_path: Path) -> None:
    """Issue 34 §2: a new game does not read the YAML again; an edited file is read anew, and a
    broken one is said each time."""
    assert load_data() is load_data()
    first = load_text(tmp_path, GOOD)
    assert load_text(tmp_path, GOOD) is first
    changed = load_text(tmp_path, GOOD.replace("starting_points: 100", "starting_points: 90", 1))
    assert changed is not first and changed.starting_points == 90 and changed.fingerprint != first.fingerprint
    for _ in range(2):
        with pytest.raises(CardError):
            load_text(tmp_path, GOOD.replace("starting_points: 100", "starting_points: -1", 1))
