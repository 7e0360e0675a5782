"""One effect language for every game (issue 29 §4): High Card (tests/toygame/) declares a vocabulary
of its own — `choose a player as P` (a choice among the three players), `give the highest|lowest
card of P to Q` (a card from one hand to another), and the condition `P has more points than Q` —
in tests/toygame/vocabulary/ (its grammar, two node families, its phrases), and its trick cards
(tricks.yaml, rule T5) are written in it: parsed, checked, bounded and compiled by the core, with
their rules text generated in English and French, played by the game, the bots and the REPL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cmdsl.errors import CardError, CmdslError, RecordError
from cmdsl.games.cm2008.vocabulary import LANGUAGE as CM2008
from cmdsl.lang.checker import Checked, Context, Names
from cmdsl.lang.origin import Origin
from cmdsl.lang.lark_parser import MAX_NESTING
from cmdsl.game.driver import Driver
from tests.toygame.game import SEATS, CardGiven, PlayerChosen, Seat, TrickOps, TrickPlayed, from_record, log_text, table
from tests.toygame.tricks import load_tricks
from tests.toygame.vocabulary import LANGUAGE, nodes as N
from cmdsl.games.cm2008.vocabulary.checker import campaign_names

NO_NAMES = Names()
TRICKS = load_tricks()


def checked(text: str) -> Checked:
    return LANGUAGE.check(LANGUAGE.parse(text), NO_NAMES, Context("card"))


def asked_then_given(effect: str, seat: Seat, answer: int) -> tuple[Any, list[tuple[Seat, Seat, int]]]:
    """``effect`` run for ``seat`` in a new game (seed 0: North holds 2, 6, 8): the one question it
    asks, answered with option ``answer``; then the cards given, as (giver, taker, card)."""
    from cmdsl.lang.run import Run

    game = table(0)
    run = LANGUAGE.compile(checked(effect), "x").run(Run(TrickOps(game), seat))
    asked = next(run)
    with pytest.raises(StopIteration):
        run.send(asked.options[answer])
    return asked, [(e.giver, e.taker, e.card) for e in game.events if isinstance(e, CardGiven)]


# ---- the vocabulary: its words, and only its game's -------------------------------------------


def test_the_three_words_build_the_games_nodes_on_the_cores() -> None:
    program = checked("choose a player as P\nif P has more points than you:\n"
                      "    give the highest card of P to you\n").program
    choose, test = program.body
    assert choose == N.ChoosePlayer("P")
    assert test.cond == N.MorePoints(N.core.Var("P"), N.core.PlayerRef("you"))
    assert test.then == (N.GiveCard(True, N.core.Var("P"), N.core.PlayerRef("you")),)


def test_each_game_speaks_its_own_vocabulary_and_the_core() -> None:
    assert {"give", "player", "points", "repeat", "choose"} <= LANGUAGE.keywords
    assert "gain" not in LANGUAGE.keywords and "give" not in CM2008.keywords
    with pytest.raises(CardError, match='unexpected "gain"'):
        LANGUAGE.parse("gain 1 support on economy in S")
    with pytest.raises(CardError, match='unexpected "give"'):
        CM2008.parse("give the lowest card of you to you")


def test_the_trick_cards_rules_text_in_english_and_french() -> None:
    assert TRICKS[7].rules_text("en").splitlines() == [
        "Choose a player (you too); call them P.", "P gives you their lowest card."]
    assert TRICKS[7].rules_text("fr").splitlines() == [
        "Choisissez un joueur (vous aussi) ; appelez-le P.", "P vous donne sa carte la plus basse."]
    assert TRICKS[8].rules_text("en").splitlines() == [
        "Choose a player (you too); call them P.", "If P has more points than you:",
        "  P gives you their highest card.", "Otherwise:", "  You give your lowest card to P."]
    assert TRICKS[8].rules_text("fr").splitlines() == [
        "Choisissez un joueur (vous aussi) ; appelez-le P.", "Si P a plus de points que vous :",
        "  P vous donne sa carte la plus haute.", "Sinon :", "  Vous donnez votre carte la plus basse à P."]
    assert TRICKS[9].rules_text("en").splitlines() == [
        "Twice:", "  Choose a player (you too); call them P.", "  You give your lowest card to P."]
    assert TRICKS[9].rules_text("fr").splitlines() == [
        "Deux fois :", "  Choisissez un joueur (vous aussi) ; appelez-le P.", "  Vous donnez votre carte la plus basse à P."]


def test_the_trick_cards_round_trip_through_effect_text() -> None:
    for trick in TRICKS.values():
        assert LANGUAGE.render.program(trick.checked.program) == trick.text
        assert LANGUAGE.parse(trick.text) == trick.checked.program


def test_work_bounds_count_each_choice_and_card_given() -> None:
    assert {card: t.checked.work.fixed for card, t in TRICKS.items()} == {7: 2, 8: 3, 9: 5}  # 9: repeat + 2 × 2
    deep = "repeat 20:\n    repeat 20:\n        repeat 20:\n            choose a player as P\n"
    assert checked(deep).work.fixed == 1 + 20 * (1 + 20 * (1 + 20))  # 8,421: under the budget
    deeper = checked("repeat 20:\n" + "".join("    " + line + "\n" for line in deep.splitlines()))
    assert deeper.work.fixed == 168_421
    err = LANGUAGE.vocabulary.bounds.over_budget(deeper.program, deeper.work.fixed, 0, 0, Origin("tricks.yaml", "7"))
    assert str(err).startswith("tricks.yaml:1:1: 7: this loop may do too much work: up to 168,421 steps, "
                               "the limit is 10,000")


# ---- located errors in the trick cards' file --------------------------------------------------


@pytest.mark.parametrize("text, error", [
    ("7: |\n  choose a player as P\n  give the lowest card of Q to you\n",
     "t.yaml:3:27: 7: Q is not bound (bind it with `choose ... as Q`)"),
    ("8: give the lowest card of P to you\n", "t.yaml:1:28: 8: P is not bound (bind it with `choose ... as P`)"),
    ("7: |\n  choose a playr as P\n", 't.yaml:2:12: 7: unexpected "playr"; expected "player"'),
    ("7: |\n  choose a player as P\n  give the lowest card of P to 3\n",
     "t.yaml:3:32: 7: expected a player here, not a number"),
    ("7: |\n  repeat 21:\n      nothing\n", "t.yaml:2:10: 7: a count must be between 0 and 20"),
    ('7: give the lowest card of "North" to you\n', 't.yaml:1:28: 7: "North" is a quoted name, but a player is expected here'),
    ("7: |\n  draw 1\n", 't.yaml:2:3: 7: unexpected "draw"; expected "as", "at", "choose", "for", "give"'),
    ("12: nothing\n", 't.yaml:1:1: "12" is not a card: the cards are 1 to 9'),
    ("7: nothing\n7: nothing\n", "t.yaml:2:1: card 7 has two effects"),
    ("- 7\n", "t.yaml:1:1: expected a mapping of card → effect"),
])
def test_a_wrong_trick_card_is_one_located_error(tmp_path: Path, text: str, error: str) -> None:
    path = tmp_path / "t.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardError) as e:
        load_tricks(path)
    assert str(e.value).replace(str(tmp_path) + "/", "").startswith(error)


def test_a_trick_nested_too_deeply_is_refused() -> None:
    deep = "".join("    " * i + "repeat 1:\n" for i in range(MAX_NESTING + 1)) + "    " * (MAX_NESTING + 1) + "nothing\n"
    with pytest.raises(CardError, match="nested too deeply"):
        checked(deep)


# ---- T5 in play --------------------------------------------------------------------------------


def _play(seed: int, answers: list[str]) -> Driver[Seat]:
    """North's answers in order (a bid as its card, a choice as a seat); East and West bid their
    lowest card and choose North."""
    game, mine = table(seed, tricks=TRICKS), iter(answers)
    while not game.over:
        for d in list(game.pending_decisions):
            if d.player is Seat.NORTH:
                game.answer(next(mine), Seat.NORTH)
            elif d.player in SEATS:
                game.answer(d.options[0].id, d.player)
            if game.over:
                break
    return game


def test_T5_the_winner_carries_out_their_trick_and_only_the_two_players_see_the_card() -> None:
    game = _play(0, ["card:8", "player:east", "card:6"])  # North: 2, 6, 8 (seed 0)
    played = [e for e in game.events if isinstance(e, (TrickPlayed, PlayerChosen, CardGiven))]
    assert played[:3] == [TrickPlayed(Seat.NORTH, 8, " ".join(TRICKS[8].rules_text().split())),
                          PlayerChosen(Seat.NORTH, Seat.EAST), CardGiven(Seat.NORTH, Seat.EAST, 2)]
    # East had fewer points than North: North gave their lowest card (2) to East
    assert [e.text() for e in game.view(Seat.WEST).log if isinstance(e, CardGiven)][0] == "North gives East a card."
    assert [e.text() for e in game.view(Seat.EAST).log if isinstance(e, CardGiven)][0] == "North gives East a card: 2."


def test_T5_a_player_without_cards_bids_no_more() -> None:
    game = _play(0, ["card:8", "player:east", "card:6"])
    last_bids = [e for e in game.events if type(e).__name__ == "BidsRevealed"][-1]
    assert [seat for seat, _ in last_bids.bids] == [Seat.EAST, Seat.WEST]  # North gave a card away


def test_a_tricks_game_records_and_replays(tmp_path: Path) -> None:
    game = _play(0, ["card:8", "player:east", "card:6"])
    data = game.record()
    assert data["tricks"] is True and [None, "player:east"] in data["answers"]
    assert log_text(from_record(data)) == log_text(game)
    with pytest.raises(RecordError, match="tricks: true or false"):
        from_record({**data, "tricks": "yes"})


def test_the_bots_play_tricks_games() -> None:
    from cmdsl.bots import play_bot_move
    from cmdsl.bots.match import seat_bots

    for seed in range(3):
        game = table(seed, tricks=TRICKS)
        bots = dict(seat_bots(["ismcts:iterations=20", "greedy", "random"], SEATS, seed))
        while not game.over:
            play_bot_move(game, bots)
        assert game.result is not None


# ---- at the REPL -------------------------------------------------------------------------------


def test_the_repl_plays_the_tricks_and_shows_their_text_in_english_and_french(highcard: None) -> None:  # noqa: F811
    from cmdsl.repl.commands import run_line
    from cmdsl.repl.session import Session

    s = Session()
    out = run_line(s, "new highcard tricks seed 0")
    assert out.startswith("New High Card game with the trick cards (T5: `card N` says what each does), seed 0")
    assert run_line(s, "hand").splitlines() == [
        "Your hand: 2 6 8; scores: North 0, East 0, West 0.",
        "  8: Choose a player (you too); call them P. If P has more points than you: P gives you their highest "
        "card. Otherwise: You give your lowest card to P."]
    assert run_line(s, "card 8 fr").splitlines() == [
        "8 (trick, T5):", "  Choisissez un joueur (vous aussi) ; appelez-le P.", "  Si P a plus de points que vous :",
        "    P vous donne sa carte la plus haute.", "  Sinon :", "    Vous donnez votre carte la plus basse à P."]
    assert run_line(s, "card 3") == "3 is a plain card: it scores its number (T3)."
    with pytest.raises(CmdslError, match="card: give a card and a language"):
        run_line(s, "card 8 de")
    out = run_line(s, "8")
    assert "North's 8 is a trick:" in out and out.endswith("North, choose a player (T5):\n  1. North\n  2. East\n  3. West")
    out = run_line(s, "east")
    assert out.startswith("North chooses East.\nNorth gives East a card: 2.")


def test_a_redeal_asks_again_a_seat_left_with_a_single_card() -> None:
    """Was: a seat whose one card was bid for it when the round opened (a single option needs no
    answer) kept that bid after a determinization re-dealt its hand, and the reveal failed."""
    import random

    game = table(1, tricks=TRICKS)
    for answer, seat in [("card:8", Seat.NORTH), ("card:1", Seat.EAST), ("card:9", Seat.WEST),
                         ("player:east", None), ("player:west", None)]:
        game.answer(answer, seat)
    assert game.position.hands[Seat.WEST.index] == [3]  # West's bid is made for it: its only card
    trial = game.determinized(Seat.NORTH, random.Random(3))
    west = list(trial.position.hands[Seat.WEST.index])
    assert len(west) == 1 and west != [3]
    for d in list(trial.pending_decisions):
        trial.answer(d.options[0].id, d.player)
    bids = dict(next(e for e in reversed(trial.events) if type(e).__name__ == "BidsRevealed").bids)
    assert bids[Seat.WEST] == west[0]


# ---- the core's players by seat, in both games -------------------------------------------------


def test_each_other_player_in_seat_order_from_the_next_one() -> None:
    """`for each other player as P:` is the core's: after East come West, then North (seat order)."""
    from cmdsl.lang.run import Run

    game = table(0, tricks=TRICKS)  # North 2, 6, 8; East and West hold the others
    east, west = (list(game.position.hands[s.index]) for s in (Seat.EAST, Seat.WEST))
    effect = LANGUAGE.compile(checked("for each other player as P:\n    give the lowest card of P to you\n"), "x")
    for _ in effect.run(Run(TrickOps(game), Seat.EAST)):  # asks nothing
        raise AssertionError("no decision expected")
    given = [e for e in game.events if isinstance(e, CardGiven)]
    assert [(e.giver, e.taker, e.card) for e in given] == [(Seat.WEST, Seat.EAST, min(west)), (Seat.NORTH, Seat.EAST, 2)]
    assert sorted(game.position.hands[Seat.EAST.index]) == sorted([*east, min(west), 2])
    assert LANGUAGE.rules_text(checked("for each other player as P:\n    nothing\n").program, lang="fr").splitlines() == [
        "Pour chaque autre joueur (appelez-le P) :", "  Rien ne se passe."]


def test_each_other_player_in_campaign_manager_is_the_opponent(cm2008) -> None:  # type: ignore[no-untyped-def]
    from cmdsl.games.cm2008.engine import campaign_game, rules_of
    from cmdsl.games.cm2008.events import CardDrawn
    from cmdsl.games.cm2008.model import Side
    from cmdsl.games.cm2008.scenario import compile_snippet
    from cmdsl.lang.run import Run

    game = campaign_game(cm2008, 3)
    before = {s: rules_of(game).hand_size(s) for s in (Side.MCCAIN, Side.OBAMA)}
    for _ in compile_snippet(cm2008, "for each other player as P:\n    as P:\n        draw 2\n").run(Run(rules_of(game).ops, Side.MCCAIN)):
        raise AssertionError("no decision expected")
    assert {s: rules_of(game).hand_size(s) - before[s] for s in before} == {Side.MCCAIN: 0, Side.OBAMA: 2}
    assert [e.player for e in game.events if isinstance(e, CardDrawn)][-2:] == [Side.OBAMA, Side.OBAMA]


def test_a_bound_player_stands_wherever_a_player_does() -> None:
    """Was (found by the long Hypothesis run): `P leads` did not parse, P bound to a player."""
    from cmdsl.games.cm2008.vocabulary.checker import Context as CampaignContext, ContextKind

    effect = ("for each other player as P:\n    if P leads or \"Ohio\" is won by P:\n        as P:\n            draw 1\n")
    ohio = campaign_names({"Ohio"}, ())
    program = CM2008.check(CM2008.parse(effect), ohio, CampaignContext(ContextKind.CARD)).program
    assert CM2008.render.program(program) == effect
    assert CM2008.rules_text(program).splitlines()[:2] == [
        "For each other player (call them P):", "  If P leads in electoral votes or Ohio has been won by P:"]
    with pytest.raises(CardError, match="2:4: expected a player here, not an issue"):
        CM2008.check(CM2008.parse("choose an issue as I\nif I leads:\n    draw 1\n"), ohio,
                     CampaignContext(ContextKind.CARD))


def test_the_player_with_the_most_is_settled_before_its_statement_and_a_tie_is_the_actors_choice(
        cm2008) -> None:  # type: ignore[no-untyped-def]
    """The core's superlative over players: `the player with the most (…)`, `them` the player measured."""
    from cmdsl.games.cm2008.engine import campaign_game, rules_of
    from cmdsl.games.cm2008.model import Side
    from cmdsl.games.cm2008.scenario import compile_snippet
    from cmdsl.lang.run import Run

    effect = "as the player with the most (the hand size of them):\n    draw 1\n"
    program = CM2008.check(CM2008.parse(effect), Names(), Context("card")).program
    assert CM2008.rules_text(program).splitlines()[0] == (
        "The player for whom the number of cards in that player's hand is highest (you choose on a tie) does this:")
    assert CM2008.rules_text(program, lang="fr").splitlines()[0] == (
        "Le joueur pour qui le nombre de cartes dans la main de ce joueur est le plus grand "
        "(en cas d'égalité, vous choisissez) fait ceci :")
    assert CM2008.render.program(program) == effect
    game = campaign_game(cm2008, 3)
    assert rules_of(game).hand_size(Side.MCCAIN) == rules_of(game).hand_size(Side.OBAMA)  # a tie: McCain, acting, chooses
    run = compile_snippet(cm2008, effect).run(Run(rules_of(game).ops, Side.MCCAIN))
    asked = next(run)
    # round the table from the seat after the chooser, the chooser last: no seat is always first
    assert asked.player is Side.MCCAIN and [o.label for o in asked.options] == ["Obama", "McCain"]
    before = rules_of(game).hand_size(Side.OBAMA)
    with pytest.raises(StopIteration):
        run.send(asked.options[0])
    assert rules_of(game).hand_size(Side.OBAMA) == before + 1
    # no tie now: Obama holds the most cards, and nobody is asked
    for _ in compile_snippet(cm2008, effect).run(Run(rules_of(game).ops, Side.MCCAIN)):
        raise AssertionError("no decision expected")
    assert rules_of(game).hand_size(Side.OBAMA) == before + 2
    with pytest.raises(CardError, match="`them` .* stands only in `the player with the most"):
        CM2008.check(CM2008.parse("draw them\n"), Names(), Context("card"))


def test_choose_one_is_the_cores_in_high_card_too() -> None:
    from cmdsl.lang.run import Run
    from tests.toygame.game import OptionChosen

    effect = "choose one:\n    option:\n        nothing\n    option:\n        give the lowest card of you to the active player\n"
    program = checked(effect).program
    assert LANGUAGE.rules_text(program).splitlines() == [
        "Choose one:", "  - Nothing happens.", "  - You give your lowest card to the active player."]
    game = table(0)
    run = LANGUAGE.compile(checked(effect), "x").run(Run(TrickOps(game), Seat.EAST))
    asked = next(run)
    assert [o.label for o in asked.options] == ["Nothing happens", "You give your lowest card to the active player"]
    with pytest.raises(StopIteration):
        run.send(asked.options[1])
    assert game.position.hands[Seat.NORTH.index] == sorted([2, 6, 8, min(table(0).position.hands[Seat.EAST.index])])
    game.game.log_choice(game, Seat.EAST, asked, asked.options[1])
    assert game.events[-1] == OptionChosen(Seat.EAST, "You give your lowest card to the active player")


def test_a_vocabulary_adds_words_for_a_superlative_over_players() -> None:
    """`%extend player_measure`: High Card's `points` is `(the points of them)`, written back short."""
    effect = "give the highest card of the player with the most points to you\n"
    program = checked(effect).program
    long = checked("give the highest card of the player with the most (the points of them) to you\n").program
    assert program == long and program.body[0].giver == N.core.BestPlayer(True, N.PointsOf(N.core.Them()))
    # `least` is `fewest`, for words that are not counted (the core's: `the least notoriety`)
    assert (checked("give the lowest card of the player with the least points to you\n").program
            == checked("give the lowest card of the player with the fewest points to you\n").program)
    assert LANGUAGE.render.program(program) == LANGUAGE.render.program(long) == effect
    assert LANGUAGE.rules_text(program) == "The player with the most points (you choose on a tie) gives you their highest card."
    assert LANGUAGE.rules_text(program, lang="fr") == (
        "Le joueur qui a le plus de points (en cas d'égalité, vous choisissez) vous donne sa carte la plus haute.")
    assert LANGUAGE.rules_text(checked("repeat the points of you:\n    nothing\n").program) == (
        "As many times as your points:\n  Nothing happens.")
    asked, given = asked_then_given(effect, Seat.EAST, 1)  # nobody has a point: a tie, East (acting) chooses
    assert asked.player is Seat.EAST and [o.label for o in asked.options] == ["West", "North", "East"]  # from the next
    assert given == [(Seat.NORTH, Seat.EAST, 8)]
