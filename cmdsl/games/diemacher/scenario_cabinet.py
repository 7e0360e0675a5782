"""A Die Macher scenario's shadow cabinet and coalitions (DM8, DM18.7–DM18.9): what a position
says of them (``read_cabinet``, called by ``scenario_read.py``) and what ``expect:`` checks of them
(``own_checks``, ``board_checks``, called by ``scenario.py``), each problem one located line.

In ``position:`` and ``expect:``:

* per party ``cabinet:`` its unused cabinet cards by id (``[speaker, chief-whip]``, DM8.6) and
  ``tiles:`` its coalition tiles left (0 to 4, DM1.9);
* per board ``cabinet:`` the cards placed there this round, one a party (DM8.1):
  ``{spd: speaker}`` face down, ``{spd: speaker/up}`` turned up and not yet resolved,
  ``{spd: speaker/used}`` resolved (DM8.2, DM8.3); ``tiles:`` the parties with a coalition
  tile there (``[cdu, spd]``, DM8.4); ``anti_coalition:`` (position only) the anti-coalition tile
  (DM8.5.6; it follows from ``round:`` otherwise, DM10.3, DM12.2);
* ``coalitions:`` this round's coalitions, each a pair (``[[cdu, spd]]``, DM8.5).

Left out of ``position:``, a party holds every card of its set not placed on a board (the
€25,000 card is not in the short game, DM12.1) and 4 tiles less those on the boards; a
coalition's partners hold their tiles on the election board (DM8.5.2)."""

from __future__ import annotations

from functools import partial
from typing import Any, Mapping

from ...errors import did_you_mean
from ...sets.scenario_checks import Check, equal
from ...sets.scenario_doc import Path_, list_at, shown, whole_at
from .coalitions import in_common
from .kinds import CABINET_CARDS_A_ROUND, COALITION_MIN_COMMON, COALITION_TILES
from .position import FACE_DOWN, TURNED_UP, USED, Board, DieMacherPosition, Phase
from .scenario_values import Reader

#: A card on a board as written: its id, then ``/up`` (turned up) or ``/used`` (resolved).
MARKS = {"": FACE_DOWN, "up": TURNED_UP, "used": USED}
WORDS = {FACE_DOWN: "", TURNED_UP: "/up", USED: "/used"}
FORM = "a cabinet card placed (speaker face down, speaker/up turned up, speaker/used resolved)"
PHASES = list(Phase)


def _at_or_after(pos: DieMacherPosition, phase: Phase) -> bool:
    return PHASES.index(pos.phase) >= PHASES.index(phase)


def _this_round(pos: DieMacherPosition) -> bool:
    """Whether the phase lies between this round's shadow cabinet and its end (DM5.1, DM10.1)."""
    return _at_or_after(pos, Phase.CABINET) and PHASES.index(pos.phase) <= PHASES.index(Phase.END_OF_ROUND)


def card_id(read: Reader, path: Path_, raw: Any) -> str:
    """A cabinet card of this game by its id (DM1.6; the €25,000 card not in the short game, DM12.1)."""
    cards = {c.id: c for c in read.data.cabinet}
    if not isinstance(raw, str) or raw not in cards:
        raise read.place.error(path, f"expected a cabinet card ({', '.join(cards)}), got {shown(raw)}",
                               did_you_mean(str(raw), list(cards)))
    if read.short and cards[raw].seven:
        raise read.place.error(path, f"{raw} is marked 7: it is removed in the short game (DM12.1)")
    return raw


def placed(read: Reader, path: Path_, raw: Any) -> tuple[str, int]:
    """A card on a board: ``speaker`` (face down), ``speaker/up`` or ``speaker/used``."""
    if isinstance(raw, list):
        if len(raw) != 1:
            raise read.place.error(path, f"a party places one cabinet card a board at most (DM8.1), got {len(raw)}")
        return placed(read, (*path, 0), raw[0])
    if not isinstance(raw, str):
        raise read.place.error(path, f"expected {FORM}, got {shown(raw)}")
    name, _, mark = raw.partition("/")
    if mark not in MARKS:
        raise read.place.error(path, f'a placed card is face down (speaker), turned up (speaker/up) or '
                               f'resolved (speaker/used), got "{mark}"', did_you_mean(mark, ["up", "used"]))
    return card_id(read, path, name), MARKS[mark]


def _cards(read: Reader, path: Path_, raw: Any) -> list[str]:
    ids = [card_id(read, (*path, j), c) for j, c in enumerate(list_at(read.place, path, raw))]
    for j, c in enumerate(ids):
        if c in ids[:j]:
            raise read.place.error((*path, j), f"{c} is named twice: a party has one of each card (DM1.6)")
    return ids


def _pairs(read: Reader, path: Path_, raw: Any) -> list[tuple[int, int]]:
    """``[[cdu, spd]]``: coalitions of two different parties, a party in one at most (DM8.5.1)."""
    pairs: list[tuple[int, int]] = []
    for j, pair in enumerate(list_at(read.place, path, raw)):
        at = (*path, j)
        parties = [read.party((*at, k), p) for k, p in enumerate(list_at(read.place, at, pair))]
        if len(parties) != 2 or parties[0] == parties[1]:
            raise read.place.error(at, "a coalition joins exactly two parties (DM8.5.1)")
        for p in parties:
            if any(p in other for other in pairs):
                raise read.place.error(at, f"{read.parties[p].value} is in two coalitions: a party in a coalition "
                                       "joins no other (DM8.5.4)")
        pairs.append((parties[0], parties[1]))
    return pairs


def _parties(read: Reader, path: Path_, raw: Any) -> list[int]:
    out = [read.party((*path, j), p) for j, p in enumerate(list_at(read.place, path, raw))]
    if len(set(out)) != len(out):
        raise read.place.error(path, "a party has one coalition tile a board at most (DM8.4)")
    return out


# ---- position: -----------------------------------------------------------------------------------


def read_cabinet(read: Reader, pos: DieMacherPosition, spec: dict[str, Any],
                 boards: dict[int, tuple[Path_, dict[str, Any]]]) -> None:
    """The position's cabinet cards, tiles and coalitions (after its money and platforms)."""
    down: dict[int, Path_] = {}  # each party's last face-down card, where it is written
    anti = pos.boards[0 if pos.short else 2]  # DM10.3, DM12.2: the board reset with the anti-coalition tile
    anti.anti_coalition = anti.in_play and pos.round >= (2 if pos.short else 4)
    for b, (at, bs) in boards.items():
        board = pos.boards[b]
        if "anti_coalition" in bs:
            if not isinstance(bs["anti_coalition"], bool):
                raise read.place.error((*at, "anti_coalition"), "expected true or false (the anti-coalition tile, "
                                       f"DM8.5.6), got {shown(bs['anti_coalition'])}")
            board.anti_coalition = bs["anti_coalition"]
        if "cabinet" in bs:
            _board_cabinet(read, pos, (*at, "cabinet"), bs["cabinet"], board, down)
        if "tiles" in bs:
            if pos.round == 0 or pos.round == 1 and not _at_or_after(pos, Phase.CABINET):
                raise read.place.error((*at, "tiles"), "a coalition tile comes with a telephone card, from round "
                                       "1's shadow cabinet on (DM8.4)")
            board.tiles = _parties(read, (*at, "tiles"), bs["tiles"])
    _coalitions(read, pos, spec, boards)
    _hands(read, pos, spec, down)


def _board_cabinet(read: Reader, pos: DieMacherPosition, path: Path_, raw: Any, board: Board,
                   down: dict[int, Path_]) -> None:
    if not _this_round(pos):
        raise read.place.error(path, "cabinet cards lie on the boards from the shadow cabinet to the end of the "
                               "round (DM8.1, DM8.6)")
    for i, (card, state) in read.by_party(path, raw, partial(placed, read)).items():
        at = (*path, pos.parties[i].value)
        if state != USED and pos.phase is not Phase.CABINET:
            raise read.place.error(at, f"after the shadow cabinet every card is resolved (DM8.3): {card}/used")
        for other in pos.boards:
            if any(j == i and c == card for j, c, _ in other.cabinet):
                raise read.place.error(at, f"{pos.parties[i].value} has one {card}: it is placed on another board "
                                       "already (DM1.6)")
        if sum(1 for bd in pos.boards for j, _, _ in bd.cabinet if j == i) >= CABINET_CARDS_A_ROUND:
            raise read.place.error(at, f"a party places {CABINET_CARDS_A_ROUND} cabinet cards a round at most (DM8.1)")
        board.cabinet.append((i, card, state))
        if state == FACE_DOWN:
            down[i] = at


def _coalitions(read: Reader, pos: DieMacherPosition, spec: dict[str, Any],
                boards: dict[int, tuple[Path_, dict[str, Any]]]) -> None:
    P: Path_ = ("position", "coalitions")
    board = pos.boards[pos.election]
    if "coalitions" in spec:
        if not _this_round(pos) or not _at_or_after(pos, Phase.MEDIA):
            raise read.place.error(P, "coalitions form in the coalitions phase and last to the end of the round "
                                   "(DM8.5): start at media or later to give them")
        if board.anti_coalition:
            raise read.place.error(P, "the election board holds the anti-coalition tile: no coalition forms there "
                                   "(DM8.5.6)")
        pos.coalitions = _pairs(read, P, spec["coalitions"])
        for j, (a, c) in enumerate(pos.coalitions):
            if in_common(pos.platform[a], pos.platform[c]) < COALITION_MIN_COMMON:
                raise read.place.error((*P, j), f"{pos.parties[a].value} and {pos.parties[c].value} share fewer than "
                                       f"{COALITION_MIN_COMMON} identical face-up platform cards (DM8.5.3)")
    if _this_round(pos) and _at_or_after(pos, Phase.MEDIA):  # DM8.5.2, DM8.5.5: the partners' tiles alone
        partners = sorted(p for pair in pos.coalitions for p in pair)
        at = boards.get(pos.election, (("position", "boards", str(pos.election + 1)), {}))
        if "tiles" not in at[1]:
            board.tiles = partners
        elif sorted(board.tiles) != partners:
            raise read.place.error((*at[0], "tiles"), "after the coalitions, the election board holds the tiles of "
                                   "the coalitions' partners only (DM8.5.2, DM8.5.5)")


def _hands(read: Reader, pos: DieMacherPosition, spec: dict[str, Any], spots: dict[int, Path_]) -> None:
    """Each party's unused cards and tiles left; face-down cards within its money (DM18.4)."""
    P: Path_ = ("position",)
    cards = {c.id: c for c in read.data.cabinet}
    hands = read.by_party((*P, "cabinet"), spec.get("cabinet"), partial(_cards, read))
    tiles = read.by_party((*P, "tiles"), spec.get("tiles"), lambda p, v: whole_at(read.place, p, v, 0, COALITION_TILES))
    for i, party in enumerate(pos.parties):
        out = [c for bd in pos.boards for j, c, _ in bd.cabinet if j == i]
        if i in hands:
            for j, c in enumerate(hands[i]):
                if c in out:
                    raise read.place.error((*P, "cabinet", party.value, j), f"{party.value}'s {c} is placed on a "
                                           "board: a card placed has left the party's hand (DM8.1, DM8.6)")
            pos.cabinet[i] = hands[i]
        else:
            pos.cabinet[i] = [c for c in pos.cabinet[i] if c not in out]
        on = sum(1 for bd in pos.boards if i in bd.tiles)
        if i in tiles and tiles[i] + on > COALITION_TILES:
            raise read.place.error((*P, "tiles", party.value), f"{party.value} has {on} tile(s) on the boards and "
                                   f"{tiles[i]} left: it has {COALITION_TILES} (DM1.9)")
        pos.tiles[i] = tiles.get(i, COALITION_TILES - on)
        down = sum(cards[c].cost for bd in pos.boards for j, c, s in bd.cabinet if j == i and s == FACE_DOWN)
        if down > pos.money[i]:
            raise read.place.error(spots[i], f"{party.value}'s face-down cabinet cards cost {down:,} €, more "
                                   f"than its {pos.money[i]:,} €: it places only what it can pay (DM18.4)")


# ---- expect: -------------------------------------------------------------------------------------


def own_checks(read: Reader, P: Path_, spec: Mapping[str, Any]) -> list[Check]:
    """``cabinet`` and ``tiles`` by party, ``coalitions``."""
    checks: list[Check] = []
    for i, ids in read.by_party((*P, "cabinet"), spec.get("cabinet"), partial(_cards, read)).items():
        checks.append(equal((*P, "cabinet", read.parties[i].value), sorted(ids),
                            partial(lambda i, o: sorted(o.position.cabinet[i]), i)))
    for i, n in read.by_party((*P, "tiles"), spec.get("tiles"),
                              lambda p, v: whole_at(read.place, p, v, 0, COALITION_TILES)).items():
        checks.append(equal((*P, "tiles", read.parties[i].value), n, partial(lambda i, o: o.position.tiles[i], i)))
    if "coalitions" in spec:
        want = sorted(sorted(read.parties[p].value for p in pair)
                      for pair in _pairs(read, (*P, "coalitions"), spec["coalitions"]))
        checks.append(equal((*P, "coalitions"), want, lambda o: sorted(sorted(o.position.parties[p].value
                                                                             for p in pair)
                                                                      for pair in o.position.coalitions)))
    return checks


def board_checks(read: Reader, at: Path_, b: int, bs: Mapping[str, Any]) -> list[Check]:
    """A board's ``key_issue`` (the card under the tile, or ``none``), ``tiles`` and ``cabinet``."""
    checks: list[Check] = []
    if "key_issue" in bs:
        raw = bs["key_issue"]
        want = None if raw in (None, "none") else _spec(read.card_spec((*at, "key_issue"), raw))
        checks.append(equal((*at, "key_issue"), _said(want), partial(lambda b, o: _said(_key_card(o.position, b)), b)))
    if "tiles" in bs:
        want_tiles = sorted(read.parties[i].value for i in _parties(read, (*at, "tiles"), bs["tiles"]))
        checks.append(equal((*at, "tiles"), want_tiles, partial(
            lambda b, o: sorted(o.position.parties[i].value for i in o.position.boards[b].tiles), b)))
    if "cabinet" in bs:
        got = read.by_party((*at, "cabinet"), bs["cabinet"], partial(placed, read))
        want_cab = {read.parties[i].value: c + WORDS[s] for i, (c, s) in got.items()}
        checks.append(equal((*at, "cabinet"), want_cab, partial(
            lambda b, o: {o.position.parties[i].value: c + WORDS[s] for i, c, s in o.position.boards[b].cabinet}, b)))
    return checks


def _key_card(pos: DieMacherPosition, b: int) -> str | None:
    board = pos.boards[b]
    if board.key_issue is None:
        return None
    card, _ = board.opinions[board.key_issue]
    return f"{card.issue}/{card.stance.value}"


def _said(card: str | None) -> str:
    return card if card is not None else "none"


def render(pos: DieMacherPosition) -> list[str]:
    """The report's lines for the cabinet and coalitions (``scenario_run.render_table``): only what
    differs from the setup, so that a report of a scenario without them is unchanged."""
    lines: list[str] = []
    full = [c.id for c in pos.data.cabinet if not (pos.short and c.seven)]
    if any(h != full for h in pos.cabinet) or any(t != COALITION_TILES for t in pos.tiles):
        lines.append("  cabinet cards unused: " + "; ".join(
            f"{p.value} {' '.join(pos.cabinet[i]) or '-'} (tiles {pos.tiles[i]})" for i, p in enumerate(pos.parties)))
    for b, board in enumerate(pos.boards):
        if board.cabinet or board.tiles:
            cards = " ".join(f"{pos.parties[i].value} {c}{WORDS[s] or '/down'}" for i, c, s in board.cabinet)
            tiles = " ".join(pos.parties[i].value for i in board.tiles)
            lines.append(f"  board {b + 1} cabinet: {cards or '-'}; coalition tiles: {tiles or '-'}")
    if pos.coalitions:
        lines.append("  coalitions: " + ", ".join(f"{pos.parties[a]} + {pos.parties[c]}" for a, c in pos.coalitions))
    return lines


def _spec(spec: tuple[Any, ...]) -> str:
    return f"{spec[0]}/{spec[1].value}"
