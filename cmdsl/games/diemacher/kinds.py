"""What a Die Macher decision is about (``Decision.kind``), and the seed's constants that decisions
and rules share (DM1.11, DM7, the "constants in the seed" of the digest: not authored, not data)."""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Kind(StrEnum):
    PRELIMINARY = "preliminary"  # DM4: a state or a bundle on the secret sheet
    BID = "bid"  # DM7.1: the sealed first-player bid
    NAME_FIRST = "name first player"  # DM7.1.2
    DIE = "die"  # chance: a roll-off die, dice for members (DM7.1.3, DM7.5.4, DM10.5)
    DISCARD = "discard"  # DM7.2.2
    PLATFORM_SWAP = "platform swap"  # DM7.2.3
    MEDIA = "media"  # DM7.3.1: buy or pass
    OPINION_SWAP = "opinion swap"  # DM7.3.5, DM7.6.3
    RALLIES = "rallies"  # DM7.4
    POLL_BID = "poll bid"  # DM7.5.3
    POLL_USE = "poll use"  # DM7.5.4: publish or shelve
    CONVERT = "convert"  # DM7.6.2
    NATIONAL = "national opinion"  # DM9.5
    CONTRIBUTION = "contribution"  # DM10.5
    CABINET_PLACE = "cabinet card"  # DM8.1: a card face down on a board, or stop
    CABINET_NEXT = "cabinet order"  # DM18.7: which of its revealed cards a party resolves next
    CABINET_ACTION = "cabinet action"  # DM8.3: the card's menu, its targets
    COALITION = "coalition"  # DM8.5.4, DM18.8: pass, force or propose
    CONSENT = "consent"  # DM8.5.3, DM18.8: accept or decline a proposed coalition


START_MONEY: Final = 25_000  # DM1.11
STEP: Final = 1_000  # DM1.11: amounts move by 1,000
MEDIA_PRICE: Final = 4_000  # DM7.3.1
RALLY_PRICE: Final = 1_000  # DM7.4.1
TAKEOVER_REFUND: Final = 4_000  # DM8.3 (part 2)
POLL_OPENING: Final = 1_000  # DM7.5.3
INCOME_PER_SEAT: Final = 1_000  # DM9.7
INCOME_PER_MEMBER: Final = 1_000  # DM9.7
RALLIES_PER_ROUND: Final = 4  # DM7.4.2: per board per round
RALLIES_PER_BOARD: Final = 10  # DM7.4.2
MEDIA_SPACES: Final = 5  # DM7.3.3: per board
EARLY_MINIMUM: Final = 5  # DM7.6.2
POPULARITY: Final = 3  # DM2.1: −3 .. +3
START_MEMBERS: Final = 5  # DM3.8
HAND: Final = 3  # DM3.3, DM7.2.1
PLATFORM: Final = 5  # DM3.2
POOL: Final = 6  # DM2.3, DM3.9
OPINION_SPACES: Final = 4  # DM2.1
BONUS_MOST: Final = 10  # DM11.3
BONUS_SECOND: Final = 6
BONUS_TIED: Final = 8
DOMINANT_BONUS: Final = 5  # DM11.4
REFUSAL_BONUS_DICE: Final = 3  # DM10.5 step 4
CABINET_CARDS_A_ROUND: Final = 4  # DM8.1
COALITION_TILES: Final = 4  # DM1.9
COALITION_MIN_COMMON: Final = 2  # DM8.5.3: identical face-up platform cards for a coalition
COALITION_FORCE: Final = 3  # DM8.5.3: from 3 in common, either party may force it
MAX_ROLLOFFS: Final = 5  # D6: a fifth tied roll-off is settled by seat order
