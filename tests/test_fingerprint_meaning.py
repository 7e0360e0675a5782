"""A card set's fingerprint is over what the rules read, for every game (issue 52).

For each game, a copy of its bundled set is edited in one way: a comment, fields of an item in
another order, an effect (or a list) written out otherwise, a text quoted otherwise leave the
fingerprint as it was; a changed number, word, an added or removed card (a row, for Lobbys), or cards
in another order change it. A game recorded with a set replays, without --accept-cards, against a
copy of it with a comment added (the issue's repro). A record made before, which names its set by
the digest of its files' bytes, still replays.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Callable

import pytest

from cmdsl.cli import main
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.model import CardSet
from cmdsl.games.cm2008.record import load_record
from cmdsl.games.cm2008.replay import replay
from cmdsl.games.lobbys.data import load_data
from cmdsl.games.racolage.loader import load_set
from cmdsl.sets.meaning import canonical, meaning_fingerprint

from .conftest import deep_after

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"

#: An edit: in this file of the set, each of these texts (found exactly once) becomes the other.
Edit = tuple[str, tuple[tuple[str, str], ...]]


def block(game: str, file: str, item: str) -> str:
    """The lines of the bundled file that give the item ``item`` (to its next item, or the end)."""
    text = (CARDS / game / file).read_text(encoding="utf-8")
    start = text.index(f"  - id: {item}\n")
    ends = [i for i in (text.find("\n  - ", start + 1), text.find("\n  # ", start + 1)) if i >= 0]
    return text[start:min(ends) + 1] if ends else text[start:]


def swap(game: str, file: str, first: str, second: str) -> Edit:
    """Two items that follow each other, the other way round."""
    a, b = block(game, file, first), block(game, file, second)
    return file, ((a + b, b + a),)


@dataclass(frozen=True)
class GameSet:
    name: str
    folder: Path
    fingerprint: Callable[[Path], str]  # a set folder → its fingerprint
    same: dict[str, Edit]  # edits that leave the fingerprint as it was
    other: dict[str, Edit]  # edits that change it


CM2008 = GameSet("cm2008", CARDS / "cm2008", lambda folder: load_card_set(folder).fingerprint, same={
    "a comment": ("obama.yaml", (("cards:\n", "cards:\n  # a designer's note, read by no rule\n"),
                                 ('    title: "Main Street vs Wall Street"\n',
                                  '    title: "Main Street vs Wall Street"   # the slogan\n'))),
    "fields in another order": ("obama.yaml", (('    side: obama\n    title: "Main Street vs Wall Street"\n',
                                                '    title: "Main Street vs Wall Street"\n    side: obama\n'),)),
    "a reflowed effect": ("obama.yaml", (
        ("    effect: |\n      choose a state as S\n      gain 2 supports on economy in S\n",
         "    effect: |\n      choose   a state as S   # whichever\n\n      gain 2  supports on economy in S\n"),
        ("      while in play:\n          breaking news targets a state chosen by you\n  - id: obama-meet-the-press",
         "      while in play:\n        breaking news targets a state chosen by you\n  - id: obama-meet-the-press"))),
    "a title quoted otherwise": ("obama.yaml", (('title: "Main Street vs Wall Street"',
                                                 "title: 'Main Street vs Wall Street'"),
                                                ('title: "Mybarackobama.com"', "title: Mybarackobama.com"))),
}, other={
    "a number": ("obama.yaml", (("      choose a state as S\n      gain 2 supports on economy in S\n",
                                 "      choose a state as S\n      gain 3 supports on economy in S\n"),)),
    "a word of an effect": ("obama.yaml", (("      choose a state as S\n      gain 2 supports on economy in S\n",
                                            "      choose a state as S\n      gain 2 supports on defense in S\n"),)),
    "a word of a title": ("obama.yaml", (('title: "Main Street vs Wall Street"', 'title: "Main Street v. Wall Street"'),)),
    "two cards in another order": swap("cm2008", "obama.yaml", "obama-mybarackobama-com", "obama-meet-the-press"),
})


def _cm2008_cards(edit: str) -> dict[str, Edit]:
    """A card added to or removed from Obama's pool, the manifest's promises changed to match."""
    manifest = ("manifest.yaml", (("campaign_cards: 45", f"campaign_cards: {{mccain: 45, obama: {46 if edit == 'add' else 44}}}"),
                                  ("setups: [beginner, choose-states, draft]", "setups: [beginner, choose-states]")))
    last = block("cm2008", "obama.yaml", "obama-college-campus-tour")  # not a beginner card
    cards = ("obama.yaml", ((last, "  - id: obama-one-more\n    side: obama\n    title: \"One More\"\n"
                                   "    type: support\n    effect: |\n      draw 1\n" + last) if edit == "add" else
                            (last, ""),))
    return {"manifest": manifest, "cards": cards}


LOBBYS = GameSet("lobbys", CARDS / "lobbys", lambda folder: load_data(folder / "lobbys.yaml").fingerprint, same={
    "a comment": ("lobbys.yaml", (("rounds: 3                 # L2.1\n", "rounds: 3\n# three rounds, as L2.1 says\n"),)),
    "fields in another order": ("lobbys.yaml", (("  - players: 2\n    top_rank: 4\n", "  - top_rank: 4\n    players: 2\n"),
                                                ("starting_points: 100      # L1.5 / L3.3: each player's points (also their money)\nrounds: 3",
                                                 "rounds: 3\nstarting_points: 100\n"))),
    "a list written otherwise": ("lobbys.yaml", (("suit_order: [clubs, diamonds, hearts, spades]",
                                                  "suit_order:\n  - clubs\n  - diamonds\n  - hearts\n  - spades"),)),
    "rows of a table in another order": ("lobbys.yaml", (("  - players: 2\n    top_rank: 4\n  - players: 3\n    top_rank: 6\n",
                                                          "  - players: 3\n    top_rank: 6\n  - players: 2\n    top_rank: 4\n"),)),
    "a name quoted otherwise": ("lobbys.yaml", (("type: Agriculture", 'type: "Agriculture"'),)),
}, other={
    "a number": ("lobbys.yaml", (("starting_points: 100", "starting_points: 90"),)),
    "a word": ("lobbys.yaml", (("type: Agriculture", "type: Farming"),)),
    "a row removed": ("lobbys.yaml", (("  - players: 5\n    top_rank: 10\n", ""),)),
    "the suit order": ("lobbys.yaml", (("suit_order: [clubs, diamonds, hearts, spades]",
                                        "suit_order: [diamonds, clubs, hearts, spades]"),)),
})

RACOLAGE = GameSet("racolage", CARDS / "racolage", lambda folder: load_set(folder).fingerprint, same={
    "a comment": ("actions.yaml", (("actions:\n", "actions:\n  # a designer's note, read by no rule\n"),)),
    "fields in another order": ("actions.yaml", (("    name: Crise financière                 # RA7.1\n    en: Financial Crisis\n",
                                                  "    en: Financial Crisis\n    name: Crise financière\n"),)),
    "a reflowed effect": ("actions.yaml", (
        ("      you discard 1 card\n      for each other player as P:\n          P discards 1 card\n",
         "      you  discard 1 card   # first you\n\n      for each other player as P:\n        P discards   1 card\n"),)),
    "a title quoted otherwise": ("actions.yaml", (("en: Financial Crisis", 'en: "Financial Crisis"'),
                                                  ("name: Canicule ", "name: 'Canicule' "))),
}, other={
    "a number": ("actions.yaml", (("draws 2 media cards\n  - id: A03", "draws 3 media cards\n  - id: A03"),)),
    "a word of an effect": ("actions.yaml", (("the player with the least notoriety", "the player with the most notoriety"),)),
    "a word of a title": ("actions.yaml", (("en: Financial Crisis", "en: Financial Crash"),)),
    "two cards in another order": swap("racolage", "actions.yaml", "A01", "A02"),
})


def _racolage_cards(edit: str) -> dict[str, Edit]:
    """A Media card added or removed, the manifest's size changed to match."""
    manifest = ("racolage.yaml", (("media: 55", f"media: {56 if edit == 'add' else 54}"),))
    first = block("racolage", "media.yaml", "M01")
    media = ("media.yaml", ((first, "  - id: M99\n    name: Le Nouveau\n    en: The Newcomer\n    value: 1\n"
                                    "    theme: Economy\n    min: 0\n    max: 6\n" + first) if edit == "add" else
                            (first, ""),))
    return {"manifest": manifest, "media": media}


GAMES = (CM2008, LOBBYS, RACOLAGE)
#: The manifest's name (and setups) changed: nothing the rules read of a game.
MANIFEST_ONLY: dict[str, Edit] = {
    "cm2008": ("manifest.yaml", (("name: Campaign Manager 2008 (cmdsl's own set)", "name: A variant"),
                                 ("setups: [beginner, choose-states, draft]", "setups: [beginner, draft]"))),
    "racolage": ("racolage.yaml", (("name: Racolage Électoral (cmdsl's own set)", "name: Une variante"),)),
}
CARD_EDITS = {"cm2008": _cm2008_cards, "racolage": _racolage_cards}


def edited(game: GameSet, tmp_path: Path, *edits: Edit) -> Path:
    """A copy of the game's set with ``edits`` made: each text is found exactly once, and changed."""
    folder = tmp_path / game.name
    shutil.copytree(game.folder, folder, ignore=shutil.ignore_patterns("scenarios"))
    for file, changes in edits:
        path = folder / file
        text = path.read_text(encoding="utf-8")
        for old, new in changes:
            assert text.count(old) == 1, f"{file}: {old!r} is not there exactly once"
            text = text.replace(old, new)
        assert text != (game.folder / file).read_text(encoding="utf-8")
        path.write_text(text, encoding="utf-8")
    return folder


def base(game: GameSet, tmp_path_factory: pytest.TempPathFactory) -> str:
    return game.fingerprint(edited(game, tmp_path_factory.mktemp("base")))


@pytest.mark.parametrize("game, edit", deep_after(2, [(g, e) for g in GAMES for e in g.same], lambda c: c[0].name),
                         ids=lambda x: getattr(x, "name", x))
def test_what_the_rules_do_not_read_leaves_the_fingerprint(game: GameSet, edit: str, tmp_path: Path,
                                                           tmp_path_factory: pytest.TempPathFactory) -> None:
    assert game.fingerprint(edited(game, tmp_path, game.same[edit])) == base(game, tmp_path_factory)


@pytest.mark.parametrize("game, edit", deep_after(2, [(g, e) for g in GAMES for e in g.other], lambda c: c[0].name),
                         ids=lambda x: getattr(x, "name", x))
def test_what_the_rules_read_changes_the_fingerprint(game: GameSet, edit: str, tmp_path: Path,
                                                     tmp_path_factory: pytest.TempPathFactory) -> None:
    assert game.fingerprint(edited(game, tmp_path, game.other[edit])) != base(game, tmp_path_factory)


@pytest.mark.parametrize("game", [CM2008, RACOLAGE], ids=lambda g: g.name)
def test_a_card_added_or_removed_changes_the_fingerprint_and_the_manifest_alone_does_not(
        game: GameSet, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    before = base(game, tmp_path_factory)
    added, removed = (CARD_EDITS[game.name](e) for e in ("add", "remove"))
    assert game.fingerprint(edited(game, tmp_path / "manifest", MANIFEST_ONLY[game.name])) == before
    fingerprints = {game.fingerprint(edited(game, tmp_path / e, *edits.values()))
                    for e, edits in (("add", added), ("remove", removed))}
    assert before not in fingerprints and len(fingerprints) == 2


# ---- the repro: a comment does not refuse the games recorded before it -------------------

PLAY = {"cm2008": ["--max-turns", "4"], "lobbys": ["--game", "lobbys", "--players", "2"],
        "racolage": ["--game", "racolage", "--players", "2"]}


def recorded(game: GameSet, tmp_path: Path, seed: int) -> tuple[Path, Path, Path]:
    """A copy of the game's set, the same with a comment added, and a game recorded on the first."""
    original = edited(game, tmp_path / "original")
    commented = edited(game, tmp_path / "commented", game.same["a comment"])
    record = tmp_path / "game.json"
    assert main(["play", "--cards", str(original), *PLAY[game.name], "--bot", "random", "--bot", "random",
                 "--seed", str(seed), "--quiet", "--record", str(record)]) == 0
    return original, commented, record


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_game_recorded_before_a_comment_replays_after_it(game: GameSet, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    original, commented, record = recorded(game, tmp_path, seed=3)
    capsys.readouterr()
    assert main(["replay", "--cards", str(commented), str(record)]) == 0, capsys.readouterr().err
    out, err = capsys.readouterr()
    assert "Replay reproduces the record" in out
    assert "another" not in err
    assert "played with" not in err


# ---- records made before: named by the digest of the files' bytes --------------------------------

def byte_digest(game: GameSet, folder: Path) -> str:
    """The fingerprint records were made with before issue 52: the digest of the files' bytes,
    computed here as each game computed it then."""
    if game.name == "lobbys":
        return hashlib.sha256((folder / "lobbys.yaml").read_bytes()).hexdigest()[:16]
    manifest = "manifest.yaml" if game.name == "cm2008" else "racolage.yaml"
    end = b"\0" if game.name == "cm2008" else b""
    digest = hashlib.sha256()
    for p in sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.name != manifest):
        digest.update(p.name.encode() + b"\0" + p.read_bytes() + end)
    return digest.hexdigest()[:16]


RECORDED_AS = {"cm2008": "cardset", "lobbys": "data", "racolage": "set"}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_record_made_before_replays_and_is_refused_by_other_bytes(game: GameSet, tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """It knows only the bytes: the same files replay it, a copy with a comment does not."""
    original, commented, record = recorded(game, tmp_path, seed=5)
    data = json.loads(record.read_text())
    then = tmp_path / "then" / original.name  # the files as they were: no French titles (issue 55)
    shutil.copytree(original, then)
    for f in then.glob("*.yaml"):
        f.write_text("".join(line for line in f.read_text().splitlines(keepends=True)
                             if not line.lstrip().startswith("title_fr:")))
    old = byte_digest(game, then)
    assert data[RECORDED_AS[game.name]] not in (None, old)  # a new record names the meaning
    data[RECORDED_AS[game.name]] = old
    record.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", "--cards", str(original), str(record)]) == 0, capsys.readouterr().err
    capsys.readouterr()
    assert main(["replay", "--cards", str(commented), str(record)]) != 0
    assert old in capsys.readouterr().err


def test_the_bundled_records_made_before_replay_on_the_set_they_were_made_with(cm2008_before_rebalance: CardSet) -> None:
    """tests/data/records: format-2 records named by the bytes of the set before the rebalance."""
    for name in ("v2-draft-seed3.json", "v2-choose-states-seed5.json"):
        record = load_record(ROOT / "tests" / "data" / "records" / name)
        assert record.cardset == cm2008_before_rebalance.legacy_fingerprint != cm2008_before_rebalance.fingerprint
        assert replay(cm2008_before_rebalance, record).reproduces


# ---- the canonical form ------------------------------------------------------------------------

class Colour(Enum):
    RED = "red"


def test_the_canonical_form_sorts_mappings_keeps_lists_and_tells_types_apart() -> None:
    assert canonical({"b": 1, "a": [2, 1]}) == canonical({"a": [2, 1], "b": 1})
    assert canonical([1, 2]) != canonical([2, 1])
    assert canonical({2: "x"}) != canonical({"2": "x"})
    assert canonical(True) != canonical(1) and canonical(None) != canonical("null")
    assert canonical(Colour.RED) == canonical("red")
    assert meaning_fingerprint({"a": 1}) == meaning_fingerprint({"a": 1}) != meaning_fingerprint({"a": 2})
    with pytest.raises(TypeError, match="not plain card-set data"):
        canonical(1.5)  # type: ignore[arg-type]


def test_french_titles_leave_the_bytes_fingerprint_of_old_records_as_it_was() -> None:
    """Issue 55 item 12 added a `title_fr:` line to every bundled card; a record made before issue 52
    names its set by the files' bytes, which those lines would change. Their bytes are read
    without them: the bundled set's legacy fingerprint is the one it had at c0d2f47."""
    assert load_card_set(ROOT / "cards" / "cm2008").legacy_fingerprint == "d0e02b36c2e738fc"
