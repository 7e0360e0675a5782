"""Actions by hand: an effect run, or a position changed, by a person at the start of a turn.

The REPL's `eval` and `set` make an ``EffectByHand`` or a ``PositionChange``
(``cmdsl.games.cm2008.actions``); ``prepare`` checks it completely against the game and compiles it into
the steps that carry it out, so a bad one changes nothing; ``interject`` hands those steps to the
engine, which records the action among the answers (undo, save and replay include it).
"""

from __future__ import annotations

from typing import Any, Callable

from ...errors import CmdslError, did_you_mean
from . import events as E
from .actions import ByHand, EffectByHand
from .engine import CampaignGame, CampaignRules, Steps, campaign_of, rules_of
from .options import die_id
from ...lang.run import Run
from ...game.fields import MAX_ANSWER_CHARS, MAX_NAME_CHARS, Fields, shown
from .position import parse_row
from ...lang.origin import Origin
from .model import ISSUES, TOKENS_PER_PLAYER, Side
from .scenario import compile_snippet

SET_OPS = ("state", "score", "hand", "news", "die")


class InterjectionError(CmdslError):
    pass


def interject(game: CampaignGame, action: ByHand) -> None:
    """Check and carry out ``action`` at the pending turn decision; a bad one changes nothing."""
    campaign_of(game).interject(game, action, prepare(rules_of(game), action))


def prepare(rules: CampaignRules, action: ByHand) -> Callable[[CampaignRules], Steps]:
    """``action`` checked against the game as it is now (``rules``: its rules), as the steps that
    carry it out on the rules then."""
    if isinstance(action, EffectByHand):
        if len(action.text) > MAX_ANSWER_CHARS:  # a record could not hold it
            raise InterjectionError(f"an effect by hand is at most {MAX_ANSWER_CHARS} characters")
        side, text = action.side, action.text
        compiled = compile_snippet(rules.cards, text, Origin("<eval>", "eval"))

        def run_effect(g: CampaignRules) -> Steps:
            g.emit(E.Interjected, action.describe())
            yield from compiled.run(Run(g.ops, side))
        return run_effect
    if len(action.change) > MAX_ANSWER_CHARS:
        raise InterjectionError(f"a change by hand is at most {MAX_ANSWER_CHARS} characters")
    try:
        change = action.data
    except (RecursionError, ValueError):  # a hand-made record: nested too deeply, or not JSON
        raise InterjectionError("set: the change is not valid JSON") from None
    apply = _patch(rules, change)

    def run_set(g: CampaignRules) -> Steps:
        description = apply(g)
        g.emit(E.Interjected, description)
        yield from g.check_wins()
    return run_set


def _side(name: str) -> Side:
    try:
        return Side(name)
    except ValueError:
        raise InterjectionError(f'"{name}" is not a player (mccain or obama)') from None


#: The fields each kind of change takes; any other field is refused.
PATCH_FIELDS: dict[str, tuple[str, ...]] = {
    "state": ("op", "name", *ISSUES, "issue", "key"),
    "score": ("op", "side", "value"),
    "hand": ("op", "side", "cards"),
    "news": ("op", "id"),
    "die": ("op", "value"),
}


def _fields(patch: Any) -> tuple[str, Fields]:
    """The change's kind and its fields, checked as data: JSON types are not trusted."""
    op = patch.get("op") if isinstance(patch, dict) else None
    if not isinstance(op, str) or op not in SET_OPS:
        raise InterjectionError("set: a change is one of " + ", ".join(SET_OPS))
    return op, Fields(patch, "set", "set: ", PATCH_FIELDS[op], InterjectionError)


def _player(f: Fields, key: str = "side") -> Side:
    value = f.get(key)
    if not isinstance(value, str):
        raise f.error(key, f"{shown(value)} is not a player (mccain or obama)")
    return _side(value)


def _patch(rules: CampaignRules, patch: Any) -> Callable[[CampaignRules], str]:
    """Validate ``patch`` against the game now; return the function that applies it."""
    op, f = _fields(patch)
    return _PATCHES[op](rules, f)


def _state_patch(rules: CampaignRules, f: Fields) -> Callable[[CampaignRules], str]:
    """`set STATE …`: a state's rows, issue box or key."""
    name = f.text("name", MAX_NAME_CHARS)
    live = rules.live(name)
    if live is None:
        near = did_you_mean(name, [s.name for s in rules.in_play])
        raise InterjectionError(f'set: "{name}" is not a state in play' + (f' (did you mean "{near}"?)' if near else ""))
    tokens = {i: list(live.tokens[i]) for i in ISSUES}
    for issue in ISSUES:
        if f.has(issue):
            try:
                tokens[issue] = parse_row(f.text(issue, MAX_NAME_CHARS), live.tile.rows[issue])
            except ValueError as e:
                raise InterjectionError(f"set: {live.name} {issue}: {e}") from None
    box = f.whole("issue", 1, 4, "the issue box: 1-2 Defense, 3-4 Economy") if f.has("issue") else live.box
    key = f.text("key", MAX_NAME_CHARS) if f.has("key") else live.key
    if key not in live.tile.groups:
        raise InterjectionError(f"set: {live.name}'s groups are {live.tile.groups[0]} and {live.tile.groups[1]}")
    for side in Side:
        elsewhere = sum(s.tokens_of(side) for s in rules.in_play if s is not live)
        mine = sum(t is side for row in tokens.values() for t in row)
        if elsewhere + mine > TOKENS_PER_PLAYER:
            raise InterjectionError(f"set: {side} has only {TOKENS_PER_PLAYER} tokens")

    def apply_state(g: CampaignRules) -> str:
        target = g.live(name)
        assert target is not None
        for side in Side:
            g.position.players[side].supply += target.tokens_of(side)
        target.tokens = {i: list(r) for i, r in tokens.items()}
        for side in Side:
            g.position.players[side].supply -= target.tokens_of(side)
        target.box, target.key = box, key
        return (f"{target.name} set: Defense {target.row_text('defense')}, Economy {target.row_text('economy')}, "
                f"box {box}, key {key}")
    return apply_state


def _score_patch(rules: CampaignRules, f: Fields) -> Callable[[CampaignRules], str]:
    """`set score SIDE N`."""
    side = _player(f)
    score = f.whole("value", 0)

    def apply_score(g: CampaignRules) -> str:
        g.position.players[side].score = score
        return f"{side}'s score set to {score}"
    return apply_score


def _hand_patch(rules: CampaignRules, f: Fields) -> Callable[[CampaignRules], str]:
    """`set hand SIDE CARD…`: any card of the side's pool (as scenarios allow)."""
    side = _player(f)
    if not isinstance(f.get("cards"), list):
        raise f.error("cards", "a hand is a list of card ids")
    cards = f.text_list("cards", MAX_NAME_CHARS, "a card id")
    p = rules.position.players[side]
    pool = [c.id for c in rules.cards.pool(side)]
    owned = set(p.hand) | set(p.deck) | set(p.discard)
    if len(set(cards)) != len(cards):
        raise InterjectionError("set: a hand is a list of different card ids")
    for cid in cards:
        if cid not in pool:
            near = did_you_mean(str(cid), pool)
            raise InterjectionError(f'set: "{cid}" is not a card of {side}\'s pool'
                                    + (f' (did you mean "{near}"?)' if near else ""))
        if cid not in owned and (cid in p.played or (rules.position.media is not None and rules.position.media[0] == cid)):
            raise InterjectionError(f'set: "{cid}" is in play; a hand takes cards from the hand, the deck, '
                                    "the discard pile or the pool")
    # Any card of the side's pool (as scenarios allow): one already in this game moves from its deck or
    # discard pile; one not in the game (another draft, a starred deck) joins it from the pool.
    joining = [cid for cid in cards if cid not in owned]

    def apply_hand(g: CampaignRules) -> str:
        q = g.position.players[side]
        for cid in q.hand:
            if cid not in cards:
                q.discard.append(cid)
        q.deck = [c for c in q.deck if c not in cards]
        q.discard = [c for c in q.discard if c not in cards]
        q.hand = list(cards)
        g.position.decks[side] = g.position.decks[side] + tuple(c for c in joining if c not in g.position.decks[side])
        return f"{side}'s hand set to: " + ", ".join(
            g.cards.cards[c].title + (" (from the pool)" if c in joining else "") for c in cards)
    return apply_hand


def _news_patch(rules: CampaignRules, f: Fields) -> Callable[[CampaignRules], str]:
    """`set news ID`: that Breaking News on top of its deck."""
    nid = f.text("id", MAX_NAME_CHARS)
    if nid not in rules.position.news_deck:
        near = did_you_mean(nid, rules.position.news_deck)
        raise InterjectionError(f'set: "{nid}" is not in the Breaking News deck'
                                + (f' (did you mean "{near}"?)' if near else ""))

    def apply_news(g: CampaignRules) -> str:
        g.position.news_deck.remove(nid)
        g.position.news_deck.append(nid)
        return f"{g.cards.news[nid].title} is now the top Breaking News"
    return apply_news


def _die_patch(rules: CampaignRules, f: Fields) -> Callable[[CampaignRules], str]:
    """The next Going Negative die, as an older record's action by hand set it."""
    value = f.whole("value", 1, 6, "a die result")

    def apply_die(g: CampaignRules) -> str:
        # An action by hand of an older record: it is recorded itself (the REPL's `set die` now
        # forces the die with the driver's force_chance, recorded as the chance seat's answer).
        g.host.force_chance(die_id(value), recorded=False)
        return f"the next Going Negative die will show {value}"
    return apply_die


#: Each kind of position change (``SET_OPS``) and its check-and-apply.
_PATCHES: dict[str, Callable[[CampaignRules, Fields], Callable[[CampaignRules], str]]] = {
    "state": _state_patch, "score": _score_patch, "hand": _hand_patch, "news": _news_patch, "die": _die_patch}
