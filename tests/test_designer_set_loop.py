"""Issue 25, "Done when": a designer's whole loop with a set of their own, through the commands a
designer types (docs/cardsets.md, "Starting a new set"; docs/lobbys.md, "Your own Lobbys set"):
new-set, two cards of their own (one without the star), `check` warns and the fix silences it,
`balance` decides its games, `test --update` then `test` passes, and a changed card fails `test`
with a located difference."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cmdsl.cli import main

from .conftest import edit

BLITZ = '''  - id: mccain-swing-state-blitz
    side: mccain
    title: "Swing State Blitz"
    type: support
    effect: |
      choose a state as S
      gain 2 supports on the majority issue of S in S
      draw 1
'''
PUSH = '''  - id: obama-early-vote-push
    side: obama
    title: "Early Vote Push"
    type: support
    beginner: true
    effect: |
      choose a state as S
      gain 1 support on economy in S
      shift S 1 toward economy
'''
BLITZ_SCENARIO = '''scenarios:
  - name: Swing State Blitz on Illinois
    play: mccain-swing-state-blitz
    position:
      states: [Florida, Ohio, Michigan, Illinois]
      hands: {mccain: [mccain-swing-state-blitz]}
      decks: {mccain: [mccain-fundraiser]}
    answers: [state:illinois]
    expect:
      states:
        Illinois: {economy: "B[r] W B[r]"}
      hands: {mccain: [mccain-fundraiser]}
'''



def drop(path: Path, card: str) -> None:
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(rf"(?ms)^  - id: {card}\n.*?(?=^  - id: |\Z)", "", text), encoding="utf-8")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


def test_a_cm2008_designers_loop(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "new-set", "my-set")[0] == 0
    s = Path("my-set")
    # Two cards of one's own: Blitz without the star; Early Vote Push starred in Phone Bank's place.
    (s / "mccain.yaml").write_text((s / "mccain.yaml").read_text(encoding="utf-8") + BLITZ, encoding="utf-8")
    (s / "obama.yaml").write_text((s / "obama.yaml").read_text(encoding="utf-8") + PUSH, encoding="utf-8")
    edit(s / "obama.yaml", 'title: "Phone Bank"\n    type: flow\n    beginner: true\n', 'title: "Phone Bank"\n    type: flow\n')
    edit(s / "manifest.yaml", "campaign_cards: 15", "campaign_cards: 16")
    code, out = run(capsys, "check", "my-set")
    assert code == 0
    assert [ln.split(": ")[2] for ln in out.splitlines() if ln.startswith("warning: ")] == [
        "mccain-swing-state-blitz", "obama-phone-bank"]  # each located at its card (R1.2, R3.3)
    # The fix the warning says: star Blitz in place of a starred card removed; Phone Bank goes.
    edit(s / "mccain.yaml", 'title: "Swing State Blitz"\n    type: support\n',
         'title: "Swing State Blitz"\n    type: support\n    beginner: true\n')
    drop(s / "mccain.yaml", "mccain-phone-bank")
    drop(s / "obama.yaml", "obama-phone-bank")
    edit(s / "manifest.yaml", "campaign_cards: 16", "campaign_cards: 15")
    edit(s / "scenarios" / "example.yaml", "mccain-phone-bank", "mccain-big-rally")  # its own test used Phone Bank
    code, out = run(capsys, "check", "my-set")
    assert code == 0 and "warning" not in out
    code, out = run(capsys, "balance", "--cards", "my-set", "--bot", "greedy", "--bot", "greedy", "--games", "20",
                    "--workers", "1", "--quiet")
    decided = sum(int(n) for n in re.findall(r"(?m)^  (?:McCain|Obama) wins +(\d+)", out))
    assert code == 0 and decided >= 16, out  # at least 80% decided (R11.1)
    (s / "scenarios" / "swing-state-blitz.yaml").write_text(BLITZ_SCENARIO, encoding="utf-8")
    assert run(capsys, "test", "my-set", "--update")[0] == 0
    code, out = run(capsys, "test", "my-set")
    assert code == 0 and out.splitlines()[-1] == "my-set: 2 scenarios: 2 passed"
    # A changed card fails its test, located, with what changed.
    edit(s / "mccain.yaml", "      gain 2 supports on the majority issue of S in S\n      draw 1\n",
         "      gain 1 support on the majority issue of S in S\n      draw 1\n")
    code, out = run(capsys, "test", "my-set")
    assert code == 1
    assert re.search(r"my-set/scenarios/swing-state-blitz.yaml:\d+:\d+: scenario 'Swing State Blitz on Illinois': "
                     r"expect.states.Illinois.economy: expected B\[r\] W B\[r\], got B\[r\] W B", out), out
    assert out.splitlines()[-1] == "my-set: 2 scenarios: 1 passed, 1 failed — FAILED"


def test_a_lobbys_designers_loop(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "new-set", "my-lobbys", "--game", "lobbys")[0] == 0
    data = Path("my-lobbys") / "lobbys.yaml"
    edit(data, "    - tied: 2\n      points: 6\n", "    - tied: 2\n      points: 14\n")  # a designer's change
    code, out = run(capsys, "check", "my-lobbys")
    assert code == 0 and "warning: my-lobbys/lobbys.yaml:" in out and "a majority shared by 2 scores 14" in out
    edit(data, "      points: 14\n", "      points: 8\n")  # the fix: at most the 12 of a majority alone (L7.1)
    code, out = run(capsys, "check", "my-lobbys")
    assert code == 0 and "warning" not in out
    code, out = run(capsys, "balance", "--game", "lobbys", "--cards", "my-lobbys", "--bot", "greedy", "--bot",
                    "greedy", "--games", "20", "--workers", "1", "--quiet")
    decided = int(re.search(r"decided \(one player with the most points, L8.1\): (\d+)/20", out)[1])  # type: ignore[index]
    assert code == 0 and decided >= 16, out
    assert run(capsys, "test", "my-lobbys", "--update")[0] == 0
    code, out = run(capsys, "test", "my-lobbys")
    assert code == 0 and out.splitlines()[-1] == "my-lobbys: 1 scenario: 1 passed"
    edit(data, "starting_points: 100", "starting_points: 90")
    code, out = run(capsys, "test", "my-lobbys")
    assert code == 1 and re.search(r"my-lobbys/scenarios/example.yaml:\d+:\d+: .*expect.points.p1: expected 102, "
                                   r"got 92", out), out
