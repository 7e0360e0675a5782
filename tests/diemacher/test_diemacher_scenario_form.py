"""Die Macher's scenario form: what a scenario may say of its position, answers and dice, each
malformed part one located line (file:line:col) naming what is wrong, and the position's cards
moved so that each stays in exactly one place."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from cmdsl.games.diemacher.cards import Card, Deck, Stance
from cmdsl.games.diemacher.position import FACE_DOWN, TURNED_UP, USED, Phase
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
    ("    position:\n      phase: cabinett\n", "phase", 'did you mean "cabinet"'),
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


# ---- the shadow cabinet and coalitions (DM8, DM18.7-DM18.9) ------------------------------------------

CAB = "    position:\n      phase: shadow cabinet\n      round: 1\n"
PLATFORMS = ("      platform:\n        cdu: [welfare/for, nuclear/for, terror/for, genetics/for, restructuring/for]\n"
             "        spd: [welfare/for, nuclear/for, terror/against, genetics/against, minimum-wage/for]\n"
             "        fdp: [welfare/against, nuclear/against, terror/against, genetics/for, wage-cuts/for]\n")
MEDIA = "    position:\n      phase: media\n      round: 1\n" + PLATFORMS


@pytest.mark.parametrize("body, needle, message", [
    (CAB + "      cabinet: {cdu: [chancelor]}\n", "chancelor", 'expected a cabinet card (backbencher, chief-whip'),
    (CAB + "      cabinet: {cdu: [chancelor]}\n", "chancelor", 'did you mean "chancellor"'),
    (CAB + "      cabinet: {cdu: [speaker, speaker]}\n", "speaker, speaker", "speaker is named twice"),
    (CAB + "      cabinet: {cdu: [speaker]}\n      boards:\n        2: {cabinet: {cdu: speaker}}\n", "[speaker]",
     "cdu's speaker is placed on a board: a card placed has left the party's hand (DM8.1, DM8.6)"),
    (CAB + "      boards:\n        2: {cabinet: {cdu: [speaker, backbencher]}}\n", "[speaker, backbencher]",
     "a party places one cabinet card a board at most (DM8.1), got 2"),
    (CAB + "      boards:\n        2: {cabinet: {cdu: speaker}}\n        3: {cabinet: {cdu: speaker/up}}\n",
     "speaker/up", "cdu has one speaker: it is placed on another board already"),
    (CAB + "      boards:\n        2: {cabinet: {cdu: speaker/over}}\n", "speaker/over",
     "a placed card is face down (speaker), turned up (speaker/up) or resolved (speaker/used)"),
    (CAB + "      boards:\n        2: {cabinet: {cdx: speaker}}\n", "cdx", "expected a party of this game"),
    (CAB + "      boards:\n        2: {cabinet: {cdu: 3}}\n", "cdu: 3", "expected a cabinet card placed"),
    (CAB + "      money: {cdu: 5000}\n      boards:\n        2: {cabinet: {cdu: speaker}}\n", "cdu: speaker",
     "cdu's face-down cabinet cards cost 6,000 €, more than its 5,000 €: it places only what it can pay (DM18.4)"),
    ("    position:\n      phase: media\n      boards:\n        2: {cabinet: {cdu: speaker}}\n", "cdu: speaker",
     "after the shadow cabinet every card is resolved (DM8.3): speaker/used"),
    ("    position:\n      phase: platform\n      boards:\n        2: {cabinet: {cdu: speaker/used}}\n", "cabinet:",
     "cabinet cards lie on the boards from the shadow cabinet to the end of the round"),
    ("    short: true\n" + CAB + "      cabinet: {cdu: [chancellor]}\n", "chancellor",
     "chancellor is marked 7: it is removed in the short game (DM12.1)"),
    (CAB + "      tiles: {cdu: 5}\n", "cdu: 5", "from 0 to 4"),
    (CAB + "      tiles: {cdu: 4}\n      boards:\n        2: {tiles: [cdu]}\n", "cdu: 4",
     "cdu has 1 tile(s) on the boards and 4 left: it has 4 (DM1.9)"),
    (CAB + "      boards:\n        2: {tiles: [cdu, cdu]}\n", "tiles", "one coalition tile a board at most (DM8.4)"),
    ("    position:\n      boards:\n        2: {tiles: [cdu]}\n", "tiles", "from round 1's shadow cabinet on"),
    (CAB + "      boards:\n        1: {anti_coalition: maybe}\n", "maybe", "expected true or false"),
    (CAB + "      coalitions: [[cdu, spd]]\n", "coalitions", "start at media or later to give them"),
    (MEDIA + "      coalitions: [[cdu, cdu]]\n", "[[cdu, cdu]]", "a coalition joins exactly two parties (DM8.5.1)"),
    (MEDIA + "      coalitions: [[cdu, spd, fdp]]\n", "[[cdu, spd, fdp]]", "exactly two parties (DM8.5.1)"),
    (MEDIA + "      coalitions: [[cdu, fdp]]\n", "[[cdu, fdp]]",
     "cdu and fdp share fewer than 2 identical face-up platform cards (DM8.5.3)"),
    (MEDIA + "      coalitions: [[cdu, spd]]\n      boards:\n        1: {tiles: [cdu]}\n", "tiles: [cdu]",
     "the election board holds the tiles of the coalitions' partners only (DM8.5.2, DM8.5.5)"),
    (MEDIA + "      coalitions: [[cdu, spd]]\n      boards:\n        1: {anti_coalition: true}\n", "coalitions:",
     "no coalition forms there (DM8.5.6)"),
    ("    expect:\n      cabinet: {cdu: [kanzler]}\n", "kanzler", "expected a cabinet card"),
    ("    expect:\n      boards: {1: {cabinet: {cdu: speaker/down}}}\n", "speaker/down", "a placed card is face down"),
    ("    expect:\n      boards: {1: {key_issue: welfare/maybe}}\n", "welfare/maybe", 'unknown stance "maybe"'),
    ("    expect:\n      coalitions: [[cdu]]\n", "[[cdu]]", "a coalition joins exactly two parties"),
    ("    expect:\n      tiles: {cdu: 9}\n", "cdu: 9", "from 0 to 4"),
])
def test_a_malformed_cabinet_or_coalition_is_one_located_line(tmp_path: Path, body: str, needle: str,
                                                               message: str) -> None:
    text, line = _error(tmp_path, body)
    assert message in text
    assert line == _line_of(body, needle)


def test_the_cabinet_and_coalitions_are_read_into_the_position(tmp_path: Path) -> None:
    """Cards placed leave their party's hand; tiles on the boards are spent from its 4 (DM1.9, DM8.1)."""
    body = (CAB + "      tiles: {fdp: 1}\n      cabinet: {spd: [backbencher, speaker]}\n"
            "      boards:\n        1: {cabinet: {cdu: chancellor, spd: chief-whip/up}, tiles: [spd]}\n"
            "        3: {cabinet: {cdu: speaker/used}, tiles: [cdu, fdp]}\n")
    [sc] = _load(tmp_path, body)
    pos = sc.position
    assert pos is not None and pos.phase is Phase.CABINET
    assert pos.boards[0].cabinet == [(0, "chancellor", FACE_DOWN), (1, "chief-whip", TURNED_UP)]
    assert pos.boards[2].cabinet == [(0, "speaker", USED)]
    assert pos.cabinet[0] == ["backbencher", "chief-whip", "foreign-minister", "justice-minister", "finance-minister"]
    assert pos.cabinet[1] == ["backbencher", "speaker"]
    assert pos.tiles == [3, 3, 1]
    assert pos.boards[0].tiles == [1] and pos.boards[2].tiles == [0, 2]
    check(pos)


def test_a_coalition_puts_its_partners_tiles_on_the_election_board(tmp_path: Path) -> None:
    [sc] = _load(tmp_path, MEDIA + "      coalitions: [[spd, cdu]]\n")
    pos = sc.position
    assert pos is not None
    assert pos.coalitions == [(1, 0)]
    assert pos.boards[pos.election].tiles == [0, 1] and pos.tiles == [3, 3, 4]  # DM8.5.2


def test_the_anti_coalition_tile_follows_the_round(tmp_path: Path) -> None:
    """DM10.3, DM12.2: board 3 from round 4 (board 1 from round 2 in the short game)."""
    [sc] = _load(tmp_path, "    position:\n      phase: media\n      round: 4\n")
    assert sc.position is not None and [b.anti_coalition for b in sc.position.boards] == [False, False, True, False]
    [sc] = _load(tmp_path, "    position:\n      phase: media\n      round: 3\n")
    assert sc.position is not None and not any(b.anti_coalition for b in sc.position.boards)
    [sc] = _load(tmp_path, "    short: true\n    position:\n      phase: media\n      round: 2\n")
    assert sc.position is not None and [b.anti_coalition for b in sc.position.boards] == [True, False, False, False]


def test_the_cabinet_keys_of_expect_check_the_outcome(tmp_path: Path) -> None:
    body = (CAB + "      money: {spd: 0, fdp: 0}\n      boards:\n        3: {opinions: [minimum-wage/for], key_issue: minimum-wage/for}\n"
            "    answers: [place:speaker:3, stop]\n")
    [sc] = _load(tmp_path, body)
    assert sc.position is not None
    state = sc.position.boards[2].state
    assert state is not None
    body = body.replace("place:speaker:3", f"place:speaker:{state.id}") + (
        "    expect:\n      cabinet: {cdu: [backbencher, chief-whip, foreign-minister, justice-minister, "
        "finance-minister, chancellor]}\n      tiles: {cdu: 4}\n      coalitions: []\n"
        "      boards:\n        3: {cabinet: {cdu: speaker/used}, key_issue: minimum-wage/for, tiles: []}\n")
    out = _run(tmp_path, body)
    assert out.checked == 6
    wrong = body.replace("key_issue: minimum-wage/for, tiles", "key_issue: none, tiles")
    text, line = _error(tmp_path, wrong, run=True)
    assert "expect.boards.3.key_issue: expected none, got minimum-wage/for" in text
    assert line == _line_of(wrong, "key_issue: none")
