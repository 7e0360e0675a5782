"""Die Macher's scenario form: what a scenario may say of its position, answers and dice, each
malformed part one located line (file:line:col) naming what is wrong, and the position's cards
moved so that each stays in exactly one place."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from cmdsl.games.diemacher.cards import Card, Deck, Stance
from cmdsl.games.diemacher.position import Phase
from cmdsl.games.diemacher.scenario import DieMacherScenario, load_diemacher_scenarios
from cmdsl.games.diemacher.scenario_run import DieMacherOutcome, run_diemacher_scenario
from cmdsl.sets.scenario_checks import Refusal
from cmdsl.sets.scenario_doc import ScenarioError

from .conftest import DATA
from .invariants import check

HEAD = "game: diemacher\nscenarios:\n  - name: s\n    seed: 3\n    players: 3\n"


def _load(tmp_path: Path, body: str) -> list[DieMacherScenario]:
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    return load_diemacher_scenarios(path, DATA)


def _run(tmp_path: Path, body: str) -> DieMacherOutcome:
    [sc] = _load(tmp_path, body)
    out = run_diemacher_scenario(sc)
    assert isinstance(out, DieMacherOutcome)
    return out


def _error(tmp_path: Path, body: str, run: bool = False) -> tuple[str, int]:
    """The one located line a malformed scenario raises, and the line of the file it names."""
    with pytest.raises(ScenarioError) as e:
        for sc in _load(tmp_path, body):
            if run:
                run_diemacher_scenario(sc)
    text = str(e.value)
    prefix = f"{tmp_path / 's.yaml'}:"
    assert text.startswith(prefix), text
    assert all("did you mean" in rest for rest in text.splitlines()[1:]), text  # one line, then a hint if any
    return text, int(text[len(prefix):].split(":")[0])


def _line_of(body: str, needle: str) -> int:
    return next(i for i, s in enumerate((HEAD + body).splitlines(), 1) if needle in s)


# ---- errors, each located ----------------------------------------------------------------------


@pytest.mark.parametrize("body, needle, message", [
    ("    position:\n      money: {cdx: 3000}\n", "cdx", 'expected a party of this game (cdu, spd, fdp), got "cdx"'),
    ("    position:\n      money: {linke: 3000}\n", "linke", "linke does not play in this game"),
    ("    position:\n      boards:\n        1: {state: bayernn}\n", "bayernn", 'expected a state (such as nrw), got '
     '"bayernn"'),
    ("    position:\n      boards:\n        bayern: {votes: {cdu: 3}}\n", "bayern:", "bayern is on no board here"),
    ("    position:\n      boards:\n        5: {votes: {cdu: 3}}\n", "5:", "a board is 1 to 4"),
    ("    position:\n      platform:\n        cdu: [nuclear/for, welfare/for, terror/for, genetics/for, nuclear/against]\n",
     "nuclear/against]", "a platform shows 5 cards on 5 different issues (DM3.2)"),
    ("    position:\n      hand:\n        cdu: [nucler/for]\n", "nucler", 'unknown issue "nucler"'),
    ("    position:\n      hand:\n        cdu: [nuclear/maybe]\n", "maybe", 'unknown stance "maybe"'),
    ("    position:\n      hand:\n        cdu: [nuclear/for/9]\n", "/9", "a copy is a number from 1 to 4"),
    ("    position:\n      hand:\n        cdu: [nuclear/for/1, nuclear/for/1]\n", "nuclear/for/1", "named twice"),
    ("    position:\n      pool: [nuclear/for, nuclear/for, nuclear/for, nuclear/for, welfare/for, welfare/for]\n",
     "pool:", "no nuclear/for opinion card is left: the deck has 3"),
    ("    position:\n      boards:\n        1: {opinions: [nuclear/for, nuclear/against]}\n", "opinions",
     "different issues (DM3.5)"),
    ("    position:\n      boards:\n        1: {opinions: [nuclear/for], key_issue: welfare/for}\n", "key_issue",
     "is not a face-up opinion of this board"),
    ("    position:\n      boards:\n        1: {popularity: {cdu: 4}}\n", "popularity", "from -3 to 3"),
    ("    position:\n      boards:\n        1: {votes: {cdu: 51}}\n", "votes", "from 0 to 50"),
    ("    position:\n      boards:\n        1: {rallies: {cdu: 10}}\n        2: {rallies: {cdu: 10}}\n", "1: {rallies",
     "cdu has 22 rally markers on the boards: it has 18 (DM1.10)"),
    ("    position:\n      phase: cabinet\n", "phase", "not played yet"),
    ("    position:\n      phase: elektion\n", "phase", 'did you mean "election"'),
    ("    position:\n      phase: rallies\n      round: 7\n", "phase", "round 7 is only the election"),
    ("    position:\n      pahse: rallies\n", "pahse", 'did you mean "phase"'),
    ("    position:\n      national: [nuclear/for, nuclear/against]\n", "national", "two spaces never hold the "
     "same issue"),
    ("    position:\n      polls: [poll-99]\n", "poll-99", "expected a poll card"),
    ("    position:\n      contributions: {cdu: [15k]}\n", "15k", "expected a contribution card"),
    ("    forced: [roll:99]\n", "roll:99", "expected a chance outcome"),
    ("    parties: [cdu, spd, afd]\n", "afd", 'expected a party (cdu, spd, fdp, linke, gruene), got "afd"'),
    ("    parties: [cdu, spd]\n", "parties", "3 players need 3 parties, not 2"),
    ("    expect:\n      money: {xyz: 3}\n", "xyz", "expected a party of this game"),
    ("    expect:\n      boards: {hessen: {votes: {cdu: 3}}}\n", "hessen", "hessen is on no board here"),
    ("    expect:\n      event_types: [Nothing]\n", "Nothing", 'unknown event type "Nothing"'),
])
def test_a_malformed_scenario_is_one_located_line(tmp_path: Path, body: str, needle: str, message: str) -> None:
    text, line = _error(tmp_path, body)
    assert message in text
    assert line == _line_of(body, needle)


def test_an_answer_that_is_not_an_option_fails_at_it(tmp_path: Path) -> None:
    body = "    answers:\n      - {cdu: board:bayern}\n      - {cdu: fly}\n"
    text, line = _error(tmp_path, body.replace("board:bayern", "board:rlp"), run=True)
    assert '"fly" is not an option of CDU/CSU\'s decision' in text
    assert line == _line_of(body, "fly")


def test_an_answer_for_a_party_without_a_decision_fails(tmp_path: Path) -> None:
    body = ("    position:\n      phase: early conversion\n      boards:\n        2: {rallies: {cdu: 8}}\n"
            "    answers:\n      - {spd: convert:0}\n")
    text, line = _error(tmp_path, body, run=True)
    assert line == _line_of(body, "spd: convert:0")


def test_answers_left_once_the_game_is_over_fail(tmp_path: Path) -> None:
    body = ("    position:\n      phase: election\n      round: 7\n      boards:\n        3: {rallies: {cdu: 0, spd: 0, "
            "fdp: 0}}\n    answers: [done]\n")
    text, line = _error(tmp_path, body, run=True)
    assert "the game is over: 1 answers left unused" in text


def test_a_die_with_no_forced_outcome_fails_at_forced(tmp_path: Path) -> None:
    body = ("    position:\n      phase: end of round\n      round: 1\n      first: cdu\n"
            "    answers: [accept:10k, none, none, bid:0]\n    forced: []\n")
    text, line = _error(tmp_path, body, run=True)
    assert "a die is rolled" in text and "forced: has no outcome left" in text
    assert line == _line_of(body, "forced")


def test_an_unused_forced_outcome_fails(tmp_path: Path) -> None:
    body = ("    position:\n      phase: end of round\n      round: 1\n      first: cdu\n"
            "    answers: [none, none, none]\n    forced: [roll:3]\n")
    text, line = _error(tmp_path, body, run=True)
    assert "1 forced outcome(s) left unused" in text
    assert line == _line_of(body, "roll:3")


def test_a_file_of_another_game_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("game: lobbys\nscenarios: []\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_diemacher_scenarios(path, DATA)
    assert str(e.value).startswith(f"{path}:1:")


def test_refused_passes_on_the_refusal_it_names(tmp_path: Path) -> None:
    body = "    position:\n      boards:\n        1: {votes: {cdu: 51}}\n    expect:\n      refused: from 0 to 50\n"
    [sc] = _load(tmp_path, body)
    assert isinstance(run_diemacher_scenario(sc), Refusal)


# ---- the position: moved cards, phases, rounds -----------------------------------------------------


def test_named_cards_are_moved_and_every_card_stays_in_one_place(tmp_path: Path) -> None:
    """The cards a scenario names come from wherever the seed dealt them (another party's platform,
    a hand, a board, the pool); the places that lose one are refilled from the deck's top."""
    body = ("    position:\n      phase: media\n"
            "      platform:\n        cdu: [nuclear/for, welfare/for, terror/for, genetics/for, restructuring/for]\n"
            "        spd: [nuclear/for, welfare/for, terror/for, genetics/for, restructuring/for]\n"
            "      hand: {fdp: [nuclear/for, nuclear/for]}\n"
            "      boards:\n        1: {opinions: [welfare/against], down: [nuclear/for, nuclear/for], "
            "key_issue: welfare/against}\n"
            "        3: {opinions: [nuclear/for, welfare/for, terror/for, genetics/for]}\n"
            "      pool: [wage-cuts/for, wage-cuts/for, wage-cuts/for, wage-cuts/against, wage-cuts/against, "
            "wage-cuts/against]\n"
            "      national: [~, [minimum-wage/for, minimum-wage/for]]\n")
    [sc] = _load(tmp_path, body)
    pos = sc.position
    assert pos is not None and pos.phase is Phase.MEDIA and pos.round == 1
    check(pos)
    assert [c.issue for c in pos.platform[0]] == ["nuclear", "welfare", "terror", "genetics", "restructuring"]
    assert Counter((c.issue, c.stance) for c in pos.hand[2]) == {("nuclear", Stance.FOR): 2}
    board = pos.boards[0]
    assert [(c.issue, up) for c, up in board.opinions] == [("welfare", True), ("nuclear", False), ("nuclear", False)]
    assert board.key_issue == 0
    assert len(pos.pool) == 6 and len(pos.national[1]) == 2
    for i in range(3):  # every platform still on 5 issues (DM3.2)
        assert len({c.issue for c in pos.platform[i]}) == 5


def test_a_card_written_with_its_copy_is_that_copy(tmp_path: Path) -> None:
    [sc] = _load(tmp_path, "    position:\n      hand: {cdu: [p:nuclear/for/2]}\n")
    assert sc.position is not None
    assert sc.position.hand[0] == [Card(Deck.PLATFORM, "nuclear", Stance.FOR, 2)]


def test_later_rounds_set_boards_aside_and_move_the_election(tmp_path: Path) -> None:
    [sc] = _load(tmp_path, "    position:\n      phase: election\n      round: 6\n")
    pos = sc.position
    assert pos is not None
    assert pos.election == 1  # DM2.4: board 2 holds round 6
    assert [b.in_play for b in pos.boards] == [False, True, True, False]  # DM10.3: after rounds 4 and 5
    assert all(len(s) == 5 for s in pos.seats_won)
    check(pos)


def test_votes_written_later_arrive_later(tmp_path: Path) -> None:
    """DM6.5: of two equal vote markers, the one written later is on top."""
    out = _run(tmp_path, "    position:\n      phase: media\n      boards:\n        2: {votes: {fdp: 9, spd: 9}}\n"
                         "    expect:\n      boards: {2: {on_top: [spd, fdp]}}\n")
    assert out.checked == 1


def test_a_scenario_without_position_starts_at_the_preliminary_step(tmp_path: Path) -> None:
    out = _run(tmp_path, "    expect:\n      pending: {seat: cdu, prompt: preliminary step}\n      members: {cdu: 5}\n")
    assert out.checked == 2
    assert "## Table" in out.report()


def test_view_and_decks_are_the_common_keys(tmp_path: Path) -> None:
    out = _run(tmp_path, "    position:\n      hand: {cdu: [nuclear/for, welfare/against]}\n"
                         "    expect:\n      view:\n        cdu: {hand: [welfare/against, nuclear/for], hand_sizes: {spd: 3}}\n"
                         "      decks: {polls: 20}\n")
    assert out.checked == 3


def test_an_answer_that_is_not_an_option_of_a_single_decision_fails(tmp_path: Path) -> None:
    body = ("    position:\n      phase: early conversion\n      boards:\n        2: {rallies: {cdu: 8}}\n"
            "    answers: [convert:9]\n")
    text, line = _error(tmp_path, body, run=True)
    assert '"convert:9" is not an option of this decision' in text
    assert line == _line_of(body, "convert:9")
