"""The games' boards in HTML (``plugins.SeatBoard``): each game's template, compiled once, rendered
by the server with autoescape and without the ``safe`` filter, so that nothing a card set says
(a card's name or text, a designer's file) is ever sent as markup; and each game's stylesheet."""

from __future__ import annotations

from jinja2 import Environment, StrictUndefined, Template

from ..game.decisions import PlayerSeat
from ..plugins import Plugin, SeatBoard, game as registered_game, games as registered_games
from ..plugins.requests import Lang
from .served import ServedGame


def board_of(plugin: Plugin) -> SeatBoard | None:
    return plugin.front_ends.seat_board() if plugin.front_ends is not None else None


class Boards:
    def __init__(self) -> None:
        self.env = Environment(autoescape=True, undefined=StrictUndefined, auto_reload=False)
        del self.env.filters["safe"]  # a template cannot undo the escaping
        self._templates: dict[str, Template] = {}
        self._boards: dict[str, SeatBoard | None] = {}  # each game's, made once: it may keep what it made

    def _board(self, plugin: Plugin) -> SeatBoard | None:
        if plugin.name not in self._boards:
            self._boards[plugin.name] = board_of(plugin)
        return self._boards[plugin.name]

    def html(self, game: ServedGame, seat: PlayerSeat | None, lang: Lang) -> str | None:
        """The game's board for ``seat`` (None: a spectator), or None: the game draws none."""
        board = self._board(game.plugin)
        if board is None:
            return None
        template = self._templates.get(game.plugin.name)
        if template is None:
            template = self._templates[game.plugin.name] = self.env.from_string(board.template())
        return template.render(board.context(game.driver, seat, lang))

    def stylesheet(self, name: str) -> str | None:
        """The stylesheet of the registered game ``name``, or None (no such game, or no board)."""
        if name not in registered_games():
            return None
        board = board_of(registered_game(name))
        return board.stylesheet() if board is not None else None
