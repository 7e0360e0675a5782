"""The values a Die Macher scenario's position is written with (``Reader``): parties, states,
boards, cards by issue and stance, amounts — each checked with a located error; the phases a
scenario may start at. ``scenario_read.py`` and ``scenario_cards.py`` read the position with it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Final, Sequence, TypeVar

from ...errors import did_you_mean
from ...sets.scenario_doc import Path_, Place, list_at, shown, text_at
from .cards import STANCES, Deck, Stance
from .data import Contribution, DieMacherData, Poll, State
from .parties import PARTIES, Party
from .position import BOARDS, Phase

T = TypeVar("T")

#: The phases a scenario may start at (OVER is the end).
START_PHASES: Final = tuple(p for p in Phase if p is not Phase.OVER)
#: A phase by its value (``opinion polls``) or its short name (``polls``).
PHASE_NAMES: Final = {**{p.value: p for p in START_PHASES}, **{p.name.lower(): p for p in START_PHASES}}
POSITION_KEYS: Final = ("phase", "round", "first", "boards", "money", "members", "platform", "hand",
                        "contributions", "seats", "national", "national_media", "pool", "polls", "cabinet", "tiles",
                        "coalitions")
BOARD_KEYS: Final = ("state", "popularity", "votes", "rallies", "media", "opinions", "down", "key_issue", "payout",
                     "cabinet", "tiles", "anti_coalition")
MAX_MONEY: Final = 1_000_000
MAX_MEMBERS: Final = 1_000
MAX_SEATS: Final = 200
#: A card as a scenario writes it: ``issue/stance`` or ``issue/stance/copy``, the deck's prefix optional.
CARD_FORM: Final = "a card such as nuclear/for or welfare/against"

Spec = tuple[str, Stance, int | None]  # a card written: its issue, stance and copy (None: any copy)
Loc = tuple[Any, ...]  # where cards lie: ("platform", i), ("board", b, "up"), ("deck",)…


@dataclass
class Reader:
    """Reads the names and parts of one scenario, each with a located error."""

    place: Place
    data: DieMacherData
    parties: tuple[Party, ...]
    short: bool

    # ---- names ------------------------------------------------------------------------------

    def party(self, path: Path_, raw: Any) -> int:
        """A party of this game by its name (``spd``): its index in seat order."""
        names = [p.value for p in self.parties]
        if isinstance(raw, str) and raw in names:
            return names.index(raw)
        if isinstance(raw, str) and raw in [p.value for p in PARTIES]:
            raise self.place.error(path, f"{raw} does not play in this game (its parties: {', '.join(names)}); "
                                   "name the parties with parties: […] (DM18.1)")
        raise self.place.error(path, f"expected a party of this game ({', '.join(names)}), got {shown(raw)}",
                               did_you_mean(str(raw), names))

    def by_party(self, path: Path_, raw: Any, read: Callable[[Path_, Any], T]) -> dict[int, T]:
        """A mapping party → value, in the order written."""
        if raw is None:
            return {}
        if not isinstance(raw, dict):
            raise self.place.error(path, f"expected a mapping of parties ({self.parties[0].value}: …), got {shown(raw)}")
        return {self.party((*path, k), k): read((*path, k), v) for k, v in raw.items()}

    def card_spec(self, path: Path_, raw: Any, deck: Deck | None = None) -> Spec:
        text = text_at(self.place, path, raw, CARD_FORM)
        body = text
        for d in Deck:
            if text.startswith(d.value + ":"):
                if deck is not None and d is not deck:
                    raise self.place.error(path, f"{text} is a {d.name.lower()} card; expected a "
                                           f"{deck.name.lower()} card")
                body = text[2:]
        parts = body.split("/")
        if len(parts) not in (2, 3):
            raise self.place.error(path, f"expected {CARD_FORM}, got {shown(raw)}")
        issue, stance = parts[0], parts[1]
        if issue not in self.data.issue_ids:
            raise self.place.error(path, f'unknown issue "{issue}" (issues: {", ".join(self.data.issue_ids)})',
                                   did_you_mean(issue, self.data.issue_ids))
        stances = [s.value for s in STANCES]
        if stance not in stances:
            raise self.place.error(path, f'unknown stance "{stance}": a card is {issue}/for or {issue}/against',
                                   did_you_mean(stance, stances))
        copy = None
        if len(parts) == 3:
            per = self.data.platform_per_stance if deck is Deck.PLATFORM else self.data.opinion_per_stance
            if not parts[2].isdigit() or not 1 <= int(parts[2]) <= per:
                raise self.place.error(path, f"a copy is a number from 1 to {per} ({issue}/{stance}/1), got "
                                       f"{shown(parts[2])}")
            copy = int(parts[2])
        return issue, Stance(stance), copy

    def card_specs(self, path: Path_, raw: Any, deck: Deck | None = None) -> list[Spec]:
        return [self.card_spec((*path, j), c, deck) for j, c in enumerate(list_at(self.place, path, raw))]

    def state(self, path: Path_, raw: Any) -> State:
        ids = [s.id for s in self.data.states]
        if not isinstance(raw, str) or raw not in ids:
            raise self.place.error(path, f"expected a state (such as {ids[0]}), got {shown(raw)}",
                                   did_you_mean(str(raw), ids))
        return self.data.state(raw)

    def poll(self, path: Path_, raw: Any) -> Poll:
        ids = [p.id for p in self.data.polls]
        if not isinstance(raw, str) or raw not in ids:
            raise self.place.error(path, f"expected a poll card (such as {ids[0]}), got {shown(raw)}",
                                   did_you_mean(str(raw), ids))
        poll = next(p for p in self.data.polls if p.id == raw)
        if self.short and poll.seven:
            raise self.place.error(path, f"{raw} is marked 7: it is removed in the short game (DM12.1)")
        return poll

    def contribution(self, path: Path_, raw: Any) -> Contribution:
        cards = [c for c in self.data.contributions if not (self.short and c.seven)]
        ids = [c.id for c in self.data.contributions]
        if not isinstance(raw, str) or raw not in ids:
            raise self.place.error(path, f"expected a contribution card ({', '.join(ids)}), got {shown(raw)}",
                                   did_you_mean(str(raw), ids))
        card = next(c for c in self.data.contributions if c.id == raw)
        if card not in cards:
            raise self.place.error(path, f"{raw} is marked 7: it is removed in the short game (DM12.1)")
        return card

    def phase(self, path: Path_, raw: Any) -> Phase:
        if not isinstance(raw, str) or raw not in PHASE_NAMES:
            values = [p.value for p in START_PHASES]
            raise self.place.error(path, f"expected a phase ({', '.join(values)}), got {shown(raw)}",
                                   did_you_mean(str(raw), list(PHASE_NAMES)))
        return PHASE_NAMES[raw]

    def board_key(self, path: Path_, raw: Any, boards: Sequence[State | None]) -> int:
        """A board by its ring number (1–4) or the id of the state on it (in ``boards``)."""
        if isinstance(raw, int) and not isinstance(raw, bool):
            if not 1 <= raw <= BOARDS:
                raise self.place.error(path, f"a board is 1 to {BOARDS} (its place in the ring, DM2.4), got {raw}")
            return raw - 1
        on = [s.id for s in boards if s is not None]
        if isinstance(raw, str) and raw.isdigit():
            return self.board_key(path, int(raw), boards)
        if isinstance(raw, str) and raw in on:
            return next(b for b, s in enumerate(boards) if s is not None and s.id == raw)
        if isinstance(raw, str) and raw in [s.id for s in self.data.states]:
            raise self.place.error(path, f"{raw} is on no board here (the boards: {', '.join(on)}); name a board "
                                   "by its number (1 to 4) and give it state: " + raw)
        raise self.place.error(path, f"expected a board: its number (1 to 4) or the state on it ({', '.join(on)}), "
                               f"got {shown(raw)}", did_you_mean(str(raw), [s.id for s in self.data.states]))

    def national_spaces(self, path: Path_, raw: Any) -> list[list[Spec]]:
        """The national spaces (DM9.5), left to right: each empty (``~``, ``[]``), a card, or a stack
        of identical cards (dominant); no two on one issue (DM9.5.2)."""
        items = list_at(self.place, path, raw)
        n = len(self.data.spaces)
        if len(items) > n:
            raise self.place.error(path, f"the national board has {n} opinion spaces (DM2.2), got {len(items)}")
        spaces: list[list[Spec]] = []
        for s, item in enumerate(items):
            at = (*path, s)
            stack = [] if item is None else self.card_specs(at, item, Deck.OPINION) if isinstance(item, list) \
                else [self.card_spec(at, item, Deck.OPINION)]
            if any((c[0], c[1]) != (stack[0][0], stack[0][1]) for c in stack):
                raise self.place.error(at, "a stack holds identical cards only (DM9.5.1)")
            for t, other in enumerate(spaces):
                if stack and other and other[0][0] == stack[0][0]:
                    raise self.place.error(at, f"space {t + 1} holds {stack[0][0]} already: two spaces never "
                                           "hold the same issue (DM9.5.2)")
            spaces.append(stack)
        return spaces + [[] for _ in range(n - len(spaces))]
