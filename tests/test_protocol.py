"""The decision protocol, Core v2 (issue 10, items 1 and 3): chance is a seat, and secret picks
are simultaneous decisions revealed together."""

from __future__ import annotations

from pathlib import Path

import pytest

from cmdsl.model import CardSet
from cmdsl.record_file import load_record
from cmdsl.replay import replay

RECORDS = Path(__file__).parent / "data" / "records"


@pytest.mark.parametrize("name", ["v2-draft-seed3.json", "v2-choose-states-seed5.json"])
def test_a_record_made_before_simultaneous_picks_still_replays(cm2008: CardSet, name: str) -> None:
    """Made with 40171bb (`cmdsl play --setup draft --bot random --bot random --seed 3`, and
    `--setup choose-states --seed 5`): its picks are untagged ids, McCain's before Obama's."""
    record = load_record(RECORDS / name)
    result = replay(cm2008, record)
    assert result.reproduces, result.reason
    assert result.game.result is not None and result.game.result.text() == record.result
