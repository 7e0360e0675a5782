"""Die Macher scenarios as data (docs/scenarios.md's one form): a seeded setup (``seed:``,
``players:``, ``short:``, ``parties:``) taken to the start of a phase, with the designer's
overrides (``position:``, read by ``scenario_read.py``), the answers to give (``answers:``, each
optionally with its party), the dice (``forced:``, chance outcomes in order) and what must hold
afterwards (``expect:``: the common keys and Die Macher's own). Every problem is one located line.

A file says ``game: diemacher`` at its top. Running one is ``scenario_run.py``. For the plug-in:
``scenario_reports`` (what ``sets.scenario_report.scenario_reader`` reads a file with) and
``case_runner`` (``cmdsl test``'s runner of a set's cases)."""

from __future__ import annotations

from dataclasses import field
from functools import cache, partial
from pathlib import Path
from typing import Any, Final, Mapping

from ...errors import did_you_mean
from ...game.fields import MAX_SEED
from ...sets.safe_yaml import compose
from ...sets.scenario_checks import Check, Refused, equal, refused_in
from ...sets.scenario_doc import (FILE_KEYS, Path_, Place, ScenarioDoc, ScenarioError, keys_of, list_at, marks,
                                  plain, read_doc, shown, whole_at)
from ...sets.scenario_expect import ScenarioForm, SeatView, expect_checks
from ...sets.text_files import MAX_SCENARIO_BYTES, read_text
from ...values import value
from . import events as E
from .cards import Card, Deck
from .data import DieMacherData, load_data
from .game import DieMacher, diemacher_game, diemacher_of
from .parties import MAX_PLAYERS, MIN_PLAYERS, PARTIES, Party, parties_for
from .position import DieMacherPosition
from .scenario_cabinet import board_checks, own_checks
from .scenario_read import bounded, read_position
from .scenario_values import PHASE_NAMES, Reader, Spec
from .scoring import score_lines

GAME: Final = "diemacher"
SCENARIO_KEYS: Final = ("name", "seed", "players", "short", "parties", "position", "forced", "answers", "expect")
OWN_EXPECT_KEYS: Final = ("boards", "money", "members", "seats", "national", "national_media", "winner", "scores",
                          "round", "phase", "first", "election", "hands", "platform", "pool", "contributions",
                          "cabinet", "tiles", "coalitions")
EXPECT_BOARD_KEYS: Final = ("state", "votes", "popularity", "rallies", "media", "opinions", "down", "on_top",
                            "key_issue", "tiles", "cabinet")
SCORE_PARTS: Final = ("seats", "media", "members", "bonus", "platform", "total")
#: ``decks: {PILE: N}``: the draw decks (top first) and discard piles of the game.
PILES: Final = ("platform", "opinion", "polls", "states", "platform_discard", "opinion_discard", "poll_discard")
NOBODY: Final = "none"

Answer = tuple[Party | None, str]  # an answer: its party (None: whoever's decision is pending), the option id


@value
class DieMacherScenario:
    """One scenario, checked: its position, its answers, its forced dice and its checks."""

    file: str
    name: str
    position: DieMacherPosition | None = field(compare=False)  # None: refused as it was read (``refusal``)
    answers: tuple[Answer, ...]
    forced: tuple[str, ...]
    place: Place = field(default_factory=Place, compare=False)
    expect: tuple[Check, ...] = ()
    refused: Refused | None = None
    refusal: str | None = None

    @property
    def id(self) -> str:
        return f"{Path(self.file).stem}::{self.name}"


def load_diemacher_scenarios(path: str | Path, data: DieMacherData | None = None) -> list[DieMacherScenario]:
    """Every scenario of a Die Macher scenario file, checked; a located error for the first problem."""
    doc = read_file(path)
    data = data if data is not None else load_data()
    return [_scenario(doc, i, data) for i in range(len(doc.items))]


def load_diemacher_scenario(path: str | Path, index: int, data: DieMacherData | None = None) -> DieMacherScenario:
    """The file's scenario at ``index`` (from 0), checked; the others are not looked at."""
    doc = read_file(path)
    doc.check_index(index)
    return _scenario(doc, index, data if data is not None else load_data())


def read_file(path: str | Path) -> ScenarioDoc:
    """A Die Macher scenario file: ``read_doc`` when the game is registered; else read the same way
    (size, nesting, no aliases), its ``game:`` required to be ``diemacher``."""
    from ... import plugins

    if GAME in plugins.games():
        doc = read_doc(path)
        doc.require_game(GAME)
        return doc
    p = Path(path)  # the plug-in is not registered in this install (yet): the same reading, by hand
    from ...errors import Located, shown_path
    label = shown_path(p)
    if not p.is_file():
        raise ScenarioError("no such file" if not p.exists() else "not a file", Located(label))
    text = read_text(p, max_bytes=MAX_SCENARIO_BYTES, label=label, item_keys=("name",))
    root = compose(text, label, item_keys=("name",))
    top = Place(label, None, marks(root, ()) if root is not None else {})
    raw = keys_of(top, (), plain(root), FILE_KEYS)
    if raw.get("game") != GAME:
        raise top.error(("game",), f"expected game: {GAME} at the top of a Die Macher scenario file, got "
                        f"{shown(raw.get('game'))}")
    items = raw.get("scenarios")
    if not isinstance(items, list):
        raise top.error(("scenarios",), "expected a list of scenarios")
    return ScenarioDoc(label, text.split("\n"), root, top, GAME, items)


@cache
def _setup(seed: int, players: int, short: bool, parties: tuple[Party, ...], data: DieMacherData) -> DieMacherPosition:
    """The seeded setup (DM3), at the start of the preliminary step: never changed (copied)."""
    game = diemacher_game(seed, players, short=short, parties=parties, data=data, ask_chance=True)
    cp = diemacher_of(game).checkpoint
    assert cp is not None
    return cp[0]


def _scenario(doc: ScenarioDoc, i: int, data: DieMacherData) -> DieMacherScenario:
    place = doc.place(i)
    raw = keys_of(place, (), doc.items[i], SCENARIO_KEYS)
    if "players" not in raw:
        raise place.error((), f"say how many play: players: {MIN_PLAYERS} to {MAX_PLAYERS}")
    players = whole_at(place, ("players",), raw["players"], MIN_PLAYERS, MAX_PLAYERS)
    short = raw.get("short", False)
    if not isinstance(short, bool):
        raise place.error(("short",), f"expected true or false (the 5-round game, DM12), got {shown(short)}")
    seed = whole_at(place, ("seed",), raw.get("seed", 0), 0, MAX_SEED)
    parties = _parties(place, players, raw.get("parties"))
    read = Reader(place, data, parties, short)
    start = _setup(seed, players, short, parties, data)
    refused = refused_in(place, ("expect",), raw.get("expect") or {})
    answers = tuple(_answer(read, ("answers", j), a) for j, a in enumerate(list_at(place, ("answers",), raw.get("answers"))))
    forced = tuple(_forced(place, ("forced", j), f) for j, f in enumerate(list_at(place, ("forced",), raw.get("forced"))))
    try:
        position = read_position(read, start, raw.get("position"))
    except ScenarioError as e:
        if refused is None:
            raise
        expect = ExpectForm(read, start).checks(raw.get("expect"))
        return DieMacherScenario(place.file, place.name or "", None, answers, forced, place, expect, refused, e.message)
    expect = ExpectForm(read, position).checks(raw.get("expect"))
    return DieMacherScenario(place.file, place.name or "", position, answers, forced, place, expect, refused)


def _parties(place: Place, players: int, raw: Any) -> tuple[Party, ...]:
    if raw is None:
        return parties_for(players)
    names = [p.value for p in PARTIES]
    chosen: list[Party] = []
    for j, name in enumerate(list_at(place, ("parties",), raw)):
        if name not in names:
            raise place.error(("parties", j), f"expected a party ({', '.join(names)}), got {shown(name)}",
                              did_you_mean(str(name), names))
        chosen.append(Party(name))
    try:
        return parties_for(players, tuple(chosen))
    except ValueError as e:
        raise place.error(("parties",), f"{e} (DM18.1)") from None


def _answer(read: Reader, path: Path_, raw: Any) -> Answer:
    """An option id (``bid:3000``), or one party → option id (``{spd: bid:3000}``)."""
    if isinstance(raw, dict) and len(raw) == 1:
        [(party, option)] = raw.items()
        i = read.party((*path, party), party)
        return read.parties[i], _option((*path, party), read.place, option)
    return None, _option(path, read.place, raw)


def _option(path: Path_, place: Place, raw: Any) -> str:
    if isinstance(raw, bool) or not isinstance(raw, (str, int)) or raw == "":
        raise place.error(path, f"expected an option id (bid:3000), or a party and its option id ({{spd: bid:0}}), "
                          f"got {shown(raw)}")
    return str(raw)


def _forced(place: Place, path: Path_, raw: Any) -> str:
    outcomes = sorted(DieMacher.chance_outcomes)
    if not isinstance(raw, str) or raw not in outcomes:
        raise place.error(path, f"expected a chance outcome ({DieMacher.chance_hint}), got {shown(raw)}",
                          did_you_mean(str(raw), outcomes))
    return raw


# ---- expect: Die Macher's own keys ---------------------------------------------------------------


def card_name(card: Card) -> str:
    """A card as scenarios name it: its issue and stance (copies are alike: DM1.2)."""
    return f"{card.issue}/{card.stance.value}"


def spec_name(spec: Spec) -> str:
    return f"{spec[0]}/{spec[1].value}"


def names(cards: Any) -> list[str]:
    return sorted(card_name(c) for c in cards)


@value
class ExpectForm:
    """Die Macher's ``expect:``: the common keys (``scenario_expect``) and its own, which read the
    outcome of ``scenario_run`` (its ``position``, ``game`` and ``events``). Boards named by their
    state are those of the scenario's start (``start``)."""

    read: Reader = field(compare=False)
    start: DieMacherPosition = field(compare=False)

    def checks(self, raw: Any) -> tuple[Check, ...]:
        return expect_checks(self.read.place, raw, self.form())

    def form(self) -> ScenarioForm[Any]:
        return ScenarioForm(tuple(p.value for p in self.read.parties), E, self.card_ids, _seat_view, PILES, _pile,
                            OWN_EXPECT_KEYS, self.own, seat=lambda place, path, raw: self.read.parties[
                                self.read.party(path, raw)].value)

    def card_ids(self, place: Place, path: Path_, where: str, raw: Any) -> list[str]:
        if where in ("polls", "poll_discard"):
            return [self.read.poll((*path, j), p).id for j, p in enumerate(list_at(place, path, raw))]
        if where == "states":
            return [self.read.state((*path, j), s).id for j, s in enumerate(list_at(place, path, raw))]
        deck = Deck.OPINION if where.startswith("opinion") else Deck.PLATFORM
        return [spec_name(s) for s in self.read.card_specs(path, raw, deck)]

    def own(self, place: Place, P: Path_, spec: Mapping[str, Any]) -> list[Check]:
        read = self.read
        checks: list[Check] = []
        whole = partial(bounded, place)
        for key, low, high in (("money", 0, 10_000_000), ("members", 0, 10_000)):
            for i, v in read.by_party((*P, key), spec.get(key), whole(low, high)).items():
                checks.append(equal((*P, key, read.parties[i].value), v,
                                    partial(lambda key, i, o: getattr(o.position, key)[i], key, i)))
        if "boards" in spec:
            checks += self.boards((*P, "boards"), spec["boards"])
        for i, won in read.by_party((*P, "seats"), spec.get("seats"), self.seats).items():
            at = (*P, "seats", read.parties[i].value)
            if isinstance(won, list):
                checks.append(equal(at, won, partial(lambda i, o: o.position.seats_won[i], i)))
            else:
                checks.append(equal(at, won, partial(lambda i, o: sum(o.position.seats_won[i]), i)))
        if "national" in spec:
            want = [[spec_name(s) for s in stack] for stack in read.national_spaces((*P, "national"), spec["national"])]
            checks.append(equal((*P, "national"), want,
                                lambda o: [[card_name(c) for c in st] for st in o.position.national]))
        if "national_media" in spec:
            checks += self.national_media((*P, "national_media"), spec["national_media"])
        if "winner" in spec:
            checks.append(self.winner((*P, "winner"), spec["winner"]))
        for i, parts in read.by_party((*P, "scores"), spec.get("scores"), self.score).items():
            for part, n in parts.items():
                at = (*P, "scores", read.parties[i].value) + (() if len(parts) == 1 and part == "total"
                                                               and not isinstance(spec["scores"][read.parties[i].value],
                                                                                  dict) else (part,))
                checks.append(equal(at, n, partial(lambda i, part, o: getattr(score_lines(o.position)[i], part),
                                                   i, part)))
        checks += self.progress(place, P, spec)
        checks += own_checks(read, P, spec)
        for key in ("hands", "platform"):
            for i, cards in read.by_party((*P, key), spec.get(key),
                                          lambda p, v: read.card_specs(p, v, Deck.PLATFORM)).items():
                attr = "hand" if key == "hands" else "platform"
                checks.append(equal((*P, key, read.parties[i].value), sorted(spec_name(s) for s in cards),
                                    partial(lambda attr, i, o: names(getattr(o.position, attr)[i]), attr, i)))
        if "pool" in spec:
            pool = sorted(spec_name(s) for s in read.card_specs((*P, "pool"), spec["pool"], Deck.OPINION))
            checks.append(equal((*P, "pool"), pool, lambda o: names(o.position.pool)))
        for i, ids in read.by_party((*P, "contributions"), spec.get("contributions"),
                                    lambda p, v: [read.contribution((*p, j), c).id
                                                  for j, c in enumerate(list_at(place, p, v))]).items():
            checks.append(equal((*P, "contributions", read.parties[i].value), sorted(ids),
                                partial(lambda i, o: sorted(c.id for c in o.position.contributions[i]), i)))
        return checks

    def progress(self, place: Place, P: Path_, spec: Mapping[str, Any]) -> list[Check]:
        """``round``, ``phase``, ``first`` and ``election``: where the game has got to."""
        read = self.read
        checks: list[Check] = []
        whole = partial(bounded, place)
        if "round" in spec:
            checks.append(equal((*P, "round"), whole(0, 7)((*P, "round"), spec["round"]), lambda o: o.position.round))
        if "phase" in spec:
            phase = spec["phase"]
            if phase not in PHASE_NAMES and phase != "final scoring":
                raise place.error((*P, "phase"), f"expected a phase, got {shown(phase)}",
                                  did_you_mean(str(phase), list(PHASE_NAMES)))
            value_ = "final scoring" if phase == "final scoring" else PHASE_NAMES[phase].value
            checks.append(equal((*P, "phase"), value_, lambda o: o.position.phase.value))
        if "first" in spec:
            i = read.party((*P, "first"), spec["first"])
            checks.append(equal((*P, "first"), read.parties[i].value, lambda o: o.position.parties[o.position.first].value))
        if "election" in spec:
            b = read.board_key((*P, "election"), spec["election"], [bd.state for bd in self.start.boards])
            checks.append(equal((*P, "election"), b + 1, lambda o: o.position.election + 1))
        return checks

    def seats(self, path: Path_, raw: Any) -> int | list[int]:
        """A party's seats: their total over the elections (DM11.1), or a list, one per election."""
        if isinstance(raw, list):
            return [whole_at(self.read.place, (*path, j), s, 0, 1000) for j, s in enumerate(raw)]
        return whole_at(self.read.place, path, raw, 0, 1000)

    def score(self, path: Path_, raw: Any) -> dict[str, int]:
        """A final score (DM11): its total, or some of its parts."""
        if not isinstance(raw, dict):
            return {"total": whole_at(self.read.place, path, raw, 0, 10_000)}
        parts = keys_of(self.read.place, path, raw, SCORE_PARTS)
        return {k: whole_at(self.read.place, (*path, k), v, 0, 10_000) for k, v in parts.items()}

    def boards(self, P: Path_, raw: Any) -> list[Check]:
        read = self.read
        if not isinstance(raw, dict):
            raise read.place.error(P, "expected a mapping of boards (1: {votes: {cdu: 12}}, or bayern: {…})")
        checks: list[Check] = []
        for key, body in raw.items():
            at = (*P, str(key))
            b = read.board_key(at, key, [bd.state for bd in self.start.boards])
            bs = keys_of(read.place, at, body, EXPECT_BOARD_KEYS)
            if "state" in bs:
                want = NOBODY if bs["state"] in (None, NOBODY) else read.state((*at, "state"), bs["state"]).id
                checks.append(equal((*at, "state"), want, partial(
                    lambda b, o: NOBODY if o.position.boards[b].state is None else o.position.boards[b].state.id, b)))
            for attr, low, high in (("votes", 0, 50), ("popularity", -3, 3), ("rallies", 0, 18), ("media", 0, 20)):
                for i, v in read.by_party((*at, attr), bs.get(attr), bounded(read.place, low, high)).items():
                    checks.append(equal((*at, attr, read.parties[i].value), v,
                                        partial(lambda b, attr, i, o: getattr(o.position.boards[b], attr)[i], b, attr, i)))
            if "opinions" in bs:
                want_up = sorted(spec_name(s) for s in read.card_specs((*at, "opinions"), bs["opinions"], Deck.OPINION))
                checks.append(equal((*at, "opinions"), want_up, partial(lambda b, o: names(o.position.boards[b].face_up()), b)))
            if "down" in bs:
                n = whole_at(read.place, (*at, "down"), bs["down"], 0, 4)
                checks.append(equal((*at, "down"), n, partial(
                    lambda b, o: sum(1 for _, up in o.position.boards[b].opinions if not up), b)))
            if "on_top" in bs:  # DM6.5: the parties in their order on the vote track, the leader first
                order = [read.parties[read.party((*at, "on_top", j), p)].value
                         for j, p in enumerate(list_at(read.place, (*at, "on_top"), bs["on_top"]))]
                checks.append(equal((*at, "on_top"), order, partial(lambda b, n, o: _track(o.position, b)[:n],
                                                                    b, len(order))))
            checks += board_checks(read, at, b, bs)
        return checks

    def national_media(self, P: Path_, raw: Any) -> list[Check]:
        read = self.read
        if not isinstance(raw, dict):
            raise read.place.error(P, "expected a mapping of elections to parties (1: [cdu, spd])")
        checks: list[Check] = []
        for k, parties in raw.items():
            at = (*P, str(k))
            r = whole_at(read.place, at, int(k) if isinstance(k, str) and k.isdigit() else k, 1, 7)
            group = sorted(read.parties[read.party((*at, j), p)].value
                           for j, p in enumerate(list_at(read.place, at, parties)))
            checks.append(equal(at, group, partial(lambda r, o: sorted(o.position.parties[i].value for i in
                                                                       o.position.national_media[r - 1]), r)))
        return checks

    def winner(self, path: Path_, raw: Any) -> Check:
        """``winner: cdu`` (or a list: a shared win, DM18.23; ``none``: the game is not over)."""
        read = self.read
        if raw == NOBODY:
            want: list[str] | None = None
        else:
            items = raw if isinstance(raw, list) else [raw]
            want = sorted(read.parties[read.party((*path, j) if isinstance(raw, list) else path, p)].value
                          for j, p in enumerate(items))

        def test(o: Any) -> str | None:
            result = o.game.result
            if result is None:
                return None if want is None else f"expected {', '.join(want)} to win, but the game is not over"
            got = sorted(p.value for p in result.winners)
            if want is None:
                return f"expected the game not to be over, got {', '.join(got)} winning"
            return None if got == want else f"expected {', '.join(want)} to win, got {', '.join(got) or 'nobody'}"
        return Check(path, test)


def _track(pos: DieMacherPosition, b: int) -> list[str]:
    from .formulas import ranking
    return [pos.parties[i].value for i in ranking(pos.boards[b], range(pos.players))]


def _seat_view(out: Any, seat: str) -> SeatView:
    """What ``view:`` reads of a party's view (DM18.26): its hand, every hand's size, its log."""
    pos = out.position
    me = next(i for i, p in enumerate(pos.parties) if p.value == seat)
    party = pos.parties[me]
    return SeatView(tuple(card_name(c) for c in pos.hand[me]), {p.value: len(pos.hand[i]) for i, p in enumerate(pos.parties)},
                    tuple(e.redacted(party) for e in out.events))


def _pile(out: Any, name: str) -> list[str]:
    pos = out.position
    if name in ("polls", "poll_discard"):
        polls = pos.poll_deck if name == "polls" else pos.poll_discard
        return [p.id for p in reversed(polls)]
    if name == "states":
        return [s.id for s in reversed(pos.state_deck)]
    cards = {"platform": pos.platform_deck, "opinion": pos.opinion_deck, "platform_discard": pos.platform_discard,
             "opinion_discard": pos.opinion_discard}[name]
    return [card_name(c) for c in reversed(cards)]
