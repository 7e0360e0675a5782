"""`cmdsl lsp` answers every request (issue 52): JSON-RPC 2.0 wants a response to each request,
and an editor waits for ever on one that is dropped. The real server over stdio, as in
test_lsp_server.py, sent what pygls' typed client cannot send: raw JSON-RPC messages, malformed."""

from __future__ import annotations

import asyncio
import shutil
import sys
from itertools import count
from pathlib import Path
from typing import Any, AsyncIterator

import pytest
import pytest_lsp
from lsprotocol import types as T
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import register_lsp_features
from pytest_lsp.protocol import LanguageClientProtocol

CARDS = Path(__file__).resolve().parents[2] / "cards"
#: How long an answer may take: the server answers a malformed request at once, so a second is ample.
ANSWER_WITHIN = 1.0
INVALID_PARAMS = -32602
METHOD_NOT_FOUND = -32601
pytestmark = pytest.mark.asyncio(loop_scope="module")


class RawProtocol(LanguageClientProtocol):
    """pytest-lsp's protocol, which also sends a message as raw JSON (pygls' client types every
    message of a method it knows, so it cannot send a malformed one) and keeps every response
    the server sends, as JSON, by id (a response to no request pygls' client made is otherwise
    only logged)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.responses: list[dict[str, Any]] = []

    def structure_message(self, data: dict[str, Any]) -> Any:
        # called for every JSON object read, innermost first; a message is the one with "jsonrpc"
        if "jsonrpc" in data and "method" not in data:
            self.responses.append(data)
        return super().structure_message(data)

    def send_raw(self, message: dict[str, Any]) -> None:
        self._send_data({"jsonrpc": "2.0", **message})


def raw_client() -> LanguageClient:
    """pytest-lsp's test client (`make_test_lsp_client`) with the raw protocol."""
    client = LanguageClient(converter_factory=default_converter, protocol_cls=RawProtocol)
    register_lsp_features(client)
    return client


@pytest.fixture(scope="module")
def obama(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sets")
    shutil.copytree(CARDS / "cm2008", root / "cm2008", ignore=shutil.ignore_patterns("__snapshots__"))
    return root / "cm2008" / "obama.yaml"


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(
    server_command=[sys.executable, "-m", "cmdsl.cli", "lsp", "--stdio"], client_factory=raw_client))
async def client(lsp_client: LanguageClient) -> AsyncIterator[None]:
    await lsp_client.initialize_session(T.InitializeParams(capabilities=client_capabilities("visual-studio-code")))
    yield
    await lsp_client.shutdown_session()


_ids = count(1000)


def raw(client: LanguageClient) -> RawProtocol:
    assert isinstance(client.protocol, RawProtocol)
    return client.protocol


async def request(client: LanguageClient, method: str, params: Any, *, with_params: bool = True) -> dict[str, Any]:
    """Send a request as raw JSON and return the server's response to it, as JSON; fail (rather
    than hang) if none comes within ANSWER_WITHIN."""
    protocol = raw(client)
    msg_id = next(_ids)
    protocol.send_raw({"id": msg_id, "method": method, **({"params": params} if with_params else {})})

    async def answered() -> dict[str, Any]:
        while True:
            found = next((r for r in protocol.responses if r.get("id") == msg_id), None)
            if found is not None:
                return found
            await asyncio.sleep(0.01)
    try:
        return await asyncio.wait_for(answered(), ANSWER_WITHIN)
    except TimeoutError:
        pass
    pytest.fail(f"no response to the {method} request {msg_id} within {ANSWER_WITHIN}s")


def hover_at(uri: str, line: int, character: int) -> dict[str, Any]:
    return {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}


def error_of(response: dict[str, Any], code: int) -> str:
    """The message of the response's error, which must have ``code`` (and no result)."""
    assert "result" not in response, response
    assert response["error"]["code"] == code, response
    message = response["error"]["message"]
    assert isinstance(message, str)
    return message


# ---- malformed requests: an error response, Invalid params ----------------------------------------------

async def test_a_hover_whose_params_are_a_list_is_answered_invalid_params(client: LanguageClient, obama: Path) -> None:
    response = await request(client, "textDocument/hover", [obama.as_uri(), 0, 0])
    message = error_of(response, INVALID_PARAMS)
    assert "textDocument/hover" in message and "textDocument" in message.partition(":")[2]


async def test_a_hover_at_line_minus_one_is_answered_invalid_params(client: LanguageClient, obama: Path) -> None:
    """The LSP's line is unsigned: -1 is not a position (lsprotocol says so as it reads it)."""
    response = await request(client, "textDocument/hover", hover_at(obama.as_uri(), -1, 0))
    message = error_of(response, INVALID_PARAMS)
    assert "$.params.position" in message and "Position.line" in message and "-1" in message


async def test_a_hover_without_a_text_document_is_answered_invalid_params(client: LanguageClient) -> None:
    response = await request(client, "textDocument/hover", {"position": {"line": 0, "character": 0}})
    assert "required field missing @ $.params.textDocument" in error_of(response, INVALID_PARAMS)


async def test_a_hover_without_params_is_answered_invalid_params(client: LanguageClient) -> None:
    response = await request(client, "textDocument/hover", None, with_params=False)
    assert "required field missing @ $.params" in error_of(response, INVALID_PARAMS)


async def test_a_definition_whose_position_is_a_string_is_answered_invalid_params(client: LanguageClient,
                                                                                 obama: Path) -> None:
    params = {"textDocument": {"uri": obama.as_uri()}, "position": "0:0"}
    response = await request(client, "textDocument/definition", params)
    assert "$.params.position" in error_of(response, INVALID_PARAMS)


# ---- well-formed requests: answered as before ------------------------------------------------------------

async def test_a_hover_past_the_end_of_the_document_has_an_empty_result(client: LanguageClient, obama: Path) -> None:
    text = obama.read_text(encoding="utf-8")
    client.text_document_did_open(T.DidOpenTextDocumentParams(text_document=T.TextDocumentItem(
        uri=obama.as_uri(), language_id="yaml", version=1, text=text)))
    # The file is read and checked first (seconds on a loaded machine): a hover inside it, with no
    # deadline, is answered once that is done, as the server answers in order.
    await client.text_document_hover_async(T.HoverParams(text_document=T.TextDocumentIdentifier(uri=obama.as_uri()),
                                                         position=T.Position(0, 0)))
    lines = text.split("\n")
    for line, character in ((len(lines) + 10, 0), (0, len(lines[0]) + 50)):
        response = await request(client, "textDocument/hover", hover_at(obama.as_uri(), line, character))
        assert "error" not in response and response["result"] is None, response


async def test_an_unknown_method_is_answered_method_not_found(client: LanguageClient) -> None:
    response = await request(client, "cmdsl/noSuchThing", {})
    assert "cmdsl/noSuchThing" in error_of(response, METHOD_NOT_FOUND)


async def test_a_notification_sent_as_a_request_is_answered_method_not_found(client: LanguageClient,
                                                                           obama: Path) -> None:
    """didOpen with an id: lsprotocol reads it as the notification it knows, which has no answer;
    as a request, no method of that name is served (vscode-jsonrpc's servers say the same)."""
    params = {"textDocument": {"uri": obama.as_uri(), "languageId": "yaml", "version": 1, "text": "states: []\n"}}
    response = await request(client, "textDocument/didOpen", params)
    assert "textDocument/didOpen is a notification" in error_of(response, METHOD_NOT_FOUND)


# ---- malformed notifications: no answer, and the server goes on -------------------------------------------

@pytest.mark.parametrize("params", [[1, 2], {"textDocument": {"uri": 3}}, None])
async def test_a_malformed_notification_is_not_answered_and_the_server_goes_on(
        client: LanguageClient, obama: Path, params: Any) -> None:
    protocol = raw(client)
    # The file's set is read and checked at its first hover (seconds on a loaded machine): that one,
    # with no deadline, first; the hover that follows the notification has the one-second budget.
    await client.text_document_hover_async(T.HoverParams(text_document=T.TextDocumentIdentifier(uri=obama.as_uri()),
                                                         position=T.Position(0, 0)))
    before = len(protocol.responses)
    protocol.send_raw({"method": "textDocument/didOpen", **({"params": params} if params is not None else {})})
    # the server reads its messages in order: once the request sent after it is answered, any
    # answer to the notification would have come before
    response = await request(client, "textDocument/hover", hover_at(obama.as_uri(), 0, 0))
    assert "error" not in response
    assert protocol.responses[before:] == [response]


# ---- a request of id null: answered with id null (JSON-RPC discourages the id, but it is a request) --------

async def test_a_malformed_request_of_id_null_is_answered_with_id_null(client: LanguageClient, obama: Path) -> None:
    protocol = raw(client)
    before = len(protocol.responses)
    protocol.send_raw({"id": None, "method": "textDocument/hover", "params": [obama.as_uri(), 0, 0]})
    # sent after it: once this is answered, the answer to the first has come (the server reads in order)
    response = await request(client, "textDocument/hover", hover_at(obama.as_uri(), 0, 0))
    assert protocol.responses[-1] == response
    [first] = protocol.responses[before:-1]
    assert "id" in first, first
    assert first["id"] is None
    error_of(first, INVALID_PARAMS)
