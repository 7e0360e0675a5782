"""What a server offers to make: every registered game, its table sizes, its sets (the `--cards` set
for its game, the one cmdsl.toml names, the bundled one: each named by its place in the list, never
a path) and its own options of `cmdsl play` that a form can give (flags and choices)."""

from __future__ import annotations

from pathlib import Path

from ..errors import CmdslError
from ..plugins import Plugin, games as registered_games
from ..sets.set_location import choose_set
from ..values import value


class HallError(CmdslError):
    """A request the hall refuses, said in one line; nothing changed."""


@value
class SetOffer:
    label: str  # "bundled with cmdsl", "cards/mine (--cards)"
    folder: str | None  # the folder as the game reads it; None: the game's own (no sets)


@value
class Variant:
    """One of a game's own options of `cmdsl play` the form offers: a flag, or a choice among values
    (an option of another kind, a number, is left to the game's default)."""

    dest: str  # where the game reads it (``GameOptions``)
    help: str
    choices: tuple[str, ...] = ()  # none: a flag

    def read(self, given: str | None) -> str | bool | None:
        """The value a form gave (None: not given); a value not offered is refused in one line."""
        if not self.choices:
            return True if given == "on" else None
        if given in (None, ""):
            return None
        if given not in self.choices:
            raise HallError(f"{self.dest}: {given!r} is not one of {', '.join(self.choices)}")
        return given


@value
class GameOffer:
    name: str
    title: str
    players: tuple[int, ...]
    sets: tuple[SetOffer, ...]
    variants: tuple[Variant, ...] = ()


def game_offers(cards: str | None) -> tuple[GameOffer, ...]:
    """Every registered game with its table sizes and sets: the `--cards` set for its game, the set
    each game would choose (cmdsl.toml's), and the bundled one; a game without sets plays its own."""
    given_game = None
    if cards is not None:
        from ..plugins import card_files_game, game_data_in
        given_game = game_data_in(Path(cards)) or card_files_game()
    out = []
    for name, plugin in registered_games().items():
        counts = plugin.players or (len(plugin.seats),)
        sets: list[SetOffer] = []
        if plugin.sets is None:
            sets.append(SetOffer("the game's own cards", None))
        else:
            choices = ([choose_set(cards, name)] if name == given_game else []) + [choose_set(None, name)]
            for choice in choices:
                folder = str(choice.path.resolve())
                if all(s.folder != folder for s in sets):
                    sets.append(SetOffer(choice.describe(), folder))
            bundled = str(plugin.sets.bundled().resolve())
            if all(s.folder != bundled for s in sets):
                sets.append(SetOffer(f"{plugin.title}'s bundled set", bundled))
        out.append(GameOffer(name, plugin.title, tuple(counts), tuple(sets), _variants(plugin)))
    return tuple(out)


def _variants(plugin: Plugin) -> tuple[Variant, ...]:
    out: list[Variant] = []
    for option in plugin.options.get("play", ()):
        settings, dest = option.settings, option.dest
        if dest == "players" or any(v.dest == dest for v in out):
            continue
        choices = settings.get("choices")
        if settings.get("action") == "store_true":
            out.append(Variant(dest, str(settings.get("help", dest))))
        elif isinstance(choices, (list, tuple)) and "action" not in settings:
            out.append(Variant(dest, str(settings.get("help", dest)), tuple(str(c) for c in choices)))
    return tuple(out)
