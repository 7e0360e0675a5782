"""Campaign Manager 2008 (rules: RULES.md, R1–R12): its state machine ``engine.Game`` (a
``Driver``) over the ``position.Position`` value, its setups, option ids, events, views, records,
actions by hand, the re-deal for bots (``determinize``) and its evaluation of a position. Its
cards are data (``cards/cm2008``), read by ``cmdsl.games.cm2008.loader`` into a ``cmdsl.games.cm2008.model.CardSet``; the
effects are compiled by ``cmdsl.lang`` and act through ``cmdsl.lang.ops.GameOps``."""
