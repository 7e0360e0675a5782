"""Rules text generated from the checked AST, so it cannot drift from what a card does (unlike
hand-typed card text). English by default; French (the rulebook's language) with ``lang="fr"``.

One walk over the tree; every word comes from the phrase table of the chosen language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from . import ast as A
from .visitor import CONDS, EXPRS, STMTS, Visitor

LANGS = ("en", "fr")

_P: dict[str, dict[str, str]] = {
    "en": {
        "you": "you", "opponent": "your opponent", "active": "the active player", "mccain": "McCain", "obama": "Obama",
        "defense": "Defense", "economy": "Economy", "news": "the affected state",
        "majority": "the majority issue of {0}", "minority": "the minority issue of {0}",
        "key": "the key demographic of {0}", "votes": "the number of electoral votes of {0}",
        "score": "{0}", "hand_size": "the number of cards in {0}",
        "blocks": "the number of {issue} blocks of {state} in {colour}",
        "blocks_on": "the number of blocks of {state} in {colour} on {issue}",
        "deck_size": "the number of cards in {0}", "discard_size": "the number of cards in {0}",
        "row_undecided": "the number of undecided {issue} blocks of {state}",
        "row_all": "the number of {issue} blocks of {state}",
        "row_undecided_on": "the number of undecided blocks of {state} on {issue}",
        "row_all_on": "the number of blocks of {state} on {issue}",
        "its_majority": "its majority issue", "its_minority": "its minority issue",
        "it": "that state", "in": "in {0}", "found": "that state",
        "find": "Find {0}.",
        "best": "the state in play with the {most} {measure} ({tie})",
        "most": "most", "fewest": "fewest",
        "m_votes": "electoral votes", "m_blocks": "{issue} blocks in {colour}",
        "m_undecided": "undecided {issue} blocks", "m_row": "{issue} blocks",
        "m_blocks_on": "blocks in {colour} on {issue}", "m_undecided_on": "undecided blocks on {issue}",
        "m_row_on": "blocks on {issue}",
        "tie": "{who} chooses on a tie", "tie_you": "you choose on a tie",
        "in_play_cond": "{0} is in play", "won": "{0} has been won", "won_by": "{0} has been won by {1}",
        "that_wins": "that won {0}",
        "when_won": "When {who} wins a state:", "when_won_you": "When you win a state:",
        "when_won_any": "When a state is won:", "when_news": "When Breaking News is drawn:",
        "when_negative": "When {who} goes negative:", "when_negative_you": "When you go negative:",
        "end_turn": "At the end of {p} turn:", "end_each_turn": "At the end of each turn:",
        "+": "plus", "-": "minus",
        "=": "is", "!=": "is not", "<": "is less than", ">": "is more than", "<=": "is at most", ">=": "is at least",
        "leads": "{who} leads in electoral votes", "leads_you": "you lead in electoral votes",
        "media": "a Media Support card is in play",
        "has_media": "{who} has a Media Support card in play", "has_media_you": "you have a Media Support card in play",
        "and": "{0} and {1}", "or": "{0} or {1}", "not": "it is not the case that {0}",
        "support": "support|supports", "card": "card|cards", "box": "box|boxes", "other": "other card|other cards",
        "gain": "Gain {n} on {issue} {state}.", "gain_its": "Gain {n} {state} on {issue}.",
        "shift": "Shift {state} {n} toward {issue}.",
        "alter": "Move the key demographic of {state} to its other group.",
        "demographic": ("Demographic Support ({g}): in every state in play whose key demographic is {g}, "
                        "each empty white circle gets one of your tokens."),
        "draw": "Draw {n}.", "draw_play": "Draw {n} and play one of them at once.",
        "cost": "Discard {n} (a cost: this card cannot be played without {k} in hand).",
        "discard": "Discard {n} (as many as possible).", "discard_one": "Discard one card, if possible.",
        "discard_any": "Discard any number of cards, even none; call that number {v}.",
        "choose_state": "Choose {which}; call it {v}.", "choose_state_where": "Choose {which} (call it {v}){where}.",
        "choose_best": "{which} with the {most} {measure}", "a_state": "a state in play", "different": "a different state in play (not one already chosen here)",
        "where": " where {0}",
        "choose_issue": "Choose an issue, Economy or Defense; call it {v}.",
        "choose_card": "Choose a card from your hand; call it {v}.",
        "play": "Play {v} at once.", "discard_card": "Discard {v}.", "nothing": "Nothing happens.",
        "no_die": "When {who} {goes} negative, {they} {do} not roll the Going Negative die: {other} {gets} no result.",
        "dice": "When {who} {goes} negative, {they} {rolls} the Going Negative die {times}; {other} {carries} out each result.",
        "goes": "goes", "goes_you": "go", "they": "they", "they_you": "you", "do": "do", "gets": "gets|get",
        "rolls": "roll", "carries": "carries|carry",
        "news_chosen": "Each Breaking News affects a state in play chosen by {who}.",
        "news_chosen_you": "Each Breaking News affects a state in play of your choice.", "group": "{0}",
        "news_state": "Each Breaking News affects {0}.",
        "if": "If {0}:", "elif": "Otherwise, if {0}:", "else": "Otherwise:",
        "for_each": "For each state in play (call it {v}){where}:",
        "once": "Once", "twice": "Twice", "times": "{0} times", "times_computed": "As many times as {0}",
        "as": "{Who} does this:", "as_you": "You do this:", "as_note": "{Who} does this (“you” below is {who}):",
        "choose_one": "Choose one:", "in_play": "While this card is in play:",
    },
    "fr": {
        "you": "vous", "opponent": "votre adversaire", "active": "le joueur actif", "mccain": "McCain", "obama": "Obama",
        "defense": "la Défense", "economy": "l'Économie", "news": "l'État concerné",
        "majority": "l'enjeu majoritaire de {0}", "minority": "l'enjeu minoritaire de {0}",
        "key": "la clef démographique de {0}", "votes": "le nombre de votes électoraux de {0}",
        "score": "{0}", "hand_size": "le nombre de cartes dans {0}",
        "blocks": "le nombre de blocs de {state} côté {issue} à {colour}",
        "blocks_on": "le nombre de blocs de {state} à {colour} du côté de {issue}",
        "deck_size": "le nombre de cartes dans {0}", "discard_size": "le nombre de cartes dans {0}",
        "defense_bare": "Défense", "economy_bare": "Économie",
        "row_undecided": "le nombre de blocs indécis de {state} côté {issue}",
        "row_all": "le nombre de blocs de {state} côté {issue}",
        "row_undecided_on": "le nombre de blocs indécis de {state} du côté de {issue}",
        "row_all_on": "le nombre de blocs de {state} du côté de {issue}",
        "its_majority": "son enjeu majoritaire", "its_minority": "son enjeu minoritaire",
        "it": "cet État", "in": "dans {0}", "found": "cet État",
        "find": "Trouvez {0}.",
        "best": "l'État en jeu qui a le {most} de {measure} ({tie})",
        "most": "plus", "fewest": "moins",
        "m_votes": "votes électoraux", "m_blocks": "blocs côté {issue} à {colour}",
        "m_undecided": "blocs indécis côté {issue}", "m_row": "blocs côté {issue}",
        "m_blocks_on": "blocs à {colour} du côté de {issue}", "m_undecided_on": "blocs indécis du côté de {issue}",
        "m_row_on": "blocs du côté de {issue}",
        "tie": "en cas d'égalité, {who} choisit", "tie_you": "en cas d'égalité, vous choisissez",
        "in_play_cond": "{0} est en jeu", "won": "{0} a été remporté{e}", "won_by": "{1} a remporté {0}",
        "that_wins": "{0} vient ainsi d'être remporté{e}",
        "when_won": "Quand {who} remporte un État :", "when_won_you": "Quand vous remportez un État :",
        "when_won_any": "Quand un État est remporté :", "when_news": "Quand une Breaking News est piochée :",
        "when_negative": "Quand {who} joue une carte Going Negative :",
        "when_negative_you": "Quand vous jouez une carte Going Negative :",
        "end_turn": "À la fin du tour de {who} :", "end_turn_you": "À la fin de votre tour :",
        "end_each_turn": "À la fin de chaque tour :",
        "+": "plus", "-": "moins",
        "=": "est", "!=": "n'est pas", "<": "est inférieur à", ">": "est supérieur à", "<=": "est au plus",
        ">=": "est au moins",
        "leads": "{who} mène aux votes électoraux", "leads_you": "vous menez aux votes électoraux",
        "media": "une carte Media Support est en jeu",
        "has_media": "{who} a une carte Media Support en jeu",
        "has_media_you": "vous avez une carte Media Support en jeu",
        "and": "{0} et {1}", "or": "{0} ou {1}", "not": "il est faux que {0}",
        "support": "soutien|soutiens", "card": "carte|cartes", "box": "case|cases", "other": "autre carte|autres cartes",
        "gain": "Gagnez {n} sur {issue} {state}.", "gain_its": "Gagnez {n} {state} sur {issue}.",
        "shift": "Orientez {state} de {n} vers {issue}.",
        "alter": "Déplacez la clef démographique de {state} sur son autre groupe.",
        "demographic": ("Soutien démographique ({g}) : dans chaque État en jeu dont la clef démographique est "
                        "{the_g}, chaque cercle blanc libre reçoit un de vos jetons."),
        "draw": "Piochez {n}.", "draw_play": "Piochez {n} et jouez-en une aussitôt.",
        "cost": "Défaussez {n} (un coût : cette carte ne se joue pas sans {k} en main).",
        "discard": "Défaussez {n} (autant que possible).", "discard_one": "Défaussez 1 carte, si possible.",
        "discard_any": "Défaussez autant de cartes que vous voulez, même aucune ; appelez ce nombre {v}.",
        "choose_state": "Choisissez {which} ; appelez-le {v}.",
        "choose_state_where": "Choisissez {which} (appelez-le {v}){where}.",
        "choose_best": "{which} qui a le {most} de {measure}", "a_state": "un État en jeu", "different": "un autre État en jeu (pas un déjà choisi ici)",
        "where": " tel que {0}",
        "choose_issue": "Choisissez un enjeu, Économie ou Défense ; appelez-le {v}.",
        "choose_card": "Choisissez une carte de votre main ; appelez-la {v}.",
        "play": "Jouez {v} aussitôt.", "discard_card": "Défaussez {v}.", "nothing": "Rien ne se passe.",
        "no_die": ("Quand {who} {goes} une carte Going Negative, {they} ne {rolls} pas le dé Going Negative : "
                   "{other} n'{gets} aucun résultat."),
        "dice": ("Quand {who} {goes} une carte Going Negative, {they} {rolls} le dé Going Negative {times} ; "
                 "{other} {carries} chaque résultat."),
        "goes": "joue", "goes_you": "jouez", "they": "il", "they_you": "vous", "do": "",
        "gets": "obtient|obtenez", "rolls": "lance|lancez", "carries": "applique|appliquez",
        "news_chosen": "Chaque Breaking News affecte un État en jeu choisi par {who}.",
        "news_chosen_you": "Chaque Breaking News affecte un État en jeu de votre choix.",
        "group": "le groupe « {0} »",  # as the rulebook names one: le groupe "Seniors"
        "news_state": "Chaque Breaking News affecte {0}.",
        "if": "Si {0} :", "elif": "Sinon, si {0} :", "else": "Sinon :",
        "for_each": "Pour chaque État en jeu (appelez-le {v}){where} :",
        "once": "Une fois", "twice": "Deux fois", "times": "{0} fois", "times_computed": "Autant de fois que {0}",
        "as": "{Who} fait ceci :", "as_you": "Vous faites ceci :",
        "as_note": "{Who} fait ceci (« vous » désigne ci-dessous {who}) :",
        "choose_one": "Choisissez une option :", "in_play": "Tant que cette carte est en jeu :",
    },
}
_EN_NUMBERS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_EN_POSSESSIVE = {"you": "your", "your opponent": "your opponent's"}
#: What a player owns, as each language names it (``Writer.owned``): "your hand", "la main de McCain".
_NOUNS = {"en": {"score": "score", "hand_size": "hand", "deck_size": "deck", "discard_size": "discard pile",
                 "colour": "colour"},
          "fr": {"score": "score", "hand_size": "main", "deck_size": "pioche", "discard_size": "défausse",
                 "colour": "couleur"}}
_FR_MASCULINE = {"score"}
#: The other player, as each language names them (R8.1: the roller's opponent carries out a result).
_OTHER = {"en": {"you": "your opponent", "your opponent": "you", "McCain": "Obama", "Obama": "McCain",
                 "the active player": "the other player"},
          "fr": {"vous": "votre adversaire", "votre adversaire": "vous", "McCain": "Obama", "Obama": "McCain",
                 "le joueur actif": "l'autre joueur"}}
_YOU_WORDS = {"en": ("you", "your"), "fr": ("vous", "votre", "vos")}


_NO_PLACES: Mapping[str, Mapping[str, str]] = MappingProxyType({})
_NO_GROUPS: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True)
class Terms:
    """How one language names a card set's own things, as data (a set's states and groups are its
    designer's): ``places`` maps a state to its name with an article (``the``: "le New Jersey") and
    with "in" (``in``: "dans le New Jersey"); ``groups`` translates a demographic group. A name not
    listed reads as written (English), or "l'État de X" in French."""

    places: Mapping[str, Mapping[str, str]] = field(default_factory=lambda: _NO_PLACES)
    groups: Mapping[str, str] = field(default_factory=lambda: _NO_GROUPS)


NO_TERMS = Terms()
#: A state a language's glossary does not know, with its article and with "in".
_UNKNOWN_PLACE = {"en": {"the": "{0}", "in": "in {0}"}, "fr": {"the": "l'État de {0}", "in": "dans l'État de {0}"}}


class Writer(Visitor):
    """One language's rules text: one method per node class, every word from the phrase table."""

    families = {"expr": EXPRS, "cond": CONDS, "stmt": STMTS}

    def __init__(self, lang: str = "en", kind: str = "card", terms: Terms = NO_TERMS) -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
        self.lang = lang
        self.p = _P[lang]
        self.terms = terms
        # Who acts where the text is: who breaks a superlative's tie (Breaking News: nobody, so
        # the active player, until an `as` block says who acts). ``acting`` is the same player as
        # the effect names them ("you", "opponent"…).
        self.actor = self.p["active" if kind == "news" else "you"]
        self.acting = "active" if kind == "news" else "you"
        # The superlative a sentence before this one found ("Find the state…"): "that state" here.
        self.found: A.Best | None = None

    # ---- values --------------------------------------------------------------------

    def expr(self, e: A.Expr) -> str:
        return str(self.visit("expr", e))

    def expr_Num(self, e: A.Num) -> str:
        return str(e.value)

    def expr_Str(self, e: A.Str) -> str:
        return e.text

    def expr_StateName(self, e: A.StateName) -> str:
        return self.place(e.name, "the")

    def place(self, name: str, form: str) -> str:
        """A named state with its article (``the``) or with "in" (``in``), from the terms."""
        known = self.terms.places.get(name)
        return known[form] if known is not None and form in known else _UNKNOWN_PLACE[self.lang][form].format(name)

    def feminine(self, e: A.Expr) -> bool:
        """Whether a French past participle agreeing with this state takes an "e" ("la Florida a été
        remportée"); a state's variable stands for "l'État", masculine."""
        return self.lang == "fr" and isinstance(e, A.StateName) and self.place(e.name, "the").startswith("la ")

    def in_state(self, e: A.Expr) -> str:
        """"in S", "dans le New Jersey", "en Florida", "dans l'État concerné"."""
        if isinstance(e, A.StateName):
            return self.place(e.name, "in")
        return self.p["in"].format(self.expr(e))

    def expr_GroupName(self, e: A.GroupName) -> str:
        return self.p["group"].format(self.group(e))

    def group(self, e: A.Expr) -> str:
        """A group's bare name, in the terms' language ("Catholiques"); another value as it reads."""
        return self.terms.groups.get(e.name, e.name) if isinstance(e, A.GroupName) else self.expr(e)

    def expr_Var(self, e: A.Var) -> str:
        return e.name

    def expr_IssueLit(self, e: A.IssueLit) -> str:
        return self.p[e.issue]

    def expr_PlayerRef(self, e: A.PlayerRef) -> str:
        if e.who == A.Who.OPPONENT and self.acting == "opponent":  # under "your opponent does this" they are "you"
            return self.p["you"]
        return self.p[e.who]

    def expr_NewsState(self, e: A.NewsState) -> str:
        return self.p["news"]

    def expr_RowCount(self, e: A.RowCount) -> str:
        # An issue read from the game goes after the state: "the number of blocks of S on the majority
        # issue of S", never "the number of the majority issue of S blocks of S".
        key = f"row_{e.kind}" + ("" if isinstance(e.issue, A.IssueLit) else "_on")
        return self.p[key].format(issue=self.issue_of(e.issue, e.state), state=self.expr(e.state))

    def issue_of(self, issue: A.Expr, state: A.Expr, bare: bool = True) -> str:
        """An issue said next to ``state``: the state's own majority or minority issue as "its majority
        issue"; a literal ``bare`` ("côté Économie") or not ("vers l'Économie")."""
        if isinstance(issue, A.Of) and issue.prop in (A.Prop.MAJORITY, A.Prop.MINORITY) and issue.subject == state:
            return self.p[f"its_{issue.prop}"]
        return self.bare_issue(issue) if bare else self.expr(issue)

    def expr_It(self, e: A.It) -> str:
        return self.p["it"]

    def expr_Best(self, e: A.Best) -> str:
        if e == self.found:
            return self.p["found"]
        return self.p["best"].format(most=self.p["most" if e.most else "fewest"], measure=self.measure(e.measure),
                                     tie=self._you(self.actor, "tie"))

    def measure(self, m: A.Expr) -> str:
        """What a superlative compares, the state unsaid: "electoral votes", "Economy blocks in your colour"."""
        if isinstance(m, A.Of) and m.prop == A.Prop.VOTES:
            return self.p["m_votes"]
        on = "" if isinstance(m, (A.BlocksOf, A.RowCount)) and isinstance(m.issue, A.IssueLit) else "_on"
        if isinstance(m, A.BlocksOf):
            who = self.expr(m.player)
            return self.p["m_blocks" + on].format(issue=self.bare_issue(m.issue), colour=self.owned(who, "colour"))
        if isinstance(m, A.RowCount):
            key = "m_undecided" if m.kind == "undecided" else "m_row"
            return self.p[key + on].format(issue=self.bare_issue(m.issue))
        raise TypeError(f"{m!r} is not a measure (the parser builds no other)")

    def expr_Of(self, e: A.Of) -> str:
        sub = self.expr(e.subject)
        if e.prop in _NOUNS[self.lang]:  # a player's: "your hand", "la main de McCain"
            return self.p[e.prop].format(self.owned(sub, e.prop))
        return self.p[e.prop].format(sub)

    def owned(self, who: str, thing: str) -> str:
        """``who``'s ``thing`` (a key of ``_NOUNS``): "your score", "Obama's hand"; "votre main",
        "la pioche de votre adversaire"."""
        noun = _NOUNS[self.lang][thing]
        if self.lang == "en":
            return f"{self.possessive(who)} {noun}"
        if who == self.p["you"]:
            return f"votre {noun}"
        return f"{'le' if noun in _FR_MASCULINE else 'la'} {noun} de {who}"

    def bare_issue(self, e: A.Expr) -> str:
        """An issue after "côté" in French ("côté Économie", not "côté l'Économie")."""
        if isinstance(e, A.IssueLit):
            return self.p.get(f"{e.issue}_bare", self.p[e.issue])
        return self.expr(e)

    def expr_BlocksOf(self, e: A.BlocksOf) -> str:
        who = self.expr(e.player)
        key = "blocks" if isinstance(e.issue, A.IssueLit) else "blocks_on"
        return self.p[key].format(issue=self.issue_of(e.issue, e.state), state=self.expr(e.state),
                                  colour=self.owned(who, "colour"))

    def expr_Arith(self, e: A.Arith) -> str:
        # "5 minus 2 minus 1" reads left to right, as the effect does: a sum on the right of a
        # sum keeps its parentheses ("5 minus (2 minus 1)"), as in the effect text.
        right = self.expr(e.right)
        if isinstance(e.right, A.Arith):
            right = f"({right})"
        return f"{self.expr(e.left)} {self.p[e.op]} {right}"

    def possessive(self, who: str) -> str:
        return _EN_POSSESSIVE.get(who, f"{who}'s") if self.lang == "en" else who

    def count(self, e: A.Expr, noun: str) -> str:
        one, many = self.p[noun].split("|")
        if isinstance(e, A.Num):
            n = e.value
            number = _EN_NUMBERS.get(n, str(n)) if self.lang == "en" else str(n)
            return f"{number} {one if n == 1 else many}"
        return f"{self.expr(e)} {many}"

    def _you(self, who: str, key: str, **kw: str) -> str:
        you = who == self.p["you"]
        return self.p[key + "_you" if you else key].format(who=who, **kw)

    # ---- conditions ------------------------------------------------------------------
    # Prose has no precedence: "it is not the case that A or B" could mean either tree. So a
    # condition inside another is bracketed unless the reading is the same either way (an `and`
    # inside an `and`, an `or` inside an `or`, a `not` inside a `not`).

    def cond(self, c: A.Cond, inside: type[A.Node] | None = None) -> str:
        text = str(self.visit("cond", c))
        compound = isinstance(c, (A.And, A.Or, A.Not))
        return f"({text})" if compound and inside is not None and type(c) is not inside else text

    def cond_Compare(self, c: A.Compare) -> str:
        return f"{self.expr(c.left)} {self.p[c.op]} {self.expr(c.right)}"

    def cond_Leads(self, c: A.Leads) -> str:
        return self._you(self.expr(c.player), "leads")

    def cond_MediaInPlay(self, c: A.MediaInPlay) -> str:
        return self.p["media"] if c.player is None else self._you(self.expr(c.player), "has_media")

    def cond_StateIs(self, c: A.StateIs) -> str:
        state = self.expr(c.state)
        if c.status == "in_play":
            return self.p["in_play_cond"].format(state)
        e = "e" if self.feminine(c.state) else ""
        return self.p["won"].format(state, e=e) if c.by is None else self.p["won_by"].format(state, self.expr(c.by))

    def cond_ThatWins(self, c: A.ThatWins) -> str:
        return self.p["that_wins"].format(self.expr(c.state), e="e" if self.feminine(c.state) else "")

    def cond_And(self, c: A.And) -> str:
        return self.p["and"].format(self.cond(c.left, A.And), self.cond(c.right, A.And))

    def cond_Or(self, c: A.Or) -> str:
        return self.p["or"].format(self.cond(c.left, A.Or), self.cond(c.right, A.Or))

    def cond_Not(self, c: A.Not) -> str:
        return self.p["not"].format(self.cond(c.operand, A.Not))

    def where(self, c: A.Cond | None) -> str:
        return self.p["where"].format(self.cond(c)) if c is not None else ""

    # ---- statements: each gives its lines, compound ones with their indented blocks ------

    def lines(self, stmts: tuple[A.Stmt, ...], indent: str = "", top: bool = False, kind: str = "card") -> list[str]:
        """``top``: the effect's own first level."""
        out: list[str] = []
        for s in stmts:
            # A superlative in a sentence is found first, in a sentence of its own: "Find the state in
            # play with the most electoral votes (you choose on a tie). Gain one support in that
            # state on its majority issue." (one long sentence otherwise; named twice, it is one
            # state, docs/language.md "Superlatives").
            found = set(A.bests(s))
            saved = self.found
            # (not in a choice, which offers the best states, nor in a Media Support's standing rule,
            # which finds the state each time a Breaking News is drawn)
            if len(found) == 1 and not isinstance(s, (A.ChooseState, A.ForEach, A.NewsTarget)):
                best = found.pop()
                out.append(indent + self.p["find"].format(self.expr(best)))
                self.found = best
            try:
                out += self.visit("stmt", s, indent, top, kind)
            finally:
                self.found = saved
        return out

    def stmt_Gain(self, s: A.Gain, indent: str, top: bool, kind: str) -> list[str]:
        issue = self.issue_of(s.issue, s.state)
        its = issue in (self.p["its_majority"], self.p["its_minority"])  # the state first, then "its"
        return [indent + self.p["gain_its" if its else "gain"].format(
            n=self.count(s.amount, "support"), issue=issue if its else self.expr(s.issue),
            state=self.in_state(s.state))]

    def stmt_Shift(self, s: A.Shift, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["shift"].format(state=self.expr(s.state), n=self.count(s.amount, "box"),
                                                issue=self.issue_of(s.issue, s.state, bare=False))]

    def stmt_Alter(self, s: A.Alter, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["alter"].format(state=self.expr(s.state))]

    def stmt_DemographicSupport(self, s: A.DemographicSupport, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["demographic"].format(g=self.group(s.group), the_g=self.expr(s.group))]

    def stmt_Draw(self, s: A.Draw, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["draw"].format(n=self.count(s.amount, "card"))]

    def stmt_DrawAndPlay(self, s: A.DrawAndPlay, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["draw_play"].format(n=self.count(s.amount, "card"))]

    def stmt_Discard(self, s: A.Discard, indent: str, top: bool, kind: str) -> list[str]:
        if s.amount == A.Num(1):  # "as many as possible" of one card is "if you have any"
            return [indent + self.p["discard_one"]]
        return [indent + self.p["discard"].format(n=self.count(s.amount, "card"))]

    def stmt_DiscardAny(self, s: A.DiscardAny, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["discard_any"].format(v=s.var)]

    def stmt_ChooseState(self, s: A.ChooseState, indent: str, top: bool, kind: str) -> list[str]:
        which = self.p["different" if s.different else "a_state"]
        if s.best is not None:
            which = self.p["choose_best"].format(which=which, most=self.p["most" if s.best.most else "fewest"],
                                                 measure=self.measure(s.best.measure))
        # With a condition, the name comes first: the condition speaks of it.
        key = "choose_state" if s.where is None else "choose_state_where"
        return [indent + self.p[key].format(which=which, where=self.where(s.where), v=s.var)]

    def stmt_ChooseIssue(self, s: A.ChooseIssue, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["choose_issue"].format(v=s.var)]

    def stmt_ChooseCard(self, s: A.ChooseCard, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["choose_card"].format(v=s.var)]

    def stmt_PlayCard(self, s: A.PlayCard, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["play"].format(v=s.var)]

    def stmt_DiscardCard(self, s: A.DiscardCard, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["discard_card"].format(v=s.var)]

    def stmt_Nothing(self, s: A.Nothing, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.p["nothing"]]

    def stmt_RollDice(self, s: A.RollDice, indent: str, top: bool, kind: str) -> list[str]:
        # Who rolls and who carries out the results (R8.1) are both said: they are not the same player.
        p, who = self.p, self.expr(s.player)
        you = who == p["you"]
        other = _OTHER[self.lang].get(who, p["opponent"])
        other_you = other == p["you"]
        words = dict(who=who, goes=p["goes_you" if you else "goes"],
                     they=p["they_you" if you else "they"].format(who=who), do=p["do"],
                     rolls=self._agree("rolls", you), other=other, gets=self._agree("gets", other_you),
                     carries=self._agree("carries", other_you))
        if isinstance(s.count, A.Num) and s.count.value == 0:
            return [indent + " ".join(p["no_die"].format(**words).split())]
        return [indent + p["dice"].format(times=self.times(s.count, start=False), **words)]

    def _agree(self, key: str, you: bool) -> str:
        """A verb agreeing with its subject: "carries|carry" (English), "applique|appliquez"."""
        forms = self.p[key].split("|")
        return forms[-1] if you and len(forms) > 1 else forms[0]

    def stmt_NewsTarget(self, s: A.NewsTarget, indent: str, top: bool, kind: str) -> list[str]:
        if s.chooser is not None:
            return [indent + self._you(self.expr(s.chooser), "news_chosen")]
        assert s.state is not None
        return [indent + self.p["news_state"].format(self.expr(s.state))]

    def stmt_Trigger(self, s: A.Trigger, indent: str, top: bool, kind: str) -> list[str]:
        return [indent + self.trigger_head(s)] + self.lines(s.body, indent + "  ", kind=kind)

    def trigger_head(self, s: A.Trigger) -> str:
        p = self.p
        who = self.expr(s.player) if s.player is not None else None
        if s.event == "news":
            return p["when_news"]
        if who is None:
            return p["when_won_any" if s.event == "won" else "end_each_turn"]
        if s.event == "end_turn":
            key = "end_turn_you" if who == p["you"] and "end_turn_you" in p else "end_turn"
            return p[key].format(who=who, p=self.possessive(who))
        return self._you(who, "when_won" if s.event == "won" else "when_negative")

    def times(self, e: A.Expr, start: bool = True) -> str:
        """"Once", "Twice", "X times"… with a capital only at the ``start`` of a sentence (never
        lower-casing the rest: it may name a state or a player)."""
        n = e.value if isinstance(e, A.Num) else None
        if n in (1, 2):
            word = self.p["once" if n == 1 else "twice"]
            return word if start else word.lower()
        if n is None:  # a number read from the game: "As many times as X"
            text = self.p["times_computed"].format(self.expr(e))
            return text if start else text[0].lower() + text[1:]
        number = _EN_NUMBERS.get(n, str(n)) if self.lang == "en" else str(n)  # as counts are written
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

    def stmt_ForEach(self, s: A.ForEach, indent: str, top: bool, kind: str) -> list[str]:
        head = self.p["for_each"].format(v=s.var, where=self.where(s.where))
        return [indent + head] + self.lines(s.body, indent + "  ", kind=kind)

    def stmt_Repeat(self, s: A.Repeat, indent: str, top: bool, kind: str) -> list[str]:
        colon = ":" if self.lang == "en" else " :"  # French puts a space before a colon
        return [f"{indent}{self.times(s.count)}{colon}"] + self.lines(s.body, indent + "  ", kind=kind)

    def stmt_As(self, s: A.As, indent: str, top: bool, kind: str) -> list[str]:
        who = self.expr(s.player)
        if who == self.p["you"] and self.actor != self.p["you"]:  # `as the opponent` nested in itself
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
        says_you = any(w in _YOU_WORDS[self.lang] for line in body for w in re.findall(r"\w+", line.lower()))
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


_FR_CONTRACTIONS = {"de le": "du", "de les": "des", "à le": "au", "à les": "aux"}


def _finish(text: str, lang: str) -> str:
    """French contracts and elides where phrases meet: "à le nombre" → "au nombre", "de Alpha" →
    "d'Alpha" (a phrase cannot know what the next one starts with)."""
    if lang != "fr":
        return text
    text = re.sub(r"\b(de|à) (les?) ", lambda m: _FR_CONTRACTIONS[f"{m[1]} {m[2]}"] + " ", text)
    text = re.sub(r"\b([Ss])i il\b", r"\1'il", text)  # "Si il est faux" → "S'il est faux"
    return re.sub(r"\bde (?=[AEIOUÉÈaeiouéè])", "d'", text)


def rules_text(program: A.Program, kind: str = "card", lang: str = "en", terms: Terms = NO_TERMS) -> str:
    """The whole effect as rules text, one sentence per line, blocks indented."""
    return _finish("\n".join(Writer(lang, kind, terms).lines(program.body, top=True, kind=kind)), lang)


def trigger_text(trigger: A.Trigger, lang: str = "en") -> str:
    """A triggered ability's head as rules text ("When you win a state"), for the game's log."""
    return _finish(Writer(lang).trigger_head(trigger).rstrip(" :"), lang)


def cost_text(amount: int, lang: str = "en") -> str:
    """A card's declared discard cost (R4.6) as the first sentence of its rules text."""
    w = Writer(lang)
    n = w.count(A.Num(amount), "card")
    return w.p["cost"].format(n=n, k=w.count(A.Num(amount), "other"))


def option_text(stmts: tuple[A.Stmt, ...], lang: str = "en") -> str:
    """One option of a "choose one" as a single line of rules text, for the decision's label (no
    final full stop: event lines put the label inside a sentence of their own)."""
    return _finish(" ".join(line.strip() for line in Writer(lang).lines(stmts)).rstrip("."), lang)


def state_choice_text(s: A.ChooseState) -> str:
    """What a `choose a state` offers, in words, for its decision's prompt and the log ("a state with
    the most electoral votes (S) where the key demographic of S is Seniors"); never effect source."""
    w = Writer("en")
    what = "a different state" if s.different else "a state"
    if s.best is not None or s.where is not None:
        what += " in play"
    if s.best is not None:
        what += f" with the {'most' if s.best.most else 'fewest'} {w.measure(s.best.measure)}"
    if s.where is not None:
        what += f" ({s.var}) where {w.cond(s.where)}"
    return what
