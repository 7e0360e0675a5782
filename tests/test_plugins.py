"""Games are plug-ins (issue 28, first step): each registers a ``Plugin`` under the entry-point
group ``cmdsl.games``, and the command line asks the registry for the game a command, a record or
a scenario file names; it never tests a game's name itself."""

from __future__ import annotations

import argparse
import re
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any, Iterator

import pytest

from cmdsl import plugins
from cmdsl.cli import main
from cmdsl.errors import CmdslError
from cmdsl.plugins import GamePlugin, NoSuchGame, game, games
from cmdsl.plugins.command_line import add_game_options, other_games_option

ROOT = Path(__file__).resolve().parent.parent
#: The modules that dispatch on a game: the controllers, the registry, the card-set tools. None
#: tests a game's name.
DISPATCHERS = (ROOT / "cmdsl" / "cli.py", ROOT / "cmdsl" / "balance_command.py", ROOT / "cmdsl" / "print_command.py", ROOT / "cmdsl" / "checking.py",
               ROOT / "cmdsl" / "set_tests.py", *(ROOT / "cmdsl" / "plugins").glob("*.py"), *(ROOT / "cmdsl" / "sets").glob("*.py"),
               *(ROOT / "repl").glob("*.py"))


def test_the_four_games_are_registered() -> None:
    assert list(games()) == ["cm2008", "diemacher", "lobbys", "racolage"]
    assert game("lobbys").title == "Lobbys" and game("cm2008").title == "Campaign Manager 2008"
    assert game("racolage").title == "Racolage Électoral"
    with pytest.raises(NoSuchGame, match=r"no game 'lobys': cmdsl plays cm2008, diemacher, lobbys, racolage \(did you mean \"lobbys\"\?\)"):
        game("lobys")


def test_no_controller_tests_a_games_name() -> None:
    """Was: `args.game == "lobbys"`, `game_of(data) == "lobbys"`, `read_doc(path).game == "lobbys"`,
    and in the REPL `words[:1] == ["lobbys"]` and a Lobbys session inside CM2008's."""
    games_names = "|".join(games())
    for path in DISPATCHERS:
        named = re.search(rf"""[!=]=\s*\[?["']({games_names})["']""", path.read_text(encoding="utf-8"))
        assert not named, path


TOY_RAN: list[str] = []


def _toy_play(args: argparse.Namespace) -> int:
    TOY_RAN.append(f"play seed {args.seed}")
    return 0


def _toy_replay(args: argparse.Namespace, data: Any) -> int:
    TOY_RAN.append(f"replay {data['seed']}")
    return 0


TOY = GamePlugin("toy", "A toy game", ("north", "south"), _toy_play, _toy_replay)


class TypedToy:
    """A toy game's rules written against the typed protocol: it reads typed requests."""

    def play(self, request: plugins.PlayRequest) -> int:
        TOY_RAN.append(f"play seed {request.seed} players {request.options.number('players')}")
        return 0

    def replay(self, request: plugins.ReplayRequest, record: plugins.JsonValue) -> int:
        assert isinstance(record, dict)
        TOY_RAN.append(f"replay {record['seed']}")
        return 0

    def language(self) -> None:
        return None


@pytest.fixture
def with_toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The installed games and a toy one, registered as another package would (an entry point)."""
    real = plugins.entry_points

    def entry_points(group: str) -> list[EntryPoint]:
        return [*real(group=group), EntryPoint("toy", "tests.test_plugins:TOY", group)]
    monkeypatch.setattr(plugins, "entry_points", entry_points)
    monkeypatch.setattr("tests.test_plugins.TOY", TOY, raising=False)
    games.cache_clear()
    yield
    games.cache_clear()


def test_a_plugin_of_before_still_loads_through_an_adapter_and_warns(with_toy: None, tmp_path: Path) -> None:
    """A game written against the GamePlugin of before (callables taking the command line's
    namespace) is played and replayed, for one release, and warns that it should be a Plugin."""
    TOY_RAN.clear()
    with pytest.warns(DeprecationWarning, match=r"the game plug-in 'toy' \(tests.test_plugins:TOY\) is a GamePlugin of "
                                                r"before: write it as a cmdsl.plugins.Plugin of typed parts"):
        assert "toy" in games()
    assert main(["play", "--game", "toy", "--seed", "7"]) == 0
    record = tmp_path / "toy.json"
    record.write_text('{"format": "cmdsl-record/2", "game": "toy", "seed": 3}', encoding="utf-8")
    assert main(["replay", str(record)]) == 0
    assert TOY_RAN == ["play seed 7", "replay 3"]


def test_an_option_two_games_share_is_added_once_and_refused_for_a_third(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game adds its options to a command; two games may declare the same one."""
    players = plugins.Option(("--players",), {"type": int})

    def make(name: str, options: tuple[plugins.Option, ...]) -> plugins.Plugin:
        return plugins.Plugin(name, name.capitalize(), ("a", "b"), TypedToy(), options={"play": options})
    known = {"one": make("one", (players,)), "three": make("three", ()), "two": make("two", (players,))}
    monkeypatch.setattr(plugins, "games", lambda: known)
    parser = argparse.ArgumentParser()
    parser.add_argument("--game")
    add_game_options(parser, "play")
    assert parser.parse_args(["--game", "two", "--players", "3"]).players == 3
    assert other_games_option(parser.parse_args(["--game", "two", "--players", "3"]), "play") is None
    wrong = other_games_option(parser.parse_args(["--game", "three", "--players", "3"]), "play")
    assert wrong == ("play --game three: --players is an option of One (--game one) or Two (--game two); "
                     "`cmdsl play --help` lists each game's options")
    assert other_games_option(parser.parse_args(["--game", "three"]), "play") is None


TYPED = plugins.Plugin("typed", "A typed toy", ("north", "south"), TypedToy(),
                       options={"play": (plugins.Option(("--players",), {"type": int}),)})


def test_a_typed_plugin_gets_its_options_as_typed_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 54 §1: the command line turns a game's own options into typed values (GameOptions): the
    game reads `--players 3` as the number 3, and no warning says it is of before."""
    real = plugins.entry_points
    monkeypatch.setattr(plugins, "entry_points", lambda group: [*real(group=group),
                                                                EntryPoint("typed", "tests.test_plugins:TYPED", group)])
    games.cache_clear()
    try:
        TOY_RAN.clear()
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)
            assert main(["play", "--game", "typed", "--seed", "5", "--players", "3"]) == 0
        assert TOY_RAN == ["play seed 5 players 3"]
    finally:
        games.cache_clear()


def test_a_plugin_of_before_without_a_table_is_not_served(with_toy: None) -> None:
    """`cmdsl serve` deals a game through ``Rules.new_game``: an old plug-in without a table says it
    has none to serve, in one line."""
    with pytest.warns(DeprecationWarning):
        toy = games()["toy"]
    with pytest.raises(CmdslError, match="A toy game has no game to serve"):
        toy.rules.new_game(plugins.TableRequest(), 1)
