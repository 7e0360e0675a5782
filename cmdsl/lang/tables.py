"""The command that regenerates each game's shipped LALR tables (``cmdsl.lang.parse_tables``).

A game's tables are stored as JSON beside its vocabulary's grammar; nothing is written at run time,
and a grammar is only analysed (in memory) when its tables do not match it. Regenerate after
editing ``grammar/core.lark`` or a game's grammar::

    python -m cmdsl.lang.tables          # rewrite every registered game's tables
    python -m cmdsl.lang.tables --check  # exit 1 if a game's shipped tables are stale

Nothing in cmdsl imports this module, so that ``python -m`` runs it fresh (not a second copy of a
module the package already imported).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..atomic_file import write_atomically
from ..plugins import games
from .parse_tables import FORMAT, REGENERATE, dump_tables, load_parser
from .language import Language
from .lark_parser import build_parser

__all__ = ["FORMAT", "REGENERATE", "generate", "load_parser", "main"]  # the format is named here too


def generate(language: Language) -> str:
    """The tables text for a language's grammar as it is now."""
    return dump_tables(build_parser(language.grammar), language.grammar.sha256)


def _shipping() -> list[tuple[Language, Path]]:
    """Each registered game's language that ships tables, with where they go."""
    found = []
    for plugin in games().values():
        language = plugin.rules.language()
        if isinstance(language, Language) and language.vocabulary.tables_path is not None:
            found.append((language, language.vocabulary.tables_path()))
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog=REGENERATE, description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if a game's shipped tables are stale")
    args = ap.parse_args(argv)
    status = 0
    for language, path in _shipping():
        text = generate(language)
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if args.check:
            if current != text:
                print(f"{path} is stale: run {REGENERATE}", file=sys.stderr)
                status = 1
        elif current != text:
            write_atomically(path, text, mode=0o644)
            print(f"wrote {path}")
        else:
            print(f"{path} is up to date")
    return status


if __name__ == "__main__":
    sys.exit(main())
