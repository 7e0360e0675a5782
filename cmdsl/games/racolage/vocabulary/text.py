"""Racolage Électoral's rules text, English and French (the core's writer: ``cmdsl.lang.text``),
assembled from its node families' parts (each beside its nodes)."""

from __future__ import annotations

from ....lang.text import Writer
from . import nodes as N
from .hands import HandsWriter
from .notoriety import NotorietyWriter
from .permanents import PermanentsWriter
from .phrases import PHRASES
from .themes import ThemesWriter


class RacolageWriter(NotorietyWriter, HandsWriter, PermanentsWriter, ThemesWriter, Writer):
    families = {"expr": N.EXPRS, "cond": N.CONDS, "stmt": N.STMTS}
    phrases = PHRASES
