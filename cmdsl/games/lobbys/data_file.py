"""The file that marks a folder as a Lobbys set (the plug-in's ``data_file``; ``data.py`` reads it):
a module of its own, so that the command line knows it without loading the game (issue 34)."""

from typing import Final

DATA_FILE: Final = "lobbys.yaml"
