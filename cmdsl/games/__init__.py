"""One package per game (DESIGN "Core v2"): its position value, its rules as functions over it,
its data, and its plug-in (``plugin.py``: what the controllers need of it, registered under the
entry-point group ``cmdsl.games``; ``cmdsl.plugins``). A game package names no other game."""
