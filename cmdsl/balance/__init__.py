"""``cmdsl balance``: many bot games, stored in SQLite, reported with intervals (docs/balance.md)."""
