"""Which card set a command uses: one rule for every tool (CLI, REPL, scenarios, tests).

1. ``--cards DIR`` when given;
2. else the set the nearest project file names: ``cmdsl.toml`` in the current directory or one
   of its parents, with a ``[cards]`` table giving each game's set folder (relative to the file);
3. else the set bundled with the package.

A folder names a set the way ``cmdsl check`` reads it (``card_set_dirs``): a folder of YAML files
is a set; a card file stands for its folder; a folder of set folders (``cards/``) stands for
its one set, and one holding several is refused with their names, never guessed. The set of a game
whose data is one file (its plug-in's ``data_file``) is a folder holding that file (the file stands
for its folder); ``[cards] GAME = "…"`` names one in the project file.

A designer who installed cmdsl and edits a set's files in a repository holding a
``cmdsl.toml`` gets the edited cards in every tool, not the copy installed in site-packages.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable, Literal, TypeVar

from ..errors import CardError, CardSetError, Located, did_you_mean, shown_path
from .. import plugins
from ..plugins import game_data_in
from ..values import value

T = TypeVar("T")

PROJECT_FILE = "cmdsl.toml"
_MAX_PROJECT_BYTES = 64 * 1024

How = Literal["--cards", "project", "bundled"]


@value
class SetChoice:
    """The set folder a command uses, and why."""

    path: Path
    how: How
    project: Path | None = None  # the project file that named it
    game: str = ""  # the game it is a set of (none given: the default game)

    def describe(self) -> str:
        """For every output that depends on the set: "card set cards/mine (named by cmdsl.toml)"."""
        plugin = plugins.game(self.game or plugins.default_game())
        kind = "card set" if plugin.sets is None or plugin.sets.data_file is None else f"{plugin.title} set"
        where = f"{kind} {shown_path(self.path)}"
        if self.how == "--cards":
            return f"{where} (--cards)"
        if self.how == "project":
            assert self.project is not None
            return f"{where} (named by {shown_path(self.project)})"
        return f"{where} (bundled with cmdsl)"


def find_project(start: Path | None = None) -> Path | None:
    """The nearest ``cmdsl.toml`` in ``start`` (default: the current directory) or a parent."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        candidate = folder / PROJECT_FILE
        if candidate.is_file():
            return candidate
    return None


def project_sets(project: Path) -> dict[str, Path]:
    """The ``[cards]`` table of a project file: game → set folder (absolute)."""
    import tomllib  # only where there is a project file: `cmdsl check DIR` reads none

    label = shown_path(project)
    try:
        raw = project.read_bytes()
        if len(raw) > _MAX_PROJECT_BYTES:
            raise _error(label, f"larger than {_MAX_PROJECT_BYTES // 1024} KiB: not a cmdsl project file")
        data = tomllib.loads(raw.decode("utf-8"))
    except OSError as e:
        raise _error(label, f"cannot read ({e.strerror or e})") from None
    except UnicodeDecodeError:
        raise _error(label, "not UTF-8 text") from None
    except tomllib.TOMLDecodeError as e:
        raise _error(label, f"not valid TOML ({e})") from None
    unknown = [k for k in data if k != "cards"]
    if unknown:
        raise _error(label, f'unknown key "{unknown[0]}"; a project file has one table, [cards]',
                     did_you_mean(unknown[0], ["cards"]))
    sets = data.get("cards", {})
    if not isinstance(sets, dict) or not all(isinstance(v, str) and v for v in sets.values()):
        raise _error(label, '[cards] maps each game to its set folder, e.g. mygame = "cards/mine"')
    return {game: (project.parent / folder).resolve() for game, folder in sets.items()}


def choose_set(given: str | Path | None = None, game: str | None = None, start: Path | None = None) -> SetChoice:
    """The set a command uses (the rule in this module's docstring) of ``game`` (default: the
    default game)."""
    game = game or plugins.default_game()
    plugin = plugins.game(game)
    if plugin.sets is None:
        raise plugins.without(plugin, "sets", "--cards")
    sets = plugin.sets
    the_set = one_set if sets.data_file is None else lambda path: data_set(path, game)
    if given is not None:
        return SetChoice(the_set(Path(given)), "--cards", game=game)
    project = find_project(start)
    if project is not None:
        named = project_sets(project)
        if game in named:
            folder = named[game]
            if not folder.exists():
                raise _error(shown_path(project), f'[cards] {game} = "{shown_path(folder)}": no such folder')
            return SetChoice(the_set(folder), "project", project, game)
    return SetChoice(sets.bundled(), "bundled", game=game)


def data_set(path: Path, game: str) -> Path:
    """The folder of ``game``'s set that ``path`` names: a folder holding its data file, or the file."""
    sets = plugins.game(game).sets
    file = sets.data_file if sets is not None else None
    folder = path.parent if path.is_file() else path
    if not path.exists():
        raise _error(shown_path(path), "no such file or directory")
    if game_data_in(folder) != game or (path.is_file() and path.name != file):
        raise _error(shown_path(path), f"not a {game} set: a {game} set is a folder holding {file} "
                     f"(`cmdsl new-set DIR --game {game}` writes one)")
    return folder


def _has_card_files(folder: Path) -> bool:
    return any(folder.glob("*.yaml")) or any(folder.glob("*.yml"))


def card_set_dirs(paths: list[Path]) -> list[Path]:
    """The card sets under ``paths``: a directory of YAML files, or each such subdirectory. A
    folder that holds a game's data file is not a card set: it is skipped."""
    out: list[Path] = []
    for p in paths:
        if p.is_file():
            out.append(p.parent)
        elif _has_card_files(p):
            out.append(p)
        elif p.is_dir():
            out.extend(sorted(d for d in p.iterdir() if d.is_dir() and _has_card_files(d)))
    return [d for d in dict.fromkeys(out) if game_data_in(d) is None]


def why_no_set(path: Path) -> str:
    """What to tell someone who named ``path``, an existing file or folder with no card set."""
    game = game_data_in(path if path.is_dir() else path.parent)
    if game is not None:
        return f"this is the data of the game {game}, read by `cmdsl play --game {game}`, not a card set"
    return "no card files (*.yaml) here"


def one_set(path: Path) -> Path:
    """The one set folder ``path`` stands for (the rule in this module's docstring), or a clear
    error: every command accepts what ``cmdsl check`` accepts, and says the same when it cannot."""
    where = shown_path(path)
    if not path.exists():
        raise _error(where, "no such file or directory")
    sets = card_set_dirs([path])
    if len(sets) == 1:
        return sets[0]
    if not sets:
        raise _error(where, why_no_set(path))
    names = ", ".join(d.name for d in sets)
    raise _error(where, f"holds several card sets ({names}); give one of them, such as {shown_path(sets[0])}")


def _error(file: str, message: str, near: str | None = None) -> CardSetError:
    return CardSetError([CardError(message, Located(file), hint=f'did you mean "{near}"?' if near else None)])


def chosen_and_read(given: str | None, game: str, read: Callable[[Path], T]) -> T:
    """What ``read`` makes of the set a command of ``game`` uses (``choose_set``), saying which set
    on stderr when it is a designer's (the bundled one goes without saying). ``read``'s error (a
    broken set: one located ``CardError``) is raised as it is."""
    choice = choose_set(given, game)
    made = read(choice.path)
    if choice.how != "bundled":
        print(f"Using {choice.describe()}.", file=sys.stderr)
    return made
