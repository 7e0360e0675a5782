"""Where Racolage Électoral's rulebook is: ``docs/rules-racolage.md`` (RA1–RA11), shipped as package
data; ``cmdsl.sets.rulebook`` reads it (``rules RA6.1`` in the REPL)."""

from __future__ import annotations

from typing import Final

from ...sets.rulebook import Rulebook, RulebookSource, load_rulebook

RULEBOOK: Final = RulebookSource(game="Racolage Électoral", letter="RA", file="rules-racolage.md")


def rulebook() -> Rulebook:
    return load_rulebook(RULEBOOK)
