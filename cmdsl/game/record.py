"""A game is its record (DESIGN property 4): card-set fingerprint, seed, setup and answers."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import CmdslError, RecordError
from ..model import CardSet
from .engine import SETUP_MODES, Game, Setup

FORMAT = "cmdsl-record/1"


def log_digest(game: Game) -> str:
    return hashlib.sha256(game.log_text().encode()).hexdigest()


@dataclass(frozen=True)
class Record:
    cardset: str
    seed: int
    setup: Setup
    answers: tuple[str, ...]
    log_sha256: str | None = None
    result: str | None = None

    @staticmethod
    def of(game: Game) -> "Record":
        return Record(game.cards.fingerprint, game.seed, game.setup, tuple(game.answers), log_digest(game),
                      game.result.text() if game.result else None)

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "cardset": self.cardset, "seed": self.seed, "setup": self.setup.to_json(),
                "answers": list(self.answers), "log_sha256": self.log_sha256, "result": self.result}

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @staticmethod
    def from_json(data: Any, where: str = "record") -> "Record":
        try:
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise RecordError(f"{where}: not a cmdsl game record (expected format {FORMAT})")
            answers = data["answers"]
            if not isinstance(answers, list) or not all(isinstance(a, str) for a in answers):
                raise RecordError(f"{where}: answers must be a list of option ids")
            seed = data["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise RecordError(f"{where}: seed must be a whole number")
            setup = Setup.from_json(data["setup"])
            if setup.mode not in SETUP_MODES:
                raise RecordError(f"{where}: unknown setup mode {setup.mode!r}")
            return Record(str(data["cardset"]), seed, setup, tuple(answers), data.get("log_sha256"),
                          data.get("result"))
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(f"{where}: a field is missing or malformed ({e})") from None

    @staticmethod
    def load(path: str | Path) -> "Record":
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as e:
            raise RecordError(f"{path}: cannot read ({e.strerror})") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise RecordError(f"{path}: not valid JSON ({e})") from None
        return Record.from_json(data, str(path))


@dataclass(frozen=True)
class Replay:
    game: Game
    diverged_at: int | None  # index of the first answer that no longer applies
    reason: str | None

    @property
    def reproduces(self) -> bool:
        return self.reason is None


def replay(cards: CardSet, record: Record, upto: int | None = None) -> Replay:
    """Re-run a record (or its first ``upto`` answers); say where, if anywhere, it diverges."""
    game = Game(cards, record.seed, record.setup)
    answers = record.answers if upto is None else record.answers[:upto]
    for i, answer in enumerate(answers):
        if game.pending is None:
            return Replay(game, i, f"answer {i + 1} ({answer}) comes after the game has ended")
        try:
            game.answer(answer)
        except CmdslError as e:
            return Replay(game, i, f"answer {i + 1}: {e}")
    if upto is None:
        if record.log_sha256 is not None and log_digest(game) != record.log_sha256:
            return Replay(game, None, "the event log differs from the recorded one")
    return Replay(game, None, None)
