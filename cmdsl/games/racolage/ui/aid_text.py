"""Racolage Électoral's player aid (`cmdsl print`): a one-page turn summary in each printed language
— a turn's three phases, buying Actions, placing a Media card, what each kind of Action does, the
end — in short bullets with the rule numbers to look up (docs/rules-racolage.md has them in full)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from ....kits.printing.aid import AidSection

_EN = (
    AidSection("A turn (RA4)", (
        "Phase 1, draw — one of: take the top Media card; buy Action cards (RA5); do nothing.",
        "Phase 2, lay — one of: place a Media card; play an Action card; play an Action, then place a "
        "Media card; do nothing.",
        "Phase 3: more than 5 cards in hand? Discard down to 5.",
        "End of turn: the temporary Actions played this turn are discarded; the player on the left plays.",
    )),
    AidSection("Buying Actions (RA5)", (
        "An Action costs 3 points: sell cards from your hand, a Media card for its value, an Action for 2. "
        "No change is given.",
        "Draw the cards bought one at a time. An Event drawn is not a purchase: it goes into the event "
        "slot at once (its effect, if any, happens), then keep drawing.",
    )),
    AidSection("Placing a Media card (RA6.1)", (
        "Its theme must be open to you: the Event in play has it, or your Catchphrase does.",
        "Your notoriety (the Media cards you have placed) must be within its range, both bounds included.",
        "A placed Media card stays until the end and scores its value.",
    )),
    AidSection("Action cards (RA6)", (
        "Permanent, in your bonus zone, one of each type (a new one replaces the old): a Catchphrase "
        "opens its theme to you; a Privilege changes your hand or your draw; a Direct Action gives "
        "a notoriety bonus.",
        "Temporary: its effect happens; it is discarded at the end of the turn.",
        "Event: never held in hand; its theme is open to every player until another Event replaces it.",
    )),
    AidSection("The end (RA8)", (
        "Whoever draws the last Media card starts the final round: each other player plays one more turn.",
        "The highest notoriety wins (Direct Action bonuses count at the end; a tie shares the win).",
    )),
)

_FR = (
    AidSection("Un tour (RA4)", (
        "Phase 1, pioche — au choix : prenez la carte du dessus de la pioche Médias ; achetez des cartes "
        "Action (RA5) ; ne faites rien.",
        "Phase 2, pose — au choix : placez une carte Média ; jouez une carte Action ; jouez une Action, "
        "puis placez un Média ; ne faites rien.",
        "Phase 3 : plus de 5 cartes en main ? Défaussez-en jusqu'à 5.",
        "Fin du tour : les Actions temporaires jouées ce tour sont défaussées ; le joueur de gauche joue.",
    )),
    AidSection("Acheter des Actions (RA5)", (
        "Une Action coûte 3 points : vendez des cartes de votre main, un Média pour sa valeur, une Action "
        "pour 2. Pas de monnaie rendue.",
        "Piochez les cartes achetées une à une. Un Événement pioché ne compte pas : il va aussitôt sur "
        "l'emplacement d'événement (son effet, s'il en a un, s'applique), puis continuez à piocher.",
    )),
    AidSection("Placer un Média (RA6.1)", (
        "Son thème doit vous être ouvert : l'Événement en jeu l'a, ou votre Phrase choc.",
        "Votre notoriété (les Médias que vous avez placés) doit être dans sa fourchette, bornes comprises.",
        "Un Média placé reste jusqu'à la fin et rapporte sa valeur.",
    )),
    AidSection("Les cartes Action (RA6)", (
        "Permanentes, dans votre zone de bonus, une de chaque type (une nouvelle remplace l'ancienne) : "
        "la Phrase choc vous ouvre son thème ; le Passe-droit change votre main ou votre pioche ; "
        "l'Action directe donne un bonus de notoriété.",
        "Temporaire : son effet s'applique ; elle est défaussée à la fin du tour.",
        "Événement : jamais en main ; son thème est ouvert à tous jusqu'à ce qu'un autre Événement "
        "le remplace.",
    )),
    AidSection("La fin (RA8)", (
        "Qui pioche la dernière carte Média ouvre le dernier tour : chaque autre joueur joue encore un tour.",
        "La plus grande notoriété gagne (les bonus d'Action directe comptent à la fin ; une égalité "
        "partage la victoire).",
    )),
)

#: The aid's title and sections, by printed language.
AID: Mapping[str, tuple[str, tuple[AidSection, ...]]] = MappingProxyType({
    "en": ("Racolage Électoral — player aid", _EN),
    "fr": ("Racolage Électoral — aide de jeu", _FR),
})
