"""The invariant observer of Die Macher games (issue 56 item 4): after every event, the position is
checked against what the rules never allow — money below 0 (DM18.4), popularity beyond ±3 (DM2.1),
votes beyond 50 (DM6.4), more than 10 rally markers of a party on a board or 4 placed there in a
round (DM7.4.2), a supply below 0 (DM1.10), more than 5 media markers bought onto a board
(DM7.3.3; more only after the preliminary step, DM4.5), a platform not on 5 different issues
(DM3.2, DM7.2.3), an exchange pool not of 6 (DM2.3), a cabinet card twice or more than 4 out
(DM8.1, DM8.6), coalition tiles beyond 4 (DM18.9), a party in two coalitions (DM8.5.4) — and every
card is in exactly one place."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cmdsl.game.audience import Event
from cmdsl.games.diemacher import events as E
from cmdsl.games.diemacher.cards import Deck, deck_of
from cmdsl.games.diemacher.position import DieMacherPosition, Phase


class Broken(AssertionError):
    pass


class Invariants:
    """An observer (``diemacher_game(observer=…)``) that checks the position after every event."""

    def __init__(self) -> None:
        self.events = 0
        self.media_cap: dict[int, int] = {}  # board → the most media markers it may hold (DM4.5)

    def __call__(self, game: Any, event: Event) -> None:
        self.events += 1
        pos: DieMacherPosition = game.position
        check(pos, event)
        if pos.phase is Phase.PRELIMINARY:
            return
        for b, board in enumerate(pos.boards):
            if isinstance(event, E.BoardCleared) and event.board == b + 1:
                self.media_cap[b] = 5
            held = board.media_total()
            cap = self.media_cap.setdefault(b, max(5, held))
            if held > cap:
                raise Broken(f"DM7.3.3, DM4.5: board {b + 1} holds {held} media markers (at most {cap}) after: "
                             f"{event.text()}")
            self.media_cap[b] = max(5, min(cap, held))

def check(pos: DieMacherPosition, event: Event | None = None) -> None:
    where = f" (after: {event.text()})" if event is not None else ""
    n = pos.players
    for i in range(n):
        if pos.money[i] < 0:
            raise Broken(f"DM18.4: {pos.parties[i]} has {pos.money[i]}{where}")
        if pos.members[i] < 0:
            raise Broken(f"DM18.18: {pos.parties[i]} has {pos.members[i]} members{where}")
        if pos.rally_supply(i) < 0:
            raise Broken(f"DM1.10: {pos.parties[i]} has more than 18 rally markers out{where}")
        if pos.media_supply(i) < 0:
            raise Broken(f"DM1.10: {pos.parties[i]} has more than 5 media markers out{where}")
        issues = {c.issue for c in pos.platform[i]}
        if pos.phase is not Phase.PRELIMINARY or pos.platform[i]:
            if len(pos.platform[i]) == 5 and len(issues) != 5:
                raise Broken(f"DM3.2: {pos.parties[i]}'s platform is not on 5 issues{where}")
    for b, board in enumerate(pos.boards):
        for i in range(n):
            if not -3 <= board.popularity[i] <= 3:
                raise Broken(f"DM2.1: popularity {board.popularity[i]} on board {b + 1}{where}")
            if not 0 <= board.votes[i] <= 50:
                raise Broken(f"DM6.4: {board.votes[i]} votes on board {b + 1}{where}")
            if board.rallies[i] > 10 and pos.phase is not Phase.PRELIMINARY:
                raise Broken(f"DM7.4.2: {board.rallies[i]} rally markers on board {b + 1}{where}")
            if board.placed[i] > 4:
                raise Broken(f"DM7.4.2: {board.placed[i]} rally markers placed on board {b + 1} this round{where}")
        if board.in_play and len(board.opinions) > 4:
            raise Broken(f"DM2.1: board {b + 1} has {len(board.opinions)} opinion cards{where}")
        up = board.face_up()
        if len({c.issue for c in up}) != len(up):
            raise Broken(f"DM3.5: two face-up opinions on one issue on board {b + 1}{where}")
    if pos.phase is not Phase.PRELIMINARY and len(pos.pool) != 6:
        raise Broken(f"DM2.3: the exchange pool holds {len(pos.pool)} cards{where}")
    for k, stack in enumerate(pos.national):
        if any(not c.identical(stack[0]) for c in stack):
            raise Broken(f"DM9.5.1: national space {k + 1} mixes cards{where}")
    issues = [s[0].issue for s in pos.national if s]
    if len(set(issues)) != len(issues):
        raise Broken(f"DM9.5.2: two national spaces hold one issue{where}")
    cabinet = {c.id for c in pos.data.cabinet}
    for i in range(n):
        placed = [c for b in pos.boards for j, c, _ in b.cabinet if j == i]
        mine = pos.cabinet[i] + placed
        if len(set(mine)) != len(mine) or not set(mine) <= cabinet:
            raise Broken(f"DM8.6: {pos.parties[i]}'s cabinet cards are not each once{where}")
        if len(placed) > 4:
            raise Broken(f"DM8.1: {pos.parties[i]} has {len(placed)} cabinet cards out{where}")
        if pos.tiles[i] < 0 or pos.tiles[i] + sum(i in b.tiles for b in pos.boards) > 4:
            raise Broken(f"DM1.9, DM18.9: {pos.parties[i]}'s coalition tiles{where}")
    for b, board in enumerate(pos.boards):
        owners = [j for j, _, _ in board.cabinet]
        if len(set(owners)) != len(owners):
            raise Broken(f"DM8.1: two cabinet cards of one party on board {b + 1}{where}")
    joined = [p for pair in pos.coalitions for p in pair]
    if len(set(joined)) != len(joined):
        raise Broken(f"DM8.5.4: a party in two coalitions{where}")
    data = pos.data
    platform = Counter(pos.platform_deck + pos.platform_discard + [c for p in pos.platform for c in p]
                       + [c for h in pos.hand for c in h])
    if platform != Counter(deck_of(Deck.PLATFORM, data.issue_ids, data.platform_per_stance)):
        raise Broken(f"DM1.3: the platform cards are not each in one place{where}")
    opinion = Counter(pos.opinion_deck + pos.opinion_discard + pos.pool
                      + [c for b in pos.boards for c, _ in b.opinions] + [c for s in pos.national for c in s])
    if opinion != Counter(deck_of(Deck.OPINION, data.issue_ids, data.opinion_per_stance)):
        raise Broken(f"DM1.4: the opinion cards are not each in one place{where}")
    polls = Counter(p.id for p in pos.poll_deck + pos.poll_discard + [b.poll for b in pos.boards if b.poll]
                    + ([pos.looking] if pos.looking else []))
    if polls != Counter(p.id for p in data.polls if not (pos.short and p.seven)):
        raise Broken(f"DM1.7: the polls are not each in one place{where}")
