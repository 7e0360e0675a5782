"""What a pending decision means, in the game's words: each option says what it does, and `?`
explains who decides, what the options do and what happens next.

Plain functions of the game and the decision, in the game's own words (as Lobbys' are in its
package): the REPL prints them, tests read them.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from ..catalog import card_text
from ....game.decisions import Decision, Option
from ..engine import CampaignGame, campaign_of
from ..setup import DRAFT_ROUNDS
from ..events import DieRolled
from ..kinds import DecisionKind
from ..position import LiveState
from ..view import RowView, StateView
from ..model import HAND_LIMIT_FOR_DRAWING, ISSUES, TRACK, CardDef, NegativeDef, NewsDef, Side, StateTile

_DRAFT_ROUND = re.compile(r"^draft round (\d+): (.*)$")


def prompt(d: Decision) -> str:
    """The decision's question; a draft round says how many rounds there are."""
    m = _DRAFT_ROUND.match(d.prompt)
    if m:
        return f"draft round {m.group(1)} of {DRAFT_ROUNDS}: {m.group(2)}"
    return d.prompt


def board(game: CampaignGame, d: Decision) -> dict[str, StateView]:
    """The states in play as the deciding seat's view holds them, by name: what every option
    naming a state in play is described from (the position now, never the printed tile)."""
    if d.player not in game.seats:
        return {}
    return {sv.name: sv for sv in game.view(d.player).states}


def option_label(game: CampaignGame, o: Option) -> str:
    """An option's label as the REPL lists it: a card carrying the Going Negative mark ends in
    ⚄ (R8.1), the mark that `?` at a turn tells players to look for."""
    cid = _card_of(game, o)
    return f"{o.label} ⚄" if cid is not None and campaign_of(game).cards.cards[cid].going_negative else o.label


def option_details(game: CampaignGame, d: Decision, o: Option, in_play: Mapping[str, StateView] | None = None) -> list[str]:
    """Lines under an option saying what choosing it does (none when its label says it all).
    ``in_play``: ``board(game, d)``, made once per decision by a caller listing every option."""
    cid = _card_of(game, o)
    if cid is not None:
        return card_text(campaign_of(game).cards.cards[cid]).splitlines()
    tile = _tile_of(game, o.value)
    if tile is None:
        return []
    states = board(game, d) if in_play is None else in_play
    live = states.get(tile.name) if d.kind not in _NOT_IN_PLAY else None
    return state_lines(tile, live)


def shows_tokens(game: CampaignGame, d: Decision, in_play: Mapping[str, StateView]) -> bool:
    """Whether the rows under the options show a token (``R W[b] B``): then the notation's legend is due."""
    if d.kind in _NOT_IN_PLAY:
        return False
    tiles = (_tile_of(game, o.value) for o in d.options)
    shown = (in_play.get(t.name) for t in tiles if t is not None)
    return any(t is not None for live in shown if live is not None for row in live.rows for t in row.tokens)


#: Decisions whose states are not in play (a setup pile, the reserve): their printed tile is all.
_NOT_IN_PLAY = frozenset({DecisionKind.SETUP_STATE, DecisionKind.REPLACEMENT})


def _card_of(game: CampaignGame, o: Option) -> str | None:
    """The campaign card an option plays, keeps or gives up (play:, card: and draft options)."""
    if isinstance(o.value, str) and o.value in campaign_of(game).cards.cards and o.id.split(":")[0] in ("play", "card"):
        return o.value
    return None


def _tile_of(game: CampaignGame, value: Any) -> StateTile | None:
    if isinstance(value, StateTile):
        return value
    if isinstance(value, LiveState):
        return value.tile
    if isinstance(value, str) and value in campaign_of(game).cards.states:  # a state chosen by an effect, a setup pick
        return campaign_of(game).cards.states[value]
    return None


def state_lines(tile: StateTile, live: StateView | None = None) -> list[str]:
    """A state tile in two lines: EV, markers, then its rows (printed letters; when in play, as
    it is now: the markers where they stand, a token in brackets)."""
    box = live.box if live is not None else tile.issue_box
    key = live.key if live is not None else tile.key
    other = next(g for g in tile.groups if g != key) if len(set(tile.groups)) == 2 else key
    head = (f"{tile.ev} EV; majority issue {TRACK[box - 1].title()} (marker on box {box} of 4); "
            f"key {key} (other group: {other})")
    if live is not None:
        rows = "; ".join(f"{r.issue.title()} {_row_text(r)}" for r in live.rows)
    else:
        rows = "; ".join(f"{issue.title()} " + " ".join(tile.rows[issue]) for issue in ISSUES)
    return [head, rows]


def _row_text(row: RowView) -> str:
    """``R W[b] B``: printed letters, a token in brackets (the scenario notation)."""
    return " ".join(p + (f"[{t.letter.lower()}]" if t is not None else "") for p, t in zip(row.printed, row.tokens))


# ---- what an effect's choice is for -----------------------------------------------------------


def asking_item(game: CampaignGame, d: Decision) -> CardDef | NewsDef | NegativeDef | None:
    """The card, Breaking News or Going Negative result whose effect asks this decision."""
    if d.cause is None:
        return None
    return campaign_of(game).cards.item(d.cause.rpartition(":")[0])


def item_name(item: CardDef | NewsDef | NegativeDef) -> str:
    if isinstance(item, NegativeDef):
        return f"{item.title} (Going Negative result {item.roll})"
    if isinstance(item, NewsDef):
        return f"{item.title} (Breaking News)"
    return f"{item.title} ({item.side}'s card)"


def heading(d: Decision, game: CampaignGame | None = None) -> str:
    """The decision's question, with the effect it is for: "choose a state, for Backlash (Going
    Negative result 6)"."""
    item = asking_item(game, d) if game is not None else None
    return prompt(d) + (f", for {item_name(item)}" if item is not None else "")


# ---- `?`: the whole decision explained ------------------------------------------------------

_WHY: dict[str, str] = {
    "turn": ("It is {p}'s turn (R4.1): play one card from hand (its effect happens now; a card marked ⚄ "
             "makes {p} roll the Going Negative die at the end of the turn and the opponent carries out the "
             "result, R8.1) or draw one card (only with fewer than {limit} cards in hand, R4.2). Then it is "
             "{o}'s turn."),
    "draft": ("Deck building (R3.1): {p} keeps one of three cards drawn from the pool; the other two leave "
              "the game. {o} keeps one of theirs at the same time, in secret: both are revealed when both "
              "have kept. After round {rounds} the 15 kept cards are {p}'s deck."),
    "setup-state": ("Setup (R3.3): {p} secretly picks 2 states of their own pile while {o} picks 2 of theirs; "
                    "the 4 picked states are revealed together and come into play, the others form the "
                    "reserve."),
    "replacement": ("{p} has just won a state (R9.2): choose which state of the reserve takes its place. "
                    "Its markers start on their printed boxes, then a Breaking News card is drawn and "
                    "resolved (R10)."),
    "order": ("Several states are won at once (R9.4): {p}, the active player, chooses which one is resolved "
              "first (with its replacement and Breaking News); the others follow."),
    "block": ("Gaining support (R6): {p} turns one block of the row to their colour. Blocks of the "
              "opponent's colour come first (R6.1); an undecided white circle only when none is left "
              "(R6.2). A state is won at once when its whole majority row has one colour (R9.1)."),
    "option": "The card being played says \"choose one\": {p} picks which of these happens.",
    "state": "The effect being resolved asks {p} to choose a state; it then applies to that state.",
    "issue": "The effect being resolved asks {p} to choose an issue, Economy or Defense.",
    "card": "The effect being resolved asks {p} to {ask}.",  # from hand, or one of the cards just drawn
    "discard": "The effect being resolved makes {p} discard: choose which card goes to the discard pile.",
    "news-target": ("A Breaking News card was drawn (R10.2): the Media Support card in play lets {p} choose "
                    "the state it affects."),
}


def explain(game: CampaignGame, d: Decision) -> str:
    """`?` at a decision: who decides, what it is for, what each option does, what happens next."""
    item = asking_item(game, d)
    why = _WHY.get(d.kind, "{p} must decide.").format(
        p=d.player, o=_side(d).other, limit=HAND_LIMIT_FOR_DRAWING, rounds=DRAFT_ROUNDS, ask=prompt(d))
    lines = [f"{d.player} decides: {heading(d, game)}."]
    if item is not None:
        lines += _for_effect(game, d, item)
    else:
        lines.append(why)
    lines += ["", "The options:"]
    in_play = board(game, d)
    for i, o in enumerate(d.options, 1):
        lines.append(f"  {i}. {option_label(game, o)}")
        lines += [f"       {x}" for x in option_details(game, d, o, in_play)]
    return "\n".join(lines)


#: What the REPL adds to `?` (the browser's page answers with its buttons and shows cards on hover).
AT_THE_REPL = ("\nAnswer with a number or the start of a label; `card NAME` shows a card or a state, "
               "`board` the position.")


def _side(d: Decision) -> Side:
    """The side deciding (a CM2008 decision a player answers is always a side's)."""
    assert isinstance(d.player, Side), d.player
    return d.player


def _for_effect(game: CampaignGame, d: Decision, item: CardDef | NewsDef | NegativeDef) -> list[str]:
    """Where the asking effect comes from, and its whole rules text."""
    if isinstance(item, NegativeDef):
        # who rolled: the last roll in the log (public, R8.1); the chooser may be either player
        roller = next((e.player for e in reversed(game.events) if isinstance(e, DieRolled)), _side(d).other)
        where = (f"{roller} went negative and rolled {item.roll}: {item.title}. {roller.other} carries out "
                 f"the result (R8.1); {d.player} chooses for it:")
    elif isinstance(item, NewsDef):
        where = f"The Breaking News {item.title} is being resolved (R10); {d.player} chooses for it:"
    else:
        where = f"{item.title} ({item.side}'s card) is being resolved; {d.player} chooses for it:"
    return [where, *(f"    {t}" for t in card_text(item).splitlines())]
