"""docs/editors.md's Vim and Neovim set-ups (issue 55, item 10) do what the page says.

The vimrc (Vim 9 with ALE) and the init.lua (Neovim 0.7 and later) are read from the page itself.
Without an editor: both start the same command, for the file type the VS Code extension has the
server check, and that command, started as the editor starts it, answers `initialize` over stdio
and checks a card file and a scenario file it is sent. With Neovim, or Vim and ALE, on the PATH
(deep: an editor and a server start, some seconds): the editor, configured with the page's lines,
shows the server's problem on a misspelt state, a hover on a card id, completion inside a quote
(and in Vim, the quick fix ALE asks for).
Another Neovim (0.11 beside Debian's 0.7) is tried too when CMDSL_TEST_NVIM names its binary.
"""

from __future__ import annotations

import json
import os
import queue
import re
import shlex
import shutil
import subprocess
import sys
import threading
import time
import tomllib
from pathlib import Path
from typing import Any, Callable

import pytest

REPO = Path(__file__).resolve().parents[2]
PAGE = REPO / "docs" / "editors.md"
DRIVERS = Path(__file__).resolve().parent / "drivers"
#: How long the server may take to start and answer (seconds): its imports take 1-3 s on a busy machine.
WITHIN = 20.0
#: What the reader of the server's stdout queues when the server closes it.
CLOSED: dict[str, Any] = {}
#: What a card file's misspelt state must be told, in the editor as by `cmdsl check`.
MISSPELT = 'unknown state "Pensylvania"'


def snippet(lang: str) -> str:
    """The page's one fenced block in `lang`."""
    found = re.findall(rf"(?ms)^```{lang}\n(.*?)^```", PAGE.read_text(encoding="utf-8"))
    assert len(found) == 1, f"docs/editors.md should have one ```{lang} block, has {len(found)}"
    return found[0]


def vim_command(vimrc: str) -> list[str]:
    """The argv ALE runs: 'command' with %e replaced by 'executable'."""
    executable = re.search(r"'executable':\s*'([^']+)'", vimrc)
    command = re.search(r"'command':\s*'([^']+)'", vimrc)
    assert executable and command, "the vimrc defines no ALE linter with an executable and a command"
    first, *rest = shlex.split(command.group(1))
    assert first == "%e", "the ALE command should start with its executable (%e)"
    return [executable.group(1), *rest]


def lua_command(init: str) -> list[str]:
    cmd = re.search(r"\bcmd\s*=\s*\{([^}]*)\}", init)
    assert cmd, "the init.lua sets no cmd"
    return re.findall(r'"([^"]*)"', cmd.group(1))


def vim_filetypes(vimrc: str) -> set[str]:
    return set(re.findall(r"ale#linter#Define\('(\w+)'", vimrc))


def lua_filetypes(init: str) -> set[str]:
    pattern = re.search(r'\bpattern\s*=\s*"([^"]+)"', init)
    assert pattern, "the init.lua starts the server on no FileType"
    return set(pattern.group(1).split(","))


def init_options(vimrc: str) -> dict[str, str]:
    options = re.search(r"'initialization_options':\s*\{([^}]*)\}", vimrc)
    assert options, "the vimrc sends no initialization options"
    return dict(re.findall(r"'(\w+)':\s*'(\w+)'", options.group(1)))


VIMRC, INIT_LUA = snippet("vim"), snippet("lua")


def test_vim_and_neovim_start_cmdsls_own_command() -> None:
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert vim_command(VIMRC) == lua_command(INIT_LUA)
    assert vim_command(VIMRC)[0] in scripts  # the command pip installs, not a module path


def test_they_start_it_for_the_files_the_server_checks() -> None:
    # the extension sends yaml (card files, manifests, scenarios) and .cmdsl snippets, which belong
    # to no set and are only coloured: the server checks yaml
    extension = (REPO / "editors" / "vscode" / "extension.js").read_text(encoding="utf-8")
    selected = set(re.findall(r"language:\s*'([\w-]+)'", extension))
    assert vim_filetypes(VIMRC) == lua_filetypes(INIT_LUA) == {"yaml"} < selected
    assert re.search(r"g:ale_linters\s*=\s*\{'yaml':\s*\[[^]]*'cmdsl'", VIMRC), "ALE runs only the yaml linters listed"
    assert re.search(r'init_options\s*=\s*\{\s*lang\s*=\s*"en"', INIT_LUA)
    assert init_options(VIMRC) == {"lang": "en"}


# ---- the command, as the editor starts it ---------------------------------------------------------

def editor_env() -> dict[str, str]:
    """The environment an editor started from this virtual environment sees: its bin on the PATH."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    return env


class Stdio:
    """The editor's end of the server's stdio: JSON-RPC messages with Content-Length headers."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, env=env)
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.ids = iter(range(1, 1000))
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        while True:
            headers = {}
            while (line := self.proc.stdout.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("ascii").partition(":")
                headers[name.strip().lower()] = value.strip()
            if "content-length" not in headers:
                self.messages.put(CLOSED)  # the server closed its stdout (it exited)
                return
            self.messages.put(json.loads(self.proc.stdout.read(int(headers["content-length"]))))

    def send(self, method: str, params: Any, *, request: bool = False) -> int | None:
        ident = next(self.ids) if request else None
        message = {"jsonrpc": "2.0", "method": method, "params": params, **({"id": ident} if request else {})}
        body = json.dumps(message).encode("utf-8")
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        self.proc.stdin.flush()
        return ident

    def until(self, wanted: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        deadline = time.monotonic() + WITHIN
        while (left := deadline - time.monotonic()) > 0:
            try:
                message = self.messages.get(timeout=left)
            except queue.Empty:
                break
            if message is CLOSED:
                pytest.fail(f"the server exited (code {self.proc.wait()}) before it sent the {what}")
            if wanted(message):
                return message
        pytest.fail(f"the server sent no {what} within {WITHIN} s")

    def answer(self, method: str, params: Any) -> dict[str, Any]:
        ident = self.send(method, params, request=True)
        return self.until(lambda m: m.get("id") == ident and "method" not in m, f"answer to {method}")

    def diagnostics(self, uri: str) -> list[dict[str, Any]]:
        message = self.until(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                             and m["params"]["uri"] == uri and bool(m["params"]["diagnostics"]),
                             f"diagnostics for {uri}")
        return list(message["params"]["diagnostics"])


@pytest.fixture
def cm2008(tmp_path: Path) -> Path:
    """A copy of the bundled CM2008 set."""
    folder = tmp_path / "cm2008"
    shutil.copytree(REPO / "cards" / "cm2008", folder, ignore=shutil.ignore_patterns("__snapshots__"))
    return folder


def misspelt(card_file: Path) -> str:
    """The card file's text, its first card's effect quoting a misspelt state (as typed, not saved)."""
    text = card_file.read_text(encoding="utf-8")
    assert "gain 2 supports on economy in S\n" in text
    return text.replace("gain 2 supports on economy in S\n", 'gain 2 supports on economy in "Pensylvania"\n', 1)


def opened(path: Path, text: str | None = None) -> dict[str, Any]:
    return {"textDocument": {"uri": path.as_uri(), "languageId": "yaml", "version": 1,
                             "text": path.read_text(encoding="utf-8") if text is None else text}}


def test_the_command_answers_initialize_and_checks_card_and_scenario_files(cm2008: Path) -> None:
    argv = vim_command(VIMRC)
    env = editor_env()
    executable = shutil.which(argv[0], path=env["PATH"])
    assert executable, f"{argv[0]} is not on the PATH (pip install -e '.[lsp]')"
    server = Stdio([executable, *argv[1:]], env)
    try:
        reply = server.answer("initialize", {"processId": os.getpid(), "rootUri": cm2008.as_uri(), "capabilities": {},
                                             "initializationOptions": init_options(VIMRC)})
        capabilities = reply["result"]["capabilities"]
        for provider in ("hoverProvider", "completionProvider", "definitionProvider", "codeActionProvider"):
            assert capabilities.get(provider), f"{provider} missing from {capabilities}"
        server.send("initialized", {})
        # a scenario is read against its set once the set loads: before a card file's error
        scenario = cm2008 / "scenarios" / "bn-debate-night.yaml"
        server.send("textDocument/didOpen", opened(scenario, scenario.read_text(encoding="utf-8")
                                                   .replace("news: bn-debate-night", "news: bn-debate-nite", 1)))
        assert any("bn-debate-nite" in d["message"] for d in server.diagnostics(scenario.as_uri()))
        obama = cm2008 / "obama.yaml"
        server.send("textDocument/didOpen", opened(obama, misspelt(obama)))
        assert any(MISSPELT in d["message"] for d in server.diagnostics(obama.as_uri()))
        assert server.answer("shutdown", None).get("error") is None
        server.send("exit", None)
        assert server.proc.wait(timeout=WITHIN) == 0
    finally:
        if server.proc.poll() is None:
            server.proc.kill()
            server.proc.wait()


# ---- the editors themselves -----------------------------------------------------------------------

def neovims() -> list[str]:
    found = [shutil.which("nvim") or "", *os.environ.get("CMDSL_TEST_NVIM", "").split(os.pathsep)]
    return [n for n in dict.fromkeys(found) if n] or ["nvim"]


def run_editor(argv: list[str], folder: Path) -> dict[str, Any]:
    """Runs an editor on the set's obama.yaml, its driver writing what it saw as JSON."""
    out = folder.parent / "seen.json"
    env = {**editor_env(), "CMDSL_OUT": str(out)}
    done = subprocess.run(argv, cwd=folder, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                          timeout=3 * WITHIN, check=False)
    assert out.exists(), f"the editor wrote nothing (exit {done.returncode}): {done.stdout!r} {done.stderr!r}"
    seen: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return seen


def hover_text(result: Any) -> str:
    contents = result["contents"]
    return str(contents["value"] if isinstance(contents, dict) else contents)


def labels(result: Any) -> list[str]:
    items = result["items"] if isinstance(result, dict) else result
    return [item["label"] for item in items]


@pytest.mark.deep
@pytest.mark.parametrize("nvim", neovims())
def test_neovim_with_the_pages_init_lua(nvim: str, cm2008: Path, tmp_path: Path) -> None:
    if shutil.which(nvim) is None:
        pytest.skip("Neovim is not installed (apt-get install neovim)")
    (tmp_path / "init.lua").write_text(INIT_LUA, encoding="utf-8")
    seen = run_editor([nvim, "--clean", "--headless", "-u", str(tmp_path / "init.lua"), "obama.yaml",
                       "-c", f"luafile {DRIVERS / 'check.lua'}"], cm2008)
    assert seen["attached"], seen
    [hover] = seen["hover"]
    assert "Main Street vs Wall Street" in hover_text(hover)
    assert any(MISSPELT in message for message in seen["diagnostics"]), seen["diagnostics"]
    [completion] = seen["completion"]
    assert "Ohio" in labels(completion)


def ale_installed() -> bool:
    """Whether Vim finds ALE on its packpath, whatever the page's vimrc says."""
    found = subprocess.run(["vim", "-Nu", "NONE", "-i", "NONE", "-es", "-c", "packadd ale",
                            "-c", "if exists('g:loaded_ale') | qall! | else | cquit | endif"],
                           stdin=subprocess.DEVNULL, capture_output=True, timeout=WITHIN, check=False)
    return found.returncode == 0


@pytest.mark.deep
def test_vim_with_ale_and_the_pages_vimrc(cm2008: Path, tmp_path: Path) -> None:
    if shutil.which("vim") is None:
        pytest.skip("Vim is not installed")
    (tmp_path / "vimrc").write_text(VIMRC, encoding="utf-8")
    seen = run_editor(["vim", "-Nu", str(tmp_path / "vimrc"), "-i", "NONE", "-es", "obama.yaml",
                       "-c", f"source {DRIVERS / 'check.vim'}"], cm2008)
    if not seen["loaded"] and not ale_installed():
        pytest.skip("ALE is not installed (apt-get install vim-ale)")
    assert seen["loaded"], "ALE is installed but the page's vimrc does not load it"
    assert "Main Street vs Wall Street" in hover_text(seen["hover"])
    assert any(MISSPELT in message for message in seen["diagnostics"]), seen["diagnostics"]
    assert [action["title"] for action in seen["actions"]] == ['Change to "Pennsylvania"']
    assert "Ohio" in labels(seen["completion"])
