"""The rulings added to RULES.md after version 1 (R12.14–R12.16), each with its example."""

from __future__ import annotations

from typing import Any

from cmdsl.games.cm2008 import events as E


def test_R12_14_breaking_news_is_revealed_before_the_media_owner_chooses_its_state(run: Any) -> None:
    """A Media Support owner who steers Breaking News chooses knowing which event it is."""
    out = run('gain 1 support on defense in "Alpha"', player="mccain",
              position={"states": [{"name": "Alpha", "defense": "R R W"}, "Beta", "Gamma", "Delta"],
                        "media": "mccain-media-chooser", "news": ["bn-shift-economy"]},
              answers=["state:epsilon", "state:beta"])
    kinds = [(type(e).__name__, getattr(e, "kind", None)) for e in out.events]
    revealed = kinds.index(("NewsDrawn", None))
    chosen = kinds.index(("Chose", "news-target"))
    assert revealed < chosen  # revealed first, then chosen (R12.14)
    drawn = next(e for e in out.events if isinstance(e, E.NewsDrawn))
    assert drawn.target is None and "affecting" not in drawn.text()
    targeted = next(e for e in out.events if isinstance(e, E.NewsTargeted))
    assert (targeted.target, targeted.media) == ("Beta", "Mccain Media Chooser")
    assert kinds.index(("NewsTargeted", None)) == chosen + 1
