"""Campaign Manager 2008's game: setup, turns, support, wins, Breaking News, Going Negative (R3–R12).

Its rules are split by rulebook section into layers, each built on the one before:
``rules_abilities.py`` (Media Support and triggered abilities, R4.4, R12.16), ``rules_states.py``
(support, issues, demographics, winning states, Breaking News: R6, R7, R9–R11),
``rules_cards.py`` (drawing and playing cards: R4.1, R5, R12.15), ``rules_turn.py`` (a turn, Going
Negative: R4, R8), ``rules_setup.py`` (R3, and the main loop). ``Game`` adds the driver's hooks,
copies and reading; ``effect_ops.py`` holds the reads and choices the effect language calls.

The game runs as one generator. Whenever a choice is needed it yields a ``Decision`` and
waits; ``Game.answer`` checks the answer and resumes it. Where several seats decide at once, in
secret (the draft, R3.1; the starting states, R3.3), it yields a ``Together``
(``cmdsl.game.driver``): one sequence of decisions per seat, answered in any order and revealed
together. Chance is a seat (DESIGN property 10): a die roll is a ``Decision`` of ``CHANCE``,
which the driver answers from the seeded RNG unless its outcome is forced or the game asks its
caller. Nothing here prints, prompts, reads files or looks at a clock, and every random draw
comes from the game's own seeded RNG.
"""

from __future__ import annotations

import random
from typing import Any, Callable, ClassVar, cast

from ...errors import IllegalAnswer
from .model import SIDES, START_SCORES, CardSet, Side
from . import events as E
from .evaluation import EVALUATION_SCALE, evaluate as evaluate_position
from . import options as O
from .rules_setup import SetupRules
from .rules_turn import INTERJECTION, Origin
from ...game.decisions import Decision, Option, PlayerSeat
from .kinds import DecisionKind
from .determinize import determinized
from ...game.together import Steps
from .position import PlayerState, Position
from .actions import Answer, ByHand, Interjection
from .record import Record, log_digest
from ...game.rng import GameRng
from .setup import Setup
from .view import View, build_view


class Game(SetupRules):
    #: The players' seats, in seat order (DESIGN property 12): CM2008's two sides. The core
    #: (decisions, perspectives, bots, secret picks) takes the seats from here.
    seats: tuple[Side, ...] = SIDES
    answers: list[Answer]
    result: E.GameEnded | None
    #: The outcomes ``force_chance`` accepts: a die roll, a random first player (R8.1, R3.5).
    chance_outcomes: ClassVar[frozenset[str]] = O.CHANCE_OUTCOMES
    chance_hint: ClassVar[str] = "a die roll is die:1 to die:6"
    evaluation_scale: ClassVar[float] = EVALUATION_SCALE
    constant_sum: ClassVar[bool] = True  # evaluate(obama) == -evaluate(mccain)

    def __init__(
        self,
        cards: CardSet,
        seed: int = 0,
        setup: Setup = Setup(),
        *,
        observer: Callable[["Game", E.Event], None] | None = None,
        start: Callable[["Game"], Steps] | None = None,
        checkpoints: bool = False,
        ask_chance: bool = False,
    ) -> None:
        """``checkpoints``: keep a copy of the position at the start of every turn, so that
        ``fork()`` replays only the current turn (for bots that look ahead); else a fork replays
        the game from its start. Either way a fork never changes this game.

        ``ask_chance``: the chance seat's decisions (a die roll, a random first player) are
        pending decisions for the caller to answer (a test, a search bot), recorded as the
        chance seat's answers; else the seeded RNG answers them, unrecorded."""
        cards.require_setup(setup.mode)  # a set is checked only for the setup modes it declares
        self.cards = cards
        self.seed = seed
        self.setup = setup
        self._set_up_driver(observer, ask_chance=ask_chance)
        self._origin: Origin | None = None  # the position a fork started from, and where
        self._options = O.OptionCache(cards)
        self.position = Position({s: PlayerState(s, START_SCORES[s.value]) for s in SIDES}, GameRng(seed),
                                 list(cards.states), decks={side: () for side in SIDES})
        self.keep_checkpoints = checkpoints
        # The last checkpoint (a turn's start, a draft round's) and the number of answers before it.
        self._checkpoint: tuple[Origin, int] | None = None
        self._start = start
        self._start_rules((start or Game._main)(self))

    # ---- the driver's hooks (cmdsl.game.driver.Driver) ---------------------------

    def log_choice(self, driver: Any, seat: PlayerSeat, decision: Decision, option: Option) -> None:
        self.emit(E.Chose, seat, decision.kind, option.id, option.label)

    def _rebuild(self) -> None:
        """Start again, in place, asking for chance: from the position a fork started from, else
        from the start. Whether it keeps checkpoints stays."""
        keep = self.keep_checkpoints
        if self._origin is not None:
            self.chance.asks = True
            self._load(self._origin)
        else:
            Game.__init__(self, self.cards, self.seed, self.setup, start=self._start, ask_chance=True)
        self.keep_checkpoints = keep

    def replay_action(self, driver: Any, answer: Interjection) -> None:
        self.interject(answer.action, answer.steps)

    # ---- the decision protocol -------------------------------------------------

    def interject(self, action: ByHand, steps: Callable[["Game"], Steps]) -> None:
        """Carry out an action by hand (an effect run, a position changed) at a turn's play-or-draw
        decision. The controller has checked and compiled it into ``steps``
        (``cmdsl.games.cm2008.interjections.prepare``): the engine never reads effect text. Recorded like an
        answer, so undo, save and replay include it."""
        d = self.pending
        if d is None or d.kind != "turn":
            raise IllegalAnswer("effects and position changes can only be made when a turn's "
                                "play-or-draw decision is pending")
        n, forced = len(self.answers), self.chance.forced
        self.answers.append(Interjection(action, steps))
        try:
            self._advance(Option(INTERJECTION, "by hand", steps))
        except BaseException as e:
            self._roll_back(e, n, forced)

    def ended(self, driver: Any, winner: Side | None, reason: str) -> E.GameEnded:
        m, o = self.position.players[Side.MCCAIN].score, self.position.players[Side.OBAMA].score
        return E.GameEnded(winner, reason, m, o)

    # ---- copies --------------------------------------------------------------------

    def fork(self, for_seat: PlayerSeat | None = None) -> "Game":
        """An independent copy of this game at its pending decision, without its history; this
        game is not changed. ``for_seat``: the copy as that seat may know it, where secret
        decisions are pending: the other seats' answers not revealed yet are left out (their
        decisions are pending again in the copy).

        At a turn's play-or-draw decision (nothing in flight) the copy starts from a copy of the
        position as it is now. Elsewhere it starts again from the position saved at the start of
        the current turn or draft round (when this game keeps checkpoints, or was itself forked in
        this turn) and replays the answers since; else it replays the whole game.
        """
        if self._at_turn_decision():
            return self.forks(1)[0]
        g = self._blank_fork()
        answers = self.answers if for_seat is None else self.answers_known_to(for_seat)
        cp = self._checkpoint
        if cp is None:  # no checkpoint: from this game's own origin (its start, or its fork point)
            g._changes = self._changes
            g._restart(answers)
            return g
        g._origin, since = cp
        # The checkpoint holds the changes made before it; those made since are made again.
        g._changes = tuple((when - since, change) for when, change in self._changes if when >= since)
        g._restart(answers[since:])
        return g

    def forks(self, count: int) -> list["Game"]:
        """``count`` forks (``fork()``); at a turn's play-or-draw decision they start from one copy
        of the position, which none of them changes (each plays on a copy of it, as a fork of
        a fork made mid-turn does with its checkpoint)."""
        if not self._at_turn_decision():
            return [self.fork() for _ in range(count)]
        origin = Origin(self.position.copy(), at_decision=True)
        out = []
        for _ in range(count):
            g = self._blank_fork()
            g._origin = origin
            g._restart([])  # loads a copy of the origin's position
            out.append(g)
        return out

    def _at_turn_decision(self) -> bool:
        """Whether a fork can start from a copy of the position as it is (nothing in flight)."""
        d = self.pending
        return d is not None and d.kind == DecisionKind.TURN and self._start is None

    def _blank_fork(self) -> "Game":
        """A fork not started yet: this game's cards, setup and settings, its origin and changes to set."""
        g = Game.__new__(Game)
        g.cards, g.seed, g.setup, g._start, g._origin = self.cards, self.seed, self.setup, self._start, self._origin
        # no changes: a copy of the position as it is now has them already
        g._set_up_driver(None, ask_chance=self.chance.asks, step_limit=self.step_limit)
        g.chance.forced = self.chance.forced
        g.keep_checkpoints = False  # a fork replays from its own origin
        g._options = self._options  # immutable options of the same cards
        return g

    def _load(self, origin: Origin) -> None:
        """Put this game at ``origin`` (cards and setup stay): a turn's start, its decision, or a draft round's start."""
        snap = origin.position
        self.position = snap.copy()
        self._origin = origin
        self.chance.forced = ()
        self._checkpoint = None
        if origin.at_decision:
            self._start_rules(self._play("decision"))
        elif origin.draft_round is not None:
            self._start_rules(self._play("draft", origin.draft_round))
        else:
            self._start_rules(self._play("turn"))

    # ---- reading the game ------------------------------------------------------

    def record(self, complete: bool = True) -> Record:
        """This game as a record; ``complete=False`` leaves out the log (a failed answer's report)."""
        log = tuple(e.text() for e in self.events) if complete else None
        return Record(self.cards.fingerprint, self.seed, self.setup,
                      tuple(a.action if isinstance(a, Interjection) else a for a in self.answers),
                      log_digest(log) if log is not None else None,
                      self.result.text() if self.result else None, log)

    def pool(self, side: Side) -> frozenset[str]:
        """The ids of all of ``side``'s cards: its draft pool (R3.1), its starred deck among them."""
        return self._options.pools[side]

    def log_text(self) -> str:
        return "\n".join(e.text() for e in self.events)

    def determinized(self, seat: Side, rng: random.Random) -> "Game":
        return cast(Game, determinized(cast(Any, self), seat, rng))  # the re-deal's Protocol of a game

    def winners(self) -> tuple[Side, ...]:
        r = self.result
        return () if r is None or r.winner is None else (r.winner,)

    def evaluate(self, seat: PlayerSeat) -> float:
        r = self.result
        return evaluate_position(self.position, None if r is None else r.winner, r is not None, cast(Side, seat))

    def worth_a_look(self, decision: Decision) -> bool:
        return decision.kind == DecisionKind.TURN  # a turn's play or draw; the rest follows from it

    def one_ply_values(self, decision: Decision, others: random.Random | None) -> list[float] | None:
        return None  # no shortcut: the greedy one ply forks (issue 53 moves this game out of the driver)

    def view(self, seat: Side) -> View:
        """All that ``seat`` may know now (DESIGN property 11, docs/secrets.md): the public board,
        its own hand, sizes of the cards face down, and the log redacted for it. ``self.events``
        stays the full log."""
        return build_view(self.position, self.events, self.pending_decisions, self.result, seat, self.seats)
