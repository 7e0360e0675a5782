"""Campaign Manager 2008's balance study (``cmdsl balance``, docs/balance.md): many bot games of a
card set, or an A/B of two sets on the same seeds, stored in SQLite, resumed, played locally or on
Dask, and reported as text and as a page; the statistics are ``cmdsl.kits.study``'s, every game's."""
