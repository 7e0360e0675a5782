"""A scenario's named cards, moved from wherever the seeded setup put them (``scenario_read.py``
reads the rest of the position): a place the scenario gives holds exactly what it says, the cards
it held go under their draw deck, and a place it does not give that lost a card gets one from the
deck's top that fits there — so that every card stays in exactly one place."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...sets.scenario_doc import Path_
from .cards import Card, Deck, deck_of
from .kinds import HAND, OPINION_SPACES, PLATFORM, POOL
from .position import DieMacherPosition

from .scenario_values import Loc, Reader, Spec


@dataclass
class _Target:
    loc: Loc
    path: Path_
    specs: list[Spec]
    cards: list[Card] = field(default_factory=list)


def place_cards(read: Reader, pos: DieMacherPosition, spec: dict[str, Any],
           boards: dict[int, tuple[Path_, dict[str, Any]]]) -> None:
    P: Path_ = ("position",)
    platform: list[_Target] = []
    for key, loc in (("platform", "platform"), ("hand", "hand")):
        for i, specs in read.by_party((*P, key), spec.get(key),
                                      lambda p, v: read.card_specs(p, v, Deck.PLATFORM)).items():
            at = (*P, key, pos.parties[i].value)
            if key == "platform":
                if len(specs) != PLATFORM or len({s[0] for s in specs}) != PLATFORM:
                    raise read.place.error(at, f"a platform shows {PLATFORM} cards on {PLATFORM} different issues "
                                           "(DM3.2)")
            elif len(specs) > HAND:
                raise read.place.error(at, f"a hand holds {HAND} cards at most (DM3.3, DM7.2.1)")
            platform.append(_Target((loc, i), at, specs))
    opinion: list[_Target] = []
    for b, (at, bs) in boards.items():
        up = read.card_specs((*at, "opinions"), bs.get("opinions"), Deck.OPINION)
        down = read.card_specs((*at, "down"), bs.get("down"), Deck.OPINION)
        issues = [s[0] for s in up]
        if len(set(issues)) != len(issues):
            raise read.place.error((*at, "opinions"), "face-up opinions on one board are on different issues (DM3.5)")
        if len(up) + len(down) > OPINION_SPACES:
            raise read.place.error(at, f"a board has {OPINION_SPACES} opinion spaces (DM2.1), got "
                                   f"{len(up) + len(down)} cards")
        if "opinions" in bs:
            opinion.append(_Target(("up", b), (*at, "opinions"), up))
        if "down" in bs:
            opinion.append(_Target(("down", b), (*at, "down"), down))
    if "pool" in spec:
        pool = read.card_specs((*P, "pool"), spec["pool"], Deck.OPINION)
        if len(pool) != POOL:
            raise read.place.error((*P, "pool"), f"the exchange pool holds {POOL} cards (DM2.3, DM3.9), got {len(pool)}")
        opinion.append(_Target(("pool",), (*P, "pool"), pool))
    if "national" in spec:
        for s, stack in enumerate(read.national_spaces((*P, "national"), spec["national"])):
            opinion.append(_Target(("national", s), (*P, "national", s), stack))
    _move(read, pos, Deck.PLATFORM, platform)
    _move(read, pos, Deck.OPINION, opinion)
    for b, (at, bs) in boards.items():
        board = pos.boards[b]
        if "key_issue" in bs:
            board.key_issue = _key_issue(read, (*at, "key_issue"), bs["key_issue"], board.opinions)


def _key_issue(read: Reader, path: Path_, raw: Any, opinions: list[tuple[Card, bool]]) -> int | None:
    """DM6.1: the key-issue tile on one of the board's face-up opinions (by its card), or none."""
    if raw is None:
        return None
    issue, stance, _ = read.card_spec(path, raw, Deck.OPINION)
    for slot, (c, up) in enumerate(opinions):
        if up and c.issue == issue and c.stance is stance:
            return slot
    raise read.place.error(path, f"{issue}/{stance.value} is not a face-up opinion of this board: the key-issue "
                           "tile goes on one (DM8.3)")


def _locations(pos: DieMacherPosition, deck: Deck) -> dict[Loc, list[Card]]:
    """Where the cards of ``deck`` lie now: the draw deck (its top last), its discard pile, then
    the places of the game."""
    if deck is Deck.PLATFORM:
        return {("deck",): pos.platform_deck[:], ("discard",): pos.platform_discard[:],
                **{("platform", i): p[:] for i, p in enumerate(pos.platform)},
                **{("hand", i): h[:] for i, h in enumerate(pos.hand)}}
    return {("deck",): pos.opinion_deck[:], ("discard",): pos.opinion_discard[:], ("pool",): pos.pool[:],
            **{("up", b): [c for c, up in board.opinions if up] for b, board in enumerate(pos.boards)},
            **{("down", b): [c for c, up in board.opinions if not up] for b, board in enumerate(pos.boards)},
            **{("national", s): st[:] for s, st in enumerate(pos.national)}}


def _move(read: Reader, pos: DieMacherPosition, deck: Deck, targets: list[_Target]) -> None:
    if not targets:
        return
    data = pos.data
    per = data.platform_per_stance if deck is Deck.PLATFORM else data.opinion_per_stance
    locs = _locations(pos, deck)
    where = {c: loc for loc, cards in locs.items() for c in cards}
    taken: dict[Card, Path_] = {}
    word = "platform" if deck is Deck.PLATFORM else "opinion"
    for t in targets:  # copies named first
        for j, (issue, stance, copy) in enumerate(t.specs):
            if copy is not None:
                card = Card(deck, issue, stance, copy)
                if card in taken:
                    raise read.place.error((*t.path, j), f"{card.id} is named twice: a card is in one place")
                taken[card] = (*t.path, j)
    order = [("deck",), ("discard",)]
    for t in targets:
        for j, (issue, stance, copy) in enumerate(t.specs):
            if copy is not None:
                t.cards.append(Card(deck, issue, stance, copy))
                continue
            copies = [c for c in deck_of(deck, (issue,), per) if c.stance is stance and c not in taken]
            if not copies:
                raise read.place.error((*t.path, j), f"no {issue}/{stance.value} {word} card is left: the deck has "
                                       f"{per} (DM1.3, DM1.4), all named already")
            copies.sort(key=lambda c: (where.get(c) != t.loc, where.get(c) not in order,
                                       order.index(where[c]) if where.get(c) in order else 0, c.copy))
            taken[copies[0]] = (*t.path, j)
            t.cards.append(copies[0])
    given = {t.loc for t in targets}
    holes: dict[Loc, list[int]] = {}
    for loc, cards in locs.items():
        if loc in given:
            locs[("deck",)][:0] = [c for c in cards if c not in taken]  # under the draw deck
            continue
        kept = [c for c in cards if c not in taken]
        if len(kept) != len(cards) and loc not in order:
            holes[loc] = [k for k, c in enumerate(cards) if c in taken]
        if loc in order or not holes.get(loc):
            locs[loc] = kept
    for loc in given:
        locs[loc] = []
    for loc, slots in holes.items():  # refilled from the draw deck's top, with cards that fit there
        cards = locs[loc]
        for k in slots:
            others = [c for m, c in enumerate(cards) if m not in slots or m < k]
            fits = (lambda c: all(c.issue != o.issue for o in others)) if loc[0] in ("platform", "up") \
                else (lambda c: True)
            draw = locs[("deck",)]
            m = next((m for m in range(len(draw) - 1, -1, -1) if draw[m] not in taken and fits(draw[m])), None)
            if m is None:
                raise read.place.error(("position",), f"no {word} card is left to replace those the scenario takes")
            cards[k] = draw.pop(m)
    for t in targets:
        locs[t.loc] = t.cards
    _write(pos, deck, locs)


def _write(pos: DieMacherPosition, deck: Deck, locs: dict[Loc, list[Card]]) -> None:
    if deck is Deck.PLATFORM:
        pos.platform_deck, pos.platform_discard = locs[("deck",)], locs[("discard",)]
        for i in range(pos.players):
            pos.platform[i], pos.hand[i] = locs[("platform", i)], locs[("hand", i)]
        return
    pos.opinion_deck, pos.opinion_discard, pos.pool = locs[("deck",)], locs[("discard",)], locs[("pool",)]
    for b, board in enumerate(pos.boards):
        up, down = locs[("up", b)], locs[("down", b)]
        extra = down[OPINION_SPACES - len(up):] if len(up) + len(down) > OPINION_SPACES else []
        down = down[:len(down) - len(extra)]
        pos.opinion_deck[:0] = extra  # a board keeps 4 opinions at most: the rest under the deck
        before = [c for c, _ in board.opinions]
        if before != up + down:
            board.key_issue = None
        board.opinions = [(c, True) for c in up] + [(c, False) for c in down]
    for s in range(len(pos.national)):
        pos.national[s] = locs[("national", s)]
