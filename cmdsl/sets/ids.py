"""Ids made from names, without loading YAML: a game's model reads them at import, and the REPL's
first prompt loads no YAML (issue 34)."""

from __future__ import annotations


def slug(name: str) -> str:
    """A name as an id: "Two supports, one draw!" → ``two-supports-one-draw`` (card ids, snapshot files)."""
    return "-".join("".join(c if c.isalnum() else " " for c in name.lower()).split())
