"""`cmdsl lsp` on a Die Macher set (its plug-in's ``front_ends.editor()``): the real server over
stdio, talked to by pytest-lsp's client with VS Code's capabilities, on a copy of the bundled set.
`cabinet.yaml` holds the set's effects (each card's `choose one:` menu, in Die Macher's effect
language): a broken effect or field is one located diagnostic, an effect completes with the
vocabulary's words, a card's id hovers with its rules text; the set's other files get `cmdsl
check`'s located problems too, and so do its scenario files."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import AsyncIterator

import pytest
import pytest_lsp
from lsprotocol import types as T
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from cmdsl.games.diemacher.data import load_data
from cmdsl.games.diemacher.plugin import PLUGIN
from cmdsl.games.diemacher.ui.editor import DieMacherEditing
from cmdsl.memo import Memo

# The client's steps (open, change, close, the diagnostics that follow) are the server tests'.
from .test_lsp_server import change, close, diagnostics, open_file

CARDS = Path(__file__).resolve().parents[2] / "cards"
MENU_LINE = "you gain 2 votes here"  # the Backbencher's first option


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sets")
    shutil.copytree(CARDS / "diemacher", root / "diemacher", ignore=shutil.ignore_patterns("__snapshots__"))
    return root / "diemacher"


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=[sys.executable, "-m", "cmdsl.cli", "lsp", "--stdio"]))
async def client(lsp_client: LanguageClient) -> AsyncIterator[None]:
    await lsp_client.initialize_session(T.InitializeParams(capabilities=client_capabilities("visual-studio-code")))
    yield
    await lsp_client.shutdown_session()


def spanned(text: str, r: T.Range) -> str:
    assert r.start.line == r.end.line
    return text.split("\n")[r.start.line][r.start.character:r.end.character]


def line_of(text: str, needle: str) -> int:
    return next(i for i, ln in enumerate(text.split("\n")) if needle in ln)


async def labels_at(client: LanguageClient, u: str, line: int, col: int) -> set[str]:
    result = await client.text_document_completion_async(T.CompletionParams(
        text_document=T.TextDocumentIdentifier(uri=u), position=T.Position(line, col)))
    assert isinstance(result, T.CompletionList)
    return {item.label for item in result.items}


async def hover_at(client: LanguageClient, u: str, text: str, needle: str, word: str) -> tuple[str, str] | None:
    """What a hover on ``word`` (on the first line holding ``needle``) shows, and what it spans."""
    line = line_of(text, needle)
    hover = await client.text_document_hover_async(T.HoverParams(
        text_document=T.TextDocumentIdentifier(uri=u), position=T.Position(line, text.split("\n")[line].index(word) + 1)))
    if hover is None:
        return None
    assert isinstance(hover.contents, T.MarkupContent) and hover.range is not None
    return hover.contents.value, spanned(text, hover.range)


# ---- diagnostics ---------------------------------------------------------------------------------------

@pytest.mark.asyncio(loop_scope="module")
async def test_the_bundled_cabinet_file_has_no_diagnostic_and_a_broken_effect_has_one_where_it_is(
        client: LanguageClient, folder: Path) -> None:
    cabinet = folder / "cabinet.yaml"
    good = cabinet.read_text(encoding="utf-8")
    u = open_file(client, cabinet, good)
    assert await diagnostics(client, u) == []
    broken = good.replace(MENU_LINE, "you gain 2 vots here", 1)
    change(client, u, broken)
    (d,) = await diagnostics(client, u)
    assert d.severity == T.DiagnosticSeverity.Error and d.source == "cmdsl"
    assert d.range.start.line == line_of(good, MENU_LINE) and spanned(broken, d.range) == "vots"
    assert d.message.startswith('backbencher: unexpected "vots"')
    change(client, u, good)
    assert await diagnostics(client, u) == []
    await close(client, u)


@pytest.mark.asyncio(loop_scope="module")
async def test_a_broken_field_of_a_cabinet_card_is_located_on_it(client: LanguageClient, folder: Path) -> None:
    cabinet = folder / "cabinet.yaml"
    good = cabinet.read_text(encoding="utf-8")
    broken = good.replace("cost: 4000", "cost: 4500", 1)
    u = open_file(client, cabinet, broken)
    (d,) = await diagnostics(client, u)
    assert d.range.start.line == line_of(good, "cost: 4000") and spanned(broken, d.range) == "4500"
    assert d.message.startswith("chief-whip: cost: 4500 is not a whole number of thousands")
    await close(client, u)


@pytest.mark.asyncio(loop_scope="module")
async def test_the_sets_other_files_get_cmdsl_check_s_located_problem(client: LanguageClient, folder: Path) -> None:
    """A data file of the set holds no effect, but the set is checked as `cmdsl check` checks it:
    its problem is shown where it is, and cleared when mended."""
    polls = folder / "polls.yaml"
    good = polls.read_text(encoding="utf-8")
    broken = good.replace("publish: 2", "publsh: 2", 1)
    u = open_file(client, polls, broken)
    (d,) = await diagnostics(client, u)
    assert d.range.start.line == line_of(good, "publish: 2") and spanned(broken, d.range) == "publsh"
    assert "unknown key 'publsh'" in d.message and "did you mean 'publish'?" in d.message
    change(client, u, good)
    assert await diagnostics(client, u) == []
    await close(client, u)


@pytest.mark.asyncio(loop_scope="module")
async def test_a_die_macher_scenario_is_read_against_its_set(client: LanguageClient, folder: Path) -> None:
    scenario = folder / "scenarios" / "polls.yaml"
    good = scenario.read_text(encoding="utf-8")
    u = open_file(client, scenario, good)
    assert await diagnostics(client, u) == []
    broken = good.replace("players: 3", "players: 7", 1)
    change(client, u, broken)
    (d,) = await diagnostics(client, u)
    assert d.range.start.line == line_of(good, "players: 3")
    await close(client, u)


# ---- completion ------------------------------------------------------------------------------------------

def with_line(good: str, typed: str, after: str) -> tuple[str, int, int]:
    """The cabinet file with ``typed`` on a new line after the Backbencher's first line holding
    ``after``, indented as the line under it, and where the cursor is at its end."""
    lines = good.split("\n")
    at = line_of(good, "id: backbencher") + line_of("\n".join(lines[line_of(good, "id: backbencher"):]), after)
    indent = len(lines[at + 1]) - len(lines[at + 1].lstrip())
    lines.insert(at + 1, " " * indent + typed)
    return "\n".join(lines), at + 1, indent + len(typed)


#: (the line typed, after which line) → words that must be offered, words that must not
DIEMACHER_COMPLETIONS: list[tuple[str, str, set[str], set[str]]] = [
    ("you gain 2 ", "option:", {"votes"}, {"popularity", "option", "raise", "here"}),
    ("", "option:", {"raise", "lower", "place", "remove", "take", "choose", "you"}, {"option", "votes"}),  # a statement
    ("", "choose one:", {"option"}, {"raise", "you"}),  # the menu's first entry: only an option
    ("raise your ", "option:", {"popularity"}, {"votes"}),
    ("you gain 2 votes ", "option:", {"here"}, {"votes", "option"}),
]


@pytest.mark.parametrize(("typed", "after", "offered", "not_offered"), DIEMACHER_COMPLETIONS,
                         ids=["you gain 2", "an option's line", "a menu's line", "raise your", "you gain 2 votes"])
@pytest.mark.asyncio(loop_scope="module")
async def test_an_effect_completes_with_the_vocabulary_s_words(client: LanguageClient, folder: Path, typed: str,
                                                              after: str, offered: set[str],
                                                              not_offered: set[str]) -> None:
    cabinet = folder / "cabinet.yaml"
    text, line, col = with_line(cabinet.read_text(encoding="utf-8"), typed, after)
    u = open_file(client, cabinet, text)
    labels = await labels_at(client, u, line, col)
    assert offered <= labels, f"missing {offered - labels}"
    assert not (not_offered & labels), f"offered {not_offered & labels}"
    await close(client, u)


@pytest.mark.asyncio(loop_scope="module")
async def test_no_completion_outside_an_effect(client: LanguageClient, folder: Path) -> None:
    cabinet = folder / "cabinet.yaml"
    text = cabinet.read_text(encoding="utf-8")
    u = open_file(client, cabinet, text)
    line = line_of(text, "cost: 2000")
    result = await client.text_document_completion_async(T.CompletionParams(
        text_document=T.TextDocumentIdentifier(uri=u), position=T.Position(line, len(text.split("\n")[line]))))
    assert result is None
    await close(client, u)


# ---- hover and outline -------------------------------------------------------------------------------------

BACKBENCHER = ("**Backbencher (Député d'arrière-ban)**\n\n*cost:* `€2,000`\n\nChoose one:  \n"
               "\u00a0\u00a0- You gain two votes in this state.  \n"
               "\u00a0\u00a0- Raise your popularity in this state by 1 (up to +3).\n\n`backbencher`")


@pytest.mark.asyncio(loop_scope="module")
async def test_a_hover_on_a_card_id_shows_its_rules_text_in_english_and_in_french(client: LanguageClient,
                                                                                folder: Path) -> None:
    cabinet = folder / "cabinet.yaml"
    text = cabinet.read_text(encoding="utf-8")
    u = open_file(client, cabinet, text)
    assert await hover_at(client, u, text, "id: backbencher", "backbencher") == (BACKBENCHER, "backbencher")
    shown = await hover_at(client, u, text, "id: chancellor", "chancellor")
    assert shown is not None and "You gain 15 votes in this state." in shown[0]
    assert "Telephone" in shown[0] and "Only in the 7-round game (DM12.1)." in shown[0]
    client.workspace_did_change_configuration(T.DidChangeConfigurationParams(settings={"cmdsl": {"lang": "fr"}}))
    shown = await hover_at(client, u, text, "id: backbencher", "backbencher")
    assert shown is not None and shown[0].startswith("**Député d'arrière-ban (Backbencher)**\n\n*cost:* `2 000 €`")
    assert "Vous gagnez 2 voix dans ce Land." in shown[0]
    client.workspace_did_change_configuration(T.DidChangeConfigurationParams(settings={"cmdsl": {"lang": "en"}}))
    await close(client, u)


@pytest.mark.asyncio(loop_scope="module")
async def test_a_card_s_hover_keeps_its_text_while_the_file_is_broken(client: LanguageClient, folder: Path) -> None:
    cabinet = folder / "cabinet.yaml"
    good = cabinet.read_text(encoding="utf-8")
    u = open_file(client, cabinet, good)
    assert await diagnostics(client, u) == []
    broken = good.replace("raise your popularity here by 1", "raise your popularty here by 1", 1)
    change(client, u, broken)
    assert len(await diagnostics(client, u)) == 1
    assert await hover_at(client, u, broken, "id: backbencher", "backbencher") == (BACKBENCHER, "backbencher")
    change(client, u, good)
    assert await diagnostics(client, u) == []
    await close(client, u)


@pytest.mark.asyncio(loop_scope="module")
async def test_a_keyword_hovers_with_its_line_of_the_docs(client: LanguageClient, folder: Path) -> None:
    cabinet = folder / "cabinet.yaml"
    text = cabinet.read_text(encoding="utf-8")
    u = open_file(client, cabinet, text)
    shown = await hover_at(client, u, text, "option:", "option")
    assert shown is not None and shown[0].startswith("**option** — ") and shown[1] == "option"
    assert await hover_at(client, u, text, "en: Backbencher", "en") is None  # a key outside an effect
    await close(client, u)


@pytest.mark.asyncio(loop_scope="module")
async def test_the_outline_lists_the_cabinet_cards(client: LanguageClient, folder: Path) -> None:
    cabinet = folder / "cabinet.yaml"
    u = open_file(client, cabinet)
    found = await client.text_document_document_symbol_async(T.DocumentSymbolParams(
        text_document=T.TextDocumentIdentifier(uri=u)))
    assert found is not None
    assert [s.name for s in found] == [c.id for c in load_data(CARDS / "diemacher").cabinet]
    await close(client, u)


# ---- the plug-in's front ends --------------------------------------------------------------------------------

def test_the_front_ends_give_the_editor_the_rulebook_the_sheets_and_the_keyboard() -> None:
    front = PLUGIN.front_ends
    assert front is not None
    assert front.keyboard() is not None  # the REPL (tests/repl/test_diemacher_repl.py)
    assert front.printing() is not None  # `cmdsl print` (tests/printing/test_diemacher_print.py)
    assert isinstance(front.editor(), DieMacherEditing)
    book = front.rulebook()
    assert book is not None and book.source.letter == "DM"
    assert book.show("DM7.5 step 3").startswith("DM7.5 step 3: the first player opens with at least €1,000")


def test_the_editor_puts_the_set_together_as_load_data_does() -> None:
    """The editor reads the set's files from its texts; with none open, it is ``load_data``'s set."""
    folder = (CARDS / "diemacher").resolve()
    state = DieMacherEditing().check(folder, {}, Memo())
    loaded = load_data(folder)
    assert state.problems == () and state.loaded == loaded
    assert (state.loaded.fingerprint, state.loaded.authored) == (loaded.fingerprint, loaded.authored)


def test_the_editor_side_loads_nothing_of_the_game_until_a_die_macher_file_is_checked() -> None:
    """The server makes every game's editor side at its first file, of any game: a CM2008 designer
    does not wait for Die Macher's language, loaders and scenarios."""
    code = ("import json, sys; from cmdsl.games.diemacher.plugin import PLUGIN; PLUGIN.front_ends.editor(); "
            "print(json.dumps(['lark'] * ('lark' in sys.modules) + [m for m in sys.modules if 'diemacher.' in m]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    loaded = set(json.loads(out.stdout))
    assert loaded <= {"cmdsl.games.diemacher.plugin", "cmdsl.games.diemacher.data_file", "cmdsl.games.diemacher.ui",
                      "cmdsl.games.diemacher.ui.editor"}, loaded
