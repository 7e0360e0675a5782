"""The language server's picture of the sets a designer edits, with no protocol in it: which set
and game a file belongs to, the editor's texts that stand for files, each set's last check (and
what it defined when it last got that far), and the problems to show on each file.

Every game is reached through the registry (its front ends' ``editor``); this module names none.
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Any, Iterable

import yaml

from .. import plugins
from ..errors import CardError, CmdslError, Located
from ..memo import Memo
from ..sets.editor_game import Defined, EditorGame, Problem, SetState
from ..sets.answer_forms import AnswerForms
from ..sets.safe_yaml import compose
from ..sets.text_files import read_text
from ..sets.scenario_doc import MAX_SCENARIO_BYTES
from ..sets.set_location import choose_set
from ..values import value


class FileKind(enum.Enum):
    SET = "set"  # a card file or the manifest of a set: checked with its set
    SCENARIO = "scenario"  # a scenario file: read against a set


@value
class Owner:
    """What a file is to the server: of which game, which set, as what."""

    game: str
    folder: Path
    kind: FileKind


class Workspace:
    """The sets of the files an editor has open, checked again as they change."""

    def __init__(self) -> None:
        self.memo = Memo()  # what a set's last check keeps for the next
        self.texts: dict[Path, str] = {}  # the open files' texts, by resolved path
        self.states: dict[Path, SetState] = {}  # each set's last check, by folder
        self.defined: dict[Path, tuple[Defined, ...]] = {}  # what a set last defined, broken or not since
        self.loaded: dict[Path, Any] = {}  # each set as it last loaded, broken or not since
        self.shown: dict[Path, set[Path]] = {}  # the files each set's last check showed problems on
        self._editors: dict[str, EditorGame] | None = None

    # ---- which set a file is of ------------------------------------------------------------

    def editors(self) -> dict[str, EditorGame]:
        """Each game's editor side, made once (the registry does not change while the server runs)."""
        if self._editors is None:
            editors = {name: p.front_ends.editor() for name, p in plugins.games().items() if p.front_ends is not None}
            self._editors = {name: editor for name, editor in editors.items() if editor is not None}
        return self._editors

    def owner(self, file: Path) -> Owner | None:
        """The set and game of a YAML file, or None when it is none of a game's files."""
        file = file.resolve()
        if file.suffix not in (".yaml", ".yml"):
            return None
        editors = self.editors()
        for name, editor in editors.items():
            if editor.is_set(file.parent):
                return Owner(name, file.parent, FileKind.SET)
        game = self._scenario_game(file)
        if game is None or game not in editors:
            return None
        folder = file.parent.parent
        if file.parent.name == "scenarios" and editors[game].is_set(folder):
            return Owner(game, folder, FileKind.SCENARIO)
        try:  # a scenario file outside a set: the set a command would use (cmdsl.toml, or the bundled one)
            return Owner(game, choose_set(None, game, start=file.parent).path.resolve(), FileKind.SCENARIO)
        except CmdslError:
            return None

    def _scenario_game(self, file: Path) -> str | None:
        """The game a scenario file names (`game:`; the default game when it names none), or None
        when the file is no scenario file (a mapping with a `scenarios:` list). Read as every file
        of a set is read (bounded, no anchors): any YAML file an editor opens comes here."""
        try:
            text = read_text(file, max_bytes=MAX_SCENARIO_BYTES, sources=self.texts)
            root = compose(text, file.name)
        except CmdslError:
            return None
        if not isinstance(root, yaml.MappingNode):
            return None
        keys = {str(k.value): v for k, v in root.value if isinstance(k, yaml.ScalarNode)}
        if "scenarios" not in keys:
            return None
        game = keys.get("game")
        if game is None:
            return plugins.default_game()
        return str(game.value) if isinstance(game, yaml.ScalarNode) else None

    # ---- checks -------------------------------------------------------------------------------

    def check_set(self, owner: Owner) -> SetState:
        """Check ``owner``'s set from the editor's texts; keep what it defines when it got that far."""
        editor = self.editors()[owner.game]
        state = editor.check(owner.folder, dict(self.texts), self.memo)
        self.states[owner.folder] = state
        if state.defined:
            self.defined[owner.folder] = state.defined
        if state.loaded is not None:
            self.loaded[owner.folder] = state.loaded
        return state

    def state(self, owner: Owner) -> SetState:
        """The set's last check, checking it first if it has none."""
        return self.states.get(owner.folder) or self.check_set(owner)

    def scenario_problems(self, file: Path, owner: Owner) -> list[Problem]:
        state = self.state(owner)
        if state.loaded is None:
            name = owner.folder.name
            return [Problem(CardError(f"the set {name} has errors: this file's scenarios are read once it loads "
                                      "(`cmdsl check` says what they are)", Located(str(file), 1, 0)))]
        return self.editors()[owner.game].scenario_problems(file, dict(self.texts), state.loaded)

    def answer_forms(self, owner: Owner) -> AnswerForms | None:
        """What the scenarios' answers may name in the set as it last loaded (a file of it broken
        since does not take them away; None: it never loaded)."""
        self.state(owner)
        loaded = self.loaded.get(owner.folder)
        return self.editors()[owner.game].answer_forms(loaded) if loaded is not None else None

    def defined_in(self, owner: Owner) -> tuple[Defined, ...]:
        """What the set defines: as its last check found, else as it last found (a file broken since)."""
        state = self.states.get(owner.folder)
        return state.defined if state is not None and state.defined else self.defined.get(owner.folder, ())

    def language(self, owner: Owner) -> Any:
        return plugins.game(owner.game).rules.language()

    # ---- problems by file -----------------------------------------------------------------------

    def by_file(self, problems: Iterable[Problem], owner: Owner, fallback: Path) -> dict[Path, list[Problem]]:
        """Each problem on the file it names (a problem of no file, on ``fallback``)."""
        out: dict[Path, list[Problem]] = {}
        for problem in problems:
            out.setdefault(self.file_of(problem.error.where, owner.folder) or fallback, []).append(problem)
        return out

    @staticmethod
    def file_of(where: Located, folder: Path) -> Path | None:
        """The file a location names: as shown (relative to the current folder, or absolute), else
        by its name in the set's folder."""
        if not where.file:
            return None
        for candidate in (Path(where.file), folder / where.file, folder / Path(where.file).name):
            if candidate.is_file():
                return candidate.resolve()
        return None

    def set_diagnostics(self, owner: Owner, state: SetState, fallback: Path) -> dict[Path, list[Problem]]:
        """The problems to show after a set's check, on each file, with an empty list for each file
        that showed some after the last check and shows none now (so they are cleared)."""
        found = self.by_file(state.problems, owner, fallback)
        before = self.shown.get(owner.folder, set())
        self.shown[owner.folder] = set(found)
        return {**{f: [] for f in before - set(found)}, **found}
