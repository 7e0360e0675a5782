"""The event log makes its events when they are read (cmdsl/game/log.py): a game's log must be
the same whether its events were made at once (an observer watches) or later."""

from __future__ import annotations

from pathlib import Path

import pytest

from cmdsl.bots import RandomBot, play_bot_move
from cmdsl.games.cm2008 import events as E
from cmdsl.games.cm2008.engine import CampaignGame, campaign_game
from cmdsl.game.log import EventLog
from cmdsl.games.cm2008.setup import Setup
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.model import SIDES, Side

CM2008 = load_card_set(Path(__file__).resolve().parent.parent / "cards" / "cm2008")


def played(seed: int, watched: bool) -> CampaignGame:
    seen: list[E.Event] = []
    game = campaign_game(CM2008, seed, Setup(max_turns=60), observer=(lambda g, e: seen.append(e)) if watched else None)
    bots = {side: RandomBot(seed + i) for i, side in enumerate(SIDES)}
    while game.pending is not None:
        play_bot_move(game, bots)
    if watched:
        assert list(game.events) == seen  # the observer saw every event, in order
    return game


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_log_is_the_same_made_late_or_at_once(seed: int) -> None:
    late, now = played(seed, False), played(seed, True)
    assert len(late.events) == len(now.events) > 100
    assert late.events == now.events and [type(e) for e in late.events] == [type(e) for e in now.events]
    assert [e.cause for e in late.events] == [e.cause for e in now.events]


def test_a_log_reads_as_a_list_of_events() -> None:
    log = EventLog()
    log.record((E.TurnStarted, (1, Side.OBAMA), None))
    log.add(E.NoReplacement())
    log.record((E.DrawFailed, (Side.MCCAIN,), "card:2"))
    assert len(log) == 3
    assert log[0] == E.TurnStarted(1, Side.OBAMA) and log[-1].cause == "card:2"
    assert log[1:] == [E.NoReplacement(), E.DrawFailed(Side.MCCAIN)]
    assert log == [E.TurnStarted(1, Side.OBAMA), E.NoReplacement(), E.DrawFailed(Side.MCCAIN)]
    assert all(isinstance(e, E.Event) for e in log)
    assert log != [E.NoReplacement()]
