"""Every option of every decision is built here, so each option id format is written once.

Option ids are what records store and what scripts, scenarios and the REPL answer with: changing
one breaks every saved game. Build them with these functions, never by hand.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

from ...sets.ids import slug
from .model import ISSUES, SIDES, CardSet, Side, StateTile
from ...game.decisions import CHANCE, ChanceOption, Decision, Option
from ...sets.answer_forms import AnswerForm, AnswerForms, Slot
from .kinds import DecisionKind

#: The ids of the options that carry no value of their own.
DRAW = "draw"  # a turn's "draw a card"
DONE = "done"  # "stop discarding"


def state_id(name: str) -> str:
    """The option id of a state, from its name ("New Jersey" → "state:new-jersey")."""
    return f"state:{slug(name)}"


def state_option(tile: StateTile, label: str, value: Any) -> Option:
    """A state (in play, in reserve or in a setup pile): ``state:ohio``."""
    return Option(f"state:{tile.slug}", label, value)  # the tile's slug is cached: this is hot


def card_option(card_id: str, title: str) -> Option:
    """A card (in hand, in a draft): ``card:mccain-draw``; its value is the card id."""
    return Option(f"card:{card_id}", title, card_id)


def play_id(card_id: str) -> str:
    """The turn's answer that plays ``card_id``."""
    return f"play:{card_id}"


def play_option(card_id: str, title: str) -> Option:
    return Option(play_id(card_id), f"Play {title}", card_id)


def draw_option() -> Option:
    return Option(DRAW, "Draw a card")


def done_option(label: str) -> Option:
    return Option(DONE, label)


def issue_option(issue: str) -> Option:
    return Option(f"issue:{issue}", issue.title(), issue)


def block_option(issue: str, index: int, label: str, value: Any) -> Option:
    """A block of a row, numbered from 1 as printed: ``block:economy:2`` for ``index`` 1."""
    return Option(f"block:{issue}:{index + 1}", label, value)


def numbered_option(index: int, label: str) -> Option:
    """One of several effects, numbered from 1: ``option:1`` for ``index`` 0 (its value)."""
    return Option(f"option:{index + 1}", label, index)


def die_id(result: int) -> str:
    """The chance seat's answer that rolls ``result`` on the Going Negative die: ``die:4``."""
    return f"die:{result}"


def first_id(side: Side) -> str:
    """The chance seat's answer that makes ``side`` play first: ``first:obama``."""
    return f"first:{side.value}"


def answer_forms(cards: CardSet) -> AnswerForms:
    """Every kind of option id above, with the names of ``cards``: what a scenario's answers may
    name (``cmdsl.sets.scenario_answers``)."""
    card = Slot.of("a card id", cards.cards)
    issue = Slot.of("an issue", ISSUES)
    return AnswerForms((
        AnswerForm("state", (Slot.of("a state", (t.slug for t in cards.states.values())),)),
        AnswerForm("card", (card,)), AnswerForm("play", (card,)), AnswerForm("issue", (issue,)),
        AnswerForm("block", (issue, Slot.whole("a block"))), AnswerForm("option", (Slot.whole("an option"),)),
        AnswerForm("die", (Slot.of("a die result", map(str, range(1, 7))),)),
        AnswerForm("first", (Slot.of("a side", (s.value for s in SIDES)),))))


#: The Going Negative roll (R8.1): six outcomes, 1/6 each; the value is the result.
_SIXTH = Fraction(1, 6)  # one object for all six: ``draw`` sees at a glance they are equal
DIE_ROLL = Decision(CHANCE, DecisionKind.DIE, "roll the Going Negative die",
                    tuple(ChanceOption(die_id(n), str(n), n, _SIXTH) for n in range(1, 7)))

_HALF = Fraction(1, len(SIDES))
#: Who plays first when the setup leaves it to chance (R3.5); the value is the side.
FIRST_PLAYER = Decision(CHANCE, DecisionKind.FIRST_PLAYER, "who plays first",
                        tuple(ChanceOption(first_id(side), str(side), side, _HALF) for side in SIDES))

#: Every outcome a chance decision can have, by id (``Game.chance_outcomes``: ``force_chance``
#: checks against it).
CHANCE_OUTCOMES = frozenset(o.id for d in (DIE_ROLL, FIRST_PLAYER) for o in d.options)


class _Made(dict[str, Option]):
    """Options by key, each made by ``make(key)`` the first time it is asked for."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[str], Option]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: str) -> Option:
        opt = self[key] = self.make(key)
        return opt


class OptionCache:
    """The options a game offers again and again, each made once: options are values, and a
    game (with its forks) offers the same few hundred of them thousands of times."""

    __slots__ = ("play", "card", "replacement", "starting", "state", "discard_cost", "pools")

    def __init__(self, cards: CardSet) -> None:
        #: The turn's "Play X" option, by card id (value: the card id).
        self.play = _Made(lambda cid: play_option(cid, cards.cards[cid].title))
        #: A card, by id (a draft pick, a card in hand chosen by an effect; value: the card id).
        self.card = _Made(lambda cid: card_option(cid, cards.cards[cid].title))
        #: A state of a setup pile, labelled with its votes, by name (value: its name).
        self.starting = _Made(lambda name: state_option(cards.states[name], f"{name} ({cards.states[name].ev} EV)", name))
        #: A state from the reserve, labelled with its votes, by name (value: the tile).
        self.replacement = _Made(lambda name: state_option(cards.states[name], f"{name} ({cards.states[name].ev} EV)",
                                                           cards.states[name]))
        #: A state in play chosen by an effect, by name (value: its name).
        self.state = _Made(lambda name: state_option(cards.states[name], name, name))
        #: R4.6: each card's discard cost, by card id (read for every card in hand, every turn).
        self.discard_cost = cards.discard_costs
        #: Each side's card ids: its 45-card draft pool (R3.1; a determinization deals from it).
        self.pools = {side: frozenset(c.id for c in cards.pool(side)) for side in SIDES}
