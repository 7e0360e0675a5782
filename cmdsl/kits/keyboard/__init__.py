"""The keyboard toolkit, for every game: what the REPL asks of a game (``keyboard.py``), what every
one-seat keyboard shares (``one_seat.py``), the bottom bar fitted to the terminal, and the undo
rule. Each game's REPL side is in its front ends (``cmdsl/games/NAME/ui/``); the REPL (``repl/``)
holds whichever is loaded."""
