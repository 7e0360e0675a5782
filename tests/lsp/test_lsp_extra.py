"""`cmdsl lsp` where the language server's libraries are not installed (issue 32: an extra)."""

from __future__ import annotations

import subprocess
import sys


def test_without_the_extra_cmdsl_lsp_says_what_to_install() -> None:
    """pygls missing (a plain `pip install cmdsl`): one line naming the extra, no traceback."""
    code = "import sys; sys.modules['pygls'] = None; from cmdsl.cli import main; sys.exit(main(['lsp']))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 1
    assert out.stderr.strip() == ("error: cmdsl lsp needs the language server's libraries (pygls is missing): "
                                  'pip install "cmdsl[lsp]"')
