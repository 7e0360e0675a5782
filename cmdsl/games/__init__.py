"""One package per game (DESIGN "Core v2"): its position value, its rules as functions over it,
its data. A game package names no other game; the generic core will name none of them."""

from pathlib import Path
from typing import Final, Literal, get_args

#: The games cmdsl plays (until games are plug-ins with a registry: issue "Games as plug-ins").
GameName = Literal["cm2008", "lobbys"]
GAMES: Final[tuple[GameName, ...]] = get_args(GameName)

#: The data file of each game that keeps its data under ``cards/`` beside CM2008's card sets,
#: read by its own package: a folder holding one is that game's data, not a card set.
GAME_DATA_FILES: Final = {"lobbys.yaml": "lobbys"}


def game_data_in(folder: Path) -> str | None:
    """The game whose data ``folder`` holds, or None."""
    return next((game for name, game in GAME_DATA_FILES.items() if (folder / name).is_file()), None)

