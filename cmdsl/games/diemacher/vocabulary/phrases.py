"""Die Macher's phrase tables, beside the core's (``cmdsl.lang.phrases``): English, and French."""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from ....lang import phrases as core

_OWN = {
    "en": {
        "here": "in this state",
        "popularity": "{p} popularity", "popularity_you": "your popularity",
        "votes": "{p} votes", "votes_you": "your votes",
        "match": "{p} match with the opinions", "match_you": "your match with the opinions",
        "money": "{p} money", "money_you": "your money",
        "media_markers": "{p} media markers", "media_markers_you": "your media markers",
        "controls_media": "{who} {controls} the media {where}", "controls": "controls|control",
        "has_rallies": "{who} {has} at least {n} {where}", "has": "has|have", "rally": "rally marker|rally markers",
        "gain_votes": "{Who} {gains} {n} {where}.", "gains": "gains|gain", "vote": "vote|votes",
        "raise": "Raise {whose} {where} by {n} (up to +3).",
        "lower": "Lower {whose} {where} by {n} (down to −3, media control or not).",
        "that_rival": "that rival",
        "choose_rival": "Choose a rival{media} (call them {v}).", "choose_rival_named": "Choose a rival{media}.",
        "with_media": " with a media marker {where}",
        "place_key": "Place the key-issue tile on one of the opinion cards {where} (if none is there).",
        "remove_key": "Remove the key-issue tile {where}.",
        "take_over": "Take over one of {whose} {where}: it goes back to its owner with €4,000 and one of "
                     "yours takes its place (€4,000 to the bank).",
    },
    "fr": {
        "here": "dans ce Land",
        "popularity": "la popularité de {who}", "popularity_you": "votre popularité",
        "votes": "les voix de {who}", "votes_you": "vos voix",
        "match": "la concordance de {who} avec l'opinion", "match_you": "votre concordance avec l'opinion",
        "money": "l'argent de {who}", "money_you": "votre argent",
        "media_markers": "des marqueurs de média de {who}", "media_markers_you": "vos marqueurs de média",
        "controls_media": "{who} {controls} les médias {where}", "controls": "contrôle|contrôlez",
        "has_rallies": "{who} {has} au moins {n} {where}", "has": "a|avez",
        "rally": "marqueur de meeting|marqueurs de meeting",
        "gain_votes": "{Who} {gains} {n} {where}.", "gains": "gagne|gagnez", "vote": "voix|voix",
        "raise": "Augmentez {whose} {where} de {n} (jusqu'à +3).",
        "lower": "Diminuez {whose} {where} de {n} (jusqu'à −3, contrôle des médias ou non).",
        "that_rival": "ce rival",
        "choose_rival": "Choisissez un rival{media} (appelez-le {v}).", "choose_rival_named": "Choisissez un rival{media}.",
        "with_media": " qui a un marqueur de média {where}",
        "place_key": "Placez la tuile d'enjeu clé sur l'une des cartes d'opinion {where} (s'il n'y en a pas déjà une).",
        "remove_key": "Retirez la tuile d'enjeu clé posée {where}.",
        "take_over": "Prenez l'un {whose} {where} : il retourne à son propriétaire avec 4 000 € et l'un des "
                     "vôtres prend sa place (4 000 € à la banque).",
    },
}
PHRASES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {lang: MappingProxyType({**core.PHRASES[lang], **own}) for lang, own in _OWN.items()})
