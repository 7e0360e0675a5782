"""The kept files' hostile suite (issue 52, DESIGN property 18): whatever is done to the cache
folder — bytes flipped, files cut short, swapped between games and kinds, a FIFO, a folder, a
link or a loop of links in a file's place, a folder that cannot be written, a full disk — ``cmdsl
check``, ``cards show``, ``play`` and ``replay`` print exactly what they print with nothing kept
(``CMDSL_NO_CACHE=1``; timings aside), with no traceback and no hang.

Each command runs as a process of its own would (tests/fork_server.py: forked from a fresh Python
that has imported cmdsl, so that hundreds of runs cost little), under a limit that only catches
hangs. The default run flips a seeded sample of byte positions; ``pytest -m deep`` flips every one
of a small kept file (CI runs it).
"""

from __future__ import annotations

import json
import marshal
import os
import random
import re
import select
import shutil
import stat
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import pytest

from cmdsl.games.racolage import bundled_set as racolage_set
from cmdsl.kept_file import DIR_VARIABLE, MAGIC, OFF_VARIABLE, file_bytes, file_entries, stored

from .conftest import DATA, deep_after

ROOT = Path(__file__).resolve().parent.parent
SERVER = Path(__file__).with_name("fork_server.py")
MINI = DATA / "mini"
RACOLAGE = racolage_set()
#: How long a whole answer may take: a child that hangs is killed by the server well before.
ANSWER_SECONDS = 120
#: What differs from one run to the next in what commands print: how long they took.
_TIMINGS = re.compile(r"\[\d+(?:\.\d+)? ?m?s\]")
#: The kinds of kept file a run of these commands leaves: each game's parses and reads.
KINDS = ("cm2008 parses", "racolage parses", "cm2008 reads", "racolage reads")


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str
    hung: bool

    def shown(self) -> tuple[int, str, str]:
        return self.code, _TIMINGS.sub("[time]", self.out), _TIMINGS.sub("[time]", self.err)


class Runner:
    """The fork server (tests/fork_server.py), one per test process."""

    def __init__(self, commands: list[list[str]]) -> None:
        self.proc = subprocess.Popen([sys.executable, str(SERVER)], cwd=ROOT, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=os.environ.copy())
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(commands) + "\n")

    def run(self, argv: list[str], env: dict[str, str], full_disk: bool = False) -> Run:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps({"argv": argv, "env": env, "cwd": str(ROOT), "full_disk": full_disk}) + "\n")
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], ANSWER_SECONDS)
        assert ready, f"no answer to {argv} in {ANSWER_SECONDS} s"
        answer = json.loads(self.proc.stdout.readline())
        return Run(answer["code"], answer["out"], answer["err"], answer["hung"])

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


@dataclass(frozen=True)
class Kept:
    """A cache folder as the four commands leave it, and what they print with nothing kept."""

    files: dict[str, bytes]  # each kept file's name and bytes
    names: dict[str, str]  # each kind's file
    commands: dict[str, list[str]]
    expected: dict[str, tuple[int, str, str]]


def _env(folder: Path | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in (OFF_VARIABLE, DIR_VARIABLE)}
    if folder is None:
        env[OFF_VARIABLE] = "1"
    else:
        env[DIR_VARIABLE] = str(folder)
    return env


def _commands(record: Path) -> dict[str, list[str]]:
    return {
        "check": ["check", str(MINI)],
        "cards show": ["cards", "show", "mccain-media-chooser", "--cards", str(MINI)],
        "play": ["play", "--cards", str(MINI), "--bot", "random", "--bot", "random", "--seed", "3"],
        "replay": ["replay", str(record), "--cards", str(MINI), "--log"],
        "check racolage": ["check", str(RACOLAGE)],
    }


@pytest.fixture(scope="module")
def runner() -> Iterator[Runner]:
    r = Runner([argv for name, argv in _commands(Path("no-record.json")).items() if name != "replay"])
    yield r
    r.close()


@pytest.fixture(scope="module")
def kept(runner: Runner, tmp_path_factory: pytest.TempPathFactory) -> Kept:
    tmp = tmp_path_factory.mktemp("kept")
    record = tmp / "game.json"
    made = runner.run(["play", "--cards", str(MINI), "--bot", "random", "--bot", "random", "--seed", "5",
                       "--record", str(record), "--quiet"], _env(None))
    assert made.code == 0, made.err
    commands = _commands(record)
    expected = {name: runner.run(argv, _env(None)).shown() for name, argv in commands.items()}
    assert all(code == 0 for code, _, _ in expected.values()), expected
    folder = tmp / "cache"
    names: dict[str, str] = {}
    for game in ("cm2008", "racolage"):
        for name, argv in commands.items():
            if name.endswith("racolage") == (game == "racolage"):
                runner.run(argv, _env(folder))
        for what, suffix in (("parses", ".parses"), ("reads", ".reads")):
            [names[f"{game} {what}"]] = [p.name for p in folder.glob(f"*{suffix}") if p.name not in names.values()]
    files = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert sorted(files) == sorted(names.values())
    return Kept(files, names, commands, expected)


#: Damage done to a copy of the kept folder, given the name of each kind's file there.
Damage = Callable[[Path, dict[str, str]], None]


def _fresh(kept: Kept, tmp_path: Path) -> Path:
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    for name, data in kept.files.items():
        (folder / name).write_bytes(data)
        (folder / name).chmod(0o600)
    return folder


def _each(kept: Kept, runner: Runner, tmp_path: Path, damage: Damage, full_disk: bool = False,
          commands: tuple[str, ...] | None = None) -> None:
    """Each command, run on a fresh copy of the kept folder damaged by ``damage``, prints what it
    prints with nothing kept, neither hangs nor shows a traceback."""
    for name in commands or tuple(kept.commands):
        case = tmp_path / name.replace(" ", "-")
        case.mkdir()
        folder = _fresh(kept, case)
        damage(folder, kept.names)
        run = runner.run(kept.commands[name], _env(folder), full_disk=full_disk)
        assert not run.hung, f"{name}: hung"
        assert "Traceback" not in run.err, f"{name}: {run.err}"
        assert run.shown() == kept.expected[name], f"{name} printed otherwise than with nothing kept"


# ---- the repros: its first cases ---------------------------------------------------------

CM2008_SET = ROOT / "cards" / "cm2008"


def _count_to_seven(path: Path, text: str) -> tuple[object, bytes, bytes]:
    """The key of the kept parse of ``text``, its bytes, and the bytes of the same tree with
    the number of ``gain 1`` made 7 (as one damaged byte would make it)."""
    [(key, _, data)] = [e for e in file_entries(path.name, path.read_bytes()) or ()  # type: ignore[misc]
                        if e[0][0] == text]  # type: ignore[index]
    names, plain = marshal.loads(data)
    number = names.index("cmdsl.lang.ast:Num")

    def seven(v: object) -> object:
        if type(v) is tuple:
            if len(v) > 2 and v[0] is ... and v[1] == number and v[2] == 1:
                return (*v[:2], 7, *v[3:])
            return tuple(seven(x) for x in v)
        return v
    line, program = plain  # kept: the line it starts at, and its tree (a Program: its body, its place)
    body = list(program[2])
    gain = next(i for i, stmt in enumerate(body) if names[stmt[1]].endswith(":Gain"))
    body[gain] = seven(body[gain])
    return key, data, marshal.dumps((names, (line, (*program[:2], tuple(body), *program[3:]))))


@pytest.mark.deep  # every damage of every parse: 5 s; the file's other cases stay quick
def test_a_damaged_parse_never_changes_a_card(runner: Runner, tmp_path: Path) -> None:
    """Bug 1: a kept tree whose count of ``gain 1 support on defense in S`` was damaged to 7 said
    "Gain 7 supports on Defense in S." in ``cards show``, ``check`` said ok, and a record that
    reproduced before diverged. A damaged entry is now refused by its digest (or the file's),
    parsed again, and everything prints what it prints with nothing kept."""
    record = tmp_path / "game.json"
    played = runner.run(["play", "--bot", "random", "--bot", "random", "--seed", "1", "--record", str(record)],
                        _env(None))
    assert "Country First" in played.out  # the card is played: its effect runs in the replay
    commands = {"cards show": ["cards", "show", "mccain-country-first"], "check": ["check", str(CM2008_SET)],
                "replay": ["replay", str(record)]}
    expected = {name: runner.run(argv, _env(None)).shown() for name, argv in commands.items()}
    assert "Gain one support on Defense in that state." in expected["cards show"][1]
    warm = tmp_path / "warm"
    runner.run(commands["cards show"], _env(warm))
    [path] = warm.glob("cm2008-*.parses")
    key, data, damaged = _count_to_seven(
        path, "choose a state as S\ngain 1 support on defense in S\nshift S 1 toward defense\n")
    entries = {k: (d, v) for k, d, v in file_entries(path.name, path.read_bytes()) or ()}  # type: ignore[misc]
    whole = path.read_bytes()

    def with_entry(entry: tuple[bytes, bytes], file_digest_right: bool) -> bytes:
        made = file_bytes(path.name, entries | {key: entry})
        return made if file_digest_right else made[:len(MAGIC)] + whole[len(MAGIC):len(MAGIC) + 16] + made[
            len(MAGIC) + 16:]
    cases = {"the file's digest fails": with_entry(stored(path.name, key, damaged), False),
             "the entry's digest fails": with_entry((entries[key][0], damaged), True)}
    planted = with_entry(stored(path.name, key, damaged), True)  # every digest right: believed
    for case, data_of_file in {**cases, "planted": planted}.items():
        for name, argv in commands.items():
            folder = tmp_path / case.replace(" ", "-").replace("'", "") / name.replace(" ", "-")
            shutil.copytree(warm, folder)
            (folder / path.name).write_bytes(data_of_file)
            run = runner.run(argv, _env(folder))
            if case == "planted":  # the test can fail: a tree believed says what the damage says
                if name == "cards show":
                    assert "Gain 7 supports on Defense in that state." in run.out, run.out
                continue
            assert run.shown() == expected[name], f"{case}: {name}"


@pytest.mark.deep  # every command on every damaged name: 1.3 s
def test_a_damaged_name_in_a_kept_file_never_crashes_a_command(runner: Runner, tmp_path: Path) -> None:
    """Bug 2: ``player`` made ``playe'`` (same length) in Racolage's kept parses ended every
    command of the game in a traceback, on every run until the folder was deleted."""
    commands = {"check": ["check", str(RACOLAGE)], "cards list": ["cards", "--game", "racolage", "list"],
                "cards show": ["cards", "--game", "racolage", "show", "A44"],
                "play": ["play", "--game", "racolage", "--players", "3", "--bot", "random", "--seed", "2"]}
    expected = {name: runner.run(argv, _env(None)).shown() for name, argv in commands.items()}
    folder = tmp_path / "cache"
    runner.run(commands["check"], _env(folder))
    [path] = folder.glob("racolage-*.parses")
    data = path.read_bytes()
    assert b"player" in data
    damaged = data.replace(b"player", b"playe'", 1)
    for run_number in (1, 2):  # and on the next run: the file was written again, whole
        for name, argv in commands.items():
            if run_number == 1:
                path.write_bytes(damaged)
            run = runner.run(argv, _env(folder))
            assert "Traceback" not in run.err and run.shown() == expected[name], f"run {run_number}: {name}"


def test_a_fifo_in_place_of_each_kept_file_never_hangs_a_command(runner: Runner, tmp_path: Path) -> None:
    """Bug 3: a FIFO where a kept file should be made every command wait, for ever, for a writer."""
    check = ["check", str(RACOLAGE)]
    expected = runner.run(check, _env(None)).shown()
    folder = tmp_path / "cache"
    runner.run(check, _env(folder))
    for path in folder.iterdir():
        path.unlink()
        os.mkfifo(path, 0o600)
    run = runner.run(check, _env(folder))
    assert not run.hung and run.shown() == expected


# ---- bytes flipped, files cut short -------------------------------------------------------------


def _flip(kind: str, position: int, xor: int) -> Damage:
    def damage(folder: Path, names: dict[str, str]) -> None:
        path = folder / names[kind]
        data = bytearray(path.read_bytes())
        data[position % len(data)] ^= xor
        path.write_bytes(bytes(data))
    return damage


_RANDOM = random.Random(52)
#: A seeded sample: a byte of each file's digest, and one of its body, at random.
FLIPS = [(kind, position, _RANDOM.randrange(1, 256)) for kind in KINDS
         for position in (len(MAGIC) + _RANDOM.randrange(16), _RANDOM.randrange(len(MAGIC) + 16, 4000))]


def _checks(kind: str) -> tuple[str, ...]:
    """The command that reads every entry of a kind's file."""
    return ("check racolage",) if kind.startswith("racolage") else ("check",)


@pytest.mark.parametrize(("kind", "position", "xor"), deep_after(1, FLIPS, lambda flip: flip[0]))  # one a kind
def test_a_flipped_byte_changes_nothing_but_the_time(kind: str, position: int, xor: int, kept: Kept, runner: Runner,
                                                     tmp_path: Path) -> None:
    _each(kept, runner, tmp_path, _flip(kind, position, xor), commands=_checks(kind))


@pytest.mark.parametrize("length", deep_after(2, [0, -1, len(MAGIC) + 16, 100]))
def test_a_file_cut_short_changes_nothing_but_the_time(length: int, kept: Kept, runner: Runner,
                                                       tmp_path: Path) -> None:
    def damage(folder: Path, names: dict[str, str]) -> None:
        for kind in KINDS:
            path = folder / names[kind]
            path.write_bytes(path.read_bytes()[:length])
    _each(kept, runner, tmp_path, damage, commands=("check", "check racolage"))


# ---- files swapped, and what is not a file ------------------------------------------------------


def _swapped(a: str, b: str) -> Damage:
    def damage(folder: Path, names: dict[str, str]) -> None:
        pa, pb = folder / names[a], folder / names[b]
        da, db = pa.read_bytes(), pb.read_bytes()
        pa.write_bytes(db)
        pb.write_bytes(da)
    return damage


def _replaced(make: Callable[[Path], None]) -> Damage:
    def damage(folder: Path, names: dict[str, str]) -> None:
        for kind in KINDS:
            path = folder / names[kind]
            path.unlink()
            make(path)
    return damage


def _linked(path: Path) -> None:
    target = path.with_name("elsewhere-" + path.name)
    target.write_bytes(b"not kept")
    path.symlink_to(target.name)


_DAMAGE: dict[str, Damage] = {
    "games' parses swapped": _swapped("cm2008 parses", "racolage parses"),
    "games' reads swapped": _swapped("cm2008 reads", "racolage reads"),
    "a parses and a reads swapped": _swapped("cm2008 parses", "cm2008 reads"),
    "a FIFO": _replaced(lambda p: os.mkfifo(p, 0o600)),
    "a folder": _replaced(lambda p: p.mkdir()),
    "a loop of links": _replaced(lambda p: p.symlink_to(p.name)),
    "a link": _replaced(_linked),
    "writable by others": lambda folder, names: [p.chmod(0o666) for p in folder.iterdir()] and None,
}


#: The default run's cases (one swap, one thing that is no file; the FIFO has a test of its own
#: above); ``pytest -m deep`` runs every damage.
_QUICK = ("games' parses swapped", "a link")


@pytest.mark.parametrize("damage", [d if d in _QUICK else pytest.param(d, marks=pytest.mark.deep) for d in _DAMAGE])
def test_an_odd_or_swapped_file_changes_nothing_but_the_time(damage: str, kept: Kept, runner: Runner,
                                                             tmp_path: Path) -> None:
    _each(kept, runner, tmp_path, _DAMAGE[damage])
    if damage == "a link":  # never written through
        assert all(p.read_bytes() == b"not kept" for p in tmp_path.glob("*/cache/elsewhere-*"))


def test_a_folder_that_cannot_be_written_changes_nothing(kept: Kept, runner: Runner, tmp_path: Path) -> None:
    def damage(folder: Path, names: dict[str, str]) -> None:
        for p in folder.iterdir():
            p.unlink()  # every run has work to keep, and cannot
        folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        _each(kept, runner, tmp_path, damage)
    finally:
        for folder in tmp_path.glob("*/cache"):
            folder.chmod(0o700)


def test_a_full_disk_changes_nothing_and_leaves_no_file_cut_short(kept: Kept, runner: Runner, tmp_path: Path) -> None:
    def damage(folder: Path, names: dict[str, str]) -> None:
        for kind in KINDS:
            (folder / names[kind]).unlink()  # work to keep: it cannot be written whole
    _each(kept, runner, tmp_path, damage, full_disk=True)
    for folder in tmp_path.glob("*/cache"):
        left = sorted(p.name for p in folder.iterdir())
        assert left == [], left  # none written, none half written, no temporary file left behind


# ---- every byte (deep) --------------------------------------------------------------------------


@pytest.mark.deep
def test_every_flipped_byte_of_a_small_kept_file_changes_nothing(kept: Kept, runner: Runner, tmp_path: Path) -> None:
    """Every byte position of CM2008's kept parses of the small set, each flipped, then ``check``."""
    size = len(kept.files[kept.names["cm2008 parses"]])
    seeded = random.Random(size)
    for position in range(size):
        case = tmp_path / str(position)
        case.mkdir()
        _each(kept, runner, case, _flip("cm2008 parses", position, seeded.randrange(1, 256)), commands=("check",))
        shutil.rmtree(case)
