"""Campaign Manager 2008's player aid (`cmdsl print`): a one-page turn summary in each printed
language — a turn's steps, what each card type does, gaining support, winning a state and the game —
in short bullets with the rule numbers to look up (docs/rules-cm2008.md has the rules in full).
French uses the game's glossary words (glossary_fr.yaml: "soutien", "orientation", …)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from ....kits.printing.aid import AidSection

_EN = (
    AidSection("A turn (R4)", (
        "Do one thing: play a card from your hand, or draw the top card of your deck.",
        "With 5 or more cards in hand you may not draw (a card that makes you draw still works).",
        "You may play a card only to get rid of it, even if it does nothing.",
        "A card with a cost (\"Discard N\") needs N other cards in hand; discard them first.",
        "Played cards go to your discard pile at the end of the turn.",
        "Deck empty: shuffle your discard pile into a new deck, without this turn's cards (R5).",
        "End of turn: if you played a card with the die, roll the Going Negative die; "
        "your opponent carries out the result (R8).",
    )),
    AidSection("Card types", (
        "Support: gain supports in a state, on an issue.",
        "Shift: move a state's issue marker toward Defense or Economy.",
        "Alter: move a state's key demographic marker to its other group.",
        "Demographic Support: in every state in play whose key demographic is the card's group, "
        "each empty white circle gets one of your tokens (R7.3).",
        "Flow: draw, discard, play more cards.",
        "Media Support: stays in play until another Media Support is played; its rule holds meanwhile.",
    )),
    AidSection("Gaining a support (R6)", (
        "Turn one block of the row to your colour: cover an opponent's circle, take an opponent's token "
        "off your circle, or swap an opponent's token on a white circle for yours.",
        "Only when no block of the row is your opponent's: put a token on an empty white circle.",
        "A white circle that has held a token is never undecided again.",
    )),
    AidSection("Winning a state (R9, R10)", (
        "Every block of the majority issue's row in your colour: you win the state at once "
        "and add its electoral votes.",
        "Its winner chooses the next state among those never in play; then a Breaking News is drawn for it.",
        "Several states won at once: the active player orders them, all before the die is rolled.",
    )),
    AidSection("Winning the game (R11)", (
        "McCain starts with 155 electoral votes, Obama with 157.",
        "The first player to reach 270 wins at once.",
        "Every state won and 269 each: the game is drawn.",
    )),
)

_FR = (
    AidSection("Un tour (R4)", (
        "Faites une chose : jouez une carte de votre main, ou piochez la carte du dessus de votre pioche.",
        "Avec 5 cartes ou plus en main, vous ne pouvez pas piocher (une carte qui fait piocher "
        "reste jouable).",
        "Vous pouvez jouer une carte pour vous en débarrasser, même si elle ne fait rien.",
        "Une carte à coût (« Défaussez N ») demande N autres cartes en main ; défaussez-les d'abord.",
        "Les cartes jouées vont dans votre défausse à la fin du tour.",
        "Pioche vide : mélangez votre défausse pour former une nouvelle pioche, sans les cartes "
        "de ce tour (R5).",
        "Fin du tour : si vous avez joué une carte avec le dé, lancez le dé Going Negative ; "
        "votre adversaire applique le résultat (R8).",
    )),
    AidSection("Les types de cartes", (
        "Soutien : gagnez des soutiens dans un État, sur un enjeu.",
        "Orientation : déplacez le marqueur d'enjeu d'un État vers la Défense ou l'Économie.",
        "Clef démographique : déplacez le marqueur de clef démographique d'un État sur son autre groupe.",
        "Soutien démographique : dans chaque État en jeu dont la clef démographique est le groupe "
        "de la carte, chaque cercle blanc libre reçoit un de vos jetons (R7.3).",
        "Gestion de main : piochez, défaussez, jouez d'autres cartes.",
        "Media Support : reste en jeu jusqu'à ce qu'une autre carte Media Support soit jouée ; "
        "sa règle vaut entre-temps.",
    )),
    AidSection("Gagner un soutien (R6)", (
        "Faites passer un bloc de la rangée à votre couleur : couvrez un cercle adverse, retirez un "
        "jeton adverse de votre cercle, ou remplacez un jeton adverse posé sur un cercle blanc.",
        "Seulement si aucun bloc de la rangée n'est à l'adversaire : posez un jeton sur un cercle blanc libre.",
        "Un cercle blanc qui a porté un jeton n'est plus jamais indécis.",
    )),
    AidSection("Remporter un État (R9, R10)", (
        "Tous les blocs de la rangée de l'enjeu majoritaire à votre couleur : vous remportez "
        "l'État aussitôt et ajoutez ses votes électoraux.",
        "Qui le remporte choisit l'État suivant parmi ceux jamais mis en jeu ; puis une Breaking News "
        "est piochée pour lui.",
        "Plusieurs États remportés à la fois : le joueur actif choisit l'ordre, le tout avant le lancer du dé.",
    )),
    AidSection("Gagner la partie (R11)", (
        "McCain commence avec 155 votes électoraux, Obama avec 157.",
        "Le premier joueur à atteindre 270 gagne aussitôt.",
        "Tous les États remportés et 269 chacun : partie nulle.",
    )),
)

#: The aid's title and sections, by printed language.
AID: Mapping[str, tuple[str, tuple[AidSection, ...]]] = MappingProxyType({
    "en": ("Campaign Manager 2008 — player aid", _EN),
    "fr": ("Campaign Manager 2008 — aide de jeu", _FR),
})
