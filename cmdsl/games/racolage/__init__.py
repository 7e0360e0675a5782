"""Racolage Électoral (docs/racolage.md; the rules: RA1–RA11): party leaders place Media cards to
gain notoriety, buy Action cards by selling cards from hand, and live with Events that open themes
to everyone. Its cards are written in the effect language, with the game's vocabulary
(``vocabulary/``)."""

from typing import Final

#: The manifest: it marks a folder as a Racolage set (the plug-in's ``data_file``; ``loader.py``
#: reads it). Here, so that the command line knows it without loading the game (issue 34).
MANIFEST: Final = "racolage.yaml"
