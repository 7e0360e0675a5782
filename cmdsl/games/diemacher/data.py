"""The data of a Die Macher set (``cards/diemacher/``): the manifest ``diemacher.yaml`` and one
file per component kind (issues, states, national board, polls, contributions), read safely,
checked, and turned into one frozen ``DieMacherData`` that the rules take as an argument.

Every value the seed lost is the project's own and says so (``source: auth``, DM18 Part B); the
constants the seed prints are the rules' (``rules_constants.py``). Every problem is one
``CardError`` naming the file, line, column and item, with the line and a caret.
"""

from __future__ import annotations

from dataclasses import field, fields, is_dataclass, replace
from enum import Enum
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Final

import yaml

from ...errors import CardError, Located, shown_path
from ...resources import bundled_cards_dir
from ...sets.health_targets import HEALTH_KEY
from ...sets.meaning import Plain, meaning_fingerprint, same_set
from ...sets.node_reader import NodeReader
from ...sets.safe_yaml import compose
from ...sets.text_files import read_text
from ...values import value
from .cabinet_cards import CabinetCard, load_cabinet
from .data_file import CABINET_FILE, COMPONENT_FILES, DATA_FILE
from .parties import PARTIES, Party

MAX_BYTES: Final = 64 * 1024
_ITEM_KEYS: Final = ("id", "amount", "recruits", "media")
MAX_VOTES: Final = 50  # DM2.1, DM6.4: the vote track
#: A card's dice (DM1.7, DM1.8): a bound so that a chance decision stays small.
MAX_CARD_DICE: Final = 6
MIN_ISSUES: Final = 5  # DM3.2: a platform shows 5 cards on 5 different issues
STATES_USED: Final = 7  # DM2.4: 7 elections (the short game's 5 are among them)
SPACES: Final = 5  # DM2.2: the national-opinion spaces
ROUNDS_FULL: Final = 7  # DM5.2
ROUNDS_SHORT: Final = 5  # DM12.3
POLLS_PER_ROUND: Final = 4  # DM7.5.1


@value
class Issue:
    """DM1.2: a political issue and how its two stances are named (no rule effect)."""

    id: str
    en: str
    fr: str
    stance_en: tuple[str, str]  # for, against
    stance_fr: tuple[str, str]
    authored: bool


@value
class State:
    """DM1.5: a state card: its name and its votes → seats table, as bands (from votes, seats)."""

    id: str
    name: str
    max_seats: int
    bands: tuple[tuple[int, int], ...]
    authored: bool

    def seats(self, votes: int) -> int:
        """DM9.1: the seats the table gives for ``votes``."""
        table = self._by_votes
        return table[votes] if 0 <= votes <= 50 else self._seats(votes)

    @cached_property
    def _by_votes(self) -> list[int]:
        """The bands read once into a list by votes (0 to 50, DM6.4): a search asks for the seats of
        every board at every position it scores."""
        return [self._seats(v) for v in range(51)]

    def _seats(self, votes: int) -> int:
        got = 0
        for start, seats in self.bands:
            if votes < start:
                break
            got = seats
        return got


@value
class Poll:
    """DM1.7: an opinion poll: a popularity modifier per party, how many the buyer may apply when
    publishing (``publish``), how many dice for members when shelved (``dice``, DM18.10)."""

    id: str
    modifiers: tuple[tuple[Party, int], ...]
    publish: int
    dice: int
    seven: bool  # DM12.1: kept in the 7-round game only

    def __hash__(self) -> int:
        return hash(self.id)  # ids are unique in a set (checked), and a string keeps its hash: re-deals ask often

    def modifier(self, party: Party) -> int:
        for p, m in self.modifiers:
            if p is party:
                return m
        return 0


@value
class Contribution:
    """DM1.8: a contribution card (each party holds one set of them)."""

    amount: int
    loss_dice: int
    gain_dice: int
    seven: bool

    @property
    def id(self) -> str:
        return f"{self.amount // 1000}k"


@value
class OpinionSpace:
    """DM2.2: a national-opinion space: members a match recruits (DM9.6), points at the end (DM11.4)."""

    recruits: int
    points: int


@value
class Bundle:
    """DM4.3: a preliminary column-2 bundle."""

    media: int
    members: int


@value
class DieMacherData:
    """Everything about a Die Macher set that is data, not rules. Shared, never changed."""

    name: str
    issues: tuple[Issue, ...]
    platform_per_stance: int
    opinion_per_stance: int
    states: tuple[State, ...]
    media_per_group: int
    stars_full: tuple[int, ...]
    stars_short: tuple[int, ...]
    spaces: tuple[OpinionSpace, ...]
    polls: tuple[Poll, ...]
    contributions: tuple[Contribution, ...]
    prelim_popularity: int
    prelim_votes: int
    prelim_rallies: int
    bundles: tuple[Bundle, ...]
    #: DM1.6: the shadow-cabinet cards, the same set for every party (``cabinet_cards.py``).
    cabinet: tuple[CabinetCard, ...] = ()
    #: What each value's origin is, for the docs and `cmdsl check` (``source:`` in the files).
    authored: tuple[str, ...] = field(default=(), compare=False)
    fingerprint: str = field(default="", compare=False)

    @cached_property
    def cabinet_by_id(self) -> dict[str, CabinetCard]:
        """DM1.6: the shadow-cabinet cards by id (read at each card placed, each one valued)."""
        return {c.id: c for c in self.cabinet}

    @property
    def issue_ids(self) -> tuple[str, ...]:
        return tuple(i.id for i in self.issues)

    def issue(self, issue_id: str) -> Issue:
        for i in self.issues:
            if i.id == issue_id:
                return i
        raise KeyError(issue_id)

    def state(self, state_id: str) -> State:
        for s in self.states:
            if s.id == state_id:
                return s
        raise KeyError(state_id)

    def stars(self, short: bool) -> tuple[int, ...]:
        return self.stars_short if short else self.stars_full

    def same_as_recorded(self, recorded: str) -> bool:
        return same_set(recorded, self.fingerprint, "")


def bundled_set() -> Path:
    """The set shipped with cmdsl (package data in a wheel, ``cards/diemacher`` in a checkout)."""
    return bundled_cards_dir("diemacher")


def load_data(folder: Path | None = None) -> DieMacherData:
    """The Die Macher data of the set in ``folder`` (default: the bundled set); raises one
    located ``CardError``."""
    folder = folder if folder is not None else bundled_set()
    texts = []
    for name in (DATA_FILE, *COMPONENT_FILES):
        path = folder / name
        label = shown_path(path)
        texts.append((label, read_text(path, max_bytes=MAX_BYTES, label=label, item_keys=_ITEM_KEYS)))
    data = _read(tuple(texts))
    cabinet = load_cabinet(folder)  # DM1.6: its effects parsed, checked and compiled
    # DM1.6: every cabinet card is the project's own (its file says so, card by card)
    with_cabinet = replace(data, cabinet=cabinet,
                           authored=tuple(sorted((*data.authored, shown_path(folder / CABINET_FILE)))))
    return replace(with_cabinet, fingerprint=meaning_fingerprint(meaning(with_cabinet)))


@lru_cache(maxsize=8)
def _read(texts: tuple[tuple[str, str], ...]) -> DieMacherData:
    """The data the files' texts say, read once per names and contents; an error is raised again
    each time (it is not kept)."""
    nodes = []
    for name, text in texts:
        nodes.append((_Reader(name, text.split("\n"), _ITEM_KEYS), compose(text, name, item_keys=_ITEM_KEYS)))
    manifest, issues, states, national, polls, contributions = nodes
    reader, root = manifest
    top = reader.mapping(root, ("name", "decks", "preliminary"), "the Die Macher manifest",
                         optional=(HEALTH_KEY,))  # the study's (health_targets)
    decks = reader.mapping(top["decks"], ("platform_per_stance", "opinion_per_stance"), "decks")
    prelim = reader.mapping(top["preliminary"], ("popularity", "votes", "rallies", "bundles"), "preliminary")
    issue_list = issues[0].issues(issues[1])
    poll_list = polls[0].polls(polls[1])
    n_polls_short = sum(1 for p in poll_list if not p.seven)
    if n_polls_short < POLLS_PER_ROUND:  # DM7.5.1, DM12.1
        raise polls[0].error(f"polls: the 5-round game keeps {n_polls_short} poll(s) (those not marked seven); "
                             f"a round deals {POLLS_PER_ROUND}", polls[1])
    stars_full, stars_short, per_group, spaces = national[0].national(national[1])
    data = DieMacherData(
        name=reader.string(top["name"], "name"),
        issues=issue_list,
        platform_per_stance=reader.integer(decks["platform_per_stance"], "platform_per_stance", 1, 20),
        opinion_per_stance=reader.integer(decks["opinion_per_stance"], "opinion_per_stance", 1, 20),
        states=states[0].states(states[1]),
        media_per_group=per_group,
        stars_full=stars_full,
        stars_short=stars_short,
        spaces=spaces,
        polls=poll_list,
        contributions=contributions[0].contributions(contributions[1]),
        prelim_popularity=reader.integer(prelim["popularity"], "popularity", 0, 3),
        prelim_votes=reader.integer(prelim["votes"], "votes", 0, MAX_VOTES),
        prelim_rallies=reader.integer(prelim["rallies"], "rallies", 0, 9),
        bundles=reader.bundles(prelim["bundles"]),
    )
    _check_decks(data, reader, decks)
    authored = tuple(sorted({r.file for r, _ in nodes if r.authored_here}))
    return replace(data, authored=authored, fingerprint=meaning_fingerprint(meaning(data)))


def _check_decks(data: DieMacherData, reader: "_Reader", decks: dict[str, yaml.Node]) -> None:
    # DM3.2: 5 parties each show 5 cards on 5 issues and hold 3: the deck must allow the deal.
    platform = len(data.issues) * 2 * data.platform_per_stance
    if platform < 5 * (5 + 3):
        raise reader.error(f"platform_per_stance: {platform} platform cards cannot deal 5 parties 5 face-up cards and "
                           "3 in hand (DM3.2, DM3.3)", decks["platform_per_stance"])
    # DM3.5, DM3.9: 16 opinion cards on the boards and 6 in the exchange pool at the start.
    opinion = len(data.issues) * 2 * data.opinion_per_stance
    if opinion < 16 + 6 + 4:
        raise reader.error(f"opinion_per_stance: {opinion} opinion cards cannot fill the boards, the exchange pool "
                           "and a reset (DM3.5, DM3.9, DM10.2)", decks["opinion_per_stance"])


def meaning(data: DieMacherData) -> Plain:
    """What the rules read of the data, as plain data (``cmdsl.sets.meaning``): every compared
    field, values written as mappings of their compared fields."""
    return _plain(data)


def _plain(v: object) -> Plain:
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    if is_dataclass(v) and not isinstance(v, type):
        return {f.name: _plain(getattr(v, f.name)) for f in fields(v) if f.compare}
    assert v is None or isinstance(v, (bool, int, str, Enum)), v
    return v


_SOURCES: Final = ("seed", "auth", "ext")


class _Reader(NodeReader):
    """Turns one file's node tree into part of ``DieMacherData``; each method checks one part."""

    authored_here = False

    def source(self, node: yaml.Node) -> bool:
        """A ``source:`` (``seed``, ``auth``, ``ext S6``…, or a sentence naming them): whether the
        value is, at least in part, the project's own."""
        text = self.string(node, "source")
        if not any(text.startswith(s) for s in _SOURCES):
            raise self.error(f"source: {text!r} does not say where the value comes from", node,
                             "start with seed (the rulebook), auth (the project's own) or ext (a public source)")
        authored = "auth" in text
        self.authored_here = self.authored_here or authored
        return authored

    def unique(self, seen: set[str], key: str, node: yaml.Node, what: str) -> None:
        if key in seen:
            raise self.error(f"{what}: {key!r} is given twice", node)
        seen.add(key)

    def top(self, root: yaml.Node | None, key: str, *others: str) -> dict[str, yaml.Node]:
        return self.mapping(root, (key, *others), f"{self.file}")

    # ---- issues.yaml ---------------------------------------------------------------------------

    def issues(self, root: yaml.Node | None) -> tuple[Issue, ...]:
        items = self.sequence(self.top(root, "issues")["issues"], "issues")
        seen: set[str] = set()
        out = []
        for item in items:
            f = self.mapping(item, ("id", "en", "fr", "for", "against", "source"), "issue")
            issue_id = self.string(f["id"], "id")
            self.unique(seen, issue_id, f["id"], "issues")
            stances = []
            for key in ("for", "against"):
                s = self.mapping(f[key], ("en", "fr"), key)
                stances.append((self.string(s["en"], "en"), self.string(s["fr"], "fr")))
            out.append(Issue(issue_id, self.string(f["en"], "en"), self.string(f["fr"], "fr"),
                             (stances[0][0], stances[1][0]), (stances[0][1], stances[1][1]), self.source(f["source"])))
        if len(out) < MIN_ISSUES:
            raise self.error(f"issues: {len(out)} issue(s); a platform needs 5 different issues (DM3.2)", root)
        return tuple(out)

    # ---- states.yaml ---------------------------------------------------------------------------

    def states(self, root: yaml.Node | None) -> tuple[State, ...]:
        items = self.sequence(self.top(root, "states")["states"], "states")
        seen: set[str] = set()
        out = []
        for item in items:
            f = self.mapping(item, ("id", "name", "max_seats", "seats", "source"), "state")
            state_id = self.string(f["id"], "id")
            self.unique(seen, state_id, f["id"], "states")
            top = self.integer(f["max_seats"], "max_seats", 1, 1000)
            bands = self.bands(f["seats"])
            if bands[-1][1] != top:
                raise self.error(f"seats: the table gives {bands[-1][1]} seats at {MAX_VOTES} votes, but max_seats is "
                                 f"{top}", f["seats"])
            out.append(State(state_id, self.string(f["name"], "name"), top, bands, self.source(f["source"])))
        if len(out) < STATES_USED:
            raise self.error(f"states: {len(out)} state(s); a game holds {STATES_USED} elections (DM2.4)", root)
        return tuple(out)

    def bands(self, node: yaml.Node) -> tuple[tuple[int, int], ...]:
        if not isinstance(node, yaml.MappingNode) or not node.value:
            raise self.error("seats: expected a mapping of votes to seats, e.g. {0: 0, 3: 1, 4: 2}", node)
        out: list[tuple[int, int]] = []
        for k, v in node.value:
            votes = self.integer(k, "seats: votes", 0, MAX_VOTES)
            seats = self.integer(v, f"seats at {votes} votes", 0, 1000)
            if out and votes <= out[-1][0]:
                raise self.error(f"seats: {votes} votes comes after {out[-1][0]}: list the bands by rising votes", k)
            if out and seats < out[-1][1]:
                raise self.error(f"seats: {seats} seats at {votes} votes is fewer than {out[-1][1]} at "
                                 f"{out[-1][0]}: more votes never give fewer seats", v)
            out.append((votes, seats))
        if out[0][0] != 0:
            raise self.error("seats: the first band must start at 0 votes", node.value[0][0])
        return tuple(out)

    # ---- national.yaml -------------------------------------------------------------------------

    def national(self, root: yaml.Node | None) -> tuple[tuple[int, ...], tuple[int, ...], int, tuple[OpinionSpace, ...]]:
        top = self.top(root, "media_per_group", "media_stars", "media_source", "opinion_spaces")
        self.source(top["media_source"])
        per_group = self.integer(top["media_per_group"], "media_per_group", 1, 5)
        stars = self.mapping(top["media_stars"], ("full", "short"), "media_stars")
        full = self.stars(stars["full"], "full", ROUNDS_FULL)
        short = self.stars(stars["short"], "short", ROUNDS_SHORT)
        items = self.sequence(top["opinion_spaces"], "opinion_spaces")
        if len(items) != SPACES:
            raise self.error(f"opinion_spaces: the national board has {SPACES} spaces (DM2.2), not {len(items)}",
                             top["opinion_spaces"])
        spaces = []
        for item in items:
            f = self.mapping(item, ("recruits", "points", "source"), "opinion space")
            self.source(f["source"])
            spaces.append(OpinionSpace(self.integer(f["recruits"], "recruits", 0, 50),
                                       self.integer(f["points"], "points", 0, 100)))
        return full, short, per_group, tuple(spaces)

    def stars(self, node: yaml.Node, what: str, rounds: int) -> tuple[int, ...]:
        items = self.sequence(node, what)
        if len(items) != rounds:
            raise self.error(f"media_stars {what}: {len(items)} value(s) for {rounds} elections", node)
        return tuple(self.integer(x, f"media_stars {what}", 0, 100) for x in items)

    # ---- polls.yaml ----------------------------------------------------------------------------

    def polls(self, root: yaml.Node | None) -> tuple[Poll, ...]:
        items = self.sequence(self.top(root, "polls")["polls"], "polls")
        seen: set[str] = set()
        out = []
        for item in items:
            f = self.mapping(item, ("id", "modifiers", "publish", "dice", "seven", "source"), "poll")
            poll_id = self.string(f["id"], "id")
            self.unique(seen, poll_id, f["id"], "polls")
            mods = self.mapping(f["modifiers"], tuple(p.value for p in PARTIES), "modifiers")
            modifiers = tuple((p, self.integer(mods[p.value], f"modifier of {p.value}", -6, 6)) for p in PARTIES)
            out.append(Poll(poll_id, modifiers, self.integer(f["publish"], "publish", 0, len(PARTIES)),
                            self.integer(f["dice"], "dice", 0, MAX_CARD_DICE), self.boolean(f["seven"], "seven")))
            self.source(f["source"])
        if len(out) < POLLS_PER_ROUND:
            raise self.error(f"polls: {len(out)} poll(s); a round deals {POLLS_PER_ROUND} (DM7.5.1)", root)
        return tuple(out)

    # ---- contributions.yaml --------------------------------------------------------------------

    def contributions(self, root: yaml.Node | None) -> tuple[Contribution, ...]:
        items = self.sequence(self.top(root, "contributions")["contributions"], "contributions")
        seen: set[str] = set()
        out = []
        for item in items:
            f = self.mapping(item, ("amount", "loss_dice", "gain_dice", "seven", "source"), "contribution")
            amount = self.integer(f["amount"], "amount", 1000, 1_000_000)
            if amount % 1000:
                raise self.error(f"amount: {amount} is not a whole number of thousands (DM1.11: steps of 1,000)",
                                 f["amount"])
            card = Contribution(amount, self.integer(f["loss_dice"], "loss_dice", 0, MAX_CARD_DICE),
                                self.integer(f["gain_dice"], "gain_dice", 0, MAX_CARD_DICE),
                                self.boolean(f["seven"], "seven"))
            self.unique(seen, card.id, f["amount"], "contributions")
            self.source(f["source"])
            out.append(card)
        return tuple(out)

    # ---- the manifest's bundles ------------------------------------------------------------------

    def bundles(self, node: yaml.Node) -> tuple[Bundle, ...]:
        out = []
        for item in self.sequence(node, "bundles"):
            f = self.mapping(item, ("media", "members"), "bundle")
            out.append(Bundle(self.integer(f["media"], "media", 0, 5), self.integer(f["members"], "members", 0, 100)))
        return tuple(out)


def check_folder(folder: Path) -> DieMacherData:
    """`cmdsl check` of a Die Macher set: its data, or one located ``CardError``."""
    if not (folder / DATA_FILE).is_file():
        raise CardError(f"not a Die Macher set: no {DATA_FILE} here", Located(shown_path(folder)))
    return load_data(folder)
