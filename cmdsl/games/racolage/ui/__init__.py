"""This game's front ends: its REPL keyboard and prompt, board text, printed sheets, editor side."""
