"""Costs say they are costs (issue 11, item 5): card format 2 declares a discard cost with
`cost: discard N`; a format-1 set is refused with the command that rewrites it, `cmdsl migrate`,
which keeps every other byte, writes nothing unless every file can be rewritten, and changes
nothing a card does."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest

from cmdsl.games.cm2008.record import log_key
from cmdsl.bots import make_bot, play_bot_move
from cmdsl.cli import main
from cmdsl.errors import CardSetError
from cmdsl.games.cm2008.engine import campaign_game
from cmdsl.games.cm2008.setup import Setup
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.manifest import CARD_FORMAT
from cmdsl.games.cm2008.migrate import migrate_card_text
from cmdsl.games.cm2008.model import SIDES, CardSet

DATA = Path(__file__).parent / "data"
FORMAT1 = DATA / "format1"  # the mini set as it was in card format 1: never edit it
MINI = DATA / "mini"  # the same set migrated by `cmdsl migrate`: the expected result


def old_set(tmp_path: Path) -> Path:
    folder = tmp_path / "old"
    shutil.copytree(FORMAT1, folder)
    return folder


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


# ---- the rewrite keeps every byte but the cost lines ------------------------------------------

def test_a_card_file_is_rewritten_as_the_golden_file() -> None:
    """Comments (also inside effects and on the discard line), blank lines, quoting and key order
    stay; several leading discards add up; a cost that was the whole effect leaves `nothing`."""
    new, notes = migrate_card_text((DATA / "migrate" / "edge-format1.yaml").read_text(encoding="utf-8"), "edge.yaml")
    assert new == (DATA / "migrate" / "edge-format2.yaml").read_text(encoding="utf-8")
    assert notes[2] == "mccain-effect-first: `discard 1` and `discard 1` → `cost: discard 2` (line 21)"
    assert len(notes) == 4  # mccain-free's discard is inside a block: never a cost, not touched


def test_crlf_files_keep_their_line_endings() -> None:
    old = (DATA / "migrate" / "edge-format1.yaml").read_text(encoding="utf-8").replace("\n", "\r\n")
    new, _ = migrate_card_text(old, "edge.yaml")
    assert new == (DATA / "migrate" / "edge-format2.yaml").read_text(encoding="utf-8").replace("\n", "\r\n")


def test_migrate_rewrites_the_old_set_into_the_migrated_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = old_set(tmp_path)
    assert main(["migrate", str(folder)]) == 0
    assert snapshot(folder) == snapshot(MINI)
    out = capsys.readouterr().out
    assert out.splitlines()[0] == f"{folder}: card format 1 → {CARD_FORMAT}"
    assert "    mccain-cost: `discard 2` → `cost: discard 2` (line 139)" in out and "    format: 1 → 2" in out
    assert not [p for p in folder.iterdir() if p.name.startswith(".")]  # no temporary file left
    assert load_card_set(folder).cards["mccain-cost"].discard_cost == 2


def test_migrate_twice_changes_nothing_and_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = old_set(tmp_path)
    assert main(["migrate", str(folder)]) == 0
    before = snapshot(folder)
    mtimes = {p.name: p.stat().st_mtime_ns for p in folder.iterdir()}
    capsys.readouterr()
    assert main(["migrate", str(folder)]) == 0
    assert capsys.readouterr().out == f"{folder}: already card format {CARD_FORMAT}; nothing to change.\n"
    assert snapshot(folder) == before and {p.name: p.stat().st_mtime_ns for p in folder.iterdir()} == mtimes


def test_dry_run_prints_a_diff_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = old_set(tmp_path)
    before = snapshot(folder)
    assert main(["migrate", str(folder), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert snapshot(folder) == before
    assert "--- a/set.yaml\n+++ b/set.yaml\n" in out and "+    cost: discard 2\n" in out
    assert "-      discard 2\n" in out and "-format: 1\n+format: 2\n" in out
    assert out.endswith("(dry run: nothing was written)\n")


# ---- what a migration must not change: what the cards do ---------------------------------------

def behaviour(cards: CardSet, seeds: int) -> dict[str, object]:
    """The discard costs and seeded bot games' logs (the fingerprint aside): recorded with the
    format-1 code before the change, in tests/data/format1-behaviour.json."""
    logs = {}
    for bot in ("random", "greedy"):
        for seed in range(seeds):
            game = campaign_game(cards, seed, Setup("beginner", "random", 300))
            bots = {side: make_bot(bot, seed * 2 + i) for i, side in enumerate(SIDES)}
            while game.pending is not None:
                play_bot_move(game, bots)
            text = "\n".join(log_key(e.text()) for e in game.events)  # in each event's first wording
            logs[f"{bot}-{seed}"] = hashlib.sha256(text.encode()).hexdigest()[:16]
    return {"costs": {c.id: c.discard_cost for c in cards.cards.values()}, "logs": logs}


@pytest.mark.deep  # plays every migrated set through: 5 s; the other migrations stay quick
def test_the_migrated_sets_play_exactly_as_before(tmp_path: Path, cm2008_before_rebalance: CardSet) -> None:
    recorded = json.loads((DATA / "format1-behaviour.json").read_text(encoding="utf-8"))
    folder = old_set(tmp_path)
    assert main(["migrate", str(folder)]) == 0
    mini = behaviour(load_card_set(folder), 6)
    assert mini == recorded["mini"]
    assert sum(mini["costs"].values()) == 4  # type: ignore[union-attr]  # the two cost cards kept theirs
    bundled = behaviour(cm2008_before_rebalance, 2)  # recorded before the rebalance
    assert bundled["costs"] == recorded["cm2008"]["costs"]
    assert bundled["logs"] == {k: v for k, v in recorded["cm2008"]["logs"].items() if k in bundled["logs"]}  # type: ignore[union-attr]


def test_the_bundled_set_is_at_the_current_format(cm2008: CardSet) -> None:
    assert cm2008.manifest.format == CARD_FORMAT == 2
    assert {c.id: c.discard_cost for c in cm2008.cards.values() if c.discard_cost} == {
        "mccain-drill-baby-drill": 2, "mccain-obama-is-he-ready-to-lead": 2, "mccain-celebrity-ad": 1,
        "mccain-experience-counts": 1, "mccain-energy-independence": 1, "obama-main-street-vs-wall-street": 2,
        "obama-mccain-out-of-touch-out-of-ideas": 2, "obama-bomb-bomb-iran": 1, "obama-the-audacity-of-hope": 1,
        "obama-wall-street-bailout": 1}


# ---- an old set is refused, with the way forward ----------------------------------------------

def test_loading_an_old_set_says_to_run_migrate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = old_set(tmp_path)
    with pytest.raises(CardSetError) as info:
        load_card_set(folder)
    (err,) = info.value.errors  # only this: the cards' own errors would be noise
    assert str(err).splitlines() == [
        f"{folder}/manifest.yaml:5:9: this set is written in card format 1; this cmdsl reads format 2, "
        "where a discard cost is declared (`cost: discard 1`)",
        "    format: 1", "            ^",
        f"  run `cmdsl migrate {folder}` to rewrite the set (comments and layout are kept; add --dry-run to "
        "see the changes first)"]
    assert main(["play", "--cards", str(folder), "--bot", "random", "--bot", "random", "--quiet"]) == 1
    stderr = capsys.readouterr().err
    assert stderr.startswith("error: ") and f"run `cmdsl migrate {folder}`" in stderr and "Traceback" not in stderr


# ---- a located error for each malformed cost ---------------------------------------------------

COST = "    cost: discard 2\n    effect: |\n      draw 1\n  - id: mccain-negative"


@pytest.mark.parametrize(("cost", "first", "caret", "hint"), [
    ("cost: discrad 2", 'set.yaml:139:11: mccain-cost: cost: unknown cost "discrad"; a cost is `discard N` '
     "(N other cards from hand, R4.6)", 10, 'did you mean "discard"?'),
    ("cost: discard two", 'set.yaml:139:19: mccain-cost: cost: expected a whole number of cards, got "two"', 18,
     "write it in digits: `discard 2`"),
    ("cost: discard", "set.yaml:139:18: mccain-cost: cost: how many cards? expected a number after `discard`, "
     "such as `discard 1`", 17, None),
    ("cost: discard 2 cards", 'set.yaml:139:21: mccain-cost: cost: unexpected "cards" after `discard 2`', 20,
     "a cost is `discard N`; what the card does goes under `effect:`"),
    ("cost: discard 0", "set.yaml:139:19: mccain-cost: cost: a cost of 0 is no cost", 18, "remove the `cost:` line"),
    ("cost: discard 21", "set.yaml:139:19: mccain-cost: cost: at most 20 cards (a count in a card is 0 to 20)", 18,
     None),
    ("cost: 2", "set.yaml:139:11: mccain-cost: cost: expected a cost such as `discard 1`, got 2", 10,
     "write `cost: discard 1` beside `effect:` (the card needs that many other cards in hand, R4.6)"),
    ('cost: "  discrad 2"', 'set.yaml:139:14: mccain-cost: cost: unknown cost "discrad"; a cost is `discard N` '
     "(N other cards from hand, R4.6)", 13, 'did you mean "discard"?'),
])
def test_a_malformed_cost_is_located(tmp_path: Path, cost: str, first: str, caret: int, hint: str | None) -> None:
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    edit(folder / "set.yaml", COST, COST.replace("cost: discard 2", cost))
    with pytest.raises(CardSetError) as info:
        load_card_set(folder)
    (err,) = info.value.errors
    lines = str(err).splitlines()
    assert lines[0] == f"{folder}/{first}"
    col = int(first.split(":")[2])
    assert caret == col - 1  # the caret is under the word that is wrong
    assert lines[1] == f"        {cost}" and lines[2] == "    " + " " * (col - 1) + "^"
    assert (lines[3].strip() if len(lines) > 3 else None) == hint


def test_an_effect_still_beginning_with_the_old_cost_says_what_to_write(tmp_path: Path) -> None:
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    edit(folder / "set.yaml", COST, "    effect: |\n      discard 2\n      draw 1\n  - id: mccain-negative")
    with pytest.raises(CardSetError) as info:
        load_card_set(folder)
    (err,) = info.value.errors
    assert str(err).splitlines() == [
        f"{folder}/set.yaml:140:7: mccain-cost: an effect may not begin with `discard 2`: a discard cost is "
        "declared, not inferred from where `discard` stands",
        "          discard 2", "          ^",
        "  write `cost: discard 2` beside `effect:` and remove this line (docs/cardsets.md, Costs); "
        "`cmdsl migrate DIR` does it for a whole set of format 1"]


def test_a_later_discard_is_a_plain_discard_now(tmp_path: Path) -> None:
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    edit(folder / "set.yaml", COST, "    effect: |\n      draw 1\n      discard 2\n  - id: mccain-negative")
    assert load_card_set(folder).cards["mccain-cost"].discard_cost == 0


def test_only_campaign_cards_have_a_cost(tmp_path: Path) -> None:
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    edit(folder / "set.yaml", "  - roll: 1\n    title: Result 1\n", "  - roll: 1\n    title: Result 1\n    cost: discard 1\n")
    with pytest.raises(CardSetError) as info:
        load_card_set(folder)
    (err,) = info.value.errors
    assert ": only a Campaign Strategy card has a cost (R4.6)" in str(err).splitlines()[0]


# ---- damaged input: located, and no file changes -----------------------------------------------

@pytest.mark.parametrize(("damage", "expected"), [
    (("      discard 2\n      draw 1\n  - id: mccain-negative", "      draw 1\n      discard 2\n  - id: mccain-negative"),
     "set.yaml:141:7: mccain-cost: in card format 1 this `discard 2` is a discard cost paid where it stands"),
    (("      discard 2\n      draw 1\n  - id: mccain-negative", "      discard 2\n      drow 1\n  - id: mccain-negative"),
     'set.yaml:141:7: mccain-cost: unexpected "drow"'),
    (("  - id: mccain-cost\n", "  - id: &a mccain-cost\n"),
     "set.yaml:134:9: anchors and aliases (&name, *name) are not allowed here"),
    (("    effect: |\n      discard 2\n      draw 1\n  - id: mccain-negative",
      '    effect: "discard 2\\ndraw 1"\n  - id: mccain-negative'),
     "set.yaml:139:13: mccain-cost: migrate moves a cost out of an effect written as a block"),
])
def test_a_file_that_cannot_be_migrated_leaves_every_file_unchanged(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: tuple[str, str], expected: str) -> None:
    folder = old_set(tmp_path)
    # A second card file that could be migrated on its own: it must not be written either.
    shutil.copy(DATA / "migrate" / "edge-format1.yaml", folder / "extra.yaml")
    edit(folder / "set.yaml", *damage)
    before = snapshot(folder)
    assert main(["migrate", str(folder)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: {folder}/{expected}") and "Traceback" not in err
    assert snapshot(folder) == before


def test_a_failed_write_leaves_every_file_unchanged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    folder = old_set(tmp_path)
    shutil.copy(DATA / "migrate" / "edge-format1.yaml", folder / "extra.yaml")
    before = snapshot(folder)
    real = os.fdopen
    calls = []

    def failing(fd: int, *args: object, **kwargs: object) -> object:
        calls.append(fd)
        if len(calls) == 2:  # the second file's temporary copy cannot be written
            os.close(fd)
            raise OSError(28, "No space left on device")
        return real(fd, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr("cmdsl.games.cm2008.migrate.os.fdopen", failing)
    assert main(["migrate", str(folder)]) == 1
    assert "cannot write: No space left on device; nothing was changed" in capsys.readouterr().err
    assert snapshot(folder) == before  # the first file was not renamed, and no temporary file is left
