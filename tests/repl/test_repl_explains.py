"""The REPL explains the game (issue "The designer's and the player's loop"): which cards it uses,
answers that never run a command by accident, options that say what they do, a board that reads
at a glance, text that fits the terminal."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cmdsl.games.cm2008.catalog import card_text
from cmdsl.errors import CmdslError
from cmdsl.game.decisions import SeatAnswer
from cmdsl.games.cm2008.engine import campaign_of
from cmdsl.games.cm2008.model import Side

from cmdsl.games.cm2008.ui.prompt import CARDS_CHANGED
from cmdsl.repl.app import notices, repl, welcome
from cmdsl.repl.commands import run_line
from cmdsl.repl.session import Session

TESTS = Path(__file__).resolve().parent.parent
MINI = TESTS / "data" / "mini"
REPO = TESTS.parent


# ---- 1. which cards --------------------------------------------------------------------------


def test_the_welcome_names_the_set_of_the_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # the repository's cmdsl.toml names cards/cm2008
    s = Session()
    assert "Using the card set cards/cm2008 (named by cmdsl.toml)." in welcome(s)
    card = run_line(s, "card mccain-this-week")
    assert "Source (cards/cm2008/mccain.yaml:" in card
    assert "site-packages" not in card


def test_the_welcome_says_when_cards_come_from_the_command_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    assert welcome(Session("tests/data/mini")).endswith("Using the card set tests/data/mini (--cards).")


def test_a_change_of_the_card_files_is_noticed_once(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(MINI, cards)
    s = Session(str(cards))
    run_line(s, "new seed 3 first mccain")
    assert notices(s) == ""
    (cards / "set.yaml").write_text((cards / "set.yaml").read_text() + "# edited\n")
    os.utime(cards / "set.yaml", ns=(1, 1))  # a different mtime even on a coarse clock
    assert notices(s) == CARDS_CHANGED
    assert notices(s) == ""  # once per change
    (cards / "extra.yaml").write_text("")  # a new file is a change too
    assert notices(s) == CARDS_CHANGED
    (cards / "extra.yaml").unlink()
    notices(s)
    (cards / "set.yaml").write_text((cards / "set.yaml").read_text() + "# again\n")
    run_line(s, "reload")  # reloading takes the files as they are: nothing left to report
    assert notices(s) == ""


# ---- 2. an answer never runs a command by accident ---------------------------------------------


def at_obama_pile(confirm: object = None) -> Session:
    """A hot-seat choose-states game at Obama's first pick: the options include New Jersey."""
    s = Session(str(REPO / "cards" / "cm2008"))
    if confirm is not None:
        s.confirm = confirm  # type: ignore[assignment]
    run_line(s, "new choose-states vs human seed 1 first mccain")
    run_line(s, "1")
    run_line(s, "1")
    assert s.keyboard.handing_over  # hot-seat: Obama's secret pick waits until Obama has the keyboard
    run_line(s, "")
    assert s.game is not None and s.game.pending is not None
    assert any(o.label.startswith("New Jersey") for o in s.game.pending.options)
    return s


def test_typing_the_start_of_an_option_answers_it_instead_of_running_the_command() -> None:
    asked: list[str] = []
    s = at_obama_pile(lambda question, default: asked.append(question) or default)
    out = run_line(s, "New J")  # only an option starts so: no question
    assert asked == []
    assert s.game is not None and s.game.answers[-1] == SeatAnswer(Side.OBAMA, "state:new-jersey")  # one of the secret picks
    assert "Game starts" not in out


def test_a_command_word_that_is_also_the_start_of_one_option_asks_which(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(MINI, cards)
    (cards / "set.yaml").write_text((cards / "set.yaml").read_text().replace("name: Zeta", "name: New Zeta"))
    asked: list[str] = []
    s = Session(str(cards), confirm=lambda question, default: asked.append(question) or True)
    run_line(s, "new choose-states vs human seed 1 first mccain")
    while s.game is not None and s.game.pending is not None and s.game.pending.player.value == "mccain":
        run_line(s, "1")
    run_line(s, "")  # hot-seat: Obama takes the keyboard
    assert s.game is not None and s.game.pending is not None
    n = next(i for i, o in enumerate(s.game.pending.options, 1) if o.label.startswith("New Zeta"))
    answers_before = len(s.game.answers)
    run_line(s, "New")
    assert len(asked) == 1 and f"option {n} (New Zeta" in asked[0]
    assert len(s.game.answers) == answers_before + 1  # yes: the option was answered, the game goes on
    assert s.game.answers[-1] == SeatAnswer(Side.OBAMA, "state:new-zeta")


def test_a_command_word_that_starts_several_options_is_the_command_and_new_asks_first() -> None:
    asked: list[str] = []
    s = at_obama_pile(lambda question, default: asked.append(question) or False)
    assert s.game is not None
    answers = list(s.game.answers)
    with pytest.raises(CmdslError, match="new: the game in progress is kept"):
        run_line(s, "New")  # New Jersey, New Mexico, New Hampshire: not an answer
    assert asked == ["The game in progress is not saved: discard it? [y/N]"]
    assert list(s.game.answers) == answers


def test_new_and_load_ask_before_discarding_an_unsaved_game(tmp_path: Path) -> None:
    other = Session(str(MINI))
    run_line(other, "new seed 5 first mccain")
    run_line(other, f"save {tmp_path / 'other.json'}")
    s = Session(str(MINI))
    run_line(s, "new seed 3 first mccain")
    run_line(s, "1")
    assert s.game is not None
    answers = list(s.game.answers)
    with pytest.raises(CmdslError, match="new: the game in progress is kept"):
        run_line(s, "new seed 4")  # no terminal: the default answer, no, holds
    with pytest.raises(CmdslError, match="load: the game in progress is kept"):
        run_line(s, f"load {tmp_path / 'other.json'}")
    with pytest.raises(CmdslError, match="/no/such/file.json: no such file"):
        run_line(s, "load /no/such/file.json")  # a file that cannot be read is not asked about
    assert list(s.game.answers) == answers
    s.confirm = lambda question, default: True
    assert "New beginner game (seed 4)" in run_line(s, "new seed 4")
    run_line(s, f"save {tmp_path / 'g.json'}")
    s.confirm = lambda question, default: False
    assert "Loaded" in run_line(s, f"load {tmp_path / 'g.json'}")  # a saved game is not asked about


def test_quit_asks_before_leaving_an_unsaved_game() -> None:
    shown: list[str] = []
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        inp.send_text("new seed 2 first mccain\rquit\r\rboard\rquit\ry\r")
        assert repl(str(MINI), None, colour=False, echo=shown.append) == 0
    assert "Still here: `save FILE` saves the game." in shown
    assert any(text.startswith("Turn 1") for text in shown)  # `board` ran after the first `quit`


def test_a_number_that_is_not_an_option_names_the_valid_ones() -> None:
    s = Session(str(MINI))
    run_line(s, "new seed 3 first mccain")
    assert s.game is not None and s.game.pending is not None
    n = len(s.game.pending.options)
    with pytest.raises(CmdslError, match=f"^{n + 5} is not an option: choose a number from 1 to {n}$"):
        run_line(s, str(n + 5))


# ---- 5. a fresh seed, secret until the game ends -----------------------------------------------


def test_new_without_a_seed_hides_it_until_the_game_ends(tmp_path: Path) -> None:
    s = Session(str(MINI))
    out = run_line(s, "new first mccain")
    assert s.game is not None
    seed = campaign_of(s.game).seed
    assert "a random seed, shown when the game ends" in out
    assert f"seed {seed}" not in out + run_line(s, "log 100") + run_line(s, "trace")
    assert "seed hidden until the game ends" in run_line(s, "log 100")
    run_line(s, f"save {tmp_path / 'g.json'}")
    assert json.loads((tmp_path / "g.json").read_text())["seed"] == seed
    end = ""
    while not s.game.over:
        end = run_line(s, "1")
    assert end.count("Game over") == 1
    assert f"The seed was {seed}" in end
    assert f"seed {seed}" in run_line(s, "log 100000")


def test_two_new_games_get_different_seeds() -> None:
    s = Session(str(MINI), confirm=lambda question, default: True)
    seeds = set()
    for _ in range(4):
        run_line(s, "new")
        assert s.game is not None
        seeds.add(campaign_of(s.game).seed)
    assert len(seeds) > 1


# ---- 3. every option says what it does --------------------------------------------------------


def bundled(line: str) -> tuple[Session, str]:
    s = Session(str(REPO / "cards" / "cm2008"))
    return s, run_line(s, line)


def test_a_play_option_shows_the_cards_rules_text() -> None:
    s, out = bundled("new seed 2 first mccain")
    assert s.game is not None and s.game.pending is not None
    option = next(o for o in s.game.pending.options if o.id == "play:mccain-drill-baby-drill")
    lines = out.splitlines()
    # Drill, Baby, Drill! goes negative: its option carries the ⚄ mark (R8.1)
    at = lines.index(f"  {s.game.pending.options.index(option) + 1}. {option.label} ⚄")
    assert lines[at + 1].strip() == "Discard two cards (a cost: this card cannot be played without two other cards in hand)."
    assert lines[at + 3].strip() == "Gain two supports on Defense in that state."


def test_a_draft_pick_shows_the_three_cards_and_the_round() -> None:
    s, out = bundled("new draft vs human seed 1 first mccain")
    assert "McCain — draft round 1 of 15: keep one card:" in out
    assert s.game is not None and s.game.pending is not None
    for o in s.game.pending.options:
        first = card_text(s.keyboard.cards.cards[o.value]).splitlines()[0]
        assert f"  {o.label}\n       {first}" in out.replace("  1. ", "  ").replace("  2. ", "  ").replace("  3. ", "  ")


def test_a_state_option_shows_its_tile() -> None:
    s, out = bundled("new choose-states vs human seed 1 first mccain")
    assert "  3. Ohio (20 EV)\n       20 EV; majority issue Defense (marker on box 2 of 4); key" in out
    assert "       Defense R B W R; Economy B W R B\n" in out


def test_question_mark_explains_the_decision() -> None:
    s, _ = bundled("new seed 2 first mccain")
    out = run_line(s, "?")
    assert out.startswith("McCain decides: play a card or draw.\nIt is McCain's turn (R4.1)")
    assert "Then it is Obama's turn." in out
    assert "Gain two supports on Defense in that state." in out
    assert out.endswith("`card NAME` shows a card or a state, `board` the position.")  # the REPL's own commands
    assert run_line(s, "help").startswith(out)
    assert run_line(s, "help commands").startswith("Campaign Manager 2008 commands (`help COMMAND` for more):")


@pytest.mark.parametrize("name, head", [
    ("Ohio", "Ohio — 20 electoral votes — McCain's setup pile"),
    ("new jersey", "New Jersey — 15 electoral votes — Obama's setup pile, beginner state"),
    ("going-negative 4", "Sympathy Vote — Going Negative result 4"),
    ("negative 2", "Staff Shake-Up — Going Negative result 2"),
], ids=["state", "state-lower-case", "going-negative", "negative"])
def test_states_and_going_negative_results_are_looked_up_by_name(name: str, head: str) -> None:
    s = Session(str(REPO / "cards" / "cm2008"))
    assert run_line(s, f"card {name}").splitlines()[1].startswith(head)


def test_a_misspelt_state_gets_a_suggestion() -> None:
    s = Session(str(REPO / "cards" / "cm2008"))
    with pytest.raises(CmdslError, match='^no card or state "Ohoi" \\(did you mean "Ohio"\\?\\)$'):
        run_line(s, "card Ohoi")


def test_choose_one_labels_are_rules_text() -> None:
    s = Session(str(REPO / "cards" / "cm2008"))
    run_line(s, "new seed 2 first mccain")
    out = run_line(s, "eval choose one:\n    option:\n        draw 1\n    option:\n        shift \"Ohio\" 1 toward economy")
    assert "  1. Draw one card\n" in out
    assert '  2. Shift Ohio one box toward Economy\n' in out
    assert s.game is not None and s.game.pending is not None
    assert [o.id for o in s.game.pending.options] == ["option:1", "option:2"]  # records replay


# ---- 4. the board reads at a glance, colour or not --------------------------------------------


def test_the_board_shows_who_holds_each_block_now_and_what_each_side_needs() -> None:
    s, _ = bundled("new seed 2 first mccain")
    run_line(s, "set Florida defense R[b] B R[b] W[r] R")
    board = run_line(s, "board")  # no colour: letters only
    assert board.splitlines()[0].startswith("Turn 1 — McCain's turn — McCain must answer")
    florida = board.splitlines()[board.splitlines().index(next(x for x in board.splitlines() if x.startswith("Florida")))+1]
    # now Obama, Obama, Obama, McCain, McCain: McCain must turn 3 blocks, Obama 2; written as
    # `set` and the scenario files write it, one notation everywhere (issue 55 item 5)
    assert florida == "  *Defense  R[b] B    R[b] W[r] R   to win, McCain needs 3, Obama 2"
    assert ("Blocks: each circle's printed colour (R red, B blue, W white), a token on it in brackets "
            "([r] McCain's, [b] Obama's): W[b] is a white circle Obama holds.") in board
    assert "\x1b[" not in board
    assert "Reserve: 16 states" in board


def test_the_reserve_count_is_singular_for_one_state() -> None:
    s, _ = bundled("new seed 2 first mccain")
    assert s.game is not None
    s.game.position.reserve = s.game.position.reserve[:1]
    assert "Reserve: 1 state " in run_line(s, "board")


# ---- 5. fits the terminal ----------------------------------------------------------------------


def test_text_is_wrapped_at_word_boundaries_under_the_option() -> None:
    from cmdsl.repl.wrap import fit

    s, out = bundled("new seed 2 first mccain")
    wrapped = fit(out, 60)
    assert max(len(x) for x in wrapped.splitlines()) <= 60
    words = out.split()
    assert wrapped.split() == words  # nothing cut in the middle of a word, nothing lost
    assert "           without two other cards in hand)." in wrapped  # lined up under the text


def test_help_summaries_are_whole_sentences() -> None:
    from cmdsl.repl.commands import all_commands, summary

    commands = all_commands(Session())
    for name, cmd in commands.items():
        assert summary(cmd).endswith("."), name
    assert summary(commands["eval"]) == ("Run an effect on the live position (at a play-or-draw decision), as SIDE "
                                         "(default: the player to act).")


def test_long_output_goes_through_the_pager_and_short_output_does_not() -> None:
    shown: list[str] = []
    paged: list[str] = []
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        inp.send_text("help\rcard mccain-attack\r\x04")  # DummyOutput is 40 rows; help is longer
        assert repl(str(MINI), None, colour=False, echo=shown.append, pager=paged.append) == 0
    assert len(paged) == 1 and paged[0].startswith("Campaign Manager 2008 commands (`help COMMAND` for more):")
    # the pager's screen is gone when it closes: a line says where the text went (issue 55 item 6)
    lines = paged[0].count("\n") + 1
    assert f"(help: {lines} lines, shown in the pager; `help COMMAND` shows one command's)" in shown
    assert any(text.startswith("mccain-attack\n") for text in shown)  # `card` was short: shown


# ---- 6. completion of a state's groups ---------------------------------------------------------


def test_set_key_completes_the_groups_of_that_state() -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from cmdsl.repl.app import ReplCompleter

    c = ReplCompleter(Session(str(REPO / "cards" / "cm2008")))

    def complete(text: str) -> list[str]:
        return [x.text for x in c.get_completions(Document(text), CompleteEvent())]

    assert complete("set Florida key ") == ["Seniors", "Latinos"]
    assert complete("set New Jersey key Clinton D") == ["Clinton Democrats"]
    assert complete("set Florida e") == ["economy"]


def test_card_finds_a_cm2008_card_by_its_title_or_the_start_of_one() -> None:
    """Issue 55 item 2: `card` reads a title as Racolage's does (cmdsl.sets.card_lookup)."""
    s = Session(str(REPO / "cards" / "cm2008"))
    assert run_line(s, "card The View").startswith("mccain-the-view\nThe View — McCain")
    assert run_line(s, "card join our").startswith("mccain-join-our-team\n")
    assert run_line(s, "card lehman").startswith("bn-lehman-brothers-bankrupt\n")
    assert run_line(s, "card Ohio").startswith("Ohio\n")  # a state still, and an id
    assert run_line(s, "card mccain-the-view").startswith("mccain-the-view\n")
    with pytest.raises(CmdslError, match=r'"town" names several cards: Town Hall Meetings \(mccain-town-hall-meetings\)'):
        run_line(s, "card town")
    with pytest.raises(CmdslError, match=r'no card or state "Town Hal Meetings" \(did you mean "Town Hall Meetings"\?\)'):
        run_line(s, "card Town Hal Meetings")


def test_a_decision_that_shows_tokens_says_how_they_are_written() -> None:
    """Issue 55 item 5: the notation has its legend where a decision first shows it."""
    s = Session(str(REPO / "cards" / "cm2008"))
    run_line(s, "new vs greedy seed 5")
    out = run_line(s, "1")  # The View: choose a state; Michigan holds Obama's tokens
    assert "       Defense R B W[b] R; Economy B B R W[b] B" in out
    assert "  (a block: its printed colour, a token in brackets: W[b] is a white circle Obama holds)" in out
