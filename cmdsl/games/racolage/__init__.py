"""Racolage Électoral (docs/racolage.md; the rules: RA1–RA11): party leaders place Media cards to
gain notoriety, buy Action cards by selling cards from hand, and live with Events that open themes
to everyone. Its cards are written in the effect language, with the game's vocabulary
(``vocabulary/``)."""

from pathlib import Path
from typing import Final

# The manifest and the bundled set are here, so that the command line knows them without loading
# the game (issue 34); ``loader.py`` hands both on.

#: The manifest: it marks a folder as a Racolage set (the plug-in's ``data_file``).
MANIFEST: Final = "racolage.yaml"


def bundled_set() -> Path:
    """The set shipped with cmdsl (``cards/racolage`` in a checkout, package data in a wheel)."""
    from ...resources import bundled_cards_dir

    return bundled_cards_dir().parent / "racolage"
