"""The interactive REPL (prompt-toolkit): play a game, and debug card effects on a live position.

The engine never imports this package; the ``cmdsl`` command does, lazily.
"""
