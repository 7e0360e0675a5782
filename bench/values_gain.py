"""What ``@value`` (cmdsl/values.py) saves at start-up (issue 54 §6): this checkout, against a copy of
it in which ``@value`` is a plain ``@dataclass(frozen=True)``, measured in the same rounds by
``bench/cold_start.py --against`` (CPU time; compare the ratios, bench/README.md).

    python bench/values_gain.py [--rounds 5]

The copy is a git worktree of HEAD (uncommitted changes are not in it: commit first), removed after.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The line the copy gets at the top of ``value``'s body: every value is a plain frozen dataclass.
PLAIN = '    return dataclasses.dataclass(frozen=True)(cls)  # bench/values_gain.py\n'
BODY = '    """A frozen dataclass that costs little to define, with a fast ``__init__``."""\n'


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "plain-dataclasses"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(copy), "HEAD"], check=True,
                       capture_output=True)
        try:
            values = copy / "cmdsl" / "values.py"
            text = values.read_text(encoding="utf-8")
            if BODY not in text:
                sys.exit("values_gain: cmdsl/values.py's value() is not where this script expects it")
            values.write_text(text.replace(BODY, BODY + PLAIN, 1), encoding="utf-8")
            subprocess.run([sys.executable, str(ROOT / "bench" / "cold_start.py"), "--rounds", str(args.rounds),
                            "--source", str(ROOT), "--against", str(copy)], check=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(copy)], check=True)


if __name__ == "__main__":
    main()
