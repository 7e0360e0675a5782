"""This game's front ends: its sets in an editor (``editor.py``)."""
