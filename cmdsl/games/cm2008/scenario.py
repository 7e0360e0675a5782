"""Card scenarios as data: set up a position, play a card (or resolve a Breaking News or a
Going Negative result) with scripted answers, and report the event log and final position.

Scenario files are YAML (a set's ``scenarios/*.yaml``); a designer writes them without Python.
Scripted answers are strict: a decision with no answer left fails, and so does an unused answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from ...errors import CmdslError, IllegalAnswer, did_you_mean
from . import events as E
from ...game.decisions import CHANCE, Decision
from .kinds import DecisionKind
from .engine import Game, Steps
from .options import die_id, play_id
from .position import LiveState, parse_row
from ...lang.checker import Context, Names, check
from ...lang.compiler import Compiled, compile_effect
from ...lang.parser import Origin, parse_effect
from ...lang.run import Run
from ...lang.work import over_budget
from .model import ISSUES, SIDES, TOKENS_PER_PLAYER, WINNING_SCORE, CardSet, Side
from ...sets.scenario_checks import EVENT_KEYS, Check, Refusal, Refused, Seen, as_seen_by, decided_by, equal, event_checks, judge_refusal, verify
from ...sets.scenario_doc import Path_, Place, ScenarioError, keys_of, list_at, path_text, shown, text_at, whole_at

SCENARIO_KEYS = ("name", "play", "news", "going_negative", "effect", "player", "target", "position", "answers",
                 "dice", "seed", "turn", "expect", "view")
EXPECT_KEYS = ("scores", "supplies", "states", "in_play", "won", "hands", "decks", "discards", "media", "events",
               "no_events", "event_types", "no_event_types", "result", "refused", "view", "score_parts", "decided_by")
#: `expect: view: {SEAT: …}`: what a seat's view holds (docs/secrets.md): its hand, the other's hand size, its log.
VIEW_KEYS = ("hand", "opponent_hand", *EVENT_KEYS)
#: `expect: score_parts: {SIDE: {start: 155, Florida: 27}}`: a score as its parts (R1.8, R9.2).
START_PART = "start"
EXPECT_STATE_KEYS = ("defense", "economy", "issue", "majority", "key")
RESULTS = ("mccain", "obama", "draw", "none")
POSITION_KEYS = ("states", "reserve", "hands", "decks", "discards", "scores", "media", "news")
STATE_KEYS = ("name", "defense", "economy", "issue", "key")
ZONES = (("hands", "hand"), ("decks", "deck"), ("discards", "discard"))

ACTIONS = ("play", "news", "going_negative", "effect")

@dataclass(frozen=True)
class Scenario:
    """One scenario: a position, an action on it (play a card, resolve a Breaking News or a Going
    Negative result, run an effect) and the answers and die results it is scripted with."""

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
    place: Place = field(default_factory=Place, compare=False)
    effect: Compiled | None = field(default=None, compare=False)  # the `effect:` text, compiled at load
    expect: tuple[Check, ...] = ()  # the `expect:` block, checked at load (``parse_expect``)
    #: `view:` the seats whose redacted log the snapshot shows too (docs/secrets.md)
    views: tuple[Side, ...] = ()
    #: `expect: {refused: TEXT}`: the position (or the run) must be refused with that in its message
    refused: Refused | None = None

    @property
    def id(self) -> str:
        return f"{Path(self.file).stem}::{self.name}"


@dataclass
class Outcome:
    game: Game
    events: list[E.Event] = field(default_factory=list)
    views: tuple[Side, ...] = ()  # the seats whose view of the log the report adds
    checked: int = 0  # the checks of `expect:` made (all passed): `cmdsl scenario` says how many

    def report(self) -> str:
        """The full log, the final position, then the log as each seat of ``views`` saw it."""
        text = "## Events\n" + _log_lines(self.events) + "\n\n## Position\n" + render_position(self.game)
        for seat in self.views:
            text += ("\n" if text.endswith("\n") else "\n\n") + f"## Events as {seat} sees them\n"
            text += _log_lines([e.redacted(seat) for e in self.events])
        return text


def _log_lines(events: Sequence[E.Event]) -> str:
    return "\n".join(f"# {e.text()}" if isinstance(e, (E.Chose, E.ChoseRedacted)) else e.text() for e in events)


def build_position(game: Game, spec: Any, where: str | Place = "position", play: str | None = None) -> None:
    """Arrange ``game`` as ``spec`` says (states in play, cards, scores, media, news), checking
    every part first: a bad spec raises ``ScenarioError`` (located when ``where`` is a ``Place``).

    ``play``: a card the scenario plays, which must be in its owner's hand or nowhere (it is
    added to the hand then)."""
    place = where if isinstance(where, Place) else Place(where)
    cards = game.cards
    spec = keys_of(place, _P, {} if spec is None else spec, POSITION_KEYS)
    states = _states_in_play(place, cards, spec.get("states"))
    reserve = _reserve(place, cards, spec.get("reserve"), [x.name for x in states])
    seen: dict[str, Path_] = {}  # every card in the position, where it first is
    zones = _zones(place, cards, spec, seen)
    scores = {side: whole_at(place, (*_P, "scores", side), v, 0, 2 * WINNING_SCORE) for side, v in
              keys_of(place, (*_P, "scores"), spec.get("scores") or {}, tuple(s.value for s in SIDES)).items()}
    media = _media(place, cards, spec.get("media"), seen)
    if play is not None and play in seen and seen[play][:2] != (*_P, "hands"):
        raise place.error(seen[play], f'"{play}" is the card this scenario plays: put it in the hand, or nowhere')
    news = _news_deck(place, cards, spec.get("news"))
    for side in SIDES:
        used = sum(x.tokens_of(side) for x in states)
        if used > TOKENS_PER_PLAYER:
            raise place.error((*_P, "states"), f"{side} has {used} tokens on the board; a player has "
                              f"{TOKENS_PER_PLAYER} (R1.4)")
    # Everything is checked: arrange the game.
    game.in_play[:] = states
    game.position.reserve = reserve
    for side in SIDES:
        p = game.position.players[side]
        p.hand = zones[side]["hand"]
        p.deck = list(reversed(zones[side]["deck"]))  # decks are given top first
        p.discard = zones[side]["discard"]
        p.score = scores.get(side.value, p.score)
        p.supply = TOKENS_PER_PLAYER - sum(x.tokens_of(side) for x in states)
    if media is not None:
        game.position.media = (media, cards.cards[media].side)
    game.position.news_deck = list(reversed(news))


_P: Path_ = ("position",)


def _states_in_play(place: Place, cards: CardSet, raw: Any) -> list[LiveState]:
    """`position.states`: each a name, or a tile with its rows' tokens, marker and key."""
    states: list[LiveState] = []
    for j, st in enumerate(list_at(place, (*_P, "states"), raw)):
        w = (*_P, "states", j)
        st = keys_of(place, w, {"name": st} if isinstance(st, str) else st, STATE_KEYS)
        name = text_at(place, (*w, "name"), st.get("name"), "a state name")
        tile = cards.states.get(name) or cards.state_by_slug(name)
        if tile is None:
            raise place.error((*w, "name"), f'unknown state "{name}"', did_you_mean(name, cards.states))
        if any(x.tile is tile for x in states):
            raise place.error((*w, "name"), f"{tile.name} is in play twice")
        live = LiveState(tile)
        for issue in ISSUES:
            if issue in st:
                try:
                    live.tokens[issue] = parse_row(text_at(place, (*w, issue), st[issue], "a row such as R W[b] B"),
                                                   tile.rows[issue])
                except ValueError as e:
                    raise place.error((*w, issue), f"{tile.name}: {e}") from None
        if "issue" in st:
            live.box = whole_at(place, (*w, "issue"), st["issue"], 1, 4)
        if "key" in st:
            if st["key"] not in tile.groups:
                raise place.error((*w, "key"), f"{tile.name}'s groups are {tile.groups[0]} and {tile.groups[1]}",
                                  did_you_mean(str(st["key"]), tile.groups))
            live.key = st["key"]
        if live.winner() is not None:
            raise place.error(w, f"{tile.name} would already be won by {live.winner()}")
        states.append(live)
    return states


def _reserve(place: Place, cards: CardSet, raw: Any, in_play: list[str]) -> list[str]:
    """`position.reserve`: the states never in play (default: every state not in play)."""
    if raw is None:
        return [n for n in cards.states if n not in in_play]
    reserve: list[str] = []
    for j, n in enumerate(list_at(place, (*_P, "reserve"), raw)):
        n = text_at(place, (*_P, "reserve", j), n, "a state name")
        if n not in cards.states or n in in_play or n in reserve:
            raise place.error((*_P, "reserve", j), f'"{n}" is not a state out of play (or it is listed twice)',
                              did_you_mean(n, [s for s in cards.states if s not in in_play]))
        reserve.append(n)
    return reserve


def _zones(place: Place, cards: CardSet, spec: Mapping[str, Any], seen: dict[str, Path_]) -> dict[Side, dict[str, list[str]]]:
    """Each player's hand, deck and discard pile, each card in one place (``seen``)."""
    zones: dict[Side, dict[str, list[str]]] = {side: {} for side in SIDES}
    for zone, attr in ZONES:
        by_side = keys_of(place, (*_P, zone), spec.get(zone) or {}, tuple(s.value for s in SIDES))
        for side in SIDES:
            ids = []
            for j, cid in enumerate(list_at(place, (*_P, zone, side.value), by_side.get(side.value))):
                at = (*_P, zone, side.value, j)
                cid = text_at(place, at, cid, "a card id")
                if cid not in cards.cards or cards.cards[cid].side is not side:
                    raise place.error(at, f'"{cid}" is not one of {side}\'s cards',
                                      did_you_mean(cid, [c.id for c in cards.pool(side)]))
                if cid in seen:
                    raise place.error(at, f'"{cid}" is already at {path_text(seen[cid])}: a card is in one place')
                seen[cid] = at
                ids.append(cid)
            zones[side][attr] = ids
    return zones


def _media(place: Place, cards: CardSet, raw: Any, seen: dict[str, Path_]) -> str | None:
    """`position.media`: the Media Support in play, a card in one place."""
    if raw is None:
        return None
    media = text_at(place, (*_P, "media"), raw, "a Media Support card id")
    if media not in cards.cards or not cards.cards[media].is_media:
        raise place.error((*_P, "media"), f'"{media}" is not a Media Support card',
                          did_you_mean(media, [c.id for c in cards.cards.values() if c.is_media]))
    if media in seen:
        raise place.error((*_P, "media"), f'"{media}" is already at {path_text(seen[media])}: a card is in one place')
    seen[media] = (*_P, "media")
    return media


def _news_deck(place: Place, cards: CardSet, raw: Any) -> list[str]:
    """`position.news`: the Breaking News deck, top first, each once."""
    news: list[str] = []
    for j, n in enumerate(list_at(place, (*_P, "news"), raw)):
        n = text_at(place, (*_P, "news", j), n, "a Breaking News id")
        if n not in cards.news:
            raise place.error((*_P, "news", j), f'unknown Breaking News "{n}"', did_you_mean(n, cards.news))
        if n in news:
            raise place.error((*_P, "news", j), f'"{n}" is in the Breaking News deck twice')
        news.append(n)
    return news


def position(cards: CardSet, *, states: list[Any] | None = None, reserve: list[str] | None = None,
             hands: Mapping[str, list[str]] | None = None, decks: Mapping[str, list[str]] | None = None,
             discards: Mapping[str, list[str]] | None = None, scores: Mapping[str, int] | None = None,
             media: str | None = None, news: list[str] | None = None, active: Side | str = Side.MCCAIN,
             turn: int = 1, seed: int = 0, dice: list[int] | None = None) -> Game:
    """A game at the start of ``active``'s turn ``turn`` in the position given, in the notation of
    a scenario's ``position:`` (docs/scenarios.md): a zone left out is empty, so a player with an
    empty hand, deck and discard pile can be set up (R12.2). Play goes on as in a real game, each
    player in turn, from ``game.pending``. Dice are rolled from ``dice`` first, then from the seed.
    A bad position raises ``ScenarioError`` naming the field."""
    spec = {k: v for k, v in (("states", states), ("reserve", reserve), ("hands", hands), ("decks", decks),
                              ("discards", discards), ("scores", scores), ("media", media), ("news", news))
            if v is not None}
    first = Side(active)

    def start(game: Game) -> Steps:
        build_position(game, spec)
        game.position.active, game.position.turn = first, turn - 1
        yield from game._resume()  # the game's main loop, entered at the start of a turn

    game = Game(cards, seed, start=start)
    for value in dice or []:  # used by the first rolls, recorded as the chance seat's answers
        game.force_chance(die_id(value))
    return game


class _Scripted(Game):
    """A game run by a script. It notes the decisions the engine takes by itself (a single
    option, ``Game.ask``) so that an answer scripted for one of them goes to it and not to the
    next decision. It asks for chance: every die comes from the script's ``dice:``."""

    def __init__(self, cards: CardSet, sc: Scenario, place: Place, start: Callable[[Game], Steps]) -> None:
        self.auto: list[Decision] = []  # set first: the game starts running inside Game.__init__
        self.place = place
        super().__init__(cards, sc.seed, start=start, ask_chance=True)

    def ask(self, decision: Decision) -> Steps:
        if len(decision.options) == 1:
            self.auto.append(decision)
        return (yield from super().ask(decision))


def run_scenario(cards: CardSet, sc: Scenario) -> Outcome | Refusal:
    """Run a scenario strictly; raise ``ScenarioError`` when it does not go as scripted: the
    played card must be a legal play and the one played; every decision that asks needs the next
    scripted answer; an answer given for a decision the engine took by itself (its single option)
    is matched to it; answers and dice must all be used, and the ``expect:`` block must hold. A
    scenario that expects ``refused:`` passes only when its position or run is refused so."""
    place = sc.place if sc.place.name is not None else Place(sc.file, sc.name)  # one built in Python
    if sc.refused is None:
        return _run_scenario(cards, sc, place)
    try:
        _run_scenario(cards, sc, place)
    except ScenarioError as e:
        return judge_refusal(sc.refused, place, e.message)
    return judge_refusal(sc.refused, place, None)


def _run_scenario(cards: CardSet, sc: Scenario, place: Place) -> Outcome:
    start_index: list[int] = []
    effect = sc.effect
    if sc.action == "effect" and effect is None:
        effect = compile_snippet(cards, sc.subject)

    def start(game: Game) -> Steps:
        yield from _scenario_steps(game, cards, sc, place, effect, start_index)

    answers, dice = list(sc.answers), list(sc.dice)
    try:
        game = _Scripted(cards, sc, place, start)
        _answer_as_scripted(game, sc, place, answers, dice)
    except IllegalAnswer as e:
        raise place.error(("answers",), str(e)) from None
    except ScenarioError:
        raise
    except CmdslError as e:  # e.g. the step limit
        raise place.error((), str(e)) from None
    if answers:
        raise place.error(("answers",), "scripted answers were not used: " + ", ".join(answers))
    if dice:
        raise place.error(("dice",), "scripted dice were not rolled: " + ", ".join(map(str, dice)))
    out = Outcome(game, game.events[start_index[0] if start_index else 0:], sc.views)
    if sc.action == "play":
        _require_played(out, sc, place)
    out.checked = verify(out, sc.expect, place)
    return out


def _scenario_steps(game: Game, cards: CardSet, sc: Scenario, place: Place, effect: Compiled | None,
                    start_index: list[int]) -> Steps:
    """The game of a scenario: its position built, then the one thing it does (a card played, a
    Breaking News, an effect, a Going Negative result) and the end of that turn. ``start_index``
    receives the first event the scenario reports."""
    build_position(game, sc.position, place, play=sc.subject if sc.action == "play" else None)
    game.position.active = sc.player
    game.position.turn = sc.turn - 1
    hand = game.position.players[sc.player].hand
    if sc.action == "play" and sc.subject not in hand:
        hand.append(sc.subject)
    start_index.append(len(game.events))
    if sc.action == "play":
        _require_legal_play(game, sc, place)
        yield from game._turn()
        return
    game.position.turn += 1
    game.emit(E.TurnStarted, game.turn, sc.player)
    if sc.action == "news":
        target = _target(game, sc, place)
        game.position.news_deck.append(sc.subject)
        yield from game.breaking_news(target)
    elif sc.action == "effect":
        assert effect is not None
        news = _target(game, sc, place) if sc.target is not None else None
        yield from effect.run(Run(game, sc.player, news))
    else:
        result = cards.negative[int(sc.subject)]
        game.emit(E.DieRolled, sc.player, result.roll, result.title)
        yield from result.run(Run(game, sc.player.other))
    yield from game._end_turn()


def _answer_as_scripted(game: "_Scripted", sc: Scenario, place: Place, answers: list[str], dice: list[int]) -> None:
    """Answer each decision with the script's next answer (a die: its next die result); the
    scenario's own play is answered for it. What is left unused stays in ``answers``, ``dice``."""
    settled = 0  # the decisions taken by the engine itself that were matched with the script
    while True:
        for done in game.auto[settled:]:  # an answer scripted for one of them is its own
            if answers and done.find(answers[0]) is not None:
                answers.pop(0)
        settled = len(game.auto)
        d = game.pending
        if d is None:
            return
        if d.player is CHANCE:  # a die: the script's next result
            if not dice:
                raise place.error(("dice",), "a die was rolled but the scenario scripts no die result"
                                  if not sc.dice else f"a die was rolled after the {len(sc.dice)} scripted "
                                  "die result(s) were all used")
            game.answer(die_id(dice.pop(0)), CHANCE)
            continue
        if sc.action == "play" and d.kind == DecisionKind.TURN and not game.answers:  # the scenario's own play
            game.answer(play_id(sc.subject))
            continue
        if not answers:
            raise place.error(("answers",), "a decision has no scripted answer:\n" + d.describe())
        game.answer(answers.pop(0))


def _require_legal_play(game: Game, sc: Scenario, place: Place) -> None:
    """The scenario's card must be a legal play: the engine takes a turn decision with a single
    option by itself, which would silently draw or play another card instead."""
    card = game.cards.cards[sc.subject]
    if card.side is not sc.player:
        raise place.error(("player",), f"{sc.player} cannot play {card.title}: it is {card.side}'s card")
    if not game.playable(sc.player, sc.subject):
        others = len(game.position.players[sc.player].hand) - 1
        raise place.error(("play",), f"{card.title} is not a legal play: its discard cost of {card.discard_cost} "
                          f"needs {card.discard_cost} other card{'s' if card.discard_cost != 1 else ''} in hand, "
                          f"and {sc.player} has {others} (R4.6)")


def _require_played(out: Outcome, sc: Scenario, place: Place) -> None:
    """The first card played from hand this turn is the scenario's card, by its player."""
    first = next((e for e in out.events if isinstance(e, E.CardPlayed) and not e.nested), None)
    if first is None or first.card != sc.subject or first.player is not sc.player:
        what = f"{first.player} played {first.card}" if first is not None else "no card was played from hand"
        raise place.error(("play",), f"{sc.subject} was not played as scripted: {what}")


# ---- expect: what must hold once the scenario has run (XMage style: setup, act, expect) ----------


def parse_expect(place: Place, raw: Any, cards: CardSet) -> tuple[Check, ...]:
    """The ``expect:`` block of a scenario as checks, every part checked now (unknown keys with
    a did-you-mean, types, names of states, groups, cards and event types): a located error."""
    if raw is None:
        return ()
    P: Path_ = ("expect",)
    spec = keys_of(place, P, raw, EXPECT_KEYS)
    checks: list[Check] = []
    sides = tuple(s.value for s in SIDES)
    for key, what in (("scores", lambda g, s: g.position.players[s].score), ("supplies", lambda g, s: g.position.players[s].supply)):
        for side, v in keys_of(place, (*P, key), spec.get(key, {}), sides).items():
            checks.append(equal((*P, key, side), whole_at(place, (*P, key, side), v, 0, 10_000),
                                 partial(lambda s, f, o: f(o.game, s), Side(side), what)))
    for name, st in _by_state(place, (*P, "states"), cards, spec.get("states")).items():
        checks += _state_checks(place, (*P, "states", name), cards, cards.states[name], st)
    if "in_play" in spec:
        names = [_state_name(place, (*P, "in_play", j), cards, n) for j, n in
                 enumerate(list_at(place, (*P, "in_play"), spec["in_play"]))]
        checks.append(equal((*P, "in_play"), names, lambda o: [x.name for x in o.game.in_play]))
    for name, who in _by_state(place, (*P, "won"), cards, spec.get("won")).items():
        if who not in (*sides, "nobody"):
            raise place.error((*P, "won", name), f"expected mccain, obama or nobody, got {shown(who)}")
        checks.append(equal((*P, "won", name), who,
                             partial(lambda n, o: next((s.value for w, s in o.game.position.won if w == n), "nobody"), name)))
    for zone, attr in ZONES:
        for side, v in keys_of(place, (*P, zone), spec.get(zone, {}), sides).items():
            checks.append(_zone_check(place, (*P, zone, side), cards, Side(side), attr, v))
    if "media" in spec:
        media = text_at(place, (*P, "media"), spec["media"], "a Media Support card id or none")
        if media != "none" and (media not in cards.cards or not cards.cards[media].is_media):
            raise place.error((*P, "media"), f'"{media}" is not a Media Support card',
                              did_you_mean(media, [c.id for c in cards.cards.values() if c.is_media]))
        checks.append(equal((*P, "media"), media, lambda o: o.game.position.media[0] if o.game.position.media else "none"))
    checks += event_checks(place, P, spec, E)
    for side, seen in keys_of(place, (*P, "view"), spec.get("view", {}), sides).items():
        checks += _view_checks(place, (*P, "view", side), cards, Side(side), seen)
    for side, parts in keys_of(place, (*P, "score_parts"), spec.get("score_parts", {}), sides).items():
        checks += _score_parts(place, (*P, "score_parts", side), cards, Side(side), parts)
    if "decided_by" in spec:
        checks.append(decided_by((*P, "decided_by"), place, spec["decided_by"]))
    if "result" in spec:
        result = spec["result"]
        if result not in RESULTS:
            raise place.error((*P, "result"), f"expected one of {', '.join(RESULTS)}, got {shown(result)}",
                              did_you_mean(str(result), RESULTS))
        checks.append(equal((*P, "result"), result, _result))
    return tuple(checks)


def _view_checks(place: Place, path: Path_, cards: CardSet, side: Side, raw: Any) -> list[Check]:
    """What ``side``'s view holds (``game.view(side)``, docs/secrets.md): its hand (a size or the
    cards), the other's hand size, and its log: each event as ``side`` may see it."""
    spec = keys_of(place, path, raw, VIEW_KEYS)
    checks: list[Check] = []
    if "hand" in spec:
        checks.append(_zone_check(place, (*path, "hand"), cards, side, "hand", spec["hand"],
                                  lambda o: list(o.game.view(side).hand)))
    if "opponent_hand" in spec:
        size = whole_at(place, (*path, "opponent_hand"), spec["opponent_hand"], 0, 1000)
        checks.append(equal((*path, "opponent_hand"), size,
                            lambda o: next(p.hand_size for p in o.game.view(side).players if p.side is side.other)))
    seen = lambda o: Seen([e.redacted(side) for e in o.events])  # noqa: E731 - what game.view(side) shows of them
    checks += [as_seen_by(c, seen) for c in event_checks(place, path, spec, E)]
    return checks


def _score_parts(place: Place, path: Path_, cards: CardSet, side: Side, raw: Any) -> list[Check]:
    """A score as its parts: ``start``, the score when the scenario starts (155 or 157 in a new game,
    R1.8), and each state the player won during it with its electoral votes (R9.2). A part left
    out is not checked."""
    if not isinstance(raw, dict) or not raw:
        raise place.error(path, f"expected the parts of {side}'s score: start: 155, and a state won with its "
                          "votes (Florida: 27)")

    def won(o: Outcome) -> dict[str, int]:
        return {e.state: e.ev for e in o.events if isinstance(e, E.StateWon) and e.player is side}

    checks: list[Check] = []
    for name, value in raw.items():
        at = (*path, name)
        points = whole_at(place, at, value, 0, 10_000)
        if name == START_PART:
            checks.append(equal(at, points, lambda o: o.game.position.players[side].score - sum(won(o).values())))
            continue
        state = _state_name(place, at, cards, name) if name in cards.states else None
        if state is None:
            raise place.error(at, f'expected start or a state won, got "{name}"',
                              did_you_mean(str(name), [START_PART, *cards.states]))

        def part(o: Outcome, state: str = state, points: int = points) -> str | None:
            got = won(o).get(state)
            return None if got == points else (f"expected {side} to win {state} for {points}, got "
                                               + (f"{got}" if got is not None else f"{state} not won by {side}"))
        checks.append(Check(at, part))
    return checks


def _by_state(place: Place, path: Path_, cards: CardSet, raw: Any) -> dict[str, Any]:
    """A mapping keyed by state names, each checked."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise place.error(path, "expected a mapping of state names")
    for name in raw:
        _state_name(place, (*path, name), cards, name)
    return raw


def _state_name(place: Place, path: Path_, cards: CardSet, name: Any) -> str:
    name = text_at(place, path, name, "a state name")
    if name not in cards.states:
        raise place.error(path, f'unknown state "{name}"', did_you_mean(name, cards.states))
    return name


def _state_checks(place: Place, path: Path_, cards: CardSet, tile: Any, raw: Any) -> list[Check]:
    spec = keys_of(place, path, raw, EXPECT_STATE_KEYS)
    out: list[Check] = []

    def on(what: Callable[[LiveState], Any]) -> Callable[[Outcome], Any]:
        def actual(o: Outcome) -> Any:
            live = o.game.live(tile.name)
            return what(live) if live is not None else f"{tile.name} not in play"
        return actual

    for issue in ISSUES:
        if issue in spec:
            try:
                row = parse_row(text_at(place, (*path, issue), spec[issue], "a row such as R W[b] B"), tile.rows[issue])
            except ValueError as e:
                raise place.error((*path, issue), f"{tile.name}: {e}") from None
            expected = LiveState(tile)
            expected.tokens[issue] = row
            out.append(equal((*path, issue), expected.row_text(issue),
                              on(partial(lambda i, x: x.row_text(i), issue))))
    if "issue" in spec:
        out.append(equal((*path, "issue"), whole_at(place, (*path, "issue"), spec["issue"], 1, 4), on(lambda x: x.box)))
    if "majority" in spec:
        if spec["majority"] not in ISSUES:
            raise place.error((*path, "majority"), f"expected defense or economy, got {shown(spec['majority'])}",
                              did_you_mean(str(spec["majority"]), ISSUES))
        out.append(equal((*path, "majority"), spec["majority"], on(lambda x: x.majority)))
    if "key" in spec:
        if spec["key"] not in tile.groups:
            raise place.error((*path, "key"), f"{tile.name}'s groups are {tile.groups[0]} and {tile.groups[1]}",
                              did_you_mean(str(spec["key"]), tile.groups))
        out.append(equal((*path, "key"), spec["key"], on(lambda x: x.key)))
    return out


def _zone_check(place: Place, path: Path_, cards: CardSet, side: Side, attr: str, raw: Any,
                of: Callable[[Outcome], list[str]] | None = None) -> Check:
    """A size (a whole number) or the cards themselves: a deck top first, a hand or a discard
    pile in any order (``of``: where to read them, default the player's zone)."""
    def cards_in(o: Outcome) -> list[str]:
        ids = of(o) if of is not None else list(getattr(o.game.position.players[side], attr))
        return list(reversed(ids)) if attr == "deck" else sorted(ids)
    if isinstance(raw, int) and not isinstance(raw, bool):
        return equal(path, whole_at(place, path, raw, 0, 1000), lambda o: len(cards_in(o)))
    ids = []
    for j, cid in enumerate(list_at(place, path, raw)):
        cid = text_at(place, (*path, j), cid, "a card id")
        if cid not in cards.cards or cards.cards[cid].side is not side:
            raise place.error((*path, j), f'"{cid}" is not one of {side}\'s cards',
                              did_you_mean(cid, [c.id for c in cards.pool(side)]))
        ids.append(cid)
    return equal(path, ids if attr == "deck" else sorted(ids), cards_in)


def _result(out: Outcome) -> str:
    r = out.game.result
    return "none" if r is None else (r.winner.value if r.winner is not None else "draw")


def compile_snippet(cards: CardSet, text: str, origin: Origin = Origin("<effect>")) -> Compiled:
    """Parse, check and compile an effect typed by hand (a test, the REPL's eval)."""
    names = Names(frozenset(cards.states), cards.groups)
    checked = check(parse_effect(text, origin), names, Context("snippet"), origin)
    # A snippet may play any card of the set from hand: it is costed like a Breaking News.
    err = over_budget(checked.program, checked.work.at(cards.play_work), cards.play_work, len(cards.states), origin)
    if err is not None:
        raise err
    return compile_effect(checked, origin.item or "effect")


def _target(game: Game, sc: Scenario, place: Place) -> LiveState:
    if sc.target is None:
        if not game.in_play:
            raise place.error(("position", "states"), "a Breaking News scenario needs a state in play")
        return game.in_play[0]
    live = game.live(str(sc.target))
    if live is None:
        raise place.error(("target",), f'"{sc.target}" is not a state in play',
                          did_you_mean(str(sc.target), [x.name for x in game.in_play]))
    return live


def render_position(game: Game) -> str:
    """The whole position as stable text (for snapshots and for people)."""
    cards = game.cards
    m, o = game.position.players[Side.MCCAIN], game.position.players[Side.OBAMA]
    out = [f"Turn {game.turn}, {game.active} active. Scores: McCain {m.score}, Obama {o.score}."]
    if game.result is not None:
        out.append(game.result.text())
    if game.position.media:
        out.append(f"Media Support in play: {cards.cards[game.position.media[0]].title} ({game.position.media[1]})")
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
    if game.position.won:
        out.append("Won: " + ", ".join(f"{n} ({s})" for n, s in game.position.won))
    out.append(f"Reserve ({len(game.position.reserve)}): " + ", ".join(game.position.reserve))
    for side in SIDES:
        p = game.position.players[side]
        out.append(f"{side}: supply {p.supply}; hand [{', '.join(p.hand)}]; deck top first "
                   f"[{', '.join(reversed(p.deck))}]; discard [{', '.join(p.discard)}]")
    out.append(f"Breaking News deck top first: [{', '.join(reversed(game.position.news_deck))}]")
    return "\n".join(out) + "\n"
