"""Every game tells its observer that it ended (issue 52): a whole game between random bots, for
every game the plug-in registry yields (so a game added later is held to it too), at a couple of
table sizes where the game takes ``--players``. The observer sees exactly one end event (the
game's result), and it is the last event it sees. Was: Racolage logged its end without telling
the observer."""

from __future__ import annotations

from typing import Any

import pytest

from cmdsl.bots import match
from cmdsl.cli import main
from cmdsl.game.audience import Event
from cmdsl.plugins import Plugin, games

SEED = 7


def takes_players(plugin: Plugin) -> bool:
    return any("--players" in option.flags for option in plugin.options.get("play", ()))


def tables() -> list[tuple[str, int | None]]:
    """Each registered game with each table size played: its fewest players and its most where it
    takes ``--players`` (``Plugin.players``), else its one table (None: the game's own)."""
    found: list[tuple[str, int | None]] = []
    for name, plugin in games().items():
        sizes = plugin.players or (len(plugin.seats),)
        counts: list[int | None] = sorted({sizes[0], sizes[-1]}) if takes_players(plugin) else [None]
        found.extend((name, n) for n in counts)
    return found


@pytest.mark.parametrize(("name", "players"), tables(), ids=lambda v: str(v))
def test_the_observer_sees_the_end_once_and_last(name: str, players: int | None, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The game is played as `cmdsl play` plays it; the observer is given to the game once the bots
    are seated (``run_bots``, which every game's `play` reaches through ``play_to_end``)."""
    seen: list[Event] = []
    played: list[Any] = []
    real_run_bots = match.run_bots

    def observe(game: Any, event: Event) -> None:
        seen.append(event)

    def run_bots(game: Any, *args: Any, **kwargs: Any) -> None:
        played.append(game)
        game.observer = observe
        real_run_bots(game, *args, **kwargs)
    monkeypatch.setattr(match, "run_bots", run_bots)

    seats = players if players is not None else len(games()[name].seats)
    argv = ["play", "--game", name, "--seed", str(SEED), "--quiet", *["--bot", "random"] * seats]
    if players is not None:
        argv += ["--players", str(players)]
    assert main(argv) == 0, capsys.readouterr().err

    [game] = played
    assert game.over
    ends = [e for e in seen if isinstance(e, type(game.result))]
    assert ends == [game.result]
    assert seen[-1] is game.result
    assert game.events[-1] is game.result  # and the log ends with it too
