"""Playing a game at the keyboard, for every game: what the REPL asks of a game (``keyboard.py``),
the bottom bar fitted to the terminal, and the undo rule. Each game's REPL side is in its own
package (``cmdsl/games/NAME/keyboard*.py``); the REPL (``repl/``) holds whichever is loaded."""
