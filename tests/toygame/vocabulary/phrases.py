"""High Card's phrase tables, beside the core's (``cmdsl.lang.phrases``): English and French."""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from cmdsl.lang import phrases as core

_OWN = {
    "en": {"choose_player": "Choose a player (you too); call them {v}.",
           "give_card": "{giver} {gives} {their} {which} card to {taker}.",
           "give_card_you": "{giver} {gives} you {their} {which} card.",
           "gives": "gives|give", "their": "their|your", "highest": "highest", "lowest": "lowest",
           "more_points": "{0} {has} more points than {1}", "has": "has|have",
           "points_of": "{p} points", "points_of_you": "your points", "points": "points"},
    "fr": {"choose_player": "Choisissez un joueur (vous aussi) ; appelez-le {v}.",
           "give_card": "{giver} {gives} {their} carte la plus {which} à {taker}.",
           "give_card_you": "{giver} vous {gives} {their} carte la plus {which}.",
           "gives": "donne|donnez", "their": "sa|votre", "highest": "haute", "lowest": "basse",
           "more_points": "{0} {has} plus de points que {1}", "has": "a|avez",
           "points_of": "les points de {who}", "points_of_you": "vos points", "points": "points"},
}
PHRASES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {lang: MappingProxyType({**core.PHRASES[lang], **own}) for lang, own in _OWN.items()})
