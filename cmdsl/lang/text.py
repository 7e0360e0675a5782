"""Rules text generated from the checked AST, so it cannot drift from what a card does (unlike
hand-typed card text). English by default; French (the rulebook's language) with ``lang="fr"``.

One walk over the tree; every word comes from the phrase table of the chosen language
(``phrases.py``). This module writes statements; ``text_values.py`` values and conditions.
"""

from __future__ import annotations

import re

from . import ast as A
from .phrases import EN_NUMBERS, YOU_WORDS
from .text_values import LANGS, NO_TERMS, CondWriter, Terms
from .visitor import CONDS, EXPRS, STMTS

#: The rules text's writer (its entry points are its class methods), the languages and a set's own terms.
__all__ = ["LANGS", "NO_TERMS", "Terms", "Writer"]


class Writer(CondWriter):
    """One language's rules text: one method per node class, every word from the phrase table."""

    families = {"expr": EXPRS, "cond": CONDS, "stmt": STMTS}

    # ---- statements: each gives its lines, compound ones with their indented blocks ------

    def lines(self, stmts: tuple[A.Stmt, ...], indent: str = "", top: bool = False, kind: str = "card") -> list[str]:
        """``top``: the effect's own first level."""
        out: list[str] = []
        for s in stmts:
            out += self.sentences(s, indent, top, kind)
        return out

    def sentences(self, s: A.Stmt, indent: str, top: bool, kind: str) -> list[str]:
        """The lines of one statement (a game's may say first what it finds)."""
        lines: list[str] = self.visit("stmt", s, indent, top, kind)
        return lines

    def stmt_Nothing(self, s: A.Nothing, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["nothing"]]

    def times(self, e: A.Expr, start: bool = True) -> str:
        """"Once", "Twice", "X times"… with a capital only at the ``start`` of a sentence (never
        lower-casing the rest: it may name a place or a player)."""
        n = e.value if isinstance(e, A.Num) else None
        if n in (1, 2):
            word = self.p["once" if n == 1 else "twice"]
            return word if start else word.lower()
        if n is None:  # a number read from the game: "As many times as X"
            text = self.p["times_computed"].format(self.expr(e))
            return text if start else text[0].lower() + text[1:]
        number = EN_NUMBERS.get(n, str(n)) if self.lang == "en" else str(n)  # as counts are written
        text = self.p["times"].format(number)
        return text[0].upper() + text[1:] if start else text

    def stmt_If(self, s: A.If, indent: str, top: bool, kind: str) -> list[str]:
        p, inner = self.p, indent + "  "
        out = [indent + p["if"].format(self.cond(s.cond))] + self.lines(s.then, inner, kind=kind)
        other = s.otherwise
        while len(other) == 1 and isinstance(other[0], A.If):  # else-if chains stay flat
            out.append(indent + p["elif"].format(self.cond(other[0].cond)))
            out += self.lines(other[0].then, inner, kind=kind)
            other = other[0].otherwise
        if other:
            out.append(indent + p["else"])
            out += self.lines(other, inner, kind=kind)
        return out

    def stmt_Repeat(self, s: A.Repeat, indent: str, top: bool, kind: str) -> list[str]:
        colon = ":" if self.lang == "en" else " :"  # French puts a space before a colon
        return [f"{indent}{self.times(s.count)}{colon}"] + self.lines(s.body, indent + "  ", kind=kind)

    def stmt_ForEachPlayer(self, s: A.ForEachPlayer, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["for_each_player"].format(v=s.var)] + self.lines(s.body, indent + "  ", kind=kind)

    def stmt_As(self, s: A.As, indent: str, top: bool, kind: str) -> list[str]:
        who = self.expr(s.player)
        if who == self.p["you"] and self.actor != self.p["you"]:  # `as` another player, nested in itself
            return self.lines(s.body, indent, kind=kind)
        who_key = s.player.who if isinstance(s.player, A.PlayerRef) else None
        saved = self.actor, self.acting
        self.actor, self.acting = who, who_key or self.acting
        try:
            body = self.lines(s.body, indent + "  ", kind=kind)
        finally:
            self.actor, self.acting = saved
        if who == self.p["you"]:
            return [indent + self.p["as_you"]] + body
        # The lines below speak to whoever acts: say so when they say "you".
        says_you = any(w in YOU_WORDS[self.lang] for line in body for w in re.findall(r"\w+", line.lower()))
        head = self.p["as_note" if says_you else "as"].format(Who=who[0].upper() + who[1:], who=who)
        return [indent + head] + body

    def stmt_ChooseOne(self, s: A.ChooseOne, indent: str, top: bool, kind: str) -> list[str]:
        inner = indent + "  "
        out = [indent + self.p["choose_one"]]
        for o in s.options:
            sub = self.lines(o, inner + "  ", kind=kind)
            out.append(f"{inner}- {sub[0].strip()}")
            out += sub[1:]
        return out

    def stmt_WhileInPlay(self, s: A.WhileInPlay, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["in_play"]] + self.lines(s.body, indent + "  ", kind=kind)

    def stmt_Trigger(self, s: A.Trigger, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.trigger_head(s)] + self.lines(s.body, indent + "  ", kind=kind)

    def trigger_head(self, s: A.Trigger) -> str:
        """"At the end of your turn:", or the head of a game's own event (``event_head``)."""
        p = self.p
        who = self.expr(s.player) if s.player is not None else None
        if s.event != A.END_TURN:
            return self.event_head(s, who)
        if who is None:
            return p["end_each_turn"]
        key = "end_turn_you" if who == p["you"] and "end_turn_you" in p else "end_turn"
        return p[key].format(who=who, p=self.possessive(who))

    def event_head(self, s: A.Trigger, who: str | None) -> str:
        """The head of a triggered ability at one of the game's events (``who``: whose, in words)."""
        raise TypeError(f"no rules text for the event {s.event!r} (its game's writer says it)")

    def begin(self, program: A.Program) -> None:
        """Read the whole effect before writing it (a game's writer: how it names what it binds,
        ``named``); a line written alone (an option, a hint) keeps every variable's letter."""

    # ---- the entry points ---------------------------------------------------------------

    @classmethod
    def trigger_text(cls, trigger: A.Trigger, lang: str = "en") -> str:
        """A triggered ability's head as rules text ("At the end of your turn"), for the game's log."""
        return _finish(cls(lang).trigger_head(trigger).rstrip(" :"), lang)

    @classmethod
    def rules_text(cls, program: A.Program, kind: str = "card", lang: str = "en", terms: Terms = NO_TERMS) -> str:
        """The whole effect as rules text, one sentence per line, blocks indented."""
        writer = cls(lang, kind, terms)
        writer.begin(program)
        return _finish("\n".join(writer.lines(program.body, top=True, kind=kind)), lang)

    @classmethod
    def option_text(cls, stmts: tuple[A.Stmt, ...], lang: str = "en") -> str:
        """One option of a "choose one" as a single line of rules text, for the decision's label (no
        final full stop: event lines put the label inside a sentence of their own)."""
        return _finish(" ".join(line.strip() for line in cls(lang).lines(stmts)).rstrip("."), lang)


_FR_CONTRACTIONS = {"de le": "du", "de les": "des", "à le": "au", "à les": "aux"}


def _finish(text: str, lang: str) -> str:
    """French contracts and elides where phrases meet: "à le nombre" → "au nombre", "de Alpha" →
    "d'Alpha" (a phrase cannot know what the next one starts with)."""
    if lang != "fr":
        return text
    text = re.sub(r"\b(de|à) (les?) ", lambda m: _FR_CONTRACTIONS[f"{m[1]} {m[2]}"] + " ", text)
    text = re.sub(r"\b([Ss])i il\b", r"\1'il", text)  # "Si il est faux" → "S'il est faux"
    return re.sub(r"\bde (?=[AEIOUÉÈaeiouéè])", "d'", text)
