"""The designer's loop (issue "The designer's and the player's loop"): an edited card reaches every
tool, every output says which set it used, every command accepts what `cmdsl check` accepts, and
`cmdsl check --watch` re-checks on every save."""

from __future__ import annotations

import shutil
import sys
import threading
import time
from datetime import datetime
from pathlib import Path
from typing import Iterator

import pytest

from cmdsl.checking import check_once, watch
from cmdsl.cli import main
from cmdsl.errors import CardSetError
from cmdsl.games.cm2008.loader import load_card_set

from .conftest import deep_after, published_game

REPO = Path(__file__).resolve().parent.parent
CM2008 = REPO / "cards" / "cm2008"
MINI = Path(__file__).parent / "data" / "mini"
SCENARIO = ("scenarios:\n  - name: yes we can\n    play: obama-yes-we-can\n"
            "    position: {states: [Florida, Michigan]}\n    answers: [state:florida]\n")


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A designer's repository: a cmdsl.toml naming an edited copy of cm2008; the cwd is below it."""
    shutil.copytree(CM2008, tmp_path / "cards" / "cm2008")
    obama = tmp_path / "cards" / "cm2008" / "obama.yaml"
    obama.write_text(obama.read_text().replace('title: "Yes We Can"', 'title: "Yes We Can Edited"'))
    (tmp_path / "cmdsl.toml").write_text('[cards]\ncm2008 = "cards/cm2008"\n')
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(tmp_path / "work")
    return tmp_path


def record(tmp_path: Path) -> Path:
    rec = tmp_path / "g.json"
    assert main(["play", "--bot", "random", "--bot", "random", "--seed", "2", "--quiet", "--record", str(rec)]) == 0
    return rec


# ---- item 1: an edit reaches every tool, and every output names its set ---------------------------

def test_an_edited_card_reaches_every_command(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    named = f"Using card set {project / 'cards' / 'cm2008'} (named by {project / 'cmdsl.toml'})."
    assert main(["cards", "show", "obama-yes-we-can"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == named and "Yes We Can Edited" in out
    assert main(["cards", "list", "--side", "obama"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == named and "Yes We Can Edited" in out
    assert main(["play", "--bot", "random", "--bot", "random", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == named and out.splitlines()[1].startswith("Game over")
    (project / "s.yaml").write_text(SCENARIO)
    assert main(["scenario", str(project / "s.yaml")]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == named and "Yes We Can Edited" in out
    rec = record(project)
    capsys.readouterr()
    assert main(["replay", str(rec)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == named
    assert main(["check"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == named.replace("Using", "Checking")
    assert out[1].startswith(f"{project / 'cards' / 'cm2008'}: ok")


def test_the_bundled_set_is_named_when_no_project_file_names_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from cmdsl.sets.set_location import find_project

    if find_project(tmp_path) is not None:  # pragma: no cover - a cmdsl.toml above the temp folder
        pytest.skip("a project file above the temporary folder")
    monkeypatch.chdir(tmp_path)
    assert main(["play", "--bot", "random", "--bot", "random", "--quiet"]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith("(bundled with cmdsl).")


@published_game  # docs/cards.md documents the published game's cards
def test_cards_doc_prints_the_document_only(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(REPO)
    assert main(["cards", "doc"]) == 0
    out, err = capsys.readouterr()
    assert out == (REPO / "docs" / "cards.md").read_text(encoding="utf-8")  # `cmdsl cards doc > docs/cards.md`
    assert err == "Using card set cards/cm2008 (named by cmdsl.toml).\n"


# ---- item 2: one loader, one rule ------------------------------------------------------------------

def two_sets(tmp_path: Path) -> Path:
    for name in ("alpha", "beta"):
        shutil.copytree(MINI, tmp_path / "sets" / name)
    return tmp_path / "sets"


def commands(cards: str, tmp_path: Path) -> dict[str, list[str]]:
    (tmp_path / "s.yaml").write_text(SCENARIO)
    return {
        "play": ["play", "--bot", "random", "--bot", "random", "--quiet", "--cards", cards],
        "cards list": ["cards", "list", "--cards", cards],
        "cards show": ["cards", "show", "obama-yes-we-can", "--cards", cards],
        "cards doc": ["cards", "doc", "--cards", cards],
        "scenario": ["scenario", str(tmp_path / "s.yaml"), "--cards", cards],
        "replay": ["replay", str(tmp_path / "g.json"), "--cards", cards],
    }


COMMANDS = ["play", "cards list", "cards show", "cards doc", "scenario", "replay"]


@pytest.mark.parametrize("command", deep_after(2, COMMANDS))
def test_every_command_accepts_a_folder_of_one_set_like_check(command: str, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """`cmdsl check cards/` accepts the folder holding cm2008; so does every command's --cards."""
    monkeypatch.chdir(REPO)
    record(tmp_path)
    capsys.readouterr()
    assert main(["check", "cards"]) == 0
    capsys.readouterr()
    assert main(commands("cards", tmp_path)[command]) == 0
    out, err = capsys.readouterr()
    assert "Using card set cards/cm2008 (--cards)." in (err if command == "cards doc" else out.splitlines()[0])


@pytest.mark.parametrize("command", deep_after(2, COMMANDS))
def test_every_command_refuses_a_folder_of_several_sets_by_name(command: str, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    sets = two_sets(tmp_path)
    (tmp_path / "g.json").write_text("{}")
    assert main(["check", str(sets)]) == 0  # check takes them all
    capsys.readouterr()
    assert main(commands(str(sets), tmp_path)[command]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines()[0] == (f"error: {sets}: holds several card sets (alpha, beta); give one of them, "
                                   f"such as {sets / 'alpha'}")


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_says_what_check_says_of_a_folder_without_cards(command: str, tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "empty").mkdir()
    assert main(["check", str(tmp_path / "empty")]) == 1
    assert capsys.readouterr().err == f"{tmp_path / 'empty'}: no card files (*.yaml) here\n"
    assert main(commands(str(tmp_path / "empty"), tmp_path)[command]) == 1
    assert capsys.readouterr().err.splitlines()[0] == f"error: {tmp_path / 'empty'}: no card files (*.yaml) here"


def test_the_repl_session_and_the_loader_take_the_same_folders(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """`cmdsl repl --cards cards` said "no card files here": the REPL loads through the same rule."""
    from cmdsl.repl.session import Session

    monkeypatch.chdir(REPO)
    assert Session(cards_path="cards").keyboard.cards.fingerprint == load_card_set(CM2008).fingerprint
    assert load_card_set(CM2008 / "obama.yaml").fingerprint == load_card_set(CM2008).fingerprint
    with pytest.raises(CardSetError, match="holds several card sets"):
        Session(cards_path=str(two_sets(tmp_path)))


# ---- item 3: check --watch -------------------------------------------------------------------------

def editable_mini(tmp_path: Path) -> Path:
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    return folder


def test_check_once_reports_instead_of_raising(tmp_path: Path) -> None:
    folder = editable_mini(tmp_path)
    good = check_once([str(folder)])
    assert good.ok and good.out.startswith(f"{folder}: ok — mini test set") and good.err == ""
    (folder / "set.yaml").write_text("states: [\n")
    bad = check_once([str(folder)])
    assert not bad.ok and bad.out == "" and "set.yaml" in bad.err


def test_watch_rechecks_after_each_change_and_survives_a_broken_file(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    folder = editable_mini(tmp_path)
    text = (folder / "set.yaml").read_text()

    def saves() -> Iterator[set[tuple[int, str]]]:  # a bounded fake of watchfiles.watch
        (folder / "set.yaml").write_text(text.replace("name: Alpha", "name: Alpah", 1) + "\t")
        yield {(2, str(folder / "set.yaml"))}
        (folder / "set.yaml").write_text("")
        yield {(2, str(folder / "set.yaml"))}
        (folder / "set.yaml").write_text(text)
        yield {(2, str(folder / "set.yaml"))}

    clock = iter(datetime(2008, 11, 4, 20, 0, s) for s in range(10))
    assert watch([str(folder)], saves(), now=lambda: next(clock)) == 0
    out, err = capsys.readouterr()
    stamps = [line for line in out.splitlines() if line.startswith("[")]
    assert stamps == ["[20:00:00] check: ok", "[20:00:01] check: problems", "[20:00:02] check: problems",
                      "[20:00:03] check: ok"]
    assert out.splitlines()[0] == f"Watching {folder} (Ctrl-C stops)." and out.endswith("Stopped watching.\n")
    assert "tab" in err and "this card file holds nothing" in err


def test_ctrl_c_stops_the_watch_cleanly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted() -> Iterator[set[tuple[int, str]]]:
        yield set()
        raise KeyboardInterrupt

    assert watch([str(editable_mini(tmp_path))], interrupted()) == 0
    out = capsys.readouterr().out
    assert out.count("check: ok") == 2 and out.endswith("Stopped watching.\n")


def test_watch_with_watchfiles_sees_a_save_and_stops_on_its_event(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The real watcher: a save is re-checked; the stop event ends the loop (bounded: no hang)."""
    folder = editable_mini(tmp_path)
    stop, checked = threading.Event(), threading.Event()
    checks: list[datetime] = []

    def now() -> datetime:  # called once per check: stop after the re-check of the save
        checks.append(datetime.now())
        checked.set()
        if len(checks) == 2:
            stop.set()
        return checks[-1]

    def save() -> None:  # after the first check (slow on a loaded machine), once the watcher watches
        checked.wait(10)
        time.sleep(0.5)
        (folder / "set.yaml").write_text("states: [\n")

    backstop = threading.Timer(10, stop.set)  # if the save were never seen
    editor = threading.Thread(target=save)
    start = time.monotonic()
    backstop.start()
    editor.start()
    try:
        assert watch([str(folder)], stop_event=stop, now=now) == 0
    finally:
        backstop.cancel()
        editor.join()
    assert time.monotonic() - start < 12
    assert len(checks) == 2
    out = capsys.readouterr().out
    assert "check: ok" in out and "check: problems" in out


CLEAR = "\x1b[H\x1b[2J"  # cursor home, erase the screen: each run starts on a clean screen


def test_watch_clears_the_screen_before_each_run_unless_told_not_to(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 55 item 11: each run on a clean screen (the last report is the one on it)."""
    folder = editable_mini(tmp_path)

    def saves() -> Iterator[set[tuple[int, str]]]:
        yield {(2, str(folder / "set.yaml"))}

    assert watch([str(folder)], saves(), clear=True) == 0
    out = capsys.readouterr().out
    assert out.count(CLEAR) == 2 and out.split(CLEAR)[-1].startswith(f"Watching {folder} (Ctrl-C stops).\n[")
    assert watch([str(folder)], saves(), clear=False) == 0
    assert CLEAR not in capsys.readouterr().out


def test_check_watch_in_a_real_terminal_clears_and_ctrl_l_redraws(tmp_path: Path) -> None:
    """In a terminal (a pty), `cmdsl check --watch` clears before each run, Ctrl-L draws the last
    report again (not "^L"), and Ctrl-C stops it with the terminal as it was."""
    pty = pytest.importorskip("pty")
    import os
    import select
    import signal
    import subprocess
    import termios

    folder = editable_mini(tmp_path)
    leader, follower = pty.openpty()
    before = termios.tcgetattr(follower)
    tty = os.ttyname(follower)

    def in_its_terminal() -> None:
        # its own session, the pty its terminal (Ctrl-C reaches it), and Ctrl-C as a shell leaves
        # it: an ignored SIGINT (what a process of the suite may have set) stays ignored in a child
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.setsid()
        os.close(os.open(tty, os.O_RDWR))

    proc = subprocess.Popen([sys.executable, "-c", "import sys; from cmdsl.cli import main; sys.exit(main())",
                             "check", "--watch", str(folder)],
                            stdin=follower, stdout=follower, stderr=follower, close_fds=True,
                            preexec_fn=in_its_terminal)
    seen = b""

    def signals() -> str:  # what the child does with signals, and who the terminal's foreground is
        status = Path(f"/proc/{proc.pid}/status").read_text()  # there until it is waited for
        lines = [ln for ln in status.splitlines() if ln.startswith(("SigIgn", "SigCgt"))]
        return f"{lines}; its group {os.getpgid(proc.pid)}, the terminal's foreground {os.tcgetpgrp(leader)}"

    def read_until(marker: bytes, count: int = 1, timeout: float = 30.0) -> bytes:
        nonlocal seen
        end = time.monotonic() + timeout
        while seen.count(marker) < count and time.monotonic() < end:
            ready, _, _ = select.select([leader], [], [], 0.2)
            if ready:
                seen += os.read(leader, 4096)
        assert seen.count(marker) >= count, seen.decode(errors="replace")
        return seen

    try:
        read_until(b"check: ok")
        assert seen.count(CLEAR.encode()) == 1
        os.write(leader, b"\x0c")  # Ctrl-L
        read_until(b"check: ok", 2)
        assert seen.count(CLEAR.encode()) == 2 and b"^L" not in seen
        os.write(leader, b"\x03")  # Ctrl-C
        try:
            read_until(b"Stopped watching.")
        except AssertionError:
            raise AssertionError(f"Ctrl-C did not stop it: {signals()}") from None
        assert proc.wait(timeout=10) == 0
        assert termios.tcgetattr(follower)[3] == before[3]  # echo and line editing given back
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(leader)
        os.close(follower)
