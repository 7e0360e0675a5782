"""Campaign Manager 2008 (rules: RULES.md, R1–R12): its game ``engine.Campaign``, which the core's
``Driver`` holds (``engine.campaign_game`` makes one), over the ``position.Position`` value; its
rules in layers (``rules_base.py`` … ``rules_setup.py``: ``CampaignRules``); its setups, option ids, events, views, records,
actions by hand, the re-deal for bots (``determinize``) and its evaluation of a position. Its
cards are data (``cards/cm2008``), read by ``cmdsl.games.cm2008.loader`` into a ``cmdsl.games.cm2008.model.CardSet``; the
effects are compiled by ``cmdsl.lang`` and act through ``effect_ops.Cm2008Ops`` (the game's
``GameOps``), never through the rules themselves."""
