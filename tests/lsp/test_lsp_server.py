"""`cmdsl lsp` end to end (issue 32): the real server, started as an editor starts it (VS Code's
client adds `--stdio`), over stdio, talked to by pytest-lsp's client with VS Code's capabilities,
on copies of the bundled sets."""

from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path
from typing import Any, AsyncIterator

import pytest
import pytest_lsp
from lsprotocol import types as T
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from cmdsl.lsp.workspace import Workspace

CARDS = Path(__file__).resolve().parents[2] / "cards"
pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture(scope="module")
def sets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sets")
    for game in ("cm2008", "racolage"):
        shutil.copytree(CARDS / game, root / game, ignore=shutil.ignore_patterns("__snapshots__"))
    (root / "notes.yaml").write_text("effect: |\n  gain 2 supports on economy in Ohiox\n")  # no set's file
    return root


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=[sys.executable, "-m", "cmdsl.cli", "lsp", "--stdio"]))
async def client(lsp_client: LanguageClient) -> AsyncIterator[None]:
    await lsp_client.initialize_session(T.InitializeParams(capabilities=client_capabilities("visual-studio-code")))
    yield
    await lsp_client.shutdown_session()


def uri(path: Path) -> str:
    return path.resolve().as_uri()


_versions: dict[str, int] = {}


def open_file(client: LanguageClient, path: Path, text: str | None = None) -> str:
    u = uri(path)
    client.diagnostics.pop(u, None)
    _versions[u] = 1
    client.text_document_did_open(T.DidOpenTextDocumentParams(text_document=T.TextDocumentItem(
        uri=u, language_id="yaml", version=1, text=path.read_text(encoding="utf-8") if text is None else text)))
    return u


def change(client: LanguageClient, u: str, text: str) -> None:
    client.diagnostics.pop(u, None)
    _versions[u] += 1
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        text_document=T.VersionedTextDocumentIdentifier(uri=u, version=_versions[u]),
        content_changes=[T.TextDocumentContentChangeWholeDocument(text=text)]))


async def close(client: LanguageClient, u: str) -> None:
    """Close ``u``, and wait for what the server says on closing it (the server answers in order:
    once a request sent after it is answered, its diagnostics have arrived)."""
    client.text_document_did_close(T.DidCloseTextDocumentParams(text_document=T.TextDocumentIdentifier(uri=u)))
    await client.text_document_hover_async(T.HoverParams(text_document=T.TextDocumentIdentifier(uri=u),
                                                         position=T.Position(0, 0)))
    client.diagnostics.pop(u, None)


async def diagnostics(client: LanguageClient, u: str, timeout: float = 20) -> list[T.Diagnostic]:
    """The diagnostics published for ``u`` next (after the last open or change of it)."""
    async def arrived() -> None:
        while u not in client.diagnostics:
            await asyncio.sleep(0.02)
    await asyncio.wait_for(arrived(), timeout)
    return list(client.diagnostics[u])


async def complete(client: LanguageClient, u: str, line: int, col: int) -> T.CompletionList:
    result = await client.text_document_completion_async(T.CompletionParams(
        text_document=T.TextDocumentIdentifier(uri=u), position=T.Position(line, col)))
    assert isinstance(result, T.CompletionList)
    return result


def played(text: str) -> tuple[int, int]:
    """Where a scenario file's first `play: obama-yes-we-can` names its card: line, column of the id."""
    line = next(i for i, ln in enumerate(text.split("\n")) if "play: obama-yes-we-can" in ln)
    return line, text.split("\n")[line].index("obama-yes")


def spanned(text: str, r: T.Range) -> str:
    assert r.start.line == r.end.line
    return text.split("\n")[r.start.line][r.start.character:r.end.character]


# ---- diagnostics ---------------------------------------------------------------------------------------

async def test_a_typo_in_an_effect_is_squiggled_where_it_is_and_cleared_when_fixed(client: LanguageClient, sets: Path) -> None:
    obama = sets / "cm2008" / "obama.yaml"
    good = obama.read_text(encoding="utf-8")
    broken = good.replace('demographic support for "Union Members"', 'demographic support for "Union Membrs"', 1)
    u = open_file(client, obama, broken)
    found = await diagnostics(client, u)
    assert len(found) == 1
    d = found[0]
    assert d.severity == T.DiagnosticSeverity.Error and d.source == "cmdsl"
    assert d.range.start.line == 85 and spanned(broken, d.range) == '"Union Membrs"'
    assert 'unknown demographic group "Union Membrs"' in d.message and 'did you mean "Union Members"?' in d.message
    change(client, u, good)
    assert await diagnostics(client, u) == []
    await close(client, u)


async def test_a_set_level_problem_is_shown_where_cmdsl_check_puts_it(client: LanguageClient, sets: Path) -> None:
    """The manifest promises 21 Breaking News, the files hold 20: `cmdsl check` says so at the
    Breaking News section, and the editor of the manifest sees it there too, then cleared."""
    manifest = sets / "cm2008" / "manifest.yaml"
    news = uri(sets / "cm2008" / "breaking_news.yaml")
    text = manifest.read_text(encoding="utf-8")
    client.diagnostics.pop(news, None)
    u = open_file(client, manifest, text.replace("breaking_news: 20", "breaking_news: 21"))
    found = await diagnostics(client, news)
    assert [d.message for d in found] == ["only 20 Breaking News: the manifest promises 21\n"
                                          + found[0].message.split("\n", 1)[1]]
    assert not client.diagnostics.get(u)  # nothing on the manifest itself
    client.diagnostics.pop(news, None)
    change(client, u, text)
    assert await diagnostics(client, news) == []
    await close(client, u)


async def test_a_scenario_naming_an_unknown_card_is_told_which_it_meant(client: LanguageClient, sets: Path) -> None:
    scenario = sets / "cm2008" / "scenarios" / "obama-yes-we-can.yaml"
    text = scenario.read_text(encoding="utf-8").replace("play: obama-yes-we-can", "play: obama-yes-we-cann", 1)
    u = open_file(client, scenario, text)
    found = await diagnostics(client, u)
    assert [spanned(text, d.range) for d in found] == ["obama-yes-we-cann"]
    assert 'unknown card "obama-yes-we-cann"' in found[0].message
    await close(client, u)


async def test_a_file_of_no_set_gets_no_diagnostics(client: LanguageClient, sets: Path) -> None:
    notes = open_file(client, sets / "notes.yaml")
    obama = sets / "cm2008" / "obama.yaml"
    u = open_file(client, obama)  # its diagnostics come after any the notes would have had
    assert await diagnostics(client, u) == []
    assert notes not in client.diagnostics
    await close(client, u)
    await close(client, notes)


async def test_racolage_effects_are_checked_in_racolage_s_language(client: LanguageClient, sets: Path) -> None:
    actions = sets / "racolage" / "actions.yaml"
    good = actions.read_text(encoding="utf-8")
    line = next(ln for ln in good.split("\n") if "notoriety" in ln and "gain" in ln)
    broken = good.replace(line, line.replace("notoriety", "notoriet"), 1)
    u = open_file(client, actions, broken)
    found = await diagnostics(client, u)
    assert len(found) == 1 and found[0].range.start.line == good.split("\n").index(line)
    assert spanned(broken, found[0].range) == "notoriet"
    change(client, u, good)
    assert await diagnostics(client, u) == []
    await close(client, u)


# ---- code actions -----------------------------------------------------------------------------------------

async def quick_fix(client: LanguageClient, u: str, text: str, d: T.Diagnostic) -> str:
    """``text`` mended by the one quick fix the server offers for ``d``."""
    actions = await client.text_document_code_action_async(T.CodeActionParams(
        text_document=T.TextDocumentIdentifier(uri=u), range=d.range, context=T.CodeActionContext(diagnostics=[d])))
    assert actions is not None and len(actions) == 1
    action = actions[0]
    assert isinstance(action, T.CodeAction) and action.kind == T.CodeActionKind.QuickFix
    assert action.edit is not None and action.edit.changes is not None
    (edit,) = action.edit.changes[u]
    lines = text.split("\n")
    row = lines[edit.range.start.line]
    lines[edit.range.start.line] = row[:edit.range.start.character] + edit.new_text + row[edit.range.end.character:]
    return "\n".join(lines)


@pytest.mark.parametrize(("wrong", "underlined"), [("gian 2 supports on economy in S", "gian"),  # did you mean
                                                   ("Gain two supports on Economy in S.", "two")])  # card text
async def test_a_quick_fix_mends_the_file(client: LanguageClient, sets: Path, wrong: str, underlined: str) -> None:
    obama = sets / "cm2008" / "obama.yaml"
    good = obama.read_text(encoding="utf-8")
    broken = good.replace("gain 2 supports on economy in S", wrong, 1)
    u = open_file(client, obama, broken)
    (d,) = await diagnostics(client, u)
    assert spanned(broken, d.range) == underlined
    assert await quick_fix(client, u, broken, d) == good
    change(client, u, good)
    assert await diagnostics(client, u) == []
    await close(client, u)


@pytest.mark.parametrize("sent_back", ["none", "without data"])
async def test_a_quick_fix_is_found_when_the_editor_sends_no_diagnostic_back(
        client: LanguageClient, sets: Path, sent_back: str) -> None:
    # Vim's ALE asks at the cursor and sends back only the diagnostics that have a code (cmdsl's
    # have none), never their data: the server finds its own diagnostic there (docs/editors.md)
    obama = sets / "cm2008" / "obama.yaml"
    good = obama.read_text(encoding="utf-8")
    broken = good.replace("gain 2 supports on economy in S", 'gain 2 supports on economy in "Pensylvania"', 1)
    u = open_file(client, obama, broken)
    (d,) = await diagnostics(client, u)
    inside = T.Position(d.range.start.line, d.range.start.character + 3)
    back = [] if sent_back == "none" else [T.Diagnostic(range=d.range, message=d.message)]
    actions = await client.text_document_code_action_async(T.CodeActionParams(
        text_document=T.TextDocumentIdentifier(uri=u), range=T.Range(inside, inside),
        context=T.CodeActionContext(diagnostics=back)))
    assert actions is not None and [a.title for a in actions] == ['Change to "Pennsylvania"']
    elsewhere = T.Position(d.range.start.line - 1, 0)
    assert not await client.text_document_code_action_async(T.CodeActionParams(  # nothing to fix there
        text_document=T.TextDocumentIdentifier(uri=u), range=T.Range(elsewhere, elsewhere),
        context=T.CodeActionContext(diagnostics=[])))
    change(client, u, good)
    assert await diagnostics(client, u) == []
    await close(client, u)


# ---- completion -------------------------------------------------------------------------------------------

#: (the line typed, the cursor at its end) → labels that must be offered, and labels that must not.
COMPLETIONS: list[tuple[str, set[str], set[str]]] = [
    ("", {"gain", "shift", "choose", "if", "draw", "while", "for", "repeat", "S"}, {"toward", "economy"}),
    ("ga", {"gain"}, set()),
    # issue 55 §9: a value's place offers what fits it, as the checker says (R7: `on` an issue, `in`
    # a state, `for` a demographic group): not every state, group, side and variable
    ("gain 2 supports on ", {"economy", "defense", "the"}, {"gain", "toward", "S", '"Ohio"', '"Seniors"', "mccain",
                                                            "obama", "you", "a", "another"}),  # `a player chosen by`
    ("gain 2 supports on economy in ", {'"Ohio"', "S", "the"}, {"toward", "gain", '"Seniors"', "economy", "mccain"}),
    ("shift S 1 ", {"toward"}, {"gain", "economy"}),
    ("shift S 1 toward ", {"economy", "defense", "the"}, {"toward", "S", '"Ohio"'}),
    ("shift ", {"S", '"Ohio"', "the"}, {"economy", '"Seniors"', "obama"}),
    ("demographic support for ", {'"Seniors"', '"Union Members"', "the"}, {'"Ohio"', "S", "economy", "mccain"}),
    ('demographic support for "', {"Seniors", "Union Members"}, {"gain", '"Seniors"', "Ohio"}),
    ('demographic support for "Uni', {"Union Members"}, set()),
    ("if S is ", {"won", "in", "not", '"Ohio"', "S"}, {"gain", "economy", '"Seniors"', "mccain"}),
    ("draw ", {"the"}, {'"Ohio"', "S", "economy", "mccain"}),
    ("choose a ", {"state", "card", "different"}, {"gain"}),
    ("breaking news ", {"targets"}, {"gain"}),
    ("draw 2 and ", {"play"}, set()),
]


@pytest.mark.parametrize(("typed", "offered", "not_offered"), COMPLETIONS, ids=[c[0] or "start" for c in COMPLETIONS])
async def test_completion_offers_what_may_come_next(client: LanguageClient, sets: Path, typed: str,
                                                    offered: set[str], not_offered: set[str]) -> None:
    obama = sets / "cm2008" / "obama.yaml"
    good = obama.read_text(encoding="utf-8")
    # a new line at the end of the first card's effect (which has `choose a state as S` before it)
    anchor = "      gain 2 supports on economy in S\n"
    text = good.replace(anchor, anchor + "      " + typed + "\n", 1)
    line = good.split("\n").index(anchor.rstrip("\n")) + 1
    u = open_file(client, obama, text)
    result = await complete(client, u, line, 6 + len(typed))
    labels = {item.label if item.text_edit is None or not isinstance(item.text_edit, T.TextEdit)
              else item.text_edit.new_text for item in result.items}
    assert offered <= labels, f"missing {offered - labels}"
    assert not (not_offered & labels), f"offered {not_offered & labels}"
    await close(client, u)


async def test_completion_items_say_what_they_are(client: LanguageClient, sets: Path) -> None:
    obama = sets / "cm2008" / "obama.yaml"
    good = obama.read_text(encoding="utf-8")
    anchor = "      gain 2 supports on economy in S\n"
    text = good.replace(anchor, anchor + "      shift \n", 1)
    line = good.split("\n").index(anchor.rstrip("\n")) + 1
    u = open_file(client, obama, text)
    result = await complete(client, u, line, 12)
    by_label = {item.label: item for item in result.items}
    assert by_label["S"].kind == T.CompletionItemKind.Variable
    assert by_label["Ohio"].kind == T.CompletionItemKind.Constant
    doc = by_label["Ohio"].documentation
    assert isinstance(doc, T.MarkupContent) and "Ohio" in doc.value and "20" in doc.value  # its tile: 20 EV
    assert by_label["the"].kind == T.CompletionItemKind.Keyword
    await close(client, u)


async def test_a_scenario_file_completes_card_ids(client: LanguageClient, sets: Path) -> None:
    scenario = sets / "cm2008" / "scenarios" / "obama-yes-we-can.yaml"
    text = scenario.read_text(encoding="utf-8")
    line, col = played(text)
    col += len("obama-yes")
    u = open_file(client, scenario, text)
    result = await complete(client, u, line, col)
    labels = {item.label for item in result.items}
    assert {"obama-yes-we-can", "mccain-drill-baby-drill"} <= labels
    await close(client, u)


async def test_racolage_completion_offers_its_own_words(client: LanguageClient, sets: Path) -> None:
    actions = sets / "racolage" / "actions.yaml"
    good = actions.read_text(encoding="utf-8")
    line = next(i for i, ln in enumerate(good.split("\n")) if ln.strip().startswith("you gain") and "notoriety" in ln)
    lines = good.split("\n")
    indent = len(lines[line]) - len(lines[line].lstrip())
    lines.insert(line + 1, " " * indent + "you gain 2 ")
    u = open_file(client, actions, "\n".join(lines))
    result = await complete(client, u, line + 1, indent + len("you gain 2 "))
    assert {item.label for item in result.items} == {"notoriety"}
    await close(client, u)


#: Racolage: (the line typed) → labels that must be offered, and labels that must not (issue 55 §9).
RACOLAGE_COMPLETIONS: list[tuple[str, set[str], set[str]]] = [
    ("you gain 2 ", {"notoriety"}, {"you", '"Ecology"'}),
    ("you gain ", {"the"}, {'"Ecology"', '"Economy"', "you"}),  # a number: no theme, no player
    ("discard the catchphrase of ", {"you", "the", "a", "another"}, {'"Ecology"', "notoriety", "them"}),
    ("if ", {"you", "the", '"Ecology"', "not"}, {"notoriety"}),  # what follows decides: nothing filtered
    ("choose a ", {"notoriety", "you"}, set()),  # a text that does not parse: every word, as a hint
]


@pytest.mark.parametrize(("typed", "offered", "not_offered"), RACOLAGE_COMPLETIONS, ids=[c[0] for c in RACOLAGE_COMPLETIONS])
async def test_racolage_completion_offers_what_fits_the_place(client: LanguageClient, sets: Path, typed: str,
                                                              offered: set[str], not_offered: set[str]) -> None:
    actions = sets / "racolage" / "actions.yaml"
    good = actions.read_text(encoding="utf-8")
    lines = good.split("\n")
    line = next(i for i, ln in enumerate(lines) if ln.strip().startswith("you gain") and "notoriety" in ln)
    indent = len(lines[line]) - len(lines[line].lstrip())
    lines.insert(line + 1, " " * indent + typed)
    u = open_file(client, actions, "\n".join(lines))
    result = await complete(client, u, line + 1, indent + len(typed))
    labels = {item.text_edit.new_text if isinstance(item.text_edit, T.TextEdit) else item.label for item in result.items}
    assert offered <= labels, f"missing {offered - labels}"
    assert not (not_offered & labels), f"offered {not_offered & labels}"
    await close(client, u)


# ---- hover, definition, outline ---------------------------------------------------------------------------

async def test_hover_on_a_card_id_shows_its_generated_text(client: LanguageClient, sets: Path) -> None:
    scenario = sets / "cm2008" / "scenarios" / "obama-yes-we-can.yaml"
    text = scenario.read_text(encoding="utf-8")
    line, col = played(text)
    col += 3
    u = open_file(client, scenario, text)
    hover = await client.text_document_hover_async(T.HoverParams(text_document=T.TextDocumentIdentifier(uri=u), position=T.Position(line, col)))
    assert hover is not None and isinstance(hover.contents, T.MarkupContent)
    assert "**Yes We Can" in hover.contents.value and "Obama" in hover.contents.value
    assert hover.range is not None and spanned(text, hover.range) == "obama-yes-we-can"
    client.workspace_did_change_configuration(T.DidChangeConfigurationParams(settings={"cmdsl": {"lang": "fr"}}))
    hover = await client.text_document_hover_async(T.HoverParams(text_document=T.TextDocumentIdentifier(uri=u), position=T.Position(line, col)))
    assert hover is not None and isinstance(hover.contents, T.MarkupContent)
    assert "Choisissez" in hover.contents.value or "Gagnez" in hover.contents.value, hover.contents.value
    client.workspace_did_change_configuration(T.DidChangeConfigurationParams(settings={"cmdsl": {"lang": "en"}}))
    await close(client, u)


async def test_hover_on_a_state_shows_its_tile_and_on_a_keyword_its_docs(client: LanguageClient, sets: Path) -> None:
    obama = sets / "cm2008" / "obama.yaml"
    text = obama.read_text(encoding="utf-8")
    lines = text.split("\n")
    u = open_file(client, obama, text)
    line = next(i for i, ln in enumerate(lines) if '"Union Members"' in ln)
    hover = await client.text_document_hover_async(T.HoverParams(text_document=T.TextDocumentIdentifier(uri=u), position=T.Position(line, lines[line].index("Union") + 2)))
    assert hover is not None and isinstance(hover.contents, T.MarkupContent)
    assert "Union Members" in hover.contents.value and "states" in hover.contents.value
    line = next(i for i, ln in enumerate(lines) if ln.strip() == "gain 2 supports on economy in S")
    hover = await client.text_document_hover_async(T.HoverParams(text_document=T.TextDocumentIdentifier(uri=u), position=T.Position(line, lines[line].index("gain") + 1)))
    assert hover is not None and isinstance(hover.contents, T.MarkupContent)
    assert hover.contents.value.startswith("**gain** — `gain")
    title = next(i for i, ln in enumerate(lines) if "title:" in ln)
    assert await client.text_document_hover_async(T.HoverParams(text_document=T.TextDocumentIdentifier(uri=u), position=T.Position(title, lines[title].index("title") + 1))) is None
    await close(client, u)


async def test_definition_goes_from_a_card_id_and_a_state_to_where_they_are_defined(
        client: LanguageClient, sets: Path) -> None:
    scenario = sets / "cm2008" / "scenarios" / "obama-yes-we-can.yaml"
    text = scenario.read_text(encoding="utf-8")
    line, col = played(text)
    u = open_file(client, scenario, text)
    found = await client.text_document_definition_async(T.DefinitionParams(
        text_document=T.TextDocumentIdentifier(uri=u), position=T.Position(line, col + 1)))
    assert isinstance(found, T.Location) and found.uri == uri(sets / "cm2008" / "obama.yaml")
    target = (sets / "cm2008" / "obama.yaml").read_text(encoding="utf-8").split("\n")[found.range.start.line]
    assert target.strip() == "- id: obama-yes-we-can"
    await close(client, u)
    obama = sets / "cm2008" / "obama.yaml"
    lines = obama.read_text(encoding="utf-8").split("\n")
    u = open_file(client, obama)
    line = next(i for i, ln in enumerate(lines) if '"Latinos"' in ln)
    found = await client.text_document_definition_async(T.DefinitionParams(text_document=T.TextDocumentIdentifier(uri=u), position=T.Position(line, lines[line].index("Latinos"))))
    assert isinstance(found, T.Location) and found.uri == uri(sets / "cm2008" / "states.yaml")
    await close(client, u)


async def test_the_outline_lists_the_cards_of_a_file(client: LanguageClient, sets: Path) -> None:
    obama = sets / "cm2008" / "obama.yaml"
    text = obama.read_text(encoding="utf-8")
    u = open_file(client, obama, text)
    found: Any = await client.text_document_document_symbol_async(T.DocumentSymbolParams(text_document=T.TextDocumentIdentifier(uri=u)))
    assert found is not None and len(found) == 45
    assert found[0].name == "obama-main-street-vs-wall-street" and "Main Street" in found[0].detail
    assert text.split("\n")[found[0].selection_range.start.line].strip() == "- id: obama-main-street-vs-wall-street"
    assert found[0].range.end.line < found[1].range.start.line
    await close(client, u)


async def test_ranges_are_in_the_editor_s_utf16_units(client: LanguageClient, sets: Path) -> None:
    """An emoji is two UTF-16 units (LSP's default): a range after one ends a unit later."""
    obama = sets / "cm2008" / "obama.yaml"
    good = obama.read_text(encoding="utf-8")
    broken = good.replace('demographic support for "Union Members"', 'demographic support for "😀 Union Membrs"', 1)
    u = open_file(client, obama, broken)
    (d,) = await diagnostics(client, u)
    line = broken.split("\n")[d.range.start.line]
    start = line.index('"')
    assert (d.range.start.character, d.range.end.character) == (start, len(line) + 1)
    change(client, u, good)
    assert await diagnostics(client, u) == []
    await close(client, u)



BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b]\n" + \
    "d: &d [*c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e]\n" + \
    "scenarios: [*e]\n"


async def test_a_hostile_yaml_file_is_left_alone_and_the_server_goes_on(client: LanguageClient, sets: Path) -> None:
    """Any YAML file an editor opens reaches the server: one of anchors (an alias bomb) is read as a
    set's files are, refused, so it is no scenario file though it has a `scenarios:` key, and gets
    nothing; the server answers on."""
    bomb = sets / "bomb.yaml"
    bomb.write_text(BOMB)
    assert Workspace().owner(bomb) is None
    b = open_file(client, bomb)
    u = open_file(client, sets / "cm2008" / "obama.yaml")
    assert await diagnostics(client, u, timeout=10) == []
    assert b not in client.diagnostics
    await close(client, u)
    await close(client, b)


async def test_a_racolage_scenario_naming_an_unknown_card_is_located(client: LanguageClient, sets: Path) -> None:
    scenario = sets / "racolage" / "scenarios" / "cards.yaml"
    text = scenario.read_text(encoding="utf-8")
    line = next(i for i, ln in enumerate(text.split("\n")) if "A09" in ln)
    lines = text.split("\n")
    lines[line] = lines[line].replace("A09", "A99", 1)
    broken = "\n".join(lines)
    u = open_file(client, scenario, broken)
    found = await diagnostics(client, u)
    assert found and found[0].range.start.line == line and spanned(broken, found[0].range).startswith("A99")
    change(client, u, text)
    assert await diagnostics(client, u) == []
    await close(client, u)


# ---- scenario answers, checked without playing (issue 55 §9) ---------------------------------------------

async def test_a_misspelt_answer_is_squiggled_with_its_fix(client: LanguageClient, sets: Path) -> None:
    scenario = sets / "cm2008" / "scenarios" / "obama-yes-we-can.yaml"
    good = scenario.read_text(encoding="utf-8")
    broken = good.replace("'state:florida'", "'state:floirda'", 1)
    u = open_file(client, scenario, broken)
    (d,) = await diagnostics(client, u)
    assert spanned(broken, d.range) == "'state:floirda'"
    assert '"floirda" is not a state of this set' in d.message and 'did you mean "state:florida"?' in d.message
    assert await quick_fix(client, u, broken, d) == good
    change(client, u, good)
    assert await diagnostics(client, u) == []
    await close(client, u)


async def test_a_racolage_answer_naming_no_card_is_squiggled(client: LanguageClient, sets: Path) -> None:
    scenario = sets / "racolage" / "scenarios" / "cards.yaml"
    good = scenario.read_text(encoding="utf-8")
    broken = good.replace("play:A44", "play:A4", 1)
    u = open_file(client, scenario, broken)
    (d,) = await diagnostics(client, u)
    assert spanned(broken, d.range) == "play:A4" and '"A4" is not a card id of this set' in d.message
    await close(client, u)


async def hover_text(client: LanguageClient, u: str, text: str, needle: str, word: str) -> tuple[str, str]:
    """What a hover on ``word``, in the first line holding ``needle``, shows, and the span it names."""
    lines = text.split("\n")
    line = next(i for i, ln in enumerate(lines) if needle in ln)
    hover = await client.text_document_hover_async(T.HoverParams(
        text_document=T.TextDocumentIdentifier(uri=u), position=T.Position(line, lines[line].index(word) + 1)))
    assert hover is not None and isinstance(hover.contents, T.MarkupContent) and hover.range is not None
    return hover.contents.value, spanned(text, hover.range)


async def test_hover_on_a_racolage_card_id_shows_its_names_and_rules_text_as_cm2008_s(
        client: LanguageClient, sets: Path) -> None:
    """Issue 55 §9: as CM2008's hover (its heading in bold, its rules text a line a sentence, its id),
    in a scenario (an answer, a hand) and in the card's file; in French with the option "lang"."""
    scenario = sets / "racolage" / "scenarios" / "cards.yaml"
    actions = sets / "racolage" / "actions.yaml"
    for file, needle in ((scenario, "play:A44"), (scenario, "[A44]"), (actions, "id: A44")):
        text = file.read_text(encoding="utf-8")
        u = open_file(client, file, text)
        shown, span = await hover_text(client, u, text, needle, "A44")
        assert span == "A44"
        assert shown == "**Fundraiser (Levée de fonds)**\n\nTemporary Action.  \nYou draw two Action cards.\n\n`A44`"
        await close(client, u)
    client.workspace_did_change_configuration(T.DidChangeConfigurationParams(settings={"cmdsl": {"lang": "fr"}}))
    text = scenario.read_text(encoding="utf-8")
    u = open_file(client, scenario, text)
    shown, _ = await hover_text(client, u, text, "play:A44", "A44")
    assert shown.startswith("**Levée de fonds (Fundraiser)**") and "Vous piochez" in shown
    client.workspace_did_change_configuration(T.DidChangeConfigurationParams(settings={"cmdsl": {"lang": "en"}}))
    await close(client, u)


@pytest.mark.parametrize(("game", "file", "old", "typed", "offered", "not_offered"), [
    ("cm2008", "obama-yes-we-can.yaml", "'state:florida'", "'state:|'", {"florida", "ohio", "new-jersey"},
     {"obama-yes-we-can", "Ohio"}),
    ("cm2008", "obama-yes-we-can.yaml", "'state:florida'", "'block:|'", {"economy", "defense"}, {"ohio"}),
    ("racolage", "cards.yaml", "play:A44", "play:A", {"A44", "M01"}, {"Ecology"}),
])
async def test_an_answer_completes_with_what_its_kind_names(client: LanguageClient, sets: Path, game: str, file: str,
                                                            old: str, typed: str, offered: set[str],
                                                            not_offered: set[str]) -> None:
    """Issue 55 §9: after `state:` in an answer, the set's states as answers name them (slugs). The
    cursor is at `|` (an editor closes the quote as it is opened), else at the end of ``typed``."""
    scenario = sets / game / "scenarios" / file
    good = scenario.read_text(encoding="utf-8")
    text = good.replace(old, typed.replace("|", ""), 1)
    line = text[:text.index(typed.replace("|", ""))].count("\n")
    col = text.split("\n")[line].index(typed.replace("|", "")) + (typed.index("|") if "|" in typed else len(typed))
    u = open_file(client, scenario, text)
    result = await complete(client, u, line, col)
    labels = {item.label for item in result.items}
    assert offered <= labels, f"missing {offered - labels}"
    assert not (not_offered & labels), f"offered {not_offered & labels}"
    await close(client, u)


async def test_an_answer_completes_while_its_set_is_broken(client: LanguageClient, sets: Path) -> None:
    """A card file being edited (with a typo for now) does not take the states from the answers of
    a scenario: they are the set's as it last loaded, as hovers are."""
    obama = sets / "cm2008" / "obama.yaml"
    o = open_file(client, obama, obama.read_text(encoding="utf-8").replace("gain 2 supports", "gian 2 supports", 1))
    assert await diagnostics(client, o)
    scenario = sets / "cm2008" / "scenarios" / "obama-yes-we-can.yaml"
    text = scenario.read_text(encoding="utf-8").replace("'state:florida'", "'state:'", 1)
    line = text[:text.index("'state:'")].count("\n")
    u = open_file(client, scenario, text)
    result = await complete(client, u, line, text.split("\n")[line].index("'state:'") + len("'state:"))
    labels = {item.label for item in result.items}
    assert {"florida", "ohio"} <= labels and "obama-yes-we-can" not in labels
    await close(client, u)
    await close(client, o)


async def test_a_racolage_card_s_hover_shows_its_text_while_its_file_is_broken(client: LanguageClient,
                                                                              sets: Path) -> None:
    """As CM2008's: a typo in another card's effect does not take the rules text from a hover (it
    is the card's as the set last loaded)."""
    actions = sets / "racolage" / "actions.yaml"
    good = actions.read_text(encoding="utf-8")
    line = next(ln for ln in good.split("\n") if "notoriety" in ln and "gain" in ln)
    broken = good.replace(line, line.replace("notoriety", "notoriet"), 1)
    u = open_file(client, actions, good)
    await hover_text(client, u, good, "id: A44", "A44")  # the set loads once
    change(client, u, broken)
    assert await diagnostics(client, u)
    shown, _ = await hover_text(client, u, broken, "id: A44", "A44")
    assert "You draw two Action cards." in shown
    change(client, u, good)
    assert await diagnostics(client, u) == []
    await close(client, u)
