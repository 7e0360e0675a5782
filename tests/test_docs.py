"""Every example in the docs runs (issue "The designer's and the player's loop", item 7).

Each fenced block of README.md and docs/*.md (but docs/repl.md, whose examples the REPL tests run,
and docs/cards.md, generated and checked by test_card_text.py) is a test, id ``file#n``: effect
snippets parse, check and compile against the repository's cm2008 set; YAML cards, manifests and
scenarios load or run from a temporary folder; Python runs; `cmdsl …` lines run through
``cmdsl.cli.main``. A block that is deliberately not run has ``<!-- not-run: reason -->`` on the
line before it, and the number of those is pinned below so it cannot grow silently.
"""

from __future__ import annotations

import re
import runpy
import shlex
import shutil
import sys
from contextlib import contextmanager
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest
import yaml

from cmdsl.cli import main
from cmdsl.kits.tune.plan import numbers_of, read_plan
from cmdsl.sets.health_targets import targets_in
from cmdsl.games.cm2008.vocabulary.checker import Context, ContextKind, campaign_names
from cmdsl.games.cm2008.vocabulary.checker import check
from cmdsl.games.cm2008.vocabulary.compiler import compile_effect
from cmdsl.lang.origin import Origin
from cmdsl.games.cm2008.vocabulary import parse_effect
from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.model import CardSet
from cmdsl.games.racolage.loader import FIELDS as RACOLAGE_FIELDS, load_set as load_racolage_set
from cmdsl.sets.set_location import choose_set

REPO = Path(__file__).resolve().parent.parent
CM2008 = REPO / "cards" / "cm2008"
DOCS = [REPO / "README.md", *sorted(p for p in (REPO / "docs").glob("*.md") if p.name not in ("repl.md", "cards.md"))]
NOT_RUN = re.compile(r"<!--\s*not-run:\s*(.+?)\s*-->\s*$")
#: Blocks marked not-run: sample output and a formula, not commands or effects. Change this number
#: only with a reason in the mark.
NOT_RUN_COUNT = 33

#: Lines of shell blocks that are not run, and why (a key ending in a space or "/" is a prefix).
SKIPPED_LINES = {
    "cmdsl": "starts the interactive REPL: needs a terminal (docs/repl.md's examples are tested by the REPL tests)",
    "cmdsl check --watch": "runs until Ctrl-C (tests/test_designer_loop.py drives the watch loop)",
    "python3 -m venv ": "the README's install: .ci/run runs it verbatim (test_ci_runs_the_readme_commands)",
    ". .venv/bin/activate ": "the README's test command: .ci/run runs it verbatim",
    "python bench/": "long measurements (bench/*.py)",
    "cmdsl lsp": "serves an editor over stdio until it exits (tests/lsp run it as an editor does)",
    "cmdsl serve": "serves until Ctrl-C (tests/serve start it and drive it in a browser)",
    "cmdsl serve ": "serves until Ctrl-C (tests/serve start it and drive it in a browser)",
}


@dataclass(frozen=True)
class Block:
    doc: Path
    n: int  # its place among the file's blocks: a stable test id
    line: int
    lang: str
    text: str
    not_run: str | None

    @property
    def id(self) -> str:
        return f"{self.doc.relative_to(REPO)}#{self.n}"


def blocks() -> list[Block]:
    out = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for n, m in enumerate(re.finditer(r"(?ms)^```(\w*)\n(.*?)^```", text), start=1):
            before = text[:m.start()].rstrip("\n").rsplit("\n", 1)[-1]
            mark = NOT_RUN.search(before)
            out.append(Block(doc, n, text[:m.start()].count("\n") + 1, m.group(1), m.group(2),
                             mark.group(1) if mark else None))
    return out


BLOCKS = blocks()


@pytest.fixture(scope="module")
def cm2008() -> CardSet:
    return load_card_set(CM2008)


@pytest.fixture
def sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder that looks like the repository (its cards, tests and project file) to run commands in."""
    for name in ("cards", "tests", "docs"):
        (tmp_path / name).symlink_to(REPO / name)
    shutil.copy(REPO / "cmdsl.toml", tmp_path / "cmdsl.toml")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_not_run_blocks_are_counted() -> None:
    marked = [f"{b.id}: {b.not_run}" for b in BLOCKS if b.not_run]
    assert len(marked) == NOT_RUN_COUNT, "\n".join(marked)


def smaller(line: str) -> str:
    """A command line with fewer games (2) and search iterations (3): the same commands and options,
    in a fraction of the time (issue 55 item 13); the deep run runs each line as written."""
    line = re.sub(r"(--games) (\d+)", lambda m: f"{m[1]} {min(int(m[2]), 2)}", line)
    return re.sub(r"(iterations)=(\d+)", lambda m: f"{m[1]}={min(int(m[2]), 3)}", line)


#: Blocks that take seconds even with fewer games (balance runs, a whole print): deep only.
SLOW_BLOCKS = frozenset({"README.md#2", "docs/balance.md#1", "docs/balance.md#2", "docs/bots.md#4", "docs/print.md#2",
                         "docs/diemacher.md#1"})  # its commands: tests/test_diemacher_plugin.py, in the default run


def _cases() -> list[object]:
    cases: list[object] = []
    for b in BLOCKS:
        if not b.not_run:
            slow = [pytest.mark.deep] if b.id in SLOW_BLOCKS else []
            cases.append(pytest.param(b, False, id=b.id, marks=slow))
            if b.lang in ("sh", "shell") and any(smaller(line) != line for line in b.text.splitlines()):
                cases.append(pytest.param(b, True, id=f"{b.id}-as-written", marks=pytest.mark.deep))
    return cases


@pytest.mark.parametrize(("block", "as_written"), _cases())
def test_doc_example_runs(block: Block, as_written: bool, cm2008: CardSet, sandbox: Path,
                          capsys: pytest.CaptureFixture[str]) -> None:
    if block.lang in ("sh", "shell"):
        run_shell(block, sandbox, capsys, as_written)
    elif block.lang == "python":
        with page_modules(block, sandbox):
            runpy.run_path(str(write(sandbox / "example.py", block.text)), run_name="__main__")
    elif block.lang == "toml":
        run_project_file(block, sandbox)
    elif block.lang == "yaml":
        run_yaml(block, sandbox, capsys)
    elif block.lang == "":
        run_effect(block, cm2008)
    else:  # pragma: no cover - a new kind of block needs a way to run here
        pytest.fail(f"{block.id}: no way to run a {block.lang!r} block")


#: A Python block that is a module of its page (docs/games.md's complete game) starts with this line.
MODULE = re.compile(r"\A# file: (\w+)\.py\n")


@contextmanager
def page_modules(block: Block, sandbox: Path) -> Iterator[None]:
    """Run ``block`` with its page's modules (``# file: NAME.py`` blocks) written beside it and
    importable, as a reader who saved them would; each is imported afresh for each block."""
    names = []
    for other in BLOCKS:
        m = MODULE.match(other.text) if other.doc == block.doc and other.lang == "python" else None
        if m:
            write(sandbox / f"{m.group(1)}.py", other.text)
            names.append(m.group(1))
    sys.path.insert(0, str(sandbox))
    try:
        yield
    finally:
        sys.path.remove(str(sandbox))
        for name in names:
            sys.modules.pop(name, None)


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# ---- each kind of block ----------------------------------------------------------------------------

def run_shell(block: Block, sandbox: Path, capsys: pytest.CaptureFixture[str], as_written: bool = True) -> None:
    ran = 0
    for raw in block.text.splitlines():
        line = re.sub(r"\s+#.*$", "", raw).strip()  # a comment after the command
        line = line if as_written else smaller(line)
        if not line or any(line == k or (k.endswith((" ", "/")) and line.startswith(k)) for k in SKIPPED_LINES):
            continue
        argv = shlex.split(line)
        assert argv[0] == "cmdsl", f"{block.id}: a shell line that is neither run nor listed in SKIPPED_LINES: {raw}"
        code = main(argv[1:])
        out, err = capsys.readouterr()
        assert code == 0, f"{block.id}: `{line}` exited {code}:\n{out}\n{err}"
        ran += 1
    assert ran or block.doc.name == "README.md" and block.n == 1, f"{block.id}: nothing ran"


def run_project_file(block: Block, sandbox: Path) -> None:
    tomllib.loads(block.text)
    (sandbox / "cmdsl.toml").unlink()
    write(sandbox / "cmdsl.toml", block.text)
    assert choose_set(start=sandbox).path == CM2008


def cm2008_copy(folder: Path) -> Path:
    shutil.copytree(CM2008, folder)
    return folder


def run_yaml(block: Block, sandbox: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = yaml.safe_load(block.text)
    if isinstance(data, dict) and "scenarios" in data:
        assert main(["scenario", str(write(sandbox / "example.yaml", block.text))]) == 0, capsys.readouterr()
    elif isinstance(data, dict) and "game" in data:  # a manifest: it must fit the set it describes
        folder = cm2008_copy(sandbox / "set")
        write(folder / "manifest.yaml", block.text)
        load_card_set(folder)
    elif isinstance(data, list) and all(isinstance(c, dict) and "id" in c for c in data):
        # Cards: replace the cm2008 cards of the same ids with these, and the set must still load.
        folder = cm2008_copy(sandbox / "set")
        for f in folder.glob("*.yaml"):
            text = f.read_text(encoding="utf-8")
            for card in data:
                text = re.sub(rf"(?ms)^  - id: {re.escape(card['id'])}\n.*?(?=^  - id: |\Z)", "", text)
            f.write_text(text, encoding="utf-8")
        indented = "".join(f"  {line}\n" for line in block.text.splitlines())
        write(folder / "example.yaml", "cards:\n" + indented)
        cards = load_card_set(folder)
        assert all(c["id"] in cards.cards for c in data)
    elif isinstance(data, dict) and set(data) <= set(RACOLAGE_FIELDS):
        # Racolage cards: they replace the bundled set's cards of the same ids, and the set must load.
        folder = sandbox / "set"
        shutil.copytree(REPO / "cards" / "racolage", folder)
        ids = [item["id"] for items in data.values() for item in items]
        for f in folder.glob("*.yaml"):
            text = f.read_text(encoding="utf-8")
            for card in ids:
                text = re.sub(rf"(?ms)^  - id: {re.escape(card)}\n.*?(?=^  - id: |^\S|\Z)", "", text)
            f.write_text(text, encoding="utf-8")
        write(folder / "example.yaml", block.text)
        loaded = load_racolage_set(folder)
        assert all(card in loaded.cards for card in ids)
    elif isinstance(data, dict) and set(data) == {"health"}:  # a manifest's health targets (docs/balance.md)
        assert targets_in(block.text, block.id).targets
    elif isinstance(data, dict) and "moves" in data:  # a tuning plan (docs/tune.md): its paths name Racolage's numbers
        plan = read_plan(write(sandbox / "plan.yaml", block.text))
        assert all(numbers_of(plan, REPO / "cards" / "racolage").values())
    else:  # pragma: no cover
        pytest.fail(f"{block.id}: a YAML block that is neither cards, a manifest, scenarios, targets nor a plan")


#: Effect snippets use variables a card would bind first; bind those the snippet does not.
PRELUDE = {"S": "choose a state as S\n", "I": "choose an issue as I\n", "C": "choose a card from hand as C\n"}


def statements(text: str) -> list[str]:
    """The top-level statements of a snippet, each with its block (and its `else` branches)."""
    out: list[list[str]] = []
    for line in text.splitlines():
        if line.strip() and not line[0].isspace() and not line.startswith("else") or not out:
            out.append([])
        out[-1].append(line)
    return ["\n".join(lines) + "\n" for lines in out]


def run_effect(block: Block, cards: CardSet) -> None:
    """Each top-level statement of the snippet is one example (a block often lists alternatives);
    a variable it uses unbound is bound first: by the statement of the block that binds it, or by
    a `choose` (S, I, C), as a card would."""
    names = campaign_names(cards.states, cards.groups)
    binders: dict[str, str] = {}
    for k, statement in enumerate(statements(block.text), start=1):
        code = re.sub(r"#.*", "", statement)
        bound = set(re.findall(r"\bas ([A-Z]\w*)", code))
        used = set(re.findall(r"(?<![\"\w])([A-Z]\w*)(?![\w\"])", code))
        prelude = [binders.get(v) or PRELUDE[v] for v in sorted(used - bound)]
        origin = Origin(f"{block.id} statement {k}", block.id)
        context = Context(ContextKind.CARD, abilities=True) if "while in play:" in code else Context(ContextKind.SNIPPET)
        compile_effect(check(parse_effect("".join(prelude) + statement, origin), names, context, origin), block.id)
        binders.update({v: statement for v in bound})


# ---- the README's two commands are what CI runs -------------------------------------------------

def test_ci_runs_the_readme_commands() -> None:
    quick_start = next(b for b in BLOCKS if b.doc.name == "README.md" and b.n == 1).text.splitlines()
    assert len(quick_start) == 2 and quick_start[0].startswith("python3 -m venv .venv && . .venv/bin/activate")
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    at = ci.index(quick_start[0])  # verbatim, as its own line
    assert ci[at + 1] == quick_start[1]


def test_a_broken_example_fails(cm2008: CardSet) -> None:
    """The runner is not a rubber stamp: a misspelt state in an effect block fails."""
    from cmdsl.errors import CmdslError

    bad = Block(REPO / "README.md", 0, 0, "", 'gain 1 support on economy in "Ohoi"\n', None)
    with pytest.raises(CmdslError, match="Ohoi"):
        run_effect(bad, cm2008)
