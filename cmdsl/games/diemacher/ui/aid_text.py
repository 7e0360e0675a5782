"""Die Macher's player aid (`cmdsl print`): a one-page summary of a round in each printed language —
its ten phases in order (DM5.1), each with its costs and limits, then the last round and the
scoring — in short bullets with the rule numbers to look up (docs/rules-diemacher.md has them in
full)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from ....kits.printing.aid import AidSection

_EN = (
    AidSection("1. First player (DM7.1)", (
        "Everyone bids in secret, from €0 to all their money; the bids are shown together.",
        "The highest bidder alone pays the bank and names the first player (any party). A tie bids again "
        "(at least as much), then rolls a die each; when every bid is €0, everyone rolls.",
    )),
    AidSection("2. Platform conference (DM7.2)", (
        "In turn order: fill your hand up to 3; discard any hand cards and draw as many; then you may "
        "swap one face-up platform card for a hand card (still 5 cards on 5 different issues).",
    )),
    AidSection("3. Shadow cabinet (DM8)", (
        "In turn order, lay 0 to 4 unused cabinet cards face down, one a board at most, only what you can pay.",
        "All are turned up at once; each party pays the costs of its cards to the bank.",
        "In turn order, each card: one action of its menu, on its board. A telephone puts your coalition "
        "tile there. A card serves once a game.",
    )),
    AidSection("4. Coalitions (DM8.5)", (
        "On the election board only, two parties with a coalition tile there and at least 2 identical "
        "face-up platform cards: with 2, both must agree; with 3 or 4, either may force the other.",
        "The tiles of the parties left out are spent.",
    )),
    AidSection("5. Media (DM7.3)", (
        "In turn order, going round the table: buy a media marker for €4,000 and put it on a free media space, "
        "or pass. It ends when everyone has passed in a row. 5 markers each, 5 spaces a board.",
        "Strictly the most markers on a board controls its media: in reverse election order, swap one "
        "face-up opinion there with the exchange pool. Control shields you from a poll's minus modifiers.",
    )),
    AidSection("6. Rallies (DM7.4)", (
        "In turn order, buy rally markers at €1,000 each: 4 a board each round at most, 10 of yours on a "
        "board, 18 in all.",
    )),
    AidSection("7. Poll auctions (DM7.5)", (
        "A poll face down on each board; sold one at a time, the election board first.",
        "Open bids from €1,000, clockwise from the first player; whoever passes is out. The winner pays, "
        "looks, and publishes it (applies up to the number of modifiers it prints, on that board; popularity "
        "stays from −3 to +3) or shelves it (rolls the dice it prints, gains their total in members).",
    )),
    AidSection("8. Early conversion (DM7.6)", (
        "Boards 4th, 3rd and 2nd in line: in turn order, with at least 5 rally markers there, convert as "
        "many as you like.",
        "Votes = markers × factor, rounded down. Factor = popularity + match (0 or less: ½). Votes stop "
        "at 50; a marker arriving on a space goes on top.",
        "Then more votes on a board than all the others together: swap one face-up opinion there.",
    )),
    AidSection("9. Election and income (DM9)", (
        "On the election board everyone converts all their markers; your votes alone give your seats "
        "(the state card's table).",
        "Most votes wins (a coalition adds its two): national media markers and opinions to the national "
        "board (DM9.4). Members: the recruitment of each national opinion your platform matches.",
        "Income: €1,000 a seat; with the payout tile (rounds 1, 3, 5), €1,000 a member too.",
    )),
    AidSection("10. End of round (DM10)", (
        "Clear the election board, then reset it or set it aside (DM10.3); each other board turns one "
        "opinion face up; the one showing 4 holds the next election.",
        "Contributions, in turn order: a card face up (accept: take the money, lose the highest of its "
        "dice in members), face down (refuse: gain its dice's total), or none. The largest refusal, "
        "alone, rolls 3 dice more.",
    )),
    AidSection("The end (DM5.2, DM11, DM12)", (
        "Round 7 is the election alone. Score: seats, the stars of your national media markers, members "
        "(+10 the most, +6 the second), platform cards matching national opinions.",
        "The short game: 5 rounds, without the cards marked 7.",
    )),
)

_FR = (
    AidSection("1. Premier joueur (DM7.1)", (
        "Chacun mise en secret, de 0 € à tout son argent ; les mises sont révélées ensemble.",
        "Le plus offrant, seul, paie la banque et désigne le premier joueur (n'importe quel parti). Une "
        "égalité remise (au moins autant), puis lance un dé chacun ; si toutes les mises sont à 0 €, tout "
        "le monde lance un dé.",
    )),
    AidSection("2. Conférence programmatique (DM7.2)", (
        "Dans l'ordre du tour : complétez votre main à 3 cartes ; défaussez-en autant que vous voulez et "
        "piochez-en autant ; puis vous pouvez échanger une carte de programme visible contre une carte de "
        "votre main (toujours 5 cartes sur 5 enjeux différents).",
    )),
    AidSection("3. Cabinet fantôme (DM8)", (
        "Dans l'ordre du tour, posez face cachée de 0 à 4 cartes de cabinet inutilisées, une par plateau au "
        "plus, et seulement ce que vous pouvez payer.",
        "Toutes sont révélées ensemble ; chaque parti paie le coût de ses cartes à la banque.",
        "Dans l'ordre du tour, chaque carte : une action de son menu, sur son plateau. Un téléphone y pose "
        "votre tuile de coalition. Une carte ne sert qu'une fois par partie.",
    )),
    AidSection("4. Coalitions (DM8.5)", (
        "Sur le plateau de l'élection seulement, deux partis qui y ont une tuile de coalition et au moins "
        "2 cartes de programme visibles identiques : avec 2, les deux doivent accepter ; avec 3 ou 4, l'un "
        "peut forcer l'autre.",
        "Les tuiles des partis restés seuls sont perdues.",
    )),
    AidSection("5. Médias (DM7.3)", (
        "Dans l'ordre du tour, tour après tour : achetez un marqueur de média 4 000 € et posez-le sur une "
        "case de média libre, ou passez. La phase finit quand tous ont passé à la suite. 5 marqueurs "
        "chacun, 5 cases par plateau.",
        "Le parti qui a strictement le plus de marqueurs sur un plateau contrôle ses médias : dans l'ordre "
        "inverse des élections, il y échange une opinion visible avec la réserve d'échange. Le contrôle "
        "protège des modificateurs négatifs d'un sondage.",
    )),
    AidSection("6. Meetings (DM7.4)", (
        "Dans l'ordre du tour, achetez des marqueurs de meeting à 1 000 € pièce : 4 par plateau et par tour "
        "au plus, 10 des vôtres sur un plateau, 18 en tout.",
    )),
    AidSection("7. Enchères de sondages (DM7.5)", (
        "Un sondage face cachée sur chaque plateau ; vendus un à un, le plateau de l'élection d'abord.",
        "Enchères ouvertes dès 1 000 €, en partant du premier joueur ; qui passe est éliminé. Le gagnant "
        "paie, regarde, et le publie (applique jusqu'au nombre de modificateurs qu'il indique, sur ce plateau ; "
        "popularité entre −3 et +3) ou le garde secret (lance les dés qu'il indique, gagne leur total en "
        "adhérents).",
    )),
    AidSection("8. Conversion anticipée (DM7.6)", (
        "Plateaux 4e, 3e et 2e dans l'ordre : dans l'ordre du tour, avec au moins 5 marqueurs de meeting "
        "sur place, convertissez-en autant que vous voulez.",
        "Voix = marqueurs × facteur, arrondi à l'inférieur. Facteur = popularité + concordance (0 ou moins : "
        "½). Les voix s'arrêtent à 50 ; un marqueur qui arrive sur une case se pose dessus.",
        "Ensuite, plus de voix sur un plateau que tous les autres réunis : échangez-y une opinion visible.",
    )),
    AidSection("9. Élection et revenus (DM9)", (
        "Sur le plateau de l'élection, chacun convertit tous ses marqueurs ; vos seules voix donnent vos "
        "sièges (la table de la carte du Land).",
        "Le plus de voix gagne (une coalition additionne les siennes) : marqueurs de média et opinions vers "
        "le plateau national (DM9.4). Adhérents : le recrutement de chaque opinion nationale que votre "
        "programme partage.",
        "Revenus : 1 000 € par siège ; avec la tuile de paie (manches 1, 3, 5), 1 000 € par adhérent en plus.",
    )),
    AidSection("10. Fin de manche (DM10)", (
        "Videz le plateau de l'élection, puis renouvelez-le ou retirez-le (DM10.3) ; chaque autre plateau "
        "retourne une opinion ; celui qui en montre 4 accueille l'élection suivante.",
        "Contributions, dans l'ordre du tour : une carte face visible (acceptée : prenez l'argent, perdez "
        "le plus haut de ses dés en adhérents), face cachée (refusée : gagnez le total de ses dés), ou "
        "aucune. Le plus gros refus, seul, lance 3 dés de plus.",
    )),
    AidSection("La fin (DM5.2, DM11, DM12)", (
        "La manche 7 n'est que l'élection. Score : sièges, étoiles de vos marqueurs de média nationaux, "
        "adhérents (+10 le plus, +6 le deuxième), cartes de programme qui concordent avec l'opinion "
        "nationale.",
        "La partie courte : 5 manches, sans les cartes marquées 7.",
    )),
)

#: The aid's title and sections, by printed language.
AID: Mapping[str, tuple[str, tuple[AidSection, ...]]] = MappingProxyType({
    "en": ("Die Macher — a round (player aid)", _EN),
    "fr": ("Die Macher — une manche (aide de jeu)", _FR),
})
