"""A scenario's ``position:`` (docs/scenarios.md): read and checked part by part, then arranged on a
game (``build_position``); the same from Python (``position``); and a position as stable text
(``render_position``, for snapshots and for people)."""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import did_you_mean
from .engine import CampaignGame, CampaignRules, Steps, campaign_game, campaign_of
from .options import die_id
from .position import LiveState, parse_row
from .model import ISSUES, SIDES, TOKENS_PER_PLAYER, WINNING_SCORE, CardSet, Side
from ...sets.scenario_doc import Path_, Place, keys_of, list_at, path_text, text_at, whole_at


POSITION_KEYS = ("states", "reserve", "hands", "decks", "discards", "scores", "media", "news")
STATE_KEYS = ("name", "defense", "economy", "issue", "key")
ZONES = (("hands", "hand"), ("decks", "deck"), ("discards", "discard"))


def build_position(rules: CampaignRules, spec: Any, where: str | Place = "position", play: str | None = None) -> None:
    """Arrange the position ``rules`` play as ``spec`` says (states in play, cards, scores, media, news), checking
    every part first: a bad spec raises ``ScenarioError`` (located when ``where`` is a ``Place``).

    ``play``: a card the scenario plays, which must be in its owner's hand or nowhere (it is
    added to the hand then)."""
    place = where if isinstance(where, Place) else Place(where)
    cards = rules.cards
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
    position = rules.position
    position.in_play[:] = states
    position.reserve = reserve
    for side in SIDES:
        p = position.players[side]
        p.hand = zones[side]["hand"]
        p.deck = list(reversed(zones[side]["deck"]))  # decks are given top first
        p.discard = zones[side]["discard"]
        p.score = scores.get(side.value, p.score)
        p.supply = TOKENS_PER_PLAYER - sum(x.tokens_of(side) for x in states)
    if media is not None:
        position.media = (media, cards.cards[media].side)
    position.news_deck = list(reversed(news))


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
             turn: int = 1, seed: int = 0, dice: list[int] | None = None) -> CampaignGame:
    """A game at the start of ``active``'s turn ``turn`` in the position given, in the notation of
    a scenario's ``position:`` (docs/scenarios.md): a zone left out is empty, so a player with an
    empty hand, deck and discard pile can be set up (R12.2). Play goes on as in a real game, each
    player in turn, from ``game.pending``. Dice are rolled from ``dice`` first, then from the seed.
    A bad position raises ``ScenarioError`` naming the field."""
    spec = {k: v for k, v in (("states", states), ("reserve", reserve), ("hands", hands), ("decks", decks),
                              ("discards", discards), ("scores", scores), ("media", media), ("news", news))
            if v is not None}
    first = Side(active)

    def start(rules: CampaignRules) -> Steps:
        build_position(rules, spec)
        rules.position.active, rules.turn = first, turn - 1
        yield from rules.resume()  # the game's main loop, entered at the start of a turn

    game = campaign_game(cards, seed, start=start)
    for value in dice or []:  # used by the first rolls, recorded as the chance seat's answers
        game.force_chance(die_id(value))
    return game


def render_position(game: CampaignGame) -> str:
    """The whole position as stable text (for snapshots and for people)."""
    cards, position = campaign_of(game).cards, game.position
    m, o = position.players[Side.MCCAIN], position.players[Side.OBAMA]
    out = [f"Turn {position.turn}, {position.active} active. Scores: McCain {m.score}, Obama {o.score}."]
    if game.result is not None:
        out.append(game.result.text())
    if position.media:
        out.append(f"Media Support in play: {cards.cards[position.media[0]].title} ({position.media[1]})")
    else:
        out.append("Media Support in play: none")
    out.append("States in play:")
    for live in position.in_play:
        a, b = live.tile.groups
        other = b if live.key == a else a
        out.append(f"  {live.name} ({live.tile.ev} EV): majority {live.majority.title()} (box {live.box}), "
                   f"key {live.key} (other {other})")
        for issue in ISSUES:
            out.append(f"    {issue.title():8} {live.row_text(issue)}")
    if position.won:
        out.append("Won: " + ", ".join(f"{n} ({s})" for n, s in position.won))
    out.append(f"Reserve ({len(position.reserve)}): " + ", ".join(position.reserve))
    for side in SIDES:
        p = position.players[side]
        out.append(f"{side}: supply {p.supply}; hand [{', '.join(p.hand)}]; deck top first "
                   f"[{', '.join(reversed(p.deck))}]; discard [{', '.join(p.discard)}]")
    out.append(f"Breaking News deck top first: [{', '.join(reversed(position.news_deck))}]")
    return "\n".join(out) + "\n"
