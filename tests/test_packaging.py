"""A non-editable install finds the grammar, the card data and the rulebooks (DESIGN: package data)."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_every_folder_of_modules_and_every_data_pattern_is_in_the_package_list() -> None:
    """The quick case of the wheel's test below (which builds one, in the deep run): a folder of
    modules left out of ``packages``, or a data pattern that matches no file, would be missing
    from the wheel."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    folders = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "cmdsl").rglob("*.py")}
    assert folders - set(project["packages"]) == set()

    def folder(package: str) -> Path:
        return ROOT / project["package-dir"].get(package, package.replace(".", "/"))
    assert [(package, pattern) for package, patterns in project["package-data"].items() for pattern in patterns
            if not any(folder(package).glob(pattern))] == []


# deep: pip builds a wheel, then a child reads the set from it (issue 55 item 13)
@pytest.mark.deep
def test_the_wheel_carries_grammar_cards_and_rulebooks_and_works_without_the_source_tree(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(tmp_path)],
                   check=True, capture_output=True, timeout=300)
    wheel = next(tmp_path.glob("cmdsl-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "cmdsl/grammar/core.lark" in names  # the core language's grammar, which each game's extends
    assert "cmdsl/games/cm2008/vocabulary/effects.lark" in names
    assert "cmdsl/games/cm2008/vocabulary/effects.tables.json" in names  # its parse tables (cmdsl.lang.tables)
    assert {"cmdsl/cards/cm2008/states.yaml", "cmdsl/cards/cm2008/mccain.yaml",
            "cmdsl/cards/cm2008/manifest.yaml"} <= set(names)  # without its manifest the set would not load
    # each set's own tests (`cmdsl test`): its scenarios and their snapshots
    assert "cmdsl/cards/cm2008/scenarios/mccain-aarp.yaml" in names
    assert "cmdsl/cards/lobbys/scenarios/tender.yaml" in names
    assert "cmdsl/games/cm2008/glossary_fr.yaml" in names  # French card text names states with it
    assert any(n.startswith("cmdsl/cards/cm2008/scenarios/__snapshots__/mccain-aarp--") for n in names)
    # the rulebooks (`rules R8.1`) and the pages an editor's hover quotes (`cmdsl lsp`), no other page of docs/
    assert {n for n in names if n.startswith("cmdsl/docs/")} == {"cmdsl/docs/rules-cm2008.md", "cmdsl/docs/rules-lobbys.md",
                                                                    "cmdsl/docs/rules-racolage.md", "cmdsl/docs/language.md",
                                                                    "cmdsl/docs/racolage.md", "cmdsl/docs/rules-diemacher.md",
                                                                    "cmdsl/docs/diemacher.md"}
    assert {"cmdsl/cards/diemacher/diemacher.yaml", "cmdsl/cards/diemacher/states.yaml",
            "cmdsl/cards/diemacher/scenarios/preliminary.yaml", "cmdsl/games/diemacher/game.py"} <= set(names)
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    code = ("import importlib.resources, cmdsl.games.cm2008.loader as l, cmdsl.resources as r; cs = l.load_card_set(); "
            "print(r.bundled_cards_dir()); print(len(cs.states), len(cs.cards), cs.fingerprint); "
            "from cmdsl.games.cm2008.vocabulary import LANGUAGE; print(LANGUAGE.parser.source_path); "
            "print(importlib.resources.files('cmdsl.docs') / 'rules-cm2008.md'); print(r.grammar_file(r.GRAMMAR_FILE)); "
            "from cmdsl.games.cm2008.rulebook import rulebook as cm; from cmdsl.games.lobbys.rulebook import rulebook as lo; "
            "print(cm().show('R8.1').split()[0], lo().show('L6.3 step 3').split(':')[0]); "
            "from cmdsl.set_tests import run_set_tests; print(run_set_tests(r.bundled_cards_dir()).ok); "
            "from cmdsl.games.cm2008.catalog import show; print(show(cs, 'Ohio', 'fr').splitlines()[-3])")
    env = {**os.environ, "PYTHONPATH": str(site)}
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    where, summary, parser_source, rules_where, grammar_where, rules, tests_pass, french = out.stdout.splitlines()
    assert french == "Clef démographique : Ouvriers (autre groupe : Syndiqués)."  # the glossary, from the wheel
    assert tests_pass == "True"  # the installed set's scenarios run against their snapshots
    assert where.startswith(str(site))  # the data came from the wheel, not from the checkout
    assert grammar_where == str(site / "cmdsl" / "grammar" / "core.lark")
    assert parser_source == "<deserialized>"  # the parser came from the wheel's tables
    assert rules_where.startswith(str(site)) and rules == "R8.1 L6.3 step 3"  # the rulebooks, from the wheel
    from cmdsl.games.cm2008.loader import load_card_set

    assert summary.split()[-1] == load_card_set(ROOT / "cards" / "cm2008").fingerprint
