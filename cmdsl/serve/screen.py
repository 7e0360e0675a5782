"""What one seat's page is sent (DESIGN property 21): built from that seat's view alone, through
the game's ``SeatText`` (its board, log, `?` and card texts), else from the events as the seat may
see them and its own decision. A spectator is sent what every seat may see: the events' public
forms and the game's public board, if it draws one.

Nothing here reads a position: whose turn it is names only who decides (public in every game),
and a decision's options are sent only to the seat that decides.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..game.decisions import Decision, PlayerSeat
from ..plugins import SeatText
from ..values import value
from .served import ServedGame
from .store import PERSON

#: A JSON object, as the page reads it.
Payload = dict[str, Any]


@value
class Spectator:
    """Nobody's seat: every event's audience leaves it out, so it sees each event's public form."""

    value: str = "spectator"

    def __str__(self) -> str:
        return "spectator"


SPECTATOR = Spectator()


def seat_text(game: ServedGame) -> SeatText | None:
    """The game's screen as text, if its plug-in gives one."""
    return game.plugin.front_ends.seat_text() if game.plugin.front_ends is not None else None


def log_lines(game: ServedGame, seat: PlayerSeat | None) -> Sequence[str]:
    text = seat_text(game)
    if seat is not None and text is not None:
        return text.log(game.driver, seat)
    viewer = seat if seat is not None else SPECTATOR
    return [e.redacted(viewer).text() for e in game.driver.events]


def board(game: ServedGame, seat: PlayerSeat | None) -> str | None:
    text = seat_text(game)
    return text.board(game.driver, seat) if text is not None else None


def explanation(game: ServedGame, seat: PlayerSeat) -> str:
    """`?`: the game's explanation of the seat's decision, or its question and options."""
    text = seat_text(game)
    if text is not None:
        return text.explain(game.driver, seat)
    d = game.mine(seat)
    if d is None:
        return "You have no decision pending."
    return "\n".join([f"{seat} decides: {d.prompt}", *(f"  {i}. {o.label}" for i, o in enumerate(d.options, 1))])


def turn_line(game: ServedGame, seat: PlayerSeat | None) -> str:
    """Whose turn it is, from this seat's side: who decides is public (never what they may choose)."""
    driver = game.driver
    if driver.over:
        return "The game is over."
    deciding = [d.player for d in driver.pending_decisions]
    if seat is not None and seat in deciding:
        others = [str(s) for s in deciding if s is not seat]
        return "Your turn." + (f" ({', '.join(others)} also to choose, in secret.)" if others else "")
    names = ", ".join(str(s) for s in deciding)
    return f"Waiting for {names}." if names else "Waiting."


def decision_payload(game: ServedGame, seat: PlayerSeat, d: Decision) -> Payload:
    text = seat_text(game)
    options = [{"n": i, "id": o.id, "label": o.label,
                "details": list(text.option_details(game.driver, seat, o)) if text is not None else []}
               for i, o in enumerate(d.options, 1)]
    amount = d.amount
    return {"prompt": d.prompt, "options": options,
            "amount": None if amount is None else {"min": amount.min, "max": amount.max, "step": amount.step,
                                                    "hint": amount.describe()}}


def screen(game: ServedGame, seat: PlayerSeat | None, log_from: int, board_html: str | None = None,
           text: bool = True) -> Payload:
    """The page of ``seat`` (None: a spectator's), its log from line ``log_from`` on; ``board_html``:
    the game's board for it in HTML (``boards.py``), if it draws one; ``text``: the table as text
    beside it too (a page asks for it: it is folded away under the HTML board)."""
    log = log_lines(game, seat)
    d = game.mine(seat) if seat is not None else None
    result = game.driver.result
    return {"type": "screen", "title": game.plugin.title, "game": game.plugin.name, "board_html": board_html,
            "you": str(seat) if seat is not None else None,
            "seats": [{"name": str(s), "player": "person" if game.players[s.value] == PERSON
                       else f"bot: {game.players[s.value]}"} for s in game.seats],
            "turn": turn_line(game, seat), "board": board(game, seat) if board_html is None or text else None,
            "log": list(log[log_from:]), "log_from": min(log_from, len(log)), "log_total": len(log),
            "decision": decision_payload(game, seat, d) if seat is not None and d is not None else None,
            "over": game.driver.over,
            "result": result.redacted(seat if seat is not None else SPECTATOR).text() if result is not None else None}


def hand_over(game: ServedGame, to: str) -> Payload:
    """A hot-seat screen between two people: nothing of the game but who takes it next."""
    who = str(game.seat(to))
    return {"type": "handover", "title": game.plugin.title, "to": who,
            "text": f"Hand the screen to {who}, and press the button when only {who} can see it."}
