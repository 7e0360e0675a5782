"""Where Campaign Manager 2008's rulebook is: ``docs/rules-cm2008.md`` (R1–R12), shipped as
package data; ``cmdsl.sets.rulebook`` reads it (``rules R8.1`` in the REPL)."""

from __future__ import annotations

from typing import Final

from ...sets.rulebook import Rulebook, RulebookSource, load_rulebook

RULEBOOK: Final = RulebookSource(game="Campaign Manager 2008", letter="R", file="rules-cm2008.md")


def rulebook() -> Rulebook:
    return load_rulebook(RULEBOOK)
