"""Card scenarios as data: set up a position, play a card (or resolve a Breaking News or a
Going Negative result) with scripted answers, and report the event log and final position.

Scenario files are YAML (``tests/scenarios/*.yaml``); a designer writes them without Python.
Scripted answers are strict: a decision with no answer left fails, and so does an unused answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import CmdslError, IllegalAnswer, did_you_mean
from .game import events as E
from .game.engine import Chance, Game, Run, Steps
from .game.position import LiveState, parse_row
from .lang.checker import Context, Names, check
from .lang.compiler import Compiled, compile_effect
from .lang.parser import Origin, parse_effect
from .lang.work import over_budget
from .model import ISSUES, SIDES, TOKENS_PER_PLAYER, CardSet, Side

_SCENARIO_KEYS = ("name", "play", "news", "going_negative", "effect", "player", "target", "position", "answers", "dice",
                  "seed", "turn")
_POSITION_KEYS = ("states", "reserve", "hands", "decks", "discards", "scores", "media", "news")
_STATE_KEYS = ("name", "defense", "economy", "issue", "key")


ACTIONS = ("play", "news", "going_negative", "effect")


class ScenarioError(CmdslError):
    """A scenario that is malformed or that does not run as scripted."""


@dataclass(frozen=True)
class Scenario:
    file: str
    name: str
    action: str  # "play" | "news" | "going_negative" | "effect"
    subject: str  # card id, news id, the die roll, or an effect text
    player: Side
    target: str | None
    position: dict[str, Any]
    answers: tuple[str, ...]
    dice: tuple[int, ...]
    seed: int = 0
    turn: int = 1

    @property
    def id(self) -> str:
        return f"{Path(self.file).stem}::{self.name}"


@dataclass
class Outcome:
    game: Game
    events: list[E.Event] = field(default_factory=list)

    def report(self) -> str:
        lines = [f"# {e.text()}" if isinstance(e, E.Chose) else e.text() for e in self.events]
        return "## Events\n" + "\n".join(lines) + "\n\n## Position\n" + render_position(self.game)


def _fail(where: str, message: str, near: str | None = None) -> ScenarioError:
    return ScenarioError(f"{where}: {message}" + (f' (did you mean "{near}"?)' if near else ""))


def _keys(where: str, data: Any, allowed: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _fail(where, "expected a mapping")
    for k in data:
        if k not in allowed:
            raise _fail(where, f'unknown key "{k}"; keys are ' + ", ".join(allowed), did_you_mean(str(k), allowed))
    return data


def load_scenarios(path: str | Path, cards: CardSet) -> list[Scenario]:
    """Every scenario of a file (a mapping with a ``scenarios:`` list)."""
    p = Path(path)
    try:
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
    except yaml.YAMLError as e:
        raise _fail(str(p), f"bad YAML: {e}") from None
    data = _keys(str(p), data, ("scenarios",))
    out = []
    for i, raw in enumerate(data.get("scenarios") or []):
        where = f"{p.name}, scenario {i + 1}"
        raw = _keys(where, raw, _SCENARIO_KEYS)
        name = str(raw.get("name") or f"scenario {i + 1}")
        where = f"{p.name}, scenario {name!r}"
        actions = [k for k in ACTIONS if k in raw]
        if len(actions) != 1:
            raise _fail(where, "give exactly one of play: CARD, news: NEWS, going_negative: ROLL, effect: TEXT")
        action = actions[0]
        subject = str(raw[action])
        if action == "play" and subject not in cards.cards:
            raise _fail(where, f'unknown card "{subject}"', did_you_mean(subject, cards.cards))
        if action == "news" and subject not in cards.news:
            raise _fail(where, f'unknown Breaking News "{subject}"', did_you_mean(subject, cards.news))
        if action == "going_negative" and (not subject.isdigit() or int(subject) not in cards.negative):
            raise _fail(where, "going_negative: give a die roll from 1 to 6")
        default_player = cards.cards[subject].side.value if action == "play" else "mccain"
        try:
            player = Side(str(raw.get("player", default_player)))
        except ValueError:
            raise _fail(where, "player: mccain or obama") from None
        answers = raw.get("answers") or []
        dice = raw.get("dice") or []
        if not isinstance(answers, list) or not isinstance(dice, list) or not all(isinstance(d, int) for d in dice):
            raise _fail(where, "answers and dice are lists")
        out.append(Scenario(p.name, name, action, subject, player, raw.get("target"), raw.get("position") or {},
                            tuple(str(a) for a in answers), tuple(dice), int(raw.get("seed", 0)),
                            int(raw.get("turn", 1))))
    return out


def build_position(game: Game, spec: dict[str, Any], where: str = "position") -> None:
    """Arrange ``game`` as ``spec`` says (states in play, cards, scores, media, news)."""
    cards = game.cards
    spec = _keys(where, spec, _POSITION_KEYS)
    game.in_play.clear()
    names: list[str] = []
    for j, st in enumerate(spec.get("states") or []):
        w = f"{where}.states[{j}]"
        st = _keys(w, {"name": st} if isinstance(st, str) else st, _STATE_KEYS)
        name = str(st.get("name"))
        tile = cards.states.get(name) or cards.state_by_slug(name)
        if tile is None:
            raise _fail(w, f'unknown state "{name}"', did_you_mean(name, cards.states))
        live = LiveState(tile)
        for issue in ISSUES:
            if issue in st:
                try:
                    live.tokens[issue] = parse_row(str(st[issue]), tile.rows[issue])
                except ValueError as e:
                    raise _fail(f"{w}.{issue}", str(e)) from None
        if "issue" in st:
            if st["issue"] not in (1, 2, 3, 4):
                raise _fail(f"{w}.issue", "a box from 1 to 4")
            live.box = st["issue"]
        if "key" in st:
            if st["key"] not in tile.groups:
                raise _fail(f"{w}.key", f"{tile.name}'s groups are {tile.groups[0]} and {tile.groups[1]}")
            live.key = st["key"]
        if live.winner() is not None:
            raise _fail(w, f"{tile.name} would already be won by {live.winner()}")
        game.in_play.append(live)
        names.append(tile.name)
    reserve = spec.get("reserve")
    game.reserve = [n for n in cards.states if n not in names] if reserve is None else [str(n) for n in reserve]
    for n in game.reserve:
        if n not in cards.states or n in names:
            raise _fail(f"{where}.reserve", f'"{n}" is not a state out of play')
    for side in SIDES:
        p = game.players[side]
        for zone, attr in (("hands", "hand"), ("decks", "deck"), ("discards", "discard")):
            ids = ((spec.get(zone) or {}).get(side.value)) or []
            for cid in ids:
                if cid not in cards.cards or cards.cards[cid].side is not side:
                    raise _fail(f"{where}.{zone}.{side.value}", f'"{cid}" is not one of {side}\'s cards',
                                did_you_mean(str(cid), [c.id for c in cards.pool(side)]))
            setattr(p, attr, list(reversed(ids)) if attr == "deck" else list(ids))  # decks are given top first
        p.score = int((spec.get("scores") or {}).get(side.value, p.score))
        p.supply = TOKENS_PER_PLAYER - sum(s.tokens_of(side) for s in game.in_play)
        if p.supply < 0:
            raise _fail(where, f"{side} has more than {TOKENS_PER_PLAYER} tokens on the board")
    media = spec.get("media")
    if media is not None:
        if media not in cards.cards or not cards.cards[media].is_media:
            raise _fail(f"{where}.media", f'"{media}" is not a Media Support card')
        game.media = (media, cards.cards[media].side)
    news = [str(n) for n in spec.get("news") or []]
    for n in news:
        if n not in cards.news:
            raise _fail(f"{where}.news", f'unknown Breaking News "{n}"', did_you_mean(n, cards.news))
    game.news_deck = list(reversed(news))


def run_scenario(cards: CardSet, sc: Scenario) -> Outcome:
    """Run a scenario strictly; raise ``ScenarioError`` when it does not go as scripted."""
    where = f"{sc.file}, scenario {sc.name!r}"
    start_index: list[int] = []

    def start(game: Game) -> Steps:
        build_position(game, sc.position, f"{where}: position")
        game.active = sc.player
        game.turn = sc.turn - 1
        hand = game.players[sc.player].hand
        if sc.action == "play" and sc.subject not in hand:
            hand.append(sc.subject)
        start_index.append(len(game.events))
        if sc.action == "play":
            yield from game._turn()
            return
        game.turn += 1
        game.emit(E.TurnStarted(game.turn, sc.player))
        if sc.action == "news":
            target = _target(game, sc, where)
            game.news_deck.append(sc.subject)
            yield from game.breaking_news(target)
        elif sc.action == "effect":
            news = _target(game, sc, where) if sc.target is not None else None
            yield from compile_snippet(cards, sc.subject).run(Run(game, sc.player, news))
        else:
            result = cards.negative[int(sc.subject)]
            game.emit(E.DieRolled(sc.player, result.roll, result.title))
            yield from result.run(Run(game, sc.player.other))
        yield from game._end_turn()

    answers = list(sc.answers)
    try:
        game = Game(cards, sc.seed, start=start, chance=Chance(list(sc.dice), strict=True))
        first = True
        while game.pending is not None:
            d = game.pending
            if first and sc.action == "play" and d.kind == "turn":
                game.answer(f"play:{sc.subject}")
                first = False
                continue
            first = False
            if not answers:
                raise _fail(where, "a decision has no scripted answer:\n" + d.describe())
            game.answer(answers.pop(0))
    except IllegalAnswer as e:
        raise _fail(where, str(e)) from None
    if answers:
        raise _fail(where, "scripted answers were not used: " + ", ".join(answers))
    if game.chance.dice:
        raise _fail(where, "scripted dice were not rolled: " + ", ".join(map(str, game.chance.dice)))
    return Outcome(game, game.events[start_index[0] if start_index else 0:])


def compile_snippet(cards: CardSet, text: str, origin: Origin = Origin("<effect>")) -> Compiled:
    """Parse, check and compile an effect typed by hand (a test, the REPL's eval)."""
    names = Names(frozenset(cards.states), cards.groups)
    checked = check(parse_effect(text, origin), names, Context("snippet"), origin)
    # A snippet may play any card of the set from hand: it is costed like a Breaking News.
    err = over_budget(checked.program, checked.work.at(cards.play_work), cards.play_work, len(cards.states), origin)
    if err is not None:
        raise err
    return compile_effect(checked, origin.item or "effect")


def _target(game: Game, sc: Scenario, where: str) -> LiveState:
    if sc.target is None:
        if not game.in_play:
            raise _fail(where, "a Breaking News scenario needs a state in play")
        return game.in_play[0]
    live = game.live(str(sc.target))
    if live is None:
        raise _fail(where, f'target "{sc.target}" is not a state in play')
    return live


def render_position(game: Game) -> str:
    """The whole position as stable text (for snapshots and for people)."""
    cards = game.cards
    m, o = game.players[Side.MCCAIN], game.players[Side.OBAMA]
    out = [f"Turn {game.turn}, {game.active} active. Scores: McCain {m.score}, Obama {o.score}."]
    if game.result is not None:
        out.append(game.result.text())
    if game.media:
        out.append(f"Media Support in play: {cards.cards[game.media[0]].title} ({game.media[1]})")
    else:
        out.append("Media Support in play: none")
    out.append("States in play:")
    for live in game.in_play:
        a, b = live.tile.groups
        other = b if live.key == a else a
        out.append(f"  {live.name} ({live.tile.ev} EV): majority {live.majority.title()} (box {live.box}), "
                   f"key {live.key} (other {other})")
        for issue in ISSUES:
            out.append(f"    {issue.title():8} {live.row_text(issue)}")
    if game.won:
        out.append("Won: " + ", ".join(f"{n} ({s})" for n, s in game.won))
    out.append(f"Reserve ({len(game.reserve)}): " + ", ".join(game.reserve))
    for side in SIDES:
        p = game.players[side]
        out.append(f"{side}: supply {p.supply}; hand [{', '.join(p.hand)}]; deck top first "
                   f"[{', '.join(reversed(p.deck))}]; discard [{', '.join(p.discard)}]")
    out.append(f"Breaking News deck top first: [{', '.join(reversed(game.news_deck))}]")
    return "\n".join(out) + "\n"
