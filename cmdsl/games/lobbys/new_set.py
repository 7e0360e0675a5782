"""`cmdsl new-set DIR --game lobbys`: a Lobbys set to start from — the published numbers, every field
explained for a designer, and one scenario of the set's own tests (docs/lobbys.md, "Your own
Lobbys set"). The result passes ``cmdsl check`` with no warning and its scenario passes strictly
(tested)."""

from __future__ import annotations

from typing import Final

from .data import DATA_FILE

_DATA: Final = """\
# {name}: a Lobbys set (docs/lobbys.md, "Your own Lobbys set"). The rules are cmdsl's (LOBBYS.md, cited
# as L numbers); this file holds every number and relation a designer may change. `cmdsl check DIR`
# checks each value and points at its line; `cmdsl balance --game lobbys --cards DIR` plays it.

starting_points: 100      # L1.5: each player's points at the start (points are also money)
rounds: 3                 # L2.1: rounds in a game; the most points after the last wins (L8.1)
hand_size: 8              # L4.1: cards dealt to each player; the whole cut Offer deck is dealt
tenders_per_round: 6      # L6.6: each tender turns up 2 of the 12 contracts, so 6 use them all

# L1.4: for each player count, the Offer deck keeps the pip ranks 1 (ace) to top_rank of all four
# suits, so 4 × top_rank must equal players × hand_size. The ranks cut away form the People deck of
# the variant The People Speak (L10.1). A count left out cannot be played (check warns).
deck_cut:
  - players: 2
    top_rank: 4
  - players: 3
    top_rank: 6
  - players: 4
    top_rank: 8
  - players: 5
    top_rank: 10

# L1.2: each party (suit) and its related party, which wins a tender after the main contract's
# suit (L6.3 step 3); the relation goes both ways.
suits:
  - name: hearts
    related: diamonds
  - name: diamonds
    related: hearts
  - name: clubs
    related: spades
  - name: spades
    related: clubs

# L6.3 step 4: between equal ranks of unrelated suits, the suit first in this list wins.
suit_order: [clubs, diamonds, hearts, spades]

# L1.3: each face card is a contract of one type; majorities are counted by type (L7.1).
contracts:
  - face: jack
    type: Agriculture
  - face: queen
    type: Services
  - face: king
    type: Industry

# L7: end-of-round scoring.
scoring:
  # L7.1: the points of a type's majority, by how many players share it (1: held alone).
  majority:
    - tied: 1
      points: 12
    - tied: 2
      points: 6
    - tied: 3
      points: 4
    - tied: 4
      points: 3
  omnipresence: 12        # L7.2: a player with a contract of each type, once per round
  partisan: 12            # L7.3: per suit whose jack, queen and king a player holds
"""

_EXAMPLE: Final = """\
# Scenarios: this set's own tests (docs/lobbys.md, "Scenarios"). Each sets up a table between two
# steps, gives each seat's picks, and says what must hold afterwards. `cmdsl test DIR --update` runs
# them all and writes what each did into scenarios/__snapshots__/ (read it: it becomes the test);
# `cmdsl test DIR` then fails, with the difference, whenever a change to lobbys.yaml changes what a
# scenario does. `cmdsl scenario DIR/scenarios/example.yaml --cards DIR` runs this file alone.
game: lobbys
scenarios:
  - name: a trump offer wins the tender and is paid its rank
    players: 3                        # 3 players: ranks ace to 6 (deck_cut)
    position:                         # the table before the picks: round 1, tender 1
      trump: clubs                    # the party elected this round (L5.4)
      offer: [QH, JS]                 # the two contracts on offer: main, then linked (L6.1)
      hands: {p1: 2C 6H 5H 4D 5S 6S 3C, p2: AH 2H 3H AD 2D 3D 4H, p3: AS 2S 3S 4S AC 6D 5D}
    picks:                            # each step, every seat's card, picked in secret (L11.7)
      - {p1: 2C, p2: AH, p3: AS}
    expect:                           # every value written here is checked
      tenders: [p1]                   # who won each tender, in order: the trump offer (L6.3 step 1)
      won: {p1: [QH, JS], p2: [], p3: []}   # the winner takes both contracts (L6.4)
      points: {p1: 102, p2: 100, p3: 100}   # and gains its offer's rank (L6.4)
"""


def lobbys_files(name: str) -> dict[str, str]:
    """A new Lobbys set's files: file name (relative to the set's folder) → text."""
    return {DATA_FILE: _DATA.format(name=name), "scenarios/example.yaml": _EXAMPLE}
