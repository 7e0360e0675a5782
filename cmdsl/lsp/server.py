"""`cmdsl lsp`: the language server of card, manifest and scenario files, over stdio (pygls).

As a designer types, the file's set is checked again (debounced) from the editor's texts, and
every problem `cmdsl check` or the scenario reader would report is shown where it is, with its
did-you-mean as a quick fix. Completion offers what the parser accepts at the cursor, the
variables in scope and the set's names, where a value goes only those of the type the checker asks
there (``slot_type``); hover shows a card's generated text (English, or French
with the option ``{"lang": "fr"}``), a state's tile, a keyword's line of the docs; go to
definition and the outline find where cards and states are defined.

Games are reached through the registry (``cmdsl.lsp.workspace``); this module names none.
"""

from __future__ import annotations

import asyncio
import gc
import re
from pathlib import Path
from typing import Any

from lsprotocol import types as T
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path
from pygls.workspace import TextDocument
from pygls.workspace.position_codec import ServerTextPosition, ServerTextRange

from ..errors import CmdslError
from ..sets.editor_game import Defined, Problem, Severity
from .completion import Candidate, Kind, candidates, keyword_docs
from .protocol import AnsweringProtocol
from .text_at import effect_at, in_open_quote, problem_span, quoted_at, word_at
from .workspace import FileKind, Owner, Workspace

NAME = "cmdsl"
#: How long typing must pause before a set is checked again (seconds): a check is tens of ms.
DEBOUNCE = 0.15
#: A problem's hint that a code action applies: `did you mean "X"?`, or the line the language writes.
_DID_YOU_MEAN = re.compile(r'did you mean "([^"]+)"\?')
_WRITES_LINE = re.compile(r'the effect language writes this line "(.+)"$')
_SEVERITY = {Severity.ERROR: T.DiagnosticSeverity.Error, Severity.WARNING: T.DiagnosticSeverity.Warning}
_SYMBOL_KIND = {"card": T.SymbolKind.Object, "state": T.SymbolKind.Constant, "theme": T.SymbolKind.Enum}
_COMPLETION_KIND = {Kind.KEYWORD: T.CompletionItemKind.Keyword, Kind.VARIABLE: T.CompletionItemKind.Variable,
                    Kind.NAME: T.CompletionItemKind.Constant, Kind.CARD: T.CompletionItemKind.Value}


class CardServer(LanguageServer):
    """The server, with its workspace of sets and the check waiting to run for each."""

    def __init__(self) -> None:
        super().__init__(NAME, _version(), text_document_sync_kind=T.TextDocumentSyncKind.Incremental,
                         protocol_cls=AnsweringProtocol)  # a request it cannot read is answered (issue 52)
        self.sets = Workspace()
        #: the checks waiting for typing to pause, by set folder (or scenario file): the timer, and
        #: the file that changed last with its owner
        self.pending: dict[Path, tuple[asyncio.TimerHandle, Path, Owner]] = {}
        self.lang = "en"  # the language of hover texts ("fr": initializationOptions {"lang": "fr"})
        #: the diagnostics last published on each file: the quick fixes of an editor that does not
        #: send them back with its request (Vim's ALE) are found among them
        self.published: dict[Path, list[T.Diagnostic]] = {}
        self.debounce = DEBOUNCE


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("cmdsl")
    except PackageNotFoundError:  # pragma: no cover - run from a checkout not installed
        return "0"


server = CardServer()


# ---- documents and diagnostics --------------------------------------------------------------------

def _path(uri: str) -> Path | None:
    fs = to_fs_path(uri)
    return Path(fs).resolve() if fs else None


def _owner(ls: CardServer, uri: str) -> tuple[Path, Owner] | None:
    path = _path(uri)
    if path is None:
        return None
    try:
        owner = ls.sets.owner(path)
    except CmdslError:
        return None
    return (path, owner) if owner is not None else None


@server.feature(T.INITIALIZE)
def initialize(ls: CardServer, params: T.InitializeParams) -> None:
    options = params.initialization_options
    if isinstance(options, dict) and options.get("lang") in ("en", "fr"):
        ls.lang = options["lang"]
    debounce = options.get("debounce") if isinstance(options, dict) else None
    if isinstance(debounce, (int, float)) and not isinstance(debounce, bool) and 0 <= debounce <= 5:
        ls.debounce = float(debounce)  # an editor that waits for typing to pause itself sends 0


@server.feature(T.WORKSPACE_DID_CHANGE_CONFIGURATION)
def configuration(ls: CardServer, params: T.DidChangeConfigurationParams) -> None:
    settings = params.settings.get("cmdsl", params.settings) if isinstance(params.settings, dict) else None
    if isinstance(settings, dict) and settings.get("lang") in ("en", "fr"):
        ls.lang = settings["lang"]


@server.feature(T.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: CardServer, params: T.DidOpenTextDocumentParams) -> None:
    _changed(ls, params.text_document.uri, at_once=True)


@server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: CardServer, params: T.DidChangeTextDocumentParams) -> None:
    _changed(ls, params.text_document.uri, at_once=False)


@server.feature(T.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: CardServer, params: T.DidSaveTextDocumentParams) -> None:
    _changed(ls, params.text_document.uri, at_once=True)


@server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: CardServer, params: T.DidCloseTextDocumentParams) -> None:
    path = _path(params.text_document.uri)
    if path is None or ls.sets.texts.pop(path, None) is None:
        return
    found = _owner(ls, params.text_document.uri)
    if found is not None and found[1].kind is FileKind.SET:
        _flush(ls, found[1].folder)
        _check(ls, path, found[1])  # the file on disk is the set's again (unsaved changes are gone)


def _changed(ls: CardServer, uri: str, at_once: bool) -> None:
    found = _owner(ls, uri)
    if found is None:
        return  # not a file of a set: nothing to say about it
    path, owner = found
    ls.sets.texts[path] = ls.workspace.get_text_document(uri).source
    key = owner.folder if owner.kind is FileKind.SET else path
    waiting = ls.pending.pop(key, None)
    if waiting is not None:
        waiting[0].cancel()
    if at_once or ls.debounce == 0:
        _check(ls, path, owner)
    else:
        ls.pending[key] = (asyncio.get_running_loop().call_later(ls.debounce, _check, ls, path, owner), path, owner)


def _check(ls: CardServer, path: Path, owner: Owner) -> None:
    """Check the file's set (or the scenario file) and publish what is found on each file. A fault
    of cmdsl's own is logged to the editor in one line, and the server goes on."""
    try:
        _check_now(ls, path, owner)
    except Exception as e:  # noqa: BLE001 - a bug must not stop the server an editor relies on
        ls.window_log_message(T.LogMessageParams(T.MessageType.Error, f"cmdsl: checking {path.name} failed: "
                                                 f"{type(e).__name__}: {e}"))


def _check_now(ls: CardServer, path: Path, owner: Owner) -> None:
    ls.pending.pop(owner.folder if owner.kind is FileKind.SET else path, None)
    if owner.kind is FileKind.SCENARIO:
        _flush(ls, owner.folder)  # a scenario is read against the set as it is now
        _publish(ls, path, ls.sets.scenario_problems(path, owner))
        return
    first = owner.folder not in ls.sets.states
    state = ls.sets.check_set(owner)
    if first:
        # What a set's first check made lives as long as the session (the parser, the set): the
        # collector need not walk it at every later check (its pauses were most of the slow edits).
        gc.collect()
        gc.freeze()
    found = ls.sets.set_diagnostics(owner, state, path)
    for file, problems in {path: [], **found}.items():  # the file changed is always said (maybe clean)
        _publish(ls, file, problems)
    # the set's scenario files that are open read it: they are read again against it
    for other in list(ls.sets.texts):
        if other.parent.name == "scenarios" and other.parent.parent == owner.folder:
            _publish(ls, other, ls.sets.scenario_problems(other, Owner(owner.game, owner.folder, FileKind.SCENARIO)))


def _flush(ls: CardServer, folder: Path) -> None:
    """Check a set now if a check of it is waiting (its typing pause not over yet)."""
    waiting = ls.pending.pop(folder, None)
    if waiting is not None:
        handle, path, owner = waiting
        handle.cancel()
        _check(ls, path, owner)


def _publish(ls: CardServer, file: Path, problems: list[Problem]) -> None:
    uri = from_fs_path(str(file))
    if uri is None:
        return
    doc = ls.workspace.get_text_document(uri)
    diagnostics = [_diagnostic(doc, p) for p in problems]
    ls.published[file] = diagnostics
    ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics,
                                                                    version=doc.version))


def _diagnostic(doc: TextDocument, problem: Problem) -> T.Diagnostic:
    e = problem.error
    lines = doc.source.split("\n")
    line, start, end = problem_span(lines, e.where.line, e.where.col)
    message = (f"{e.where.item}: " if e.where.item else "") + e.message + (f"\n{e.hint}" if e.hint else "")
    data: dict[str, str] = {}
    fix = _DID_YOU_MEAN.search(e.hint or "")
    if fix is not None:
        data["replace"] = fix.group(1)
    written = _WRITES_LINE.search(e.hint or "")
    if written is not None:
        data["line"] = written.group(1)
    return T.Diagnostic(range=_range(doc, line, start, end), message=message, severity=_SEVERITY[problem.severity],
                        source=NAME, data=data or None)


def _range(doc: TextDocument, line: int, start: int, end: int) -> T.Range:
    """A range of code points on one line, in the editor's units."""
    return doc.range_to_client_units(ServerTextRange(ServerTextPosition(line, start), ServerTextPosition(line, end)))


# ---- the cursor: where it is --------------------------------------------------------------------------

def _at(ls: CardServer, params: T.CompletionParams | T.HoverParams | T.DefinitionParams) -> tuple[TextDocument, list[str], int, int]:
    doc = ls.workspace.get_text_document(params.text_document.uri)
    pos = doc.position_from_client_units(params.position)
    return doc, doc.source.split("\n"), pos.line, pos.character


def _defined(ls: CardServer, owner: Owner) -> tuple[Defined, ...]:
    if owner.folder not in ls.sets.states:
        try:
            ls.sets.check_set(owner)
        except CmdslError:
            return ()
    return ls.sets.defined_in(owner)


def _named(ls: CardServer, owner: Owner, lines: list[str], line: int, col: int) -> Defined | None:
    """What the set defines that the cursor is on: a quoted name, or a card's id."""
    defined = _defined(ls, owner)
    quoted = quoted_at(lines, line, col)
    if quoted is not None:
        return next((d for d in defined if d.quoted and d.name == quoted.text), None)
    word = word_at(lines, line, col)
    if word is None:
        return None
    return next((d for d in defined if not d.quoted and d.name == word.text), None)


# ---- completion ------------------------------------------------------------------------------------

@server.feature(T.TEXT_DOCUMENT_COMPLETION, T.CompletionOptions(trigger_characters=[" ", '"']))
def completion(ls: CardServer, params: T.CompletionParams) -> T.CompletionList | None:
    found = _owner(ls, params.text_document.uri)
    if found is None:
        return None
    _, owner = found
    doc, lines, line, col = _at(ls, params)
    word = word_at(lines, line, col)
    start = word.start if word is not None and word.start < col else col
    defined = _defined(ls, owner)
    block = effect_at(lines, line)
    out: list[Candidate]
    if block is not None:
        language = ls.sets.language(owner)
        if language is None:
            return None
        before = block.text_before(line, start)
        quote = in_open_quote(before)
        if quote:  # the name typed so far is inside the quote: complete from after it
            start = lines[line].rfind('"', 0, col) + 1
            before = block.text_before(line, start)
        quoted = [(d.name, d.kind, d.text(ls.lang)) for d in defined if d.quoted]
        out = candidates(language, before, quoted, quote)
    elif owner.kind is FileKind.SCENARIO:  # a scenario names cards by id, states by name; a hover shows the card
        answer = _answer_part(ls, owner, lines[line][:start])
        out = answer if answer is not None else [
            Candidate(d.name, Kind.CARD if not d.quoted else Kind.NAME, d.summary) for d in defined]
    else:
        return None
    edit_range = _range(doc, line, start, col)
    items = [T.CompletionItem(
        label=c.label, kind=_COMPLETION_KIND[c.kind], detail=c.detail,
        documentation=T.MarkupContent(T.MarkupKind.Markdown, c.doc) if c.doc else None,
        text_edit=T.TextEdit(edit_range, c.insert if c.insert is not None else c.label),
        sort_text=f"{list(Kind).index(c.kind)}{c.label}") for c in out]
    return T.CompletionList(is_incomplete=False, items=items)


#: An option id being written, up to the part being typed (`state:`, `block:economy:`).
_ANSWER_SO_FAR = re.compile(r"(?<![\w:/.-])([a-z_]+)((?::[^\s:'\",\[\]{}#]+)*):$")


def _answer_part(ls: CardServer, owner: Owner, before: str) -> list[Candidate] | None:
    """After `KIND:` (and its parts so far) in a scenario, what the next part of that kind of
    answer names in the set (`state:` → its states' ids); None: no answer is being written there."""
    written = _ANSWER_SO_FAR.search(before)
    forms = ls.sets.answer_forms(owner) if written is not None else None
    form = forms.kind(written.group(1)) if forms is not None and written is not None else None
    if form is None or written is None:
        return None
    index = written.group(2).count(":")
    if index >= len(form.slots):
        return []
    slot = form.slots[index]
    return [Candidate(name, Kind.NAME, slot.what) for name in sorted(slot.names)]


# ---- hover and definition -------------------------------------------------------------------------

def _pointed(ls: CardServer, params: T.HoverParams | T.DefinitionParams
             ) -> tuple[Owner, TextDocument, list[str], int, int, Defined | None] | None:
    """The file's owner, the cursor, and what the set defines that it is on (None: nothing)."""
    found = _owner(ls, params.text_document.uri)
    if found is None:
        return None
    doc, lines, line, col = _at(ls, params)
    return found[1], doc, lines, line, col, _named(ls, found[1], lines, line, col)


@server.feature(T.TEXT_DOCUMENT_HOVER)
def hover(ls: CardServer, params: T.HoverParams) -> T.Hover | None:
    pointed = _pointed(ls, params)
    if pointed is None:
        return None
    owner, doc, lines, line, col, named = pointed
    if named is not None:
        text = named.text(ls.lang) or named.summary
        span = quoted_at(lines, line, col) if named.quoted else word_at(lines, line, col)
        assert span is not None
        return T.Hover(T.MarkupContent(T.MarkupKind.Markdown, text), _range(doc, line, span.start, span.end))
    word = word_at(lines, line, col)
    language = ls.sets.language(owner)
    if word is None or language is None or effect_at(lines, line) is None:
        return None
    line_of_docs = keyword_docs(language).get(word.text)
    if line_of_docs is None or word.text not in language.keywords:
        return None
    return T.Hover(T.MarkupContent(T.MarkupKind.Markdown, f"**{word.text}** — {line_of_docs}"),
                   _range(doc, line, word.start, word.end))


@server.feature(T.TEXT_DOCUMENT_DEFINITION)
def definition(ls: CardServer, params: T.DefinitionParams) -> T.Location | None:
    pointed = _pointed(ls, params)
    if pointed is None or pointed[-1] is None:
        return None
    return _location(ls, pointed[-1], pointed[0])


def _location(ls: CardServer, named: Defined, owner: Owner) -> T.Location | None:
    file = ls.sets.file_of(named.where, owner.folder)
    uri = from_fs_path(str(file)) if file is not None else None
    if file is None or uri is None:
        return None
    doc = ls.workspace.get_text_document(uri)
    line = max(named.where.line - 1, 0)
    text = doc.lines[line] if line < len(doc.lines) else ""
    start = len(text) - len(text.lstrip(" -"))
    return T.Location(uri, _range(doc, line, start, len(text.rstrip("\r\n"))))


# ---- the outline ------------------------------------------------------------------------------------

@server.feature(T.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def symbols(ls: CardServer, params: T.DocumentSymbolParams) -> list[T.DocumentSymbol] | None:
    found = _owner(ls, params.text_document.uri)
    if found is None:
        return None
    path, owner = found
    doc = ls.workspace.get_text_document(params.text_document.uri)
    here = sorted((d for d in _defined(ls, owner) if ls.sets.file_of(d.where, owner.folder) == path
                   and d.where.line > 0), key=lambda d: d.where.line)
    out: list[T.DocumentSymbol] = []
    for i, d in enumerate(here):
        first = d.where.line - 1
        last = here[i + 1].where.line - 2 if i + 1 < len(here) else len(doc.lines) - 1
        while last > first and not doc.lines[last].strip():
            last -= 1
        line_text = doc.lines[first].rstrip("\r\n")
        out.append(T.DocumentSymbol(
            name=d.name, detail=d.summary, kind=_SYMBOL_KIND.get(d.kind, T.SymbolKind.Field),
            range=T.Range(_range(doc, first, 0, 0).start, _range(doc, last, 0, len(doc.lines[last].rstrip("\r\n"))).end),
            selection_range=_range(doc, first, 0, len(line_text))))
    return out


# ---- quick fixes ------------------------------------------------------------------------------------

@server.feature(T.TEXT_DOCUMENT_CODE_ACTION, T.CodeActionOptions(code_action_kinds=[T.CodeActionKind.QuickFix]))
def code_actions(ls: CardServer, params: T.CodeActionParams) -> list[T.CodeAction]:
    doc = ls.workspace.get_text_document(params.text_document.uri)
    out: list[T.CodeAction] = []
    for diagnostic in _to_fix(ls, params):
        data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
        edit = _fix(doc, diagnostic, data)
        if edit is not None:
            title, text_edit = edit
            out.append(T.CodeAction(title=title, kind=T.CodeActionKind.QuickFix, diagnostics=[diagnostic],
                                    is_preferred=True,
                                    edit=T.WorkspaceEdit(changes={params.text_document.uri: [text_edit]})))
    return out


def _to_fix(ls: CardServer, params: T.CodeActionParams) -> list[T.Diagnostic]:
    """The diagnostics the editor sends back with their data, as the protocol has it; else those
    published here that the range touches: ALE sends back only the diagnostics that have a code
    (cmdsl's have none), and none of their data."""
    sent = [d for d in params.context.diagnostics if isinstance(d.data, dict)]
    path = _path(params.text_document.uri)
    if sent or path is None:
        return sent
    return [d for d in ls.published.get(path, []) if _touches(d.range, params.range)]


def _touches(a: T.Range, b: T.Range) -> bool:
    return ((a.start.line, a.start.character) <= (b.end.line, b.end.character)
            and (b.start.line, b.start.character) <= (a.end.line, a.end.character))


def _fix(doc: TextDocument, diagnostic: T.Diagnostic, data: dict[str, Any]) -> tuple[str, T.TextEdit] | None:
    if isinstance(data.get("replace"), str):
        new = data["replace"]
        old = doc.text_in_client_range(diagnostic.range)
        if old[:1] in ('"', "'") and not new.startswith(old[0]):  # a quoted name, a quoted YAML scalar
            new = f"{old[0]}{new}{old[0]}"
        return f"Change to {new}", T.TextEdit(diagnostic.range, new)
    if isinstance(data.get("line"), str):
        line = diagnostic.range.start.line
        text = doc.lines[line].rstrip("\r\n") if line < len(doc.lines) else ""
        indent = len(text) - len(text.lstrip())
        whole = _range(doc, line, indent, len(text))
        return f"Write it as the language does: {data['line']}", T.TextEdit(whole, data["line"])
    return None


def main() -> int:
    """Serve over stdio until the editor says exit."""
    server.start_io()
    return 0
