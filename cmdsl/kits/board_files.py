"""A game's board in the browser (``plugins.SeatBoard``) keeps its template and stylesheet as
``board.html`` and ``board.css`` beside the module that defines it: ``BoardFiles`` reads them,
as package data (they ship with the game)."""

from __future__ import annotations

from importlib.resources import files


class BoardFiles:
    """``template()`` and ``stylesheet()`` of a ``SeatBoard``: the files of its class's own package."""

    def _read(self, name: str) -> str:
        package = type(self).__module__.rpartition(".")[0]
        return files(package).joinpath(name).read_text(encoding="utf-8")

    def template(self) -> str:
        return self._read("board.html")

    def stylesheet(self) -> str:
        return self._read("board.css")
