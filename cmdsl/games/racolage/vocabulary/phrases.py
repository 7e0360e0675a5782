"""Racolage Électoral's phrase tables, beside the core's (``cmdsl.lang.phrases``): English, and
French, the rulebook's language."""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from ....lang import phrases as core

_OWN = {
    "en": {
        "draw": "{Who} {draws} {n}.", "draws": "draws|draw", "media": "Media card|Media cards",
        "action": "Action card|Action cards", "card": "card|cards", "turn": "turn|turns",
        "draw_phase": "In your draw phase, you draw {n} instead of one.",
        "skip": "{Who} {skips} {n}.", "skips": "skips|skip", "skip_one": "{Who} {skips} a turn.",
        "skip_one_you": "You skip a turn.",
        "discard": "{Who} {discards} {n} of {their} choice.", "discards": "discards|discard",
        "their": "their|your",
        "gain": "{Who} {gains} {n} notoriety (a bonus counted at the end of the game).", "gains": "gains|gain",
        "direct action": "Direct Action", "privilege": "Privilege", "catchphrase": "Catchphrase",
        "discard_every": "Every {kind} in play is discarded.", "discard_of": "The {kind} of {who} is discarded.",
        "discard_of_you": "Your {kind} is discarded.",
        "hand_limit": "Your hand limit is {n}.",
        "theme_open": "{who} can place {theme} Media", "can": "can|can",
        "notoriety": "{p} notoriety", "notoriety_you": "your notoriety", "final_notoriety": "{p} final notoriety",
        "final_notoriety_you": "your final notoriety", "hand_size": "the number of cards in {p} hand",
        "hand_size_you": "the number of cards in your hand", "notoriety_of": "the notoriety of {who}",
        "final_notoriety_of": "the final notoriety of {who}", "hand_size_of": "the number of cards in the hand of {who}",
        "deck_size_media": "the number of cards in the Media deck",
        "deck_size_action": "the number of cards in the Action deck",
        "best_notoriety": "the player with the {extreme} notoriety ({tie})", "n_most": "most", "n_least": "least",
    },
    "fr": {
        "draw": "{Who} {draws} {n}.", "draws": "pioche|piochez", "media": "carte Média|cartes Média",
        "action": "carte Action|cartes Action", "card": "carte|cartes", "turn": "tour|tours",
        "draw_phase": "Lors de votre phase de pioche, vous piochez {n} au lieu d'une.",
        "skip": "{Who} {skips} {n}.", "skips": "passe|passez", "skip_one": "{Who} {skips} son prochain tour.",
        "skip_one_you": "Vous passez votre prochain tour.",
        "discard": "{Who} {discards} {n} de {their} choix.", "discards": "défausse|défaussez",
        "their": "son|votre",
        "gain": "{Who} {gains} {n} de notoriété (un bonus compté en fin de partie).", "point": "point|points",
        "gains": "gagne|gagnez",
        "direct action": "Action directe", "privilege": "Passe-droit", "catchphrase": "Phrase choc",
        "discard_every": "Toute carte {kind} en jeu est défaussée.",
        "discard_of": "La carte {kind} de {who} est défaussée.", "discard_of_you": "Votre carte {kind} est défaussée.",
        "hand_limit": "Votre limite de main est de {n}.",
        "theme_open": "{who} {can} placer des Médias du thème {theme}", "can": "peut|pouvez",
        "notoriety": "le score de notoriété de {who}", "notoriety_you": "votre score de notoriété",
        "final_notoriety": "le score final de notoriété de {who}",
        "final_notoriety_you": "votre score final de notoriété",
        "hand_size": "le nombre de cartes dans la main de {who}", "hand_size_you": "le nombre de cartes dans votre main",
        "deck_size_media": "le nombre de cartes de la pioche Média",
        "deck_size_action": "le nombre de cartes de la pioche Action",
        "best_notoriety": "le joueur qui a {extreme} de notoriété ({tie})", "n_most": "le plus", "n_least": "le moins",
    },
}
PHRASES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {lang: MappingProxyType({**core.PHRASES[lang], **own}) for lang, own in _OWN.items()})
