"""This game's front ends: its sets in an editor (``editor.py``), its printed sheets
(``printing.py``, ``aid_text.py``) and the REPL's keyboard (``prompt.py``, with the board screen
``board.py`` and the explanations of `?`, ``explain.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ....kits.keyboard.keyboard import Keyboard


def keyboard() -> type[Keyboard]:
    """The REPL's keyboard for Die Macher, imported when the REPL first plays it (issue 34: the
    first prompt does not wait for it)."""
    from .prompt import DieMacherKeyboard
    return DieMacherKeyboard
