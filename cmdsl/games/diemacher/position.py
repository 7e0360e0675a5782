"""The position of a Die Macher game: all its state as one value with a cheap, complete ``copy``
(DESIGN property 9). The rules (the phase modules) read and change it; nothing else holds game
state, so that a checkpoint taken at a phase's start and the answers since rebuild any moment.

Parties are numbered 0 .. N−1 in seat order (clockwise, DM5.3); every per-party list is indexed so.
Where every component is, at every moment between two answers (the invariant observer checks it):

* platform cards (DM1.3) = the platform deck + its discard pile + every face-up platform + every hand;
* opinion cards (DM1.4) = the opinion deck + its discard + the exchange pool + the boards' opinion
  spaces + the national spaces;
* polls (DM1.7) = the poll deck + its discard + the polls on the boards + the one a party is looking at;
* each party's 18 rally markers = its supply + its markers on the boards (DM1.10);
* each party's 5 media markers = its supply + the boards + the national board.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Final, Sequence

from ...game.auctions import Bidding
from ...game.rng import GameRng
from .cards import Card
from .data import Contribution, DieMacherData, Poll, State
from .parties import Party

RALLY_MARKERS: Final = 18  # DM1.10
FACE_DOWN, TURNED_UP, USED = 0, 1, 2  # a cabinet card on a board (``Board.cabinet``)
MEDIA_MARKERS: Final = 5  # DM1.10, DM7.3.3
BOARDS: Final = 4  # DM2.1


class Phase(Enum):
    """What the game does next (DM5.1); a phase is the unit of checkpoints (D7)."""

    PRELIMINARY = "preliminary step"  # DM4
    FIRST_PLAYER = "first-player auction"  # DM7.1
    PLATFORM = "platform conference"  # DM7.2
    CABINET = "shadow cabinet"  # DM8.1-DM8.4
    COALITIONS = "coalitions"  # DM8.5
    MEDIA = "media"  # DM7.3
    RALLIES = "rallies"  # DM7.4
    POLLS = "opinion polls"  # DM7.5
    CONVERSION = "early conversion"  # DM7.6
    ELECTION = "election"  # DM9
    END_OF_ROUND = "end of round"  # DM10.1-DM10.4
    CONTRIBUTIONS = "external contributions"  # DM10.5
    OVER = "final scoring"  # DM11


def media_controller(media: Sequence[int]) -> int | None:
    """DM7.3.4: the party with strictly more media markers than any other (at least one), else None."""
    best = max(media, default=0)
    return media.index(best) if best and media.count(best) == 1 else None


@dataclass
class Board:
    """A state board (DM2.1), one of four in a ring. ``state`` None: set aside (DM10.3)."""

    state: State | None
    popularity: list[int]  # per party, −3 .. +3
    votes: list[int]  # per party, 0 .. 50
    arrived: list[int]  # per party: when its vote marker last moved (DM6.5: the latest is on top)
    rallies: list[int]  # per party, 0 .. 10
    placed: list[int]  # per party: rallies placed this round (DM7.4.2: 4 a round)
    media: list[int]  # per party
    opinions: list[tuple[Card, bool]]  # the 4 opinion spaces: (card, face up)
    key_issue: int | None  # the opinion space under the key-issue tile (DM6.1; placed in part 2)
    payout: int | None  # the payout tile's round (DM1.9: rounds 1, 3, 5), or None
    anti_coalition: bool  # DM8.5.6
    poll: Poll | None  # this round's poll card, face down (DM7.5.1)
    #: DM8.1: the cabinet cards placed this round, one a party at most: (party, card id, state),
    #: the state ``FACE_DOWN``, ``TURNED_UP`` or ``USED`` (DM8.2, DM8.3).
    cabinet: list[tuple[int, str, int]] = field(default_factory=list)
    #: DM8.4: the parties whose coalition tile lies here.
    tiles: list[int] = field(default_factory=list)

    def copy(self) -> "Board":
        b = object.__new__(Board)
        b.state = self.state
        b.popularity, b.votes, b.arrived = self.popularity[:], self.votes[:], self.arrived[:]
        b.rallies, b.placed, b.media = self.rallies[:], self.placed[:], self.media[:]
        b.opinions, b.key_issue, b.payout = self.opinions[:], self.key_issue, self.payout
        b.anti_coalition, b.poll = self.anti_coalition, self.poll
        b.cabinet, b.tiles = self.cabinet[:], self.tiles[:]
        return b

    @property
    def in_play(self) -> bool:
        return self.state is not None

    def face_up(self) -> list[Card]:
        return [c for c, up in self.opinions if up]

    def media_total(self) -> int:
        return sum(self.media)

    def controller(self) -> int | None:
        """DM7.3.4: the party with strictly more media markers here than any other, else None."""
        return media_controller(self.media)


@dataclass
class DieMacherPosition:
    """A Die Macher game between two answers."""

    data: DieMacherData  # shared and immutable
    parties: tuple[Party, ...]  # seat order = clockwise (DM5.3)
    short: bool  # DM12: the 5-round game
    rng: GameRng  # shuffles (setup, resets, reshuffles); dice are the chance seat's
    round: int  # 1 .. 7 (5 in the short game); 0 during the preliminary step
    phase: Phase
    phases_done: int  # phases begun since the start: the game's turn (D7)
    first: int  # this round's first player (DM7.1)
    money: list[int]  # per party, euros (public: DM18.3)
    members: list[int]  # per party (DM9.6, DM18.18)
    platform: list[list[Card]]  # per party: 5 face-up platform cards (DM3.2)
    hand: list[list[Card]]  # per party: the private platform hand (DM3.3)
    boards: list[Board]  # the ring, board 1 first (DM2.4)
    election: int  # the index of the board first in line (DM2.1)
    national_media: list[list[int]]  # per election: the parties whose markers are in its group (DM9.4)
    national: list[list[Card]]  # the 5 national-opinion spaces: each a stack, [] when empty (DM9.5)
    pool: list[Card]  # the exchange pool (DM2.3)
    platform_deck: list[Card]  # face down; the top is the last element
    platform_discard: list[Card]
    opinion_deck: list[Card]
    opinion_discard: list[Card]
    poll_deck: list[Poll]
    poll_discard: list[Poll]
    state_deck: list[State]
    contributions: list[list[Contribution]]  # per party: its unused cards (DM10.5)
    seats_won: list[list[int]]  # per party: its seats at each election so far (DM9.1)
    stamp: int  # the last arrival number given (DM6.5)
    looking: Poll | None = None  # DM7.5.4: the poll its buyer is looking at, in secret
    #: Whether the phase in progress has begun (its round and phase told, its turn counted): a
    #: checkpoint taken within a phase (``Ctx.mark``) resumes it without beginning it again.
    begun: bool = False
    #: DM10.5 step 1, in progress: the cards laid so far, in turn order (party, card, accepted), and
    #: how many parties have chosen (a refused card is hidden from the others until the reveal).
    laid: list[tuple[int, Contribution, bool]] = field(default_factory=list)
    #: How many parties, in turn order, are done with the phase's hidden commitments (DM8.1 cabinet
    #: cards placed face down, DM10.5 contribution cards laid): the phase resumes there.
    chosen: int = 0
    #: DM1.6, DM8.6: each party's cabinet cards not used yet (ids).
    cabinet: list[list[str]] = field(default_factory=list)
    #: DM1.9, DM18.9: each party's coalition tiles not spent yet.
    tiles: list[int] = field(default_factory=list)
    #: DM8.5: the coalitions formed for this round's election, each two parties.
    coalitions: list[tuple[int, int]] = field(default_factory=list)
    #: DM7.5.3, the auction in progress (public: an open auction): its board, and how it stands
    #: after the last answer. A copy resumes it there, and a bot values the standing bid as the
    #: poll it would buy.
    auction: tuple[int, Bidding[Party]] | None = None

    @property
    def players(self) -> int:
        return len(self.parties)

    @property
    def rounds(self) -> int:
        return 5 if self.short else 7

    def order(self) -> list[int]:
        """DM5.3: the parties in turn order, from this round's first player, clockwise."""
        n = self.players
        return [(self.first + k) % n for k in range(n)]

    def election_order(self) -> list[int]:
        """DM5.4: the boards in play in election order: first in line, then clockwise."""
        return [i for k in range(BOARDS) if self.boards[i := (self.election + k) % BOARDS].in_play]

    def rally_supply(self, party: int) -> int:
        return RALLY_MARKERS - sum(b.rallies[party] for b in self.boards)

    def media_supply(self, party: int) -> int:
        on_boards = sum(b.media[party] for b in self.boards)
        national = sum(group.count(party) for group in self.national_media)
        return MEDIA_MARKERS - on_boards - national

    def arrive(self, board: Board, party: int, votes: int) -> None:
        """DM6.3–DM6.5: move ``party``'s vote marker on ``board`` up by ``votes``, capped at 50;
        a marker that moves lands on top of those already on its space."""
        if votes <= 0:
            return
        before = board.votes[party]
        after = min(before + votes, 50)
        if after != before:
            board.votes[party] = after
            self.stamp += 1
            board.arrived[party] = self.stamp

    def copy(self) -> "DieMacherPosition":
        """A copy that shares nothing that changes (cards, polls, states and the data are immutable)."""
        c = object.__new__(DieMacherPosition)
        c.data, c.parties, c.short, c.rng = self.data, self.parties, self.short, self.rng.copy()
        c.round, c.phase, c.phases_done, c.first = self.round, self.phase, self.phases_done, self.first
        c.money, c.members = self.money[:], self.members[:]
        c.platform = [p[:] for p in self.platform]
        c.hand = [h[:] for h in self.hand]
        c.boards = [b.copy() for b in self.boards]
        c.election = self.election
        c.national_media = [g[:] for g in self.national_media]
        c.national = [s[:] for s in self.national]
        c.pool = self.pool[:]
        c.platform_deck, c.platform_discard = self.platform_deck[:], self.platform_discard[:]
        c.opinion_deck, c.opinion_discard = self.opinion_deck[:], self.opinion_discard[:]
        c.poll_deck, c.poll_discard = self.poll_deck[:], self.poll_discard[:]
        c.state_deck = self.state_deck[:]
        c.contributions = [x[:] for x in self.contributions]
        c.seats_won = [x[:] for x in self.seats_won]
        c.stamp, c.looking, c.begun = self.stamp, self.looking, self.begun
        c.laid, c.chosen = self.laid[:], self.chosen
        c.cabinet = [x[:] for x in self.cabinet]
        c.tiles, c.coalitions, c.auction = self.tiles[:], self.coalitions[:], self.auction
        return c
