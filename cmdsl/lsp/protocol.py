"""The server's JSON-RPC layer: pygls' own, except that every request is answered (issue 52).

pygls reads each message into its lsprotocol type as the JSON is parsed (``structure_message``,
the ``object_hook`` of ``json.loads``). When a request's params do not fit the type (a list for an
object, a missing ``textDocument``, a ``line`` of -1 where the LSP's field is unsigned), pygls logs
"Unable to deserialize message" and raises; its reading loop logs that again and drops the message,
so the request is never answered and the editor waits for ever (pygls issue #326). JSON-RPC 2.0
wants a response to every request: here the failure is answered where pygls reports it, with the
request's id, Invalid params (-32602) and what was wrong where. A method the LSP defines as a
notification but sent with an id (pygls would do it and answer nothing) is answered Method not
found (-32601), as an unknown method is by pygls itself. A notification is not answered (JSON-RPC
forbids it), and a malformed one is dropped as pygls drops it.
"""

from __future__ import annotations

import re
from typing import Any

from cattrs import transform_error
from cattrs.errors import ClassValidationError
from cattrs.v import format_exception
from pygls.exceptions import JsonRpcException, JsonRpcMethodNotFound
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import RPCRequest

#: a field of lsprotocol's types, as Python names it (``text_document``), and as the LSP does
_SNAKE = re.compile(r"_([a-z])")


class AnsweringProtocol(LanguageServerProtocol):
    """pygls' protocol that answers a request it cannot read rather than dropping it."""

    def structure_message(self, data: dict[str, Any]) -> Any:
        # pygls calls this for every JSON object read, innermost first: a message is one with "jsonrpc"
        request = "jsonrpc" in data and "id" in data and "method" in data  # a notification has no id
        try:
            message = super().structure_message(data)
        except JsonRpcException as error:
            # pygls raises JsonRpcInvalidParams when lsprotocol rejects the params (a cattrs
            # ClassValidationError, its cause), JsonRpcInternalError for anything else.
            if request:
                self._answer(data, error.code, _what_was_wrong(str(data["method"]), error))
            raise  # and pygls goes on as before: it logs the message and reads the next one
        if request and not isinstance(message, RPCRequest):
            # a method lsprotocol knows as a notification (didOpen), sent with an id: pygls reads
            # the notification and would answer nothing. No request of that name is served.
            refused = JsonRpcMethodNotFound(f"{data['method']} is a notification (sent without an id), not a request")
            self._answer(data, refused.code, refused.message)
            raise refused
        return message

    def _answer(self, data: dict[str, Any], code: int, message: str) -> None:
        """Answer the request ``data`` with an error, as JSON: lsprotocol's ResponseErrorMessage
        would leave out an id of null."""
        self._send_data({"jsonrpc": self.VERSION, "id": data["id"], "error": {"code": code, "message": message}})


def _what_was_wrong(method: str, error: JsonRpcException) -> str:
    """``Invalid Params for textDocument/hover: required field missing @ $.params.textDocument``:
    what lsprotocol found wrong, where, in the LSP's names."""
    cause = error.__cause__
    if not isinstance(cause, ClassValidationError):
        return f"{error.message} for {method}"
    return f"{error.message} for {method}: " + "; ".join(
        _in_lsp_names(line) for line in transform_error(cause, "$", _formatted))


def _in_lsp_names(line: str) -> str:
    """cattrs' ``what @ $.params.text_document``, with the path as the LSP spells it."""
    wrong, at, where = line.rpartition(" @ ")
    return f"{wrong}{at}{_SNAKE.sub(lambda m: m.group(1).upper(), where)}" if at else line


def _formatted(exc: BaseException, expected: type | None) -> str:
    """cattrs' words for what was wrong, except a validator's own (lsprotocol's range checks:
    "Position.line should be in range [0:2147483647], but was -1"), which cattrs reduces to
    "invalid value"."""
    if isinstance(exc, ValueError) and expected is None and str(exc):
        return str(exc).rstrip(".")
    return format_exception(exc, expected)
