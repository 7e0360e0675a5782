"""Campaign Manager 2008's names in French card text, read from ``glossary_fr.yaml`` (data shipped
with the package; docs/glossary.md is the same table for people)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

import yaml

from ...lang.text import NO_TERMS, Terms

GLOSSARY_FR = Path(__file__).with_name("glossary_fr.yaml")


@cache  # the package's own file, read once: an immutable value
def _french() -> tuple[Terms, Mapping[str, str]]:
    data = yaml.safe_load(GLOSSARY_FR.read_text(encoding="utf-8"))
    places = {name: MappingProxyType(dict(forms)) for name, forms in data["states"].items()}
    terms = Terms(MappingProxyType(places), MappingProxyType(dict(data["groups"])))
    return terms, MappingProxyType(dict(data["types"]))


def terms(lang: str) -> Terms:
    """The card set's names in ``lang``'s card text (English: as printed)."""
    return _french()[0] if lang == "fr" else NO_TERMS


def card_type(typ: str, lang: str) -> str:
    """A card type as the card list prints it ("support"; French "soutien")."""
    return _french()[1].get(typ, typ) if lang == "fr" else typ
