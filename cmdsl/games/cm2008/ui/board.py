"""Campaign Manager 2008 at the REPL: the board, a hand, the log, a pending decision.

Colour is ANSI (red McCain, blue Obama) and optional; without it everything still reads, because
colours are always also spelled (R/B/W letters, names).
"""

from __future__ import annotations

from typing import cast

from cmdsl.game.decisions import Decision
from cmdsl.kits.keyboard.keyboard import asked
from ..engine import CampaignGame, campaign_of
from .. import events as E
from ..events import Event
from ..position import LiveState
from ..model import ISSUES, SIDES, Side

_ANSI = {Side.MCCAIN: "\x1b[31m", Side.OBAMA: "\x1b[34m", None: "\x1b[2m"}
_RESET, _BOLD, _DIM = "\x1b[0m", "\x1b[1m", "\x1b[2m"


class Painter:
    def __init__(self, colour: bool) -> None:
        self.colour = colour

    def side(self, side: Side | None, text: str) -> str:
        return f"{_ANSI[side]}{text}{_RESET}" if self.colour else text

    def dim(self, text: str) -> str:
        return f"{_DIM}{text}{_RESET}" if self.colour else text

    def bold(self, text: str) -> str:
        return f"{_BOLD}{text}{_RESET}" if self.colour else text


def board(game: CampaignGame, viewer: Side | None, colour: bool = False) -> str:
    """Every state in play, scores, supplies, Media Support, card counts; only ``viewer``'s hand."""
    p = Painter(colour)
    m, o = game.position.players[Side.MCCAIN], game.position.players[Side.OBAMA]
    out = [p.bold(f"Turn {game.turn} — {game.position.active}'s turn") + _answering(game) + "   "
           + p.side(Side.MCCAIN, f"McCain {m.score} EV") + "  " + p.side(Side.OBAMA, f"Obama {o.score} EV")]
    for live in game.position.in_play:
        a, b = live.tile.groups
        other = b if live.key == a else a
        out.append("")
        out.append(p.bold(f"{live.name} ({live.tile.ev} EV)") + f"  majority {live.majority.title()} "
                   f"[box {live.box}: {_track(live.box)}]  key {live.key} (other: {other})")
        for issue in ISSUES:
            mark = "*" if issue == live.majority else " "
            cells = [_cell(live, issue, i, p) for i in range(len(live.tokens[issue]))]
            needs = f"   to win, {_needs(live, issue)}" if issue == live.majority else ""
            out.append((f"  {mark}{issue.title():8} " + " ".join(cells)).rstrip() + needs)
    out.append(p.dim("Blocks: each circle's printed colour (R red, B blue, W white), a token on it in brackets "
                     "([r] McCain's, [b] Obama's): W[b] is a white circle Obama holds."))
    if game.position.media:
        card, owner = game.position.media
        out.append("\nMedia Support: " + p.side(owner, f"{campaign_of(game).cards.cards[card].title} ({owner})"))
    else:
        out.append("\nMedia Support: none")
    for side in SIDES:
        q = game.position.players[side]
        out.append(p.side(side, f"{side.label:7}") + f" supply {q.supply:2}  hand {len(q.hand)}  deck {len(q.deck)}  "
                   f"discard {len(q.discard)}")
    if viewer is not None:
        out.append(hand(game, viewer))
    n = len(game.position.reserve)
    out.append(f"Reserve: {n} state{'' if n == 1 else 's'}   Breaking News left: {len(game.position.news_deck)}")
    return "\n".join(out)


def _answering(game: CampaignGame) -> str:
    """Who must answer now (a bot or the other player may answer during someone's turn)."""
    if game.pending is None:
        return " — game over" if game.over else ""
    return " — " + " and ".join(str(d.player) for d in game.pending_decisions) + " must answer"


def _cell(live: LiveState, issue: str, i: int, p: Painter) -> str:
    """One block as `set` and the scenario files write it: the printed colour, a token in brackets
    (``R[b]``: an Obama token on a red circle), padded to 4 characters so the rows line up; in
    colour, painted as held now (reads right without colour too)."""
    printed, tok = live.tile.rows[issue][i], live.tokens[issue][i]
    now = live.colour(issue, i)
    text = printed + (f"[{tok.letter.lower()}]" if tok is not None else "")
    return (p.side(now, text) if now is not None else text) + " " * (_CELL - len(text))


_CELL = 4  # "W[b]"


def _needs(live: LiveState, issue: str) -> str:
    """How many blocks of the majority row each side must still turn to win the state (R9.1)."""
    m, o = (len(live.tokens[issue]) - live.count(side, issue) for side in SIDES)
    return f"McCain needs {m}, Obama {o}"


def _track(box: int) -> str:
    """The issue track drawn as D D E E with the marker's box in brackets."""
    labels = ["D", "D", "E", "E"]
    return " ".join(f"({x})" if i + 1 == box else x for i, x in enumerate(labels))


def hand(game: CampaignGame, side: Side) -> str:
    cards = game.position.players[side].hand
    if not cards:
        return f"{side}'s hand: empty"
    rows = [f"{side}'s hand:"]
    for cid in cards:
        c = campaign_of(game).cards.cards[cid]
        rows.append(f"  {cid:44} {c.title}{' ⚄' if c.going_negative else ''}")
    return "\n".join(rows)


def event_text(e: Event, hide_seed: bool = False) -> str:
    """An event's line; the seed of the start stays secret while the game is on (see Session)."""
    if hide_seed and isinstance(e, E.GameStarted):
        return e.text().replace(f"seed {e.seed}", "seed hidden until the game ends")
    return e.text()


def events(evs: list[Event], colour: bool = False, hide_seed: bool = False) -> str:
    p = Painter(colour)
    out = []
    for e in evs:
        who = getattr(e, "player", None)
        text = event_text(e, hide_seed)
        out.append(p.side(who if isinstance(who, Side) else None, text) if colour else text)
    return "\n".join(out)


def decision(d: Decision, colour: bool = False, game: CampaignGame | None = None) -> str:
    """The pending decision, each option followed by what it does (card text, the state's tile)."""
    # ``explain.board`` by another name: this module's ``board`` is the one the REPL shows (and a
    # compiled module binds a function's imports module-wide: docs/install-compiled.md).
    from cmdsl.games.cm2008.ui.explain import board as states_shown, heading, option_details, option_label, shows_tokens

    p = Painter(colour)
    lines = [p.side(cast(Side, d.player), f"{d.player}") + f" — {asked(heading(d, game))}"]
    in_play = states_shown(game, d) if game is not None else {}
    for i, o in enumerate(d.options, 1):
        lines.append(f"  {i}. {option_label(game, o) if game is not None else o.label}")
        if game is not None:
            lines += ["       " + p.dim(x) for x in option_details(game, d, o, in_play)]
    if game is not None and shows_tokens(game, d, in_play):  # the rows' notation, as the board's legend
        lines.append(p.dim("  (a block: its printed colour, a token in brackets: W[b] is a white circle Obama holds)"))
    lines.append(p.dim("  (`?` explains this decision)"))
    return "\n".join(lines)
