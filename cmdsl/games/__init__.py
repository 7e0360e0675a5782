"""One package per game (DESIGN "Core v2"): its position value, its rules as functions over it,
its data. A game package names no other game; the generic core will name none of them."""
