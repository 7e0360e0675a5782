"""Campaign Manager 2008's states: gaining support (R6), issues and demographics (R7), winning
states (R9), Breaking News (R10) and the end of the game (R11). Built on ``rules_abilities.py``."""

from __future__ import annotations

from enum import Enum
from typing import Iterable

from ...game.decisions import Decision
from ...game.driver import GameOver
from ...game.together import Steps
from ...lang.run import Run
from . import events as E
from . import options as O
from .kinds import DecisionKind
from .model import ISSUES, SIDES, WINNING_SCORE, Side, StateTile
from .position import LiveState
from .rules_abilities import AbilityRules


class Way(Enum):
    """A way of gaining a block (R6.1, R6.2): each is one option of the choice (R12.4)."""

    PLACE = "place"  # a token on the opponent's printed colour
    REMOVE = "remove"  # the opponent's token off one's own printed colour
    REPLACE = "replace"  # the opponent's token on a white circle, by one's own
    UNDECIDED = "undecided"  # a token on an empty white circle (only when no other way exists)

    __hash__ = object.__hash__  # dict keys at every gain: hashed by identity, in C


# An enum member read as a class attribute costs ~90 ns on Python 3.11 (a module name ~8): gain
# reads the ways at every call.
_PLACE, _REMOVE, _REPLACE, _UNDECIDED = Way.PLACE, Way.REMOVE, Way.REPLACE, Way.UNDECIDED


def _way_labels(side: Side) -> dict[Way, str]:
    """How each way of gaining a block reads, for ``side`` (R6.1, R6.2)."""
    opp = side.other
    return {
        Way.PLACE: f"place a token on a {'blue' if opp is Side.OBAMA else 'red'} circle",
        Way.REMOVE: f"remove {opp}'s token from a {'red' if side is Side.MCCAIN else 'blue'} circle",
        Way.REPLACE: f"replace {opp}'s token on a white circle",
        Way.UNDECIDED: "place a token on an undecided white circle",
    }


_WAY_LABELS = {side: _way_labels(side) for side in SIDES}


class StateRules(AbilityRules):
    """R6, R7, R9, R10, R11."""

    # ---- the board (R6, R7) ------------------------------------------------------

    def live(self, name: str) -> LiveState | None:
        for s in self.position.in_play:
            if s.tile.name == name:
                return s
        return None

    def enter_state(self, tile: StateTile, slot: int, cause: str | None = None) -> LiveState:
        live = LiveState(tile)
        live.locked = live.winner()  # a tile printed all one colour is won as soon as wins are checked
        self.position.in_play.insert(slot, live)
        self.position.reserve.remove(tile.name)
        self.emit(E.StateEntered, tile.name, tile.ev, slot, live.majority, live.key, cause=cause)
        return live

    def gain(self, side: Side, live: LiveState | None, issue: str, cause: str | None = None) -> Steps:
        """One support on ``issue`` in ``live`` for ``side`` (R6.1–R6.5, R12.1, R12.4)."""
        if live is None:
            return
        if not live.in_play:
            self.emit(E.GainWasted, side, live.name, issue, "the state is no longer in play", cause=cause)
            return
        opp = side.other
        me = self.position.players[side]
        printed = live.tile.rows[issue]
        tokens = live.tokens[issue]
        ways: dict[Way, int] = {}  # one option per distinct way (R12.4): way → first block
        any_opp = False
        mine, theirs, supplied = side.letter, opp.letter, me.supply > 0
        for i, tok in enumerate(tokens):
            if tok is None:
                if printed[i] == theirs:  # the opponent's printed colour, no token on it
                    any_opp = True
                    if supplied and _PLACE not in ways:
                        ways[_PLACE] = i
            elif tok is opp:
                any_opp = True
                if printed[i] == mine:  # removing needs no token (R12.1)
                    if _REMOVE not in ways:
                        ways[_REMOVE] = i
                elif supplied and _REPLACE not in ways:
                    ways[_REPLACE] = i
        if not any_opp and supplied:  # R6.2: only now may an undecided block be taken
            for i, tok in enumerate(tokens):
                if tok is None and printed[i] == "W":
                    ways[_UNDECIDED] = i
                    break
        if not ways:
            if any_opp or any(p == "W" and t is None for p, t in zip(printed, tokens)):
                reason = f"{side} has no token left (R12.1)"
            else:
                reason = f"every block is already {side}'s (R6.4)"
            self.emit(E.GainWasted, side, live.name, issue, reason, cause=cause)
            return
        if len(ways) == 1:  # one way: taken without asking (as ask() would), without building options
            [(way, i)] = ways.items()
        else:
            labels = _WAY_LABELS[side]
            opts = tuple(O.block_option(issue, i, f"{live.name} {issue}, block {i + 1}: {labels[w]}", (w, i))
                         for w, i in ways.items())
            opt = yield from self.ask(Decision(side, DecisionKind.BLOCK,
                                               f"which {issue} block of {live.name} turns {side.label}?", opts))
            way, i = opt.value
        before = tokens[i]
        if way is _REMOVE:
            tokens[i] = None
            self.position.players[opp].supply += 1
        else:
            if before is not None:
                self.position.players[opp].supply += 1
            tokens[i] = side
            me.supply -= 1
        self.emit(E.BlockChanged, side, live.name, issue, i, printed[i], before, tokens[i], cause=cause)
        if self._lock_wins((live,)):
            yield from self._resolve_wins()

    def shift(self, live: LiveState | None, n: int, issue: str, cause: str | None = None) -> Steps:
        """R7.1: move the issue marker ``n`` boxes toward ``issue``; moves past the end are lost."""
        if live is None or not live.in_play or n <= 0:
            return
        before = live.box
        live.box = min(4, before + n) if issue == "economy" else max(1, before - n)
        self.emit(E.IssueShifted, live.name, before, live.box, live.majority, cause=cause)
        if self._lock_wins((live,)):
            yield from self._resolve_wins()

    def alter(self, live: LiveState | None, cause: str | None = None) -> None:
        """R7.2: the key demographic moves to the state's other group."""
        if live is None or not live.in_play:
            return
        before = live.key
        a, b = live.tile.groups
        live.key = b if before == a else a
        self.emit(E.KeyAltered, live.name, before, live.key, cause=cause)

    def demographic_support(self, side: Side, group: str, cause: str | None = None) -> Steps:
        """R7.3 with R12.1: fill empty white circles where ``group`` is the key, in slot order."""
        keyed = [s for s in self.position.in_play if s.key == group]
        self.emit(E.DemographicSupportPlayed, side, group, tuple(s.name for s in keyed), cause=cause)
        me = self.position.players[side]
        for live in keyed:
            for issue in ISSUES:
                for i, pr in enumerate(live.tile.rows[issue]):
                    if pr == "W" and live.tokens[issue][i] is None and me.supply > 0:
                        live.tokens[issue][i] = side
                        me.supply -= 1
                        self.emit(E.BlockChanged, side, live.name, issue, i, "W", None, side, cause=cause)
        yield from self.check_wins(keyed)

    # ---- winning states (R9, R10, R11) -------------------------------------------

    def check_wins(self, changed: Iterable[LiveState] | None = None) -> Steps:
        """R9: resolve every state won now. Only a state that just ``changed`` (default: any in
        play) can have become won; one already won waits, locked, for its turn (R9.4, R12.6)."""
        if self._lock_wins(changed):
            yield from self._resolve_wins()

    def _lock_wins(self, changed: Iterable[LiveState] | None) -> bool:
        """Lock each state of ``changed`` that is won now; whether any state in play is locked.
        Not a generator: after most changes nothing is won, and nothing needs resolving."""
        for live in self.position.in_play if changed is None else changed:
            if live.locked is None and live.in_play:
                live.locked = live.winner()
        for live in self.position.in_play:
            if live.locked is not None:
                return True
        return False

    def _resolve_wins(self) -> Steps:
        while True:
            won = [s for s in self.position.in_play if s.locked is not None]
            if not won:
                return
            pick = won[0]
            if len(won) > 1:  # R9.4: the active player orders simultaneous wins
                opt = yield from self.ask(Decision(
                    self.position.active, DecisionKind.ORDER, "several states are won at once: which is resolved first?",
                    tuple(O.state_option(s.tile, f"{s.name} (won by {s.locked})", s) for s in won)))
                pick = opt.value
            yield from self._resolve_win(pick)

    def _resolve_win(self, live: LiveState) -> Steps:
        side = live.locked
        assert side is not None
        slot = self.position.in_play.index(live)
        self.position.in_play.remove(live)
        live.in_play = False
        back = {s: live.tokens_of(s) for s in SIDES}
        for s in SIDES:
            self.position.players[s].supply += back[s]
        for row in live.tokens.values():
            row[:] = [None] * len(row)
        p = self.position.players[side]
        before = p.score
        p.score += live.tile.ev
        self.position.won.append((live.name, side))
        self.emit(E.StateWon, side, live.name, live.tile.ev, before, p.score)
        self._queue_triggers("won", side)
        self.emit(E.TokensReturned, live.name, back[Side.MCCAIN], back[Side.OBAMA])
        if p.score >= WINNING_SCORE:  # R11.1
            raise GameOver(side, f"{side} reaches {WINNING_SCORE} electoral votes")
        if not self.position.reserve:  # R9.2: play goes on with fewer states
            self.emit(E.NoReplacement)
            if not self.position.in_play:  # R11.2
                raise GameOver(None, "every state has been won and nobody reached 270")
            return
        replacement = self._options.replacement
        opt = yield from self.ask(Decision(side, DecisionKind.REPLACEMENT,
                                           f"{live.name} is won: choose the state that replaces it",
                                           tuple([replacement[n] for n in self.position.reserve])))
        new = self.enter_state(opt.value, slot)
        yield from self.breaking_news(new)

    def breaking_news(self, new: LiveState) -> Steps:
        """R10: draw one Breaking News for the state that just came into play and resolve it."""
        if not self.position.news_deck:
            self.emit(E.NewsDeckEmpty)
            return
        news = self.cards.news[self.position.news_deck.pop()]
        self._queue_triggers("news", None)
        target = new
        card = self.media_card()
        if card is not None and card.abilities is not None and card.abilities.news is not None:
            assert self.position.media is not None
            # R12.14: the card is revealed first; whoever steers it chooses knowing the event.
            self.emit(E.NewsDrawn, news.id, news.title, None)
            target = yield from card.abilities.news(self.ops, self.position.media[1], new)
            self.emit(E.NewsTargeted, news.title, target.name, card.title)
        else:
            self.emit(E.NewsDrawn, news.id, news.title, target.name)
        yield from news.run(Run(self.ops, None, target))
