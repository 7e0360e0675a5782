"""Rules text generated from the checked AST, so it cannot drift from what a card does (unlike
hand-typed card text). English by default; French (the rulebook's language) with ``lang="fr"``.

One walk over the tree; every word comes from the phrase table of the chosen language.
"""

from __future__ import annotations

from . import ast as A

LANGS = ("en", "fr")

_P: dict[str, dict[str, str]] = {
    "en": {
        "you": "you", "opponent": "your opponent", "active": "the active player", "mccain": "McCain", "obama": "Obama",
        "defense": "Defense", "economy": "Economy", "news": "the affected state",
        "majority": "the majority issue of {0}", "minority": "the minority issue of {0}",
        "key": "the key demographic of {0}", "votes": "the electoral votes of {0}",
        "score": "{p} score", "hand_size": "the number of cards in {p} hand",
        "blocks": "the number of {issue} blocks of {state} in {p} colour",
        "+": "plus", "-": "minus",
        "=": "is", "!=": "is not", "<": "is less than", ">": "is more than", "<=": "is at most", ">=": "is at least",
        "leads": "{who} leads in electoral votes", "leads_you": "you lead in electoral votes",
        "media": "a Media Support card is in play",
        "has_media": "{who} has a Media Support card in play", "has_media_you": "you have a Media Support card in play",
        "and": "{0} and {1}", "or": "{0} or {1}", "not": "it is not the case that {0}",
        "support": "support|supports", "card": "card|cards", "box": "box|boxes",
        "gain": "Gain {n} on {issue} in {state}.",
        "shift": "Shift {state} {n} toward {issue}.",
        "alter": "Move the key demographic of {state} to its other group.",
        "demographic": ("Demographic Support ({g}): in every state in play whose key demographic is {g}, "
                        "each empty white circle gets one of your tokens."),
        "draw": "Draw {n}.", "draw_play": "Draw {n} and play one of them at once.",
        "cost": "Discard {n} (a cost: this card cannot be played without {k} other cards in hand).",
        "discard": "Discard {n} (as many as possible).",
        "discard_any": "Discard any number of cards, even none; call that number {v}.",
        "choose_state": "Choose {which}{where}; call it {v}.",
        "a_state": "a state in play", "different": "a different state in play (not one already chosen here)",
        "where": " where {0}",
        "choose_issue": "Choose an issue, Economy or Defense; call it {v}.",
        "choose_card": "Choose a card from your hand; call it {v}.",
        "play": "Play {v} at once.", "discard_card": "Discard {v}.", "nothing": "Nothing happens.",
        "no_die": "When {who} {goes} negative, no die is rolled.",
        "dice": "When {who} {goes} negative, roll the Going Negative die {times}.",
        "goes": "goes", "goes_you": "go",
        "news_chosen": "Each Breaking News affects a state in play chosen by {who}.",
        "news_most": "Each Breaking News affects the state in play with the most electoral votes.",
        "news_fewest": "Each Breaking News affects the state in play with the fewest electoral votes.",
        "if": "If {0}:", "elif": "Otherwise, if {0}:", "else": "Otherwise:",
        "for_each": "For each state in play (call it {v}){where}:",
        "once": "Once", "twice": "Twice", "times": "{0} times",
        "as": "{Who} does this:", "as_you": "You do this:",
        "choose_one": "Choose one:", "in_play": "While this card is in play:",
    },
    "fr": {
        "you": "vous", "opponent": "votre adversaire", "active": "le joueur actif", "mccain": "McCain", "obama": "Obama",
        "defense": "la Défense", "economy": "l'Économie", "news": "l'État concerné",
        "majority": "l'enjeu majeur de {0}", "minority": "l'enjeu mineur de {0}",
        "key": "la clef démographique de {0}", "votes": "les votes électoraux de {0}",
        "score": "le score de {0}", "hand_size": "le nombre de cartes en main de {0}",
        "blocks": "le nombre de blocs de {state} côté {issue} à la couleur de {0}",
        "+": "plus", "-": "moins",
        "=": "est", "!=": "n'est pas", "<": "est inférieur à", ">": "est supérieur à", "<=": "est au plus",
        ">=": "est au moins",
        "leads": "{who} mène aux votes électoraux", "leads_you": "vous menez aux votes électoraux",
        "media": "une carte Media Support est en jeu",
        "has_media": "{who} a une carte Media Support en jeu",
        "has_media_you": "vous avez une carte Media Support en jeu",
        "and": "{0} et {1}", "or": "{0} ou {1}", "not": "il est faux que {0}",
        "support": "soutien|soutiens", "card": "carte|cartes", "box": "case|cases",
        "gain": "Gagnez {n} sur {issue} dans {state}.",
        "shift": "Orientez {state} de {n} vers {issue}.",
        "alter": "Déplacez la clef démographique de {state} sur son autre groupe.",
        "demographic": ("Soutien démographique ({g}) : dans chaque État en jeu dont la clef démographique est "
                        "{g}, chaque cercle blanc libre reçoit un de vos jetons."),
        "draw": "Piochez {n}.", "draw_play": "Piochez {n} et jouez-en une aussitôt.",
        "cost": "Défaussez {n} (un coût : cette carte ne se joue pas sans {k} autres cartes en main).",
        "discard": "Défaussez {n} (autant que possible).",
        "discard_any": "Défaussez autant de cartes que vous voulez, même aucune ; appelez ce nombre {v}.",
        "choose_state": "Choisissez {which}{where} ; appelez-le {v}.",
        "a_state": "un État en jeu", "different": "un autre État en jeu (pas un déjà choisi ici)",
        "where": " tel que {0}",
        "choose_issue": "Choisissez un enjeu, Économie ou Défense ; appelez-le {v}.",
        "choose_card": "Choisissez une carte de votre main ; appelez-la {v}.",
        "play": "Jouez {v} aussitôt.", "discard_card": "Défaussez {v}.", "nothing": "Rien ne se passe.",
        "no_die": "Quand {who} {goes} une carte Going Negative, aucun dé n'est lancé.",
        "dice": "Quand {who} {goes} une carte Going Negative, le dé est lancé {times}.",
        "goes": "joue", "goes_you": "jouez",
        "news_chosen": "Chaque Breaking News affecte un État en jeu choisi par {who}.",
        "news_most": "Chaque Breaking News affecte l'État en jeu qui a le plus de votes électoraux.",
        "news_fewest": "Chaque Breaking News affecte l'État en jeu qui a le moins de votes électoraux.",
        "if": "Si {0} :", "elif": "Sinon, si {0} :", "else": "Sinon :",
        "for_each": "Pour chaque État en jeu (appelez-le {v}){where} :",
        "once": "Une fois", "twice": "Deux fois", "times": "{0} fois",
        "as": "{Who} fait ceci :", "as_you": "Vous faites ceci :",
        "choose_one": "Choisissez une option :", "in_play": "Tant que cette carte est en jeu :",
    },
}
_EN_NUMBERS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_EN_POSSESSIVE = {"you": "your", "your opponent": "your opponent's"}


class Writer:
    def __init__(self, lang: str = "en") -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
        self.lang = lang
        self.p = _P[lang]

    # ---- values --------------------------------------------------------------------

    def expr(self, e: A.Expr) -> str:
        p = self.p
        if isinstance(e, A.Num):
            return str(e.value)
        if isinstance(e, (A.StateName, A.GroupName)):
            return e.name
        if isinstance(e, A.Str):
            return e.text
        if isinstance(e, A.Var):
            return e.name
        if isinstance(e, A.IssueLit):
            return p[e.issue]
        if isinstance(e, A.PlayerRef):
            return p[e.who]
        if isinstance(e, A.NewsState):
            return p["news"]
        if isinstance(e, A.Of):
            sub = self.expr(e.subject)
            return p[e.prop].format(sub, p=self.possessive(sub))
        if isinstance(e, A.BlocksOf):
            who = self.expr(e.player)
            return p["blocks"].format(who, issue=self.expr(e.issue), state=self.expr(e.state), p=self.possessive(who))
        if isinstance(e, A.Arith):
            return f"{self.expr(e.left)} {p[e.op]} {self.expr(e.right)}"
        raise TypeError(e)  # pragma: no cover

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

    def cond(self, c: A.Cond) -> str:
        p = self.p
        if isinstance(c, A.Compare):
            return f"{self.expr(c.left)} {p[c.op]} {self.expr(c.right)}"
        if isinstance(c, A.Leads):
            return self._you(self.expr(c.player), "leads")
        if isinstance(c, A.MediaInPlay):
            return p["media"] if c.player is None else self._you(self.expr(c.player), "has_media")
        if isinstance(c, A.And):
            return p["and"].format(self.cond(c.left), self.cond(c.right))
        if isinstance(c, A.Or):
            return p["or"].format(self.cond(c.left), self.cond(c.right))
        if isinstance(c, A.Not):
            return p["not"].format(self.cond(c.operand))
        raise TypeError(c)  # pragma: no cover

    # ---- statements ------------------------------------------------------------------

    def sentence(self, s: A.Stmt, top: bool, kind: str) -> str | None:
        p, x = self.p, self.expr
        if isinstance(s, A.Gain):
            return p["gain"].format(n=self.count(s.amount, "support"), issue=x(s.issue), state=x(s.state))
        if isinstance(s, A.Shift):
            return p["shift"].format(state=x(s.state), n=self.count(s.amount, "box"), issue=x(s.issue))
        if isinstance(s, A.Alter):
            return p["alter"].format(state=x(s.state))
        if isinstance(s, A.DemographicSupport):
            return p["demographic"].format(g=x(s.group))
        if isinstance(s, A.Draw):
            return p["draw"].format(n=self.count(s.amount, "card"))
        if isinstance(s, A.DrawAndPlay):
            return p["draw_play"].format(n=self.count(s.amount, "card"))
        if isinstance(s, A.Discard):
            n = self.count(s.amount, "card")
            return p["cost" if top and kind == "card" else "discard"].format(n=n, k=n.split()[0])
        if isinstance(s, A.DiscardAny):
            return p["discard_any"].format(v=s.var)
        if isinstance(s, A.ChooseState):
            where = p["where"].format(self.cond(s.where)) if s.where is not None else ""
            return p["choose_state"].format(which=p["different" if s.different else "a_state"], where=where, v=s.var)
        if isinstance(s, A.ChooseIssue):
            return p["choose_issue"].format(v=s.var)
        if isinstance(s, A.ChooseCard):
            return p["choose_card"].format(v=s.var)
        if isinstance(s, A.PlayCard):
            return p["play"].format(v=s.var)
        if isinstance(s, A.DiscardCard):
            return p["discard_card"].format(v=s.var)
        if isinstance(s, A.Nothing):
            return p["nothing"]
        if isinstance(s, A.RollDice):
            who = x(s.player)
            goes = p["goes_you"] if who == p["you"] else p["goes"]
            dice = s.count.value if isinstance(s.count, A.Num) else -1
            if dice == 0:
                return p["no_die"].format(who=who, goes=goes)
            times = self.times(s.count).lower()
            return p["dice"].format(who=who, goes=goes, times=times)
        if isinstance(s, A.NewsTarget):
            if s.rule == "chosen":
                assert s.chooser is not None
                return p["news_chosen"].format(who=x(s.chooser))
            return p[f"news_{s.rule}"]
        return None

    def times(self, e: A.Expr) -> str:
        n = e.value if isinstance(e, A.Num) else None
        if n == 1:
            return self.p["once"]
        if n == 2:
            return self.p["twice"]
        return self.p["times"].format(self.expr(e))

    def lines(self, stmts: tuple[A.Stmt, ...], indent: str = "", top: bool = False, kind: str = "card") -> list[str]:
        p = self.p
        out: list[str] = []
        inner = indent + "  "
        for s in stmts:
            simple = self.sentence(s, top, kind)
            if simple is not None:
                out.append(indent + simple)
            elif isinstance(s, A.If):
                out.append(indent + p["if"].format(self.cond(s.cond)))
                out += self.lines(s.then, inner, kind=kind)
                other = s.otherwise
                while len(other) == 1 and isinstance(other[0], A.If):  # else-if chains stay flat
                    out.append(indent + p["elif"].format(self.cond(other[0].cond)))
                    out += self.lines(other[0].then, inner, kind=kind)
                    other = other[0].otherwise
                if other:
                    out.append(indent + p["else"])
                    out += self.lines(other, inner, kind=kind)
            elif isinstance(s, A.ForEach):
                where = p["where"].format(self.cond(s.where)) if s.where is not None else ""
                out.append(indent + p["for_each"].format(v=s.var, where=where))
                out += self.lines(s.body, inner, kind=kind)
            elif isinstance(s, A.Repeat):
                out.append(f"{indent}{self.times(s.count)}:" if self.lang == "en" else f"{indent}{self.times(s.count)} :")
                out += self.lines(s.body, inner, kind=kind)
            elif isinstance(s, A.As):
                who = self.expr(s.player)
                line = p["as_you"] if who == p["you"] else p["as"].format(Who=who[0].upper() + who[1:])
                out.append(indent + line)
                out += self.lines(s.body, inner, kind=kind)
            elif isinstance(s, A.ChooseOne):
                out.append(indent + p["choose_one"])
                for o in s.options:
                    sub = self.lines(o, inner + "  ", kind=kind)
                    out.append(f"{inner}- {sub[0].strip()}")
                    out += sub[1:]
            elif isinstance(s, A.WhileInPlay):
                out.append(indent + p["in_play"])
                out += self.lines(s.body, inner, kind=kind)
        return out


def rules_text(program: A.Program, kind: str = "card", lang: str = "en") -> str:
    """The whole effect as rules text, one sentence per line, blocks indented."""
    return "\n".join(Writer(lang).lines(program.body, top=True, kind=kind))


def option_text(stmts: tuple[A.Stmt, ...], lang: str = "en") -> str:
    """One option of a "choose one" as a single line of rules text, for the decision's label (no
    final full stop: event lines put the label inside a sentence of their own)."""
    return " ".join(line.strip() for line in Writer(lang).lines(stmts)).rstrip(".")
