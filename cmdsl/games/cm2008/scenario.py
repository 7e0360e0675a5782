"""Card scenarios as data: set up a position, play a card (or resolve a Breaking News or a
Going Negative result) with scripted answers, and report the event log and final position.

Scenario files are YAML (a set's ``scenarios/*.yaml``); a designer writes them without Python.
Scripted answers are strict: a decision with no answer left fails, and so does an unused answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from ...errors import CmdslError, IllegalAnswer, did_you_mean
from . import events as E
from ...game.decisions import CHANCE, Decision
from .kinds import DecisionKind
from .engine import CampaignGame, CampaignRules, Steps, campaign_game
from .options import die_id, play_id
from .position import LiveState
from .vocabulary.checker import Context, ContextKind, campaign_names
from .vocabulary.checker import check
from ...lang.compiler import Compiled
from .vocabulary.compiler import compile_effect
from ...lang.origin import Origin
from .vocabulary import parse_effect
from ...lang.run import Run
from .vocabulary.work import over_budget
from .model import CardSet, Side
from ...sets.scenario_checks import Check, Refusal, Refused, run_judged, verify
from ...sets.scenario_doc import Place, ScenarioError
from ...sets.scenario_script import Script
from .scenario_position import build_position, render_position
from ...values import value

SCENARIO_KEYS = ("name", "play", "news", "going_negative", "effect", "player", "target", "position", "answers",
                 "dice", "seed", "turn", "expect", "view")

ACTIONS = ("play", "news", "going_negative", "effect")

@value
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
    game: CampaignGame
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


def run_scenario(cards: CardSet, sc: Scenario) -> Outcome | Refusal:
    """Run a scenario strictly; raise ``ScenarioError`` when it does not go as scripted: the
    played card must be a legal play and the one played; every decision that asks needs the next
    scripted answer; an answer given for a decision the engine took by itself (its single option)
    is matched to it; answers and dice must all be used, and the ``expect:`` block must hold. A
    scenario that expects ``refused:`` passes only when its position or run is refused so."""
    place = sc.place if sc.place.name is not None else Place(sc.file, sc.name)  # one built in Python
    return run_judged(sc.refused, place, lambda: _run_scenario(cards, sc, place))


def _run_scenario(cards: CardSet, sc: Scenario, place: Place) -> Outcome:
    start_index: list[int] = []
    effect = sc.effect
    if sc.action == "effect" and effect is None:
        effect = compile_snippet(cards, sc.subject)

    def start(rules: CampaignRules) -> Steps:
        try:
            yield from _scenario_steps(rules, cards, sc, place, effect, start_index)
        finally:  # as the main loop does (``play_from``): the finished game is freed at once
            rules.release()

    dice = list(sc.dice)
    # The decisions the engine takes by itself (a single option), noted so that an answer scripted
    # for one of them goes to it and not to the next decision (``Script``). Every die comes from ``dice:``.
    auto: list[Decision] = []
    script = Script(sc.answers, auto)
    try:
        game = campaign_game(cards, sc.seed, start=start, ask_chance=True, noted=auto)
        _answer_as_scripted(game, sc, place, script, dice)
    except IllegalAnswer as e:
        raise place.error(("answers",), str(e)) from None
    except ScenarioError:
        raise
    except CmdslError as e:  # e.g. the step limit
        raise place.error((), str(e)) from None
    if script.left:
        raise place.error(("answers",), "scripted answers were not used: " + ", ".join(script.left))
    if dice:
        raise place.error(("dice",), "scripted dice were not rolled: " + ", ".join(map(str, dice)))
    out = Outcome(game, game.events[start_index[0] if start_index else 0:], sc.views)
    if sc.action == "play":
        _require_played(out, sc, place)
    out.checked = verify(out, sc.expect, place)
    return out


def _scenario_steps(rules: CampaignRules, cards: CardSet, sc: Scenario, place: Place, effect: Compiled | None,
                    start_index: list[int]) -> Steps:
    """The game of a scenario: its position built, then the one thing it does (a card played, a
    Breaking News, an effect, a Going Negative result) and the end of that turn. ``start_index``
    receives the first event the scenario reports."""
    build_position(rules, sc.position, place, play=sc.subject if sc.action == "play" else None)
    position = rules.position
    position.active = sc.player
    rules.turn = sc.turn - 1
    hand = position.players[sc.player].hand
    if sc.action == "play" and sc.subject not in hand:
        hand.append(sc.subject)
    start_index.append(len(rules.host.events))
    if sc.action == "play":
        _require_legal_play(rules, sc, place)
        yield from rules.one_turn()
        return
    rules.turn += 1
    rules.emit(E.TurnStarted, rules.turn, sc.player)
    if sc.action == "news":
        target = _target(rules, sc, place)
        position.news_deck.append(sc.subject)
        yield from rules.breaking_news(target)
    elif sc.action == "effect":
        assert effect is not None
        news = _target(rules, sc, place) if sc.target is not None else None
        yield from effect.run(Run(rules.ops, sc.player, news))
    else:
        result = cards.negative[int(sc.subject)]
        rules.emit(E.DieRolled, sc.player, result.roll, result.title)
        yield from result.run(Run(rules.ops, sc.player.other))
    yield from rules.end_turn()


def _answer_as_scripted(game: CampaignGame, sc: Scenario, place: Place, script: Script, dice: list[int]) -> None:
    """Answer each decision with the script's next answer (a die: its next die result); the
    scenario's own play is answered for it. What is left unused stays in ``script``, ``dice``."""
    while True:
        script.match()
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
        step = script.take()
        if step is None:
            raise place.error(("answers",), "a decision has no scripted answer:\n" + d.describe())
        game.answer(step[1])


def _require_legal_play(rules: CampaignRules, sc: Scenario, place: Place) -> None:
    """The scenario's card must be a legal play: the engine takes a turn decision with a single
    option by itself, which would silently draw or play another card instead."""
    card = rules.cards.cards[sc.subject]
    if card.side is not sc.player:
        raise place.error(("player",), f"{sc.player} cannot play {card.title}: it is {card.side}'s card")
    if not rules.playable(sc.player, sc.subject):
        others = len(rules.position.players[sc.player].hand) - 1
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


def compile_snippet(cards: CardSet, text: str, origin: Origin = Origin("<effect>")) -> Compiled:
    """Parse, check and compile an effect typed by hand (a test, the REPL's eval)."""
    names = campaign_names(cards.states, cards.groups)
    checked = check(parse_effect(text, origin), names, Context(ContextKind.SNIPPET), origin)
    # A snippet may play any card of the set from hand: it is costed like a Breaking News.
    err = over_budget(checked.program, checked.work.at(cards.play_work), cards.play_work, len(cards.states), origin)
    if err is not None:
        raise err
    return compile_effect(checked, origin.item or "effect")


def _target(rules: CampaignRules, sc: Scenario, place: Place) -> LiveState:
    if sc.target is None:
        if not rules.in_play:
            raise place.error(("position", "states"), "a Breaking News scenario needs a state in play")
        return rules.in_play[0]
    live = rules.live(str(sc.target))
    if live is None:
        raise place.error(("target",), f'"{sc.target}" is not a state in play',
                          did_you_mean(str(sc.target), [x.name for x in rules.in_play]))
    return live


