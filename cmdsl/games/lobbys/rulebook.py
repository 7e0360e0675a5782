"""Where Lobbys' rulebook is: ``docs/rules-lobbys.md`` (L1–L11), shipped as package data;
``cmdsl.sets.rulebook`` reads it (``rules L6.3`` in the REPL)."""

from __future__ import annotations

from typing import Final

from ...sets.rulebook import Rulebook, RulebookSource, load_rulebook

RULEBOOK: Final = RulebookSource(game="Lobbys", letter="L", file="rules-lobbys.md")


def rulebook() -> Rulebook:
    return load_rulebook(RULEBOOK)
