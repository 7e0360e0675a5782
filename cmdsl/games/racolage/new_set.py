"""`cmdsl new-set DIR --game racolage`: a Racolage Électoral set to start from — a copy of the
bundled one (its manifest named after the folder, every card file, the rules' scenarios), which a
designer then changes card by card (docs/racolage.md, "The card set"). It passes `cmdsl check`, and
its scenarios pass once `cmdsl test DIR --update` has written their snapshots (tested)."""

from __future__ import annotations

import re

from .loader import MANIFEST, bundled_set

#: The scenario file copied: the rules' (turn.yaml); the per-card scenarios pin the bundled cards.
SCENARIO = "turn.yaml"


def racolage_files(name: str) -> dict[str, str]:
    """The new set's files, by their name in its folder."""
    source = bundled_set()
    files = {p.name: p.read_text(encoding="utf-8") for p in sorted(source.glob("*.yaml"))}
    files[MANIFEST] = re.sub(r"(?m)^name: .*$", f"name: {name}", files[MANIFEST], count=1)
    files[f"scenarios/{SCENARIO}"] = (source / "scenarios" / SCENARIO).read_text(encoding="utf-8")
    return files
