"""Campaign Manager 2008 (rules: RULES.md, R1–R12): its game ``engine.Campaign``, which the core's
``Driver`` holds (``engine.campaign_game`` makes one), over the ``position.Position`` value; its
rules in layers (``rules_base.py`` … ``rules_setup.py``: ``CampaignRules``); its setups, option ids, events, views, records,
actions by hand, the re-deal for bots (``determinize``) and its evaluation of a position. Its
cards are data (``cards/cm2008``), read by ``cmdsl.games.cm2008.loader`` into a ``cmdsl.games.cm2008.model.CardSet``; the
effects are compiled by ``cmdsl.lang`` and act through ``effect_ops.Cm2008Ops`` (the game's
``GameOps``), never through the rules themselves."""

from typing import TYPE_CHECKING

from ...lazy import lazy_names as _lazy_names

#: CM2008's API, each name imported when first asked for (PEP 562): the command line imports
#: ``cm2008.plugin``, and so this package, without playing CM2008 (issue 34). docs/api.md.
_NAMES = {
    "Campaign": ".engine", "CampaignGame": ".engine", "CampaignRules": ".engine", "campaign_game": ".engine",
    "campaign_of": ".engine", "log_text": ".engine", "rules_of": ".engine",
    "CardSet": ".model", "Side": ".model", "SIDES": ".model",
    "load_card_set": ".loader",
    "Setup": ".setup",
    "Record": ".record", "load_record": ".record", "save_record": ".record",
    "Replay": ".replay",  # (its function ``replay`` has a submodule's name: import it from ``.replay``)
    "View": ".view",
    "events": ".events",
}
_MODULES = frozenset({"events"})

if TYPE_CHECKING:  # what the names are, for type checkers (nothing is imported at run time)
    from . import events
    from .engine import Campaign, CampaignGame, CampaignRules, campaign_game, campaign_of, log_text, rules_of
    from .loader import load_card_set
    from .model import SIDES, CardSet, Side
    from .record import Record, load_record, save_record
    from .replay import Replay
    from .setup import Setup
    from .view import View

__all__ = ["Campaign", "CampaignGame", "CampaignRules", "CardSet", "Record", "Replay", "SIDES", "Setup", "Side",
           "View", "campaign_game", "campaign_of", "events", "load_card_set", "load_record", "log_text", "rules_of",
           "save_record"]

__getattr__, __dir__ = _lazy_names(__name__, _NAMES, globals(), _MODULES)
