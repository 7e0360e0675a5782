"""Fuzzing every input path (issue "nothing crashes, nothing hangs", item 10).

Hypothesis builds random *deep and wide* effect texts, card files, scenario files and records,
not only small ones. Whatever the input: a located error (a ``CmdslError``) or success, never
another exception, and never more than a few seconds. The default run keeps the example counts
modest; ``pytest --hypothesis-profile=long tests/test_fuzz.py`` is the deep run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cmdsl.errors import CardError, CmdslError
from cmdsl.games.cm2008.engine import CampaignGame, campaign_game
from cmdsl.games.cm2008.setup import Setup
from cmdsl.games.cm2008.actions import EffectByHand
from cmdsl.games.cm2008.interjections import interject
from cmdsl.games.cm2008.model import CardSet, Side
from cmdsl.games.cm2008.scenario import compile_snippet

from .conftest import examples

FAST = settings(deadline=5000, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

# ---- effect texts -------------------------------------------------------------------------------

NUMBERS = st.one_of(st.integers(0, 25), st.sampled_from([999, 1000, 10**31]))
STATES = st.sampled_from(['"Alpha"', '"Beta"', '"Nowhere"', "S", "the news state"])
ISSUES = st.sampled_from(["economy", "defense", "the majority issue of S", "I"])
PLAYERS = st.sampled_from(["you", "the opponent", "mccain", "obama", "the active player"])


@st.composite
def number_expr(draw: Any) -> str:
    terms = draw(st.lists(st.one_of(NUMBERS.map(str), st.sampled_from(
        ["the score of you", "the votes of S", "the hand size of the opponent", "X"])), min_size=1, max_size=40))
    return " + ".join(terms) if draw(st.booleans()) else " - ".join(terms)


@st.composite
def condition(draw: Any) -> str:
    atoms = draw(st.lists(st.one_of(
        st.builds(lambda a, op, b: f"{a} {op} {b}", number_expr(), st.sampled_from(["<", ">=", "=", "!="]),
                  number_expr()),
        PLAYERS.map(lambda p: f"{p} leads"),
        st.just("media support is in play"),
        STATES.map(lambda s: f'the key demographic of {s} is "Seniors"'),
    ), min_size=1, max_size=30))
    nots = draw(st.integers(0, 40))
    return "not " * nots + draw(st.sampled_from([" and ", " or "])).join(atoms)


SIMPLE = st.one_of(
    st.builds(lambda n, i, s: f"gain {n} support on {i} in {s}", number_expr(), ISSUES, STATES),
    st.builds(lambda s, n, i: f"shift {s} {n} toward {i}", STATES, number_expr(), ISSUES),
    number_expr().map(lambda n: f"draw {n}"),
    number_expr().map(lambda n: f"draw {n} and play one"),
    number_expr().map(lambda n: f"discard {n}"),
    st.just("discard any number as X"),
    st.just("choose a state as S"),
    st.just("choose a different state as S"),
    st.just("choose an issue as I"),
    st.just("choose a card from hand as C"),
    st.just("play C"),
    st.just("nothing"),
    STATES.map(lambda s: f"alter the key demographic of {s}"),
    st.just('demographic support for "Seniors"'),
)


def block(children: st.SearchStrategy[list[str]]) -> st.SearchStrategy[list[str]]:
    """A compound statement around ``children`` (each a list of lines, indented here)."""
    def wrap(head: str, body: list[str]) -> list[str]:
        return [head] + ["    " + line for line in body]

    return st.one_of(
        st.builds(lambda c, b: wrap(f"if {c}:", b), condition(), children),
        st.builds(lambda n, b: wrap(f"repeat {n}:", b), number_expr(), children),
        st.builds(lambda b: wrap("for each state as S:", b), children),
        st.builds(lambda p, b: wrap(f"as {p}:", b), PLAYERS, children),
        st.builds(lambda a, b: ["choose one:"] + ["    " + x for x in wrap("option:", a) + wrap("option:", b)],
                  children, children),
    )


PROGRAMS = st.recursive(SIMPLE.map(lambda s: [s]),
                        lambda inner: st.lists(st.one_of(inner, block(inner)), min_size=1, max_size=6)
                        .map(lambda parts: [line for part in parts for line in part]),
                        max_leaves=60)


@st.composite
def deep_program(draw: Any) -> str:
    """One shape nested far past the limit, or just under it."""
    depth = draw(st.integers(1, 80))
    head = draw(st.sampled_from(["if you lead:", "repeat 2:", "for each state as S:", "as you:"]))
    inner = draw(SIMPLE)
    return "".join("    " * i + head + "\n" for i in range(depth)) + "    " * depth + inner + "\n"


def at_turn(cards: CardSet) -> CampaignGame:
    game = campaign_game(cards, 5, Setup(first="mccain"))
    while game.pending is not None and game.pending.kind != "turn":
        game.answer(game.pending.options[0].id)
    return game


def run_effect(cards: CardSet, text: str) -> None:
    """Compile ``text`` and, if it is accepted, run it in a game answering every question."""
    try:
        compile_snippet(cards, text)
    except CardError as e:
        assert e.where.line >= 1 and e.message, e
        return
    game = at_turn(cards)
    interject(game, EffectByHand(Side.MCCAIN, text))
    for _ in range(10_000):  # the checker bounds the work, so the questions end too
        if game.pending is None or game.pending.kind == "turn":
            return
        game.answer(game.pending.options[-1].id)
    raise AssertionError("an accepted effect kept asking questions")


@FAST
@given(PROGRAMS.map("\n".join))
def test_any_generated_effect_is_refused_with_a_location_or_runs_to_its_end(mini: CardSet, text: str) -> None:
    run_effect(mini, text)


@FAST
@given(deep_program())
def test_deep_effects_are_refused_with_a_location_or_run(mini: CardSet, text: str) -> None:
    run_effect(mini, text)


# ---- records ---------------------------------------------------------------------------------------

JSON = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.text(max_size=20)),
                    lambda inner: st.one_of(st.lists(inner, max_size=5),
                                            st.dictionaries(st.text(max_size=8), inner, max_size=5)),
                    max_leaves=30)


@st.composite
def damaged_record(draw: Any) -> Any:
    record: dict[str, Any] = {"format": "cmdsl-record/1", "cardset": "x", "seed": 1,
                              "setup": {"mode": "beginner", "first": "mccain", "max_turns": None},
                              "answers": ["draw", "play:mccain-nothing-1"], "log_sha256": None, "result": None}
    for _ in range(draw(st.integers(1, 4))):
        path = draw(st.sampled_from([("format",), ("cardset",), ("seed",), ("setup",), ("answers",),
                                     ("log_sha256",), ("result",), ("setup", "mode"), ("setup", "first"),
                                     ("setup", "max_turns"), ("answers", 0)]))
        target = record
        for key in path[:-1]:
            target = target[key] if isinstance(target, dict) else record
        value = draw(JSON)
        if isinstance(target, dict):
            target[path[-1]] = value
        elif isinstance(target, list) and target:
            target[0] = value
    depth = draw(st.sampled_from([0, 0, 0, 50, 5000, 100_000]))
    return record if not depth else {**record, "answers": json.loads("[" * min(depth, 500) + "]" * min(depth, 500))
                                     if depth <= 500 else None, "_deep": depth}


@FAST
@given(damaged_record())
def test_any_damaged_record_is_refused_with_a_message_or_replays(mini: CardSet, tmp_path_factory: Any,
                                                                 data: Any) -> None:
    from cmdsl.games.cm2008.record import load_record
    from cmdsl.games.cm2008.replay import replay

    deep = data.pop("_deep", 0) if isinstance(data, dict) else 0
    text = json.dumps(data)
    if deep > 500:  # written as text: too deep for json.dumps itself
        text = text[:-1] + ', "nested": ' + "[" * deep + "]" * deep + "}"
    path: Path = tmp_path_factory.mktemp("rec") / "game.json"
    path.write_text(text)
    try:
        record = load_record(path)
    except CmdslError as e:  # one line that names the file
        assert str(e).startswith(f"{path}: ") and "\n" not in str(e), e
    else:
        replay(mini, record)  # a record that loads replays, or says where it diverges: no exception


# ---- tampered records of either game: refused, or not reproduced (issue 24 item 6) ------------------

TAMPERINGS = st.sampled_from(["result", "cut", "cut-and-log", "seed", "answer"])


def _tamper(data: dict[str, Any], how: str, k: int) -> dict[str, Any]:
    answers = list(data["answers"])
    k = 1 + k % (len(answers) - 1)
    if how == "result":
        return {**data, "result": (data["result"] or "") + " (edited)"}
    if how == "cut":
        return {**data, "answers": answers[:k]}
    if how == "cut-and-log":
        return {**data, "answers": answers[:k], "log": None}
    if how == "seed":
        return {**data, "seed": data["seed"] + 1}
    # "answer": a later answer of the same seat, another choice, in this one's place (the order of
    # secret picks within a step is no part of the game, so moving answers around proves nothing)
    seat = answers[k].get("seat") if isinstance(answers[k], dict) else None
    later = next((a for a in answers[k + 1:] if isinstance(a, dict) and a.get("seat") == seat and a != answers[k]),
                 None)
    if later is None:
        return {**data, "seed": data["seed"] + 1}
    return {**data, "answers": answers[:k] + [later] + answers[k + 1:]}


@FAST
@given(how=TAMPERINGS, k=st.integers(0, 10_000), seed=st.integers(0, 50))
def test_a_tampered_lobbys_record_is_refused_or_does_not_reproduce(how: str, k: int, seed: int) -> None:
    from cmdsl.games.lobbys.game import from_record
    from cmdsl.games.lobbys.record import replay_problem

    from .lobbys.conftest import random_game

    data = _tamper(json.loads(json.dumps(random_game(seed, 3, 99).record())), how, k)
    try:
        game = from_record(data)
    except CmdslError as e:
        assert "\n" not in str(e) and str(e)
        return
    assert replay_problem(game, data) is not None, (how, k)


@FAST
@given(how=TAMPERINGS, k=st.integers(0, 10_000), seed=st.integers(0, 50))
def test_a_tampered_cm2008_record_is_refused_or_does_not_reproduce(mini: CardSet, how: str, k: int, seed: int) -> None:
    from cmdsl.games.cm2008.engine import campaign_game
    from cmdsl.games.cm2008.record import Record
    from cmdsl.games.cm2008.setup import Setup
    from cmdsl.games.cm2008.replay import replay

    game = campaign_game(mini, seed, Setup())
    while game.pending is not None:
        game.answer(game.pending_decisions[0].options[0].id, game.pending_decisions[0].player)
    data = _tamper(game.record().to_json(), how, k)
    try:
        result = replay(mini, Record.from_json(data, "game.json"))
    except CmdslError as e:
        assert "\n" not in str(e) and str(e)
        return
    assert not result.reproduces, (how, k)


# ---- card files ------------------------------------------------------------------------------------

MINI = Path(__file__).parent / "data" / "mini"
YAML_JUNK = st.sampled_from(["&a ", "*a", "!!python/object:os.system ", "\t", "[" * 60, "{" * 30, "'", '"',
                             "- ", ": ", "\n", "\n  ", "#", "\x00", "\ufeff", "é", "%YAML 1.1\n", "---\n", "? "])


@st.composite
def damaged_card_file(draw: Any) -> str:
    """The mini set's card file with pieces cut out, YAML junk put in, or a deep structure added."""
    text = (MINI / "set.yaml").read_text(encoding="utf-8")
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["cut", "junk", "deep", "wide"]))
        if kind == "cut":
            text = text[:at] + text[at + draw(st.integers(1, 400)):]
        elif kind == "junk":
            text = text[:at] + "".join(draw(st.lists(YAML_JUNK, min_size=1, max_size=6))) + text[at:]
        elif kind == "deep":
            n = draw(st.integers(10, 3000))
            text = text[:at] + "[" * n + "]" * n + text[at:]
        else:
            text += "\ncards:\n" + "".join(f"  - id: x{i}\n    side: mccain\n    title: X\n    type: flow\n"
                                           f"    effect: draw {i}\n" for i in range(draw(st.integers(1, 200))))
    return text


@FAST
@given(damaged_card_file())
def test_any_damaged_card_file_is_refused_with_located_errors_or_loads(tmp_path_factory: Any, text: str) -> None:
    from cmdsl.errors import CardSetError
    from cmdsl.games.cm2008.loader import load_card_set

    folder: Path = tmp_path_factory.mktemp("set")
    (folder / "manifest.yaml").write_text((MINI / "manifest.yaml").read_text())
    (folder / "set.yaml").write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        load_card_set(folder)
    except CardSetError as e:
        assert e.errors and all(err.where.file and err.message for err in e.errors)


# ---- scenario files --------------------------------------------------------------------------------

SCENARIO_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-5, 10**6), st.sampled_from(
        ["Alpha", "Beta", "Omega", "mccain", "obama", "mccain-draw", "mccain-cost", "obama-draw", "bn-shift-economy",
         "R R W[r]", "B B W[b] B", "draw 1", "repeat 20:\n    repeat 20:\n        repeat 20:\n            draw 1",
         "state:alpha", "block:economy:1", "card:mccain-draw"])),
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.sampled_from(
        ["name", "play", "news", "effect", "going_negative", "player", "target", "position", "answers", "dice",
         "seed", "turn", "states", "reserve", "hands", "decks", "discards", "scores", "media", "defense",
         "economy", "issue", "key", "mccain", "obama", "bogus"]), inner, max_size=6)),
    max_leaves=25)


@FAST
@given(st.lists(SCENARIO_VALUES, min_size=1, max_size=3))
def test_any_scenario_file_is_refused_with_a_location_or_runs(mini: CardSet, tmp_path_factory: Any,
                                                              scenarios: list[Any]) -> None:
    import yaml

    from cmdsl.games.cm2008.scenario import run_scenario
    from cmdsl.games.cm2008.scenario_file import load_scenarios

    path: Path = tmp_path_factory.mktemp("sc") / "s.yaml"
    path.write_text(yaml.safe_dump({"scenarios": scenarios}))
    try:
        for sc in load_scenarios(path, mini):
            run_scenario(mini, sc)
    except CmdslError as e:
        assert str(e).startswith(str(path)), e


# ---- the REPL ----------------------------------------------------------------------------------------

COMMAND_WORDS = st.sampled_from(["new", "vs", "random", "greedy", "human", "as", "obama", "seed", "99", "1", "2",
                                 "draw", "play", "mccain-draw", "eval", "gain", "1", "support", "on", "economy",
                                 "in", '"Alpha"', "set", "Alpha", "defense", "R", "W[r]", "score", "hand", "die",
                                 "undo", "redo", "log", "board", "card", "explain", "trace", "options", "answer",
                                 "help", "reload", "repeat", "20:", "#", "'", '"', "\\", "-1", "10" * 20, "é"])


@settings(deadline=10_000, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(COMMAND_WORDS, max_size=8).map(" ".join), min_size=1, max_size=12))
def test_any_repl_command_is_done_or_refused_with_nothing_changed(lines: list[str]) -> None:
    from cmdsl.repl.commands import run_line
    from cmdsl.repl.session import Session

    s = Session(str(MINI))
    run_line(s, "new vs random seed 2 first mccain")
    for line in lines:
        game = s.game
        before = (tuple(game.answers), len(game.events)) if game is not None else None
        try:
            with s.transaction():
                run_line(s, line)
        except CmdslError as e:
            assert str(e) and "Traceback" not in str(e)
            after = (tuple(s.game.answers), len(s.game.events)) if s.game is not None else None
            assert after == before, line


# ---- the REPL's lines, of any length (issue 24 item 1) -------------------------------------------

LINE_CHARS = st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r")


@settings(deadline=None, max_examples=examples(15), suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["new vs random seed 2", "new lobbys 3 players vs random seed 2"]),
       lines=st.lists(st.one_of(st.text(LINE_CHARS, max_size=40),
                                st.integers(1900, 30_000).map(lambda n: "x" * n),
                                st.sampled_from(["board", "1", "undo", "log", "?", "help"])), max_size=6))
def test_any_script_of_lines_of_any_length_is_answered_line_by_line(game: str, lines: list[str]) -> None:
    import io

    from cmdsl.repl.app import repl
    from cmdsl.repl.line_input import MAX_LINE

    shown: list[str] = []
    script = io.StringIO("\n".join([game, *lines, "board"]) + "\n")
    assert repl(str(MINI), colour=False, echo=shown.append, pager=False, script=script) == 0
    text = "\n".join(shown)
    assert "internal error" not in text and "Traceback" not in text
    prompts = [s for s in shown if s.startswith("cmdsl> ")]
    assert len(prompts) == len(lines) + 2  # every line was read, the long ones too
    refusals = [s for s in shown if "a line may have at most" in s]
    assert len(refusals) == sum(len(line) > MAX_LINE for line in lines)
