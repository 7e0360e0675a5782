"""The core language's phrase tables (``text.py``), one per language: the words of its own
statements and conditions. A game's vocabulary adds its own (English, and French, the rulebook's
language)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

PHRASES: Mapping[str, Mapping[str, str]] = MappingProxyType({
    "en": MappingProxyType({
        "you": "you", "active": "the active player", "+": "plus", "-": "minus", "=": "is", "!=": "is not",
        "<": "is less than", ">": "is more than", "<=": "is at most", ">=": "is at least", "and": "{0} and {1}",
        "or": "{0} or {1}", "not": "it is not the case that {0}", "nothing": "Nothing happens.", "if": "If {0}:",
        "for_each_player": "For each other player (call them {v}):",
        "them": "that player", "best_player": "the player for whom {measure} is {extreme} ({tie})",
        "best_most": "highest", "best_fewest": "lowest",
        "best_player_words": "the player with the {extreme} {words} ({tie})", "words_most": "most",
        "words_fewest": "fewest",
        "tie": "{who} chooses on a tie", "tie_you": "you choose on a tie",
        "chosen": "a player chosen by {who}", "chosen_you": "a player of your choice",
        "another": "another player chosen by {who}", "another_you": "another player of your choice",
        "elif": "Otherwise, if {0}:", "else": "Otherwise:", "once": "Once", "twice": "Twice", "times": "{0} times",
        "times_computed": "As many times as {0}", "as": "{Who} does this:", "as_you": "You do this:",
        "as_note": "{Who} does this (“you” below is {who}):", "choose_one": "Choose one:",
        "in_play": "While this card is in play:", "end_turn": "At the end of {p} turn:",
        "end_each_turn": "At the end of each turn:",
    }),
    "fr": MappingProxyType({
        "you": "vous", "active": "le joueur actif", "+": "plus", "-": "moins", "=": "est", "!=": "n'est pas",
        "<": "est inférieur à", ">": "est supérieur à", "<=": "est au plus", ">=": "est au moins",
        "and": "{0} et {1}", "or": "{0} ou {1}", "not": "il est faux que {0}", "nothing": "Rien ne se passe.",
        "for_each_player": "Pour chaque autre joueur (appelez-le {v}) :", "if": "Si {0} :",
        "them": "ce joueur", "best_player": "le joueur pour qui {measure} est {extreme} ({tie})",
        "best_most": "le plus grand", "best_fewest": "le plus petit",
        "best_player_words": "le joueur qui a le {extreme} de {words} ({tie})", "words_most": "plus",
        "words_fewest": "moins",
        "chosen": "un joueur choisi par {who}", "chosen_you": "un joueur de votre choix",
        "another": "un autre joueur choisi par {who}", "another_you": "un autre joueur de votre choix",
        "tie": "en cas d'égalité, {who} choisit", "tie_you": "en cas d'égalité, vous choisissez", "elif": "Sinon, si {0} :", "else": "Sinon :", "once": "Une fois", "twice": "Deux fois",
        "times": "{0} fois", "times_computed": "Autant de fois que {0}", "as": "{Who} fait ceci :",
        "as_you": "Vous faites ceci :", "as_note": "{Who} fait ceci (« vous » désigne ci-dessous {who}) :",
        "choose_one": "Choisissez une option :", "in_play": "Tant que cette carte est en jeu :",
        "end_turn": "À la fin du tour de {who} :", "end_turn_you": "À la fin de votre tour :",
        "end_each_turn": "À la fin de chaque tour :",
    }),
})
EN_NUMBERS = MappingProxyType({0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"})
#: "your", the possessive of the player who acts (a game adds those of the players it names).
EN_POSSESSIVE: Mapping[str, str] = MappingProxyType({"you": "your"})
YOU_WORDS = MappingProxyType({"en": ("you", "your"), "fr": ("vous", "votre", "vos")})
