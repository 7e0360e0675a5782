"""The command that regenerates the effect parser's shipped LALR tables (``cmdsl.lang.parse_tables``).

The tables are stored as JSON beside the grammar; nothing is written at run time, and the grammar
is only analysed (in memory) when the tables do not match it. Regenerate after editing
``grammar/effect.lark``::

    python -m cmdsl.lang.tables          # rewrite grammar/effect.tables.json
    python -m cmdsl.lang.tables --check  # exit 1 if the shipped file is stale

Nothing in cmdsl imports this module, so that ``python -m`` runs it fresh (not a second copy of a
module the package already imported).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .. import resources
from ..atomic_file import write_atomically
from .parse_tables import FORMAT, REGENERATE, dump_tables, load_parser
from .parser import build_parser

__all__ = ["FORMAT", "REGENERATE", "generate", "load_parser", "main"]  # the format is named here too


def generate() -> str:
    """The tables text for the grammar file as it is now."""
    grammar = resources.grammar_text()
    return dump_tables(build_parser(grammar), grammar)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog=REGENERATE, description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if the shipped tables are stale")
    args = ap.parse_args(argv)
    path = Path(str(resources.grammar_file(resources.TABLES_FILE)))
    text = generate()
    current = path.read_text(encoding="utf-8") if path.exists() else None
    if args.check:
        if current != text:
            print(f"{path} is stale: run {REGENERATE}", file=sys.stderr)
            return 1
        return 0
    if current != text:
        write_atomically(path, text, mode=0o644)
        print(f"wrote {path}")
    else:
        print(f"{path} is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
