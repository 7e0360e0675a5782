"""High Card: a small third game kept under tests/, registered as a plug-in by the tests that
play it (tests/test_third_game.py), to show that cmdsl's controllers take any game."""
