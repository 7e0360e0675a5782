"""Campaign Manager 2008's game: setup, turns, support, wins, Breaking News, Going Negative (R3–R12).

``Campaign`` is the game a core driver holds (``campaign_game`` makes one at its table, a
``CampaignGame``): its cards, seed and setup, where a copy of it starts, and what controllers and
bots read of it. Its rules are ``rules_setup.CampaignRules``, split by rulebook section into
layers, each built on the one before: ``rules_abilities.py`` (Media Support and triggered
abilities, R4.4, R12.16), ``rules_states.py`` (support, issues, demographics, winning states,
Breaking News: R6, R7, R9–R11), ``rules_cards.py`` (drawing and playing cards: R4.1, R5, R12.15),
``rules_turn.py`` (a turn, Going Negative: R4, R8), ``rules_setup.py`` (R3, and the main loop).
Compiled effects act through ``effect_ops.Cm2008Ops``, never through the rules themselves.

The game runs as one generator. Whenever a choice is needed it yields a ``Decision`` and
waits; the driver's ``answer`` checks the answer and resumes it. Where several seats decide at
once, in secret (the draft, R3.1; the starting states, R3.3), it yields a ``Together``: one
sequence of decisions per seat, answered in any order and revealed together. Chance is a seat
(DESIGN property 10): a die roll is a ``Decision`` of ``CHANCE``, which the driver answers from
the seeded RNG unless its outcome is forced or the game asks its caller. Nothing here prints,
prompts, reads files or looks at a clock, and every random draw comes from the game's own seeded
RNG.
"""

from __future__ import annotations

import random
from typing import Any, Callable, ClassVar, Sequence, cast

from ...errors import IllegalAnswer
from ...game.audience import Event
from ...game.contract import Game, Host, held
from ...game.decisions import Decision, Option, PlayerSeat
from ...game.driver import Driver
from ...game.rng import GameRng
from ...game.together import Steps
from . import events as E
from . import options as O
from .actions import Answer, ByHand, Interjection
from .determinize import determinized
from .evaluation import EVALUATION_SCALE, evaluate as evaluate_position
from .kinds import DecisionKind
from .model import SIDES, START_SCORES, CardSet, Side
from .position import PlayerState, Position
from .record import Record, log_digest
from .rules_setup import CampaignRules
from .rules_turn import INTERJECTION, Origin
from .setup import Setup
from .view import View, build_view

__all__ = ["Answer", "Campaign", "CampaignGame", "CampaignRules", "Steps", "campaign_game", "campaign_of",
           "log_text", "rules_of"]

#: A game of CM2008 at its table: the core's driver, holding a ``Campaign``.
CampaignGame = Driver[Side]
#: Where the rules start, given the rules at the table (a scenario's position, then the main loop).
Start = Callable[[CampaignRules], Steps]


class Campaign(Game[Side]):
    """CM2008 at one table: its cards, seed and setup; where its rules start (``start_at``: a
    scenario's, else the setup), or where a copy of it starts (``origin``); its checkpoints. The
    driver holding it owns the flow and the position; ``CampaignRules`` plays it."""

    #: The players' seats, in seat order (DESIGN property 12): CM2008's two sides.
    seats: tuple[Side, ...] = SIDES
    #: The outcomes ``force_chance`` accepts: a die roll, a random first player (R8.1, R3.5).
    chance_outcomes: ClassVar[frozenset[str]] = O.CHANCE_OUTCOMES
    chance_hint: ClassVar[str] = "a die roll is die:1 to die:6"
    evaluation_scale: ClassVar[float] = EVALUATION_SCALE
    constant_sum: ClassVar[bool] = True  # evaluate(obama) == -evaluate(mccain)

    def __init__(self, cards: CardSet, seed: int = 0, setup: Setup = Setup(), *, start: Start | None = None,
                 checkpoints: bool = False, origin: Origin | None = None, options: O.OptionCache | None = None
                 ) -> None:
        """``checkpoints``: keep a copy of the position at the start of every turn, so that a fork
        replays only the current turn (for bots that look ahead); else a fork replays the game
        from its start (or its own origin)."""
        self.cards, self.seed, self.setup = cards, seed, setup
        self.start_at, self.origin, self.keep_checkpoints = start, origin, checkpoints
        self.options = options if options is not None else O.OptionCache(cards)
        # The last checkpoint (a turn's start, a draft round's) and the number of answers before it.
        self.checkpoint: tuple[Origin, int] | None = None

    # ---- the driver's hooks (cmdsl.game.contract.Game) -----------------------------------------

    def start(self, host: Host[Side]) -> Steps:
        """The position as the game starts (from its seed, or a copy of its origin's) and its rules."""
        self.checkpoint = None
        origin = self.origin
        if origin is not None:
            host.position = origin.position.copy()
            host.turn = host.position.turn
            rules = CampaignRules(self, host)
            if origin.at_decision:
                return rules.play_from("decision")
            if origin.draft_round is not None:
                return rules.play_from("draft", origin.draft_round)
            return rules.play_from("turn")
        host.position = Position({s: PlayerState(s, START_SCORES[s.value]) for s in SIDES}, GameRng(self.seed),
                                 list(self.cards.states), decks={side: () for side in SIDES})
        host.turn = 0
        rules = CampaignRules(self, host)
        return rules.main() if self.start_at is None else self.start_at(rules)

    def log_choice(self, host: Host[Side], seat: PlayerSeat, decision: Decision, option: Option) -> None:
        host.emit(E.Chose, seat, decision.kind, option.id, option.label)

    def replay_action(self, host: Host[Side], answer: Interjection) -> None:
        self.interject(host, answer.action, answer.steps)

    def ended(self, host: Host[Side], winner: Side | None, reason: str) -> E.GameEnded:
        players = host.position.players
        return E.GameEnded(winner, reason, players[Side.MCCAIN].score, players[Side.OBAMA].score)

    def interject(self, host: Host[Side], action: ByHand, steps: Callable[[CampaignRules], Steps]) -> None:
        """Carry out an action by hand (an effect run, a position changed) at a turn's play-or-draw
        decision. The controller has checked and compiled it into ``steps``
        (``interjections.prepare``): the engine never reads effect text. Recorded like an answer,
        so undo, save and replay include it."""
        d = host.pending
        if d is None or d.kind != "turn":
            raise IllegalAnswer("effects and position changes can only be made when a turn's "
                                "play-or-draw decision is pending")
        host.act(Interjection(action, steps), Option(INTERJECTION, "by hand", steps))

    # ---- copies --------------------------------------------------------------------------------

    def fork(self, host: Host[Side], for_seat: Side | None) -> Host[Side]:
        """An independent copy of the game at its pending decision, without its history; the game
        is not changed. ``for_seat``: the copy as that seat may know it, where secret decisions
        are pending: the other seats' answers not revealed yet are left out (their decisions are
        pending again in the copy).

        At a turn's play-or-draw decision (nothing in flight) the copy starts from a copy of the
        position as it is now. Elsewhere it starts again from the position saved at the start of
        the current turn or draft round (when this game keeps checkpoints, or was itself forked in
        this turn) and replays the answers since; else it replays the whole game."""
        if self._at_turn_decision(host):
            return self.forks(host, 1)[0]
        answers = host.answers if for_seat is None else host.answers_known_to(for_seat)
        cp = self.checkpoint
        if cp is None:  # no checkpoint: from this game's own origin (its start, or its fork point)
            return host.replayed(self._copy(self.origin), list(answers))
        origin, since = cp
        # The checkpoint holds the changes made before it; those made since are made again.
        changes = tuple((when - since, change) for when, change in host.changes if when >= since)
        return host.replayed(self._copy(origin), list(answers[since:]), changes=changes)

    def forks(self, host: Host[Side], count: int) -> Sequence[Host[Side]]:
        """``count`` forks; at a turn's play-or-draw decision they start from one copy of the
        position, which none of them changes (each plays on a copy of it, as a fork of a fork
        made mid-turn does with its checkpoint)."""
        if not self._at_turn_decision(host):
            return [self.fork(host, None) for _ in range(count)]
        origin = Origin(host.position.copy(), at_decision=True)
        # no changes: a copy of the position as it is now has them already
        return [host.replayed(self._copy(origin), [], changes=()) for _ in range(count)]

    def _at_turn_decision(self, host: Host[Side]) -> bool:
        """Whether a fork can start from a copy of the position as it is (nothing in flight)."""
        d = host.pending
        return d is not None and d.kind == DecisionKind.TURN and self.start_at is None

    def _copy(self, origin: Origin | None) -> "Campaign":
        """This game (its cards, setup, options and start) starting at ``origin``; no checkpoints:
        a fork replays from its own origin."""
        return Campaign(self.cards, self.seed, self.setup, start=self.start_at, origin=origin, options=self.options)

    def determinized(self, host: Host[Side], seat: Side, rng: random.Random) -> Host[Side]:
        pool = self.options.pools[seat.other] if self.setup.mode == "draft" else None
        return determinized(host, seat, rng, pool)

    # ---- reading the game ----------------------------------------------------------------------

    def record(self, host: Host[Side], complete: bool) -> Record:
        """The game as a record; ``complete=False`` leaves out the log (a failed answer's report)."""
        log = tuple(e.text() for e in host.events) if complete else None
        return Record(self.cards.fingerprint, self.seed, self.setup,
                      tuple(a.action if isinstance(a, Interjection) else a for a in host.answers),
                      log_digest(log) if log is not None else None,
                      cast(E.GameEnded, host.result).text() if host.result else None, log)

    def winners(self, host: Host[Side]) -> tuple[Side, ...]:
        r = cast("E.GameEnded | None", host.result)
        return () if r is None or r.winner is None else (r.winner,)

    def evaluate(self, host: Host[Side], seat: PlayerSeat) -> float:
        r = cast("E.GameEnded | None", host.result)
        return evaluate_position(host.position, None if r is None else r.winner, r is not None, cast(Side, seat))

    def worth_a_look(self, decision: Decision) -> bool:
        return decision.kind == DecisionKind.TURN  # a turn's play or draw; the rest follows from it

    def view(self, host: Host[Side], seat: Side) -> View:
        """All that ``seat`` may know now (DESIGN property 11, docs/secrets.md): the public board,
        its own hand, sizes of the cards face down, and the log redacted for it. The host's
        ``events`` stay the full log."""
        return build_view(host.position, host.events, host.pending_decisions,
                          cast("E.GameEnded | None", host.result), seat, self.seats)


def campaign_game(cards: CardSet, seed: int = 0, setup: Setup = Setup(), *,
                  observer: Callable[[Any, Event], None] | None = None, start: Start | None = None,
                  checkpoints: bool = False, ask_chance: bool = False,
                  noted: list[Decision] | None = None) -> CampaignGame:
    """A new game of ``cards`` from ``seed`` and ``setup``, at its first decision.

    ``observer(game, event)`` is told every event as it is logged. ``start``: where the rules
    start, given the rules (a scenario's position, then the main loop); else the setup (R3).
    ``checkpoints``: forks replay only the current turn (for bots that look ahead).
    ``ask_chance``: the chance seat's decisions (a die roll, a random first player) are pending
    decisions for the caller to answer (a test, a search bot), recorded as the chance seat's
    answers; else the seeded RNG answers them, unrecorded. ``noted``: each decision taken
    without asking (a single option) is added to it (``Driver``: a scenario's script)."""
    cards.require_setup(setup.mode)  # a set is checked only for the setup modes it declares
    return Driver(Campaign(cards, seed, setup, start=start, checkpoints=checkpoints),
                  observer=observer, ask_chance=ask_chance, noted=noted)


def campaign_of(game: CampaignGame) -> Campaign:
    """The Campaign a driver holds: its cards, seed, setup."""
    return held(game.game, Campaign)


def rules_of(game: CampaignGame) -> CampaignRules:
    """The rules at ``game``'s table: what a test or a controller reads and does (``live``…)."""
    return CampaignRules(campaign_of(game), game)


def log_text(game: CampaignGame) -> str:
    return "\n".join(e.text() for e in game.events)
