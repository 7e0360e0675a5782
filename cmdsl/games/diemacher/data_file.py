"""The file that marks a folder as a Die Macher set (the plug-in's ``data_file``; ``data.py``
reads it and its siblings): a module of its own, so that the command line knows it without
loading the game."""

from typing import Final

DATA_FILE: Final = "diemacher.yaml"
#: The component files beside it, each read and checked by ``data.py``.
COMPONENT_FILES: Final = ("issues.yaml", "states.yaml", "national.yaml", "polls.yaml", "contributions.yaml")
#: DM1.6: the shadow-cabinet cards, their effects in the effect language (``cabinet_cards.py``).
CABINET_FILE: Final = "cabinet.yaml"
