"""One or more tests per rule of RULES.md (R2–R12), mostly on the small fixed set tests/data/mini.

Mini tiles (printed rows, start box, key):
  Alpha 10 EV: Defense R R W / Economy B B W B, box 2 (Defense), key Seniors (other Women)
  Beta   8 EV: Defense R W B / Economy B W R,   box 3 (Economy), key Women (other Latinos)
  Gamma  6 EV: Defense R B B / Economy B R R,   box 1 (Defense), key Latinos (other Seniors)
  Delta  4 EV: Defense W R B / Economy W B R,   box 4 (Economy), key Seniors (other Veterans)
  Epsilon 20, Zeta 5: the reserve.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cmdsl.errors import CardSetError, IllegalAnswer
from cmdsl.games.cm2008 import events as E
from cmdsl.games.cm2008.engine import CampaignGame, CampaignRules, campaign_game, rules_of
from cmdsl.games.cm2008.setup import Setup
from cmdsl.games.cm2008.position import LiveState
from cmdsl.games.cm2008.model import CardSet, Side
from cmdsl.games.cm2008.scenario import compile_snippet
from cmdsl.games.cm2008.scenario_position import build_position, position, render_position
from cmdsl.lang.run import Run

M, O = Side.MCCAIN, Side.OBAMA
FOUR_STATES = ["Alpha", "Beta", "Gamma", "Delta"]


def kinds(outcome: Any, *types: type) -> list[E.Event]:
    return [e for e in outcome.events if isinstance(e, types)]


def begin(cards: CardSet, effect: str, position: dict[str, Any], player: Side = M) -> CampaignGame:
    """A game stopped at the first decision of ``effect`` run on ``position`` (not strict)."""

    def start(rules: CampaignRules):  # type: ignore[no-untyped-def]
        build_position(rules, position)
        rules.position.active = player
        yield from compile_snippet(cards, effect).run(Run(rules.ops, player))
        yield from rules.end_turn()

    return campaign_game(cards, 0, start=start)


# ---- R2 anatomy of a state --------------------------------------------------------------


def test_r2_rows_issue_track_and_key(mini: CardSet) -> None:
    alpha = LiveState(mini.states["Alpha"])
    assert alpha.tile.ev == 10  # R2.1
    assert alpha.tile.rows == {"defense": ("R", "R", "W"), "economy": ("B", "B", "W", "B")}  # R2.2
    assert (alpha.majority, alpha.minority) == ("defense", "economy")  # R2.3: box 2 points at Defense
    alpha.box = 3
    assert (alpha.majority, alpha.minority) == ("economy", "defense")
    assert alpha.key == "Seniors" and alpha.tile.groups == ("Seniors", "Women")  # R2.4


def test_r2_5_new_jersey_starts_on_economy_keyed_to_clinton_democrats(cm2008: CardSet) -> None:
    nj = LiveState(cm2008.states["New Jersey"])
    assert nj.majority == "economy"
    assert nj.key == "Clinton Democrats"


# ---- R3 setup ---------------------------------------------------------------------------


def test_r3_beginner_setup(mini: CardSet) -> None:
    g = campaign_game(mini, seed=5, setup=Setup(first="obama"))
    for side in Side:
        p = g.position.players[side]
        assert len(p.hand) == 3 and len(p.deck) == 12  # R3.2
        assert {*p.hand, *p.deck} == {c.id for c in mini.beginner_deck(side)}  # R3.1 beginners
    assert [s.name for s in rules_of(g).in_play] == ["Alpha", "Beta", "Gamma", "Delta"]  # R3.3
    assert g.position.reserve == ["Epsilon", "Zeta"]
    assert sorted(g.position.news_deck) == sorted(mini.news)  # R3.4
    assert g.position.active is O and g.pending is not None and g.pending.player is O  # R3.5


def test_r3_3_players_choose_starting_states_from_their_own_pile(mini: CardSet) -> None:
    g = campaign_game(mini, seed=1, setup=Setup(mode="choose-states", first="mccain"))
    d = g.pending
    assert d is not None and d.player is M and d.kind == "setup-state"
    assert {o.label.split(" (")[0] for o in d.options} == {"Alpha", "Gamma", "Epsilon"}  # McCain's pile
    for answer in ["state:epsilon", "state:alpha", "state:beta", "state:zeta"]:
        g.answer(answer)
    assert [s.name for s in rules_of(g).in_play] == ["Epsilon", "Alpha", "Beta", "Zeta"]
    assert not any(isinstance(e, E.NewsDrawn) for e in g.events)  # R10.1: none for starting states


def test_r3_5_first_player_from_the_seed_is_reproducible(mini: CardSet) -> None:
    firsts = {campaign_game(mini, seed=s).position.active for s in range(20)}
    assert firsts == {M, O}
    assert campaign_game(mini, seed=7).position.active is campaign_game(mini, seed=7).position.active


# ---- R4 a turn ----------------------------------------------------------------------------


def turn_game(mini: CardSet, hand: list[str], deck: list[str] = (), discard: list[str] = ()) -> CampaignGame:  # type: ignore[assignment]
    def start(rules: CampaignRules):  # type: ignore[no-untyped-def]
        build_position(rules, {"states": ["Alpha", "Beta", "Gamma", "Delta"],
                               "hands": {"mccain": hand}, "decks": {"mccain": list(deck)},
                               "discards": {"mccain": list(discard)}})
        rules.position.active = M
        yield from rules.one_turn()

    return campaign_game(mini, 0, start=start)


def test_r4_1_play_or_draw(mini: CardSet) -> None:
    g = turn_game(mini, ["mccain-nothing-1", "mccain-draw"], deck=["mccain-nothing-2"])
    assert g.pending is not None
    assert [o.id for o in g.pending.options] == ["play:mccain-nothing-1", "play:mccain-draw", "draw"]


def test_r4_2_no_drawing_with_five_cards_but_card_draws_still_draw(mini: CardSet) -> None:
    hand = [f"mccain-nothing-{i}" for i in range(1, 5)] + ["mccain-draw"]
    g = turn_game(mini, hand, deck=["mccain-nothing-5"])
    assert g.pending is not None and "draw" not in [o.id for o in g.pending.options]
    g.answer("play:mccain-draw")
    assert "mccain-nothing-5" in g.position.players[M].hand  # the effect drew with 4 cards left in hand
    g2 = turn_game(mini, hand[:4], deck=["mccain-nothing-5"])
    assert g2.pending is not None and "draw" in [o.id for o in g2.pending.options]


def test_r4_3_played_card_reaches_the_discard_pile_at_end_of_turn(mini: CardSet) -> None:
    g = turn_game(mini, ["mccain-attack", "mccain-nothing-1"])
    g.answer("play:mccain-attack")  # now choosing a state: the turn is not over
    assert "mccain-attack" not in g.position.players[M].discard and g.position.players[M].played == ["mccain-attack"]


def test_r4_4_one_media_support_in_play_replaced_card_goes_to_its_owner(run: Any) -> None:
    out = run("mccain-media-chooser", "play",
              position={"states": ["Alpha", "Beta", "Gamma", "Delta"], "media": "obama-media-dice"})
    g = out.game
    assert g.position.media == ("mccain-media-chooser", M)
    assert g.position.players[O].discard == ["obama-media-dice"]
    assert "mccain-media-chooser" not in g.position.players[M].discard  # stays in play at end of turn


def test_r4_5_a_card_that_does_nothing_can_be_played(run: Any) -> None:
    out = run("mccain-nothing-1", "play")
    assert out.game.position.players[M].discard == ["mccain-nothing-1"]


def test_r4_6_discard_cost_makes_a_card_unplayable_without_enough_cards(mini: CardSet) -> None:
    g = turn_game(mini, ["mccain-cost", "mccain-nothing-1"], deck=["mccain-nothing-2"])
    assert g.pending is not None and "play:mccain-cost" not in [o.id for o in g.pending.options]
    g = turn_game(mini, ["mccain-cost", "mccain-nothing-1", "mccain-nothing-2"], deck=["mccain-nothing-3"])
    assert g.pending is not None and "play:mccain-cost" in [o.id for o in g.pending.options]
    with pytest.raises(IllegalAnswer):
        turn_game(mini, ["mccain-cost", "mccain-nothing-1"]).answer("play:mccain-cost")


def test_r4_6_discard_any_number_allows_zero(run: Any) -> None:
    out = run("discard any number as X\ndraw X", position={"states": ["Alpha"], "hands": {"mccain": ["mccain-nothing-1"]}},
              answers=["done"])
    assert out.game.position.players[M].hand == ["mccain-nothing-1"]


# ---- R5 reshuffling ---------------------------------------------------------------------------


def test_r5_reshuffle_leaves_out_cards_played_this_turn(run: Any) -> None:
    out = run("mccain-draw", "play", position={"states": ["Alpha"], "discards": {"mccain": ["mccain-nothing-1"]}})
    g = out.game
    assert [type(e).__name__ for e in kinds(out, E.Shuffled, E.CardDrawn)] == ["Shuffled", "CardDrawn"]
    shuffled = kinds(out, E.Shuffled)[0]
    assert isinstance(shuffled, E.Shuffled) and shuffled.count == 1  # R5.2: mccain-draw is not in it
    assert g.position.players[M].hand == ["mccain-nothing-1"] and g.position.players[M].discard == ["mccain-draw"]


# ---- R6 gaining support ----------------------------------------------------------------------


def test_r6_1_three_equivalent_ways_to_turn_an_opponent_block(mini: CardSet) -> None:
    g = begin(mini, 'gain 1 support on defense in "Beta"',
              {"states": [{"name": "Beta", "defense": "R[b] W[b] B"}, "Alpha"]})
    assert g.pending is not None and g.pending.kind == "block"
    assert [o.id for o in g.pending.options] == ["block:defense:1", "block:defense:2", "block:defense:3"]
    assert "remove" in g.pending.options[0].label and "replace" in g.pending.options[1].label
    assert "place" in g.pending.options[2].label
    supply = (g.position.players[M].supply, g.position.players[O].supply)
    g.answer("block:defense:1")  # remove Obama's token from a red circle: no McCain token used
    assert (g.position.players[M].supply, g.position.players[O].supply) == (supply[0], supply[1] + 1)
    assert rules_of(g).live("Beta").tokens["defense"] == [None, O, None]  # type: ignore[union-attr]


def test_r6_2_undecided_blocks_only_when_no_opponent_block_is_left(run: Any) -> None:
    out = run('gain 2 supports on defense in "Beta"')  # Beta defense R W B
    changed = kinds(out, E.BlockChanged)
    assert [(c.index, c.printed) for c in changed] == [(2, "B"), (1, "W")]  # type: ignore[attr-defined]


def test_r6_3_token_on_white_is_replaced_never_removed(run: Any) -> None:
    out = run('gain 1 support on defense in "Beta"', position={"states": [{"name": "Beta", "defense": "R W[b] B"}]},
              answers=["block:defense:2"])
    assert rules_of(out.game).live("Beta").tokens["defense"] == [None, M, None]
    change = kinds(out, E.BlockChanged)[0]
    assert isinstance(change, E.BlockChanged) and change.token_before is O and change.token_after is M


def test_r6_4_gain_on_a_row_already_yours_has_no_effect(run: Any) -> None:
    out = run('gain 1 support on economy in "Gamma"', position={"states": [{"name": "Gamma", "economy": "B[r] R R"}]})
    assert "already" in kinds(out, E.GainWasted)[0].text()


TWELVE_RED = {"states": [
    {"name": "Alpha", "economy": "B[r] B[r] W[r] B[r]"},
    {"name": "Beta", "defense": "R W[r] B[r]", "economy": "B[r] W R"},
    {"name": "Gamma", "defense": "R B[r] B", "economy": "B[r] R[b] R"},
    {"name": "Delta", "defense": "W[r] R B[r]", "economy": "W B[r] R"},
]}


def test_r6_5_and_r12_1_supply_is_finite_but_removing_needs_none(run: Any) -> None:
    out = run('gain 1 support on economy in "Beta"', position=TWELVE_RED)
    assert out.game.position.players[M].supply == 0
    assert "no token left" in kinds(out, E.GainWasted)[0].text()
    out = run('gain 1 support on economy in "Gamma"', position=TWELVE_RED)  # R[b]: remove Obama's token
    assert kinds(out, E.BlockChanged) and out.game.position.players[M].supply == 0


def test_r12_1_demographic_support_fills_in_slot_order_until_supply_runs_out(run: Any) -> None:
    pos = {"states": [{"name": "Alpha", "economy": "B[r] B[r] W B", "issue": 3},
                      {"name": "Beta", "defense": "R W[r] B[r]", "economy": "B[r] W R"},
                      {"name": "Gamma", "defense": "R B[r] B", "economy": "B[r] R R"},
                      {"name": "Delta", "defense": "W R B[r]", "economy": "W B[r] R"}]}
    out = run('demographic support for "Seniors"', position=pos)  # 9 tokens out, 3 left
    placed = [(c.state, c.issue, c.index) for c in kinds(out, E.BlockChanged)]  # type: ignore[attr-defined]
    assert placed == [("Alpha", "defense", 2), ("Alpha", "economy", 2), ("Delta", "defense", 0)]
    assert out.game.position.players[M].supply == 0


# ---- R7 shift and alter -------------------------------------------------------------------------


def test_r7_1_shift_moves_the_marker_and_stops_at_the_end(run: Any) -> None:
    out = run('shift "Alpha" 3 toward economy\nshift "Delta" 1 toward economy')
    g = out.game
    assert rules_of(g).live("Alpha").box == 4 and rules_of(g).live("Alpha").majority == "economy"
    assert rules_of(g).live("Delta").box == 4
    assert "cannot move further" in kinds(out, E.IssueShifted)[1].text()


def test_r7_2_alter_moves_the_key_to_the_other_group(run: Any) -> None:
    out = run('alter the key demographic of "Alpha"\nalter the key demographic of "Beta"')
    assert rules_of(out.game).live("Alpha").key == "Women" and rules_of(out.game).live("Beta").key == "Latinos"


def test_r7_3_demographic_support_only_where_the_group_is_key(run: Any) -> None:
    pos = {"states": [{"name": "Alpha", "economy": "B B W[b] B"}, "Beta", "Gamma", "Delta"], "news": ["bn-shift-economy"]}
    out = run('demographic support for "Seniors"', position=pos, answers=["state:epsilon"])
    g = out.game
    placed = [(c.state, c.issue, c.index) for c in kinds(out, E.BlockChanged)]  # type: ignore[attr-defined]
    # Alpha (key Seniors): its one empty white circle (the economy white holds a token already);
    # Delta (key Seniors): both whites; Gamma has Seniors but not as key: untouched.
    assert placed == [("Alpha", "defense", 2), ("Delta", "defense", 0), ("Delta", "economy", 0)]
    assert g.position.won == [("Alpha", M)]  # Alpha's Defense row is now all red (R9.1)
    assert rules_of(g).live("Gamma").tokens == {"defense": [None] * 3, "economy": [None] * 3}


def test_r7_3_rulebook_example_colorado_seniors(cm2008: CardSet, run: Any) -> None:
    colorado = cm2008.states["Colorado"]
    assert colorado.key == "Seniors"
    whites = [(i, n) for i, row in colorado.rows.items() for n, c in enumerate(row) if c == "W"]
    assert len(whites) == 3
    out = run('demographic support for "Seniors"', cards=cm2008, position={"states": ["Colorado"], "reserve": []})
    got = [(c.issue, c.index) for c in kinds(out, E.BlockChanged)]  # type: ignore[attr-defined]
    assert sorted(got) == sorted(whites)
    assert all(c.player is M for c in kinds(out, E.BlockChanged))  # type: ignore[attr-defined]


# ---- R8 going negative ---------------------------------------------------------------------------


def test_r8_1_roll_at_end_of_turn_and_the_opponent_carries_it_out(run: Any) -> None:
    out = run("mccain-negative", "play", dice=[3], answers=["state:beta"])
    names = [type(e).__name__ for e in out.events]
    assert names.index("DieRolled") > names.index("CardPlayed")
    gains = kinds(out, E.BlockChanged)
    assert gains and all(c.player is O for c in gains)  # type: ignore[attr-defined]
    assert names.index("CardDiscarded") > names.index("DieRolled") and names[-1] == "TurnEnded"


def test_r8_2_state_wins_are_resolved_before_the_roll(run: Any) -> None:
    pos = {"states": ["Alpha", "Beta"], "news": ["bn-shift-economy"]}
    out = run("mccain-attack", "play", position=pos, dice=[1], answers=["state:alpha", "state:epsilon"])
    names = [type(e).__name__ for e in out.events]
    assert names.index("StateWon") < names.index("NewsDrawn") < names.index("DieRolled")


def test_media_abilities_change_the_number_of_rolls(run: Any) -> None:
    pos = {"states": ["Alpha", "Beta"], "media": "mccain-media-dice"}
    out = run("obama-negative", "play", player="obama", position=pos, dice=[1, 4])  # McCain draws 1, then 2
    assert [d.value for d in kinds(out, E.DieRolled)] == [1, 4]  # type: ignore[attr-defined]
    pos = {"states": ["Alpha", "Beta"], "media": "obama-media-dice"}
    out = run("obama-negative", "play", player="obama", position=pos)
    assert not kinds(out, E.DieRolled) and kinds(out, E.NegativeSkipped)


# ---- R9 winning a state ----------------------------------------------------------------------------


def test_r9_win_is_immediate_with_replacement_and_breaking_news(run: Any) -> None:
    pos = {"states": ["Alpha", "Beta", "Gamma", "Delta"], "news": ["bn-shift-economy"],
           "reserve": ["Epsilon", "Zeta"]}
    out = run('gain 2 supports on defense in "Alpha"', position=pos, answers=["state:zeta"])
    g = out.game
    names = [type(e).__name__ for e in out.events]
    assert names[:7] == ["TurnStarted", "BlockChanged", "StateWon", "TokensReturned", "Chose", "StateEntered",
                         "NewsDrawn"]
    assert names[7] == "IssueShifted"  # the news acts on Zeta, the new state (R10.2)
    assert "no longer in play" in kinds(out, E.GainWasted)[0].text()  # R9.3: the second gain
    assert g.position.players[M].score == 165 and g.position.players[M].supply == 12  # R9.2: tokens back
    assert [s.name for s in rules_of(g).in_play] == ["Zeta", "Beta", "Gamma", "Delta"]  # same slot
    assert g.position.reserve == ["Epsilon"] and g.position.news_deck == []  # R10.3: the news left the game


def test_r9_2_the_winner_chooses_the_replacement_even_on_the_opponents_turn(run: Any) -> None:
    out = run('as obama:\n    gain 1 support on economy in "Delta"',
              position={"states": [{"name": "Delta", "economy": "W[b] B R"}], "news": ["bn-shift-economy"]},
              answers=["state:alpha"])
    chose = kinds(out, E.Chose)[0]
    assert isinstance(chose, E.Chose) and chose.player is O and chose.kind == "replacement"


def test_r9_4_simultaneous_wins_are_ordered_by_the_active_player(run: Any) -> None:
    pos = {"states": ["Alpha", "Beta", {"name": "Delta", "economy": "W B[r] R"}],
           "news": ["bn-shift-economy", "bn-mccain-gain"]}
    out = run('demographic support for "Seniors"', position=pos,
              answers=["state:delta", "state:zeta", "state:epsilon"])
    g = out.game
    order = kinds(out, E.Chose)[0]
    assert isinstance(order, E.Chose) and order.kind == "order" and order.player is M
    assert [w for w, _ in g.position.won] == ["Delta", "Alpha"]
    assert [e.title for e in kinds(out, E.NewsDrawn)] == ["Shift Economy", "McCain Gains"]  # type: ignore[attr-defined]


def test_r9_4_active_player_orders_wins_of_the_other_player(run: Any) -> None:
    pos = {"states": [{"name": "Alpha", "issue": 3}, "Beta", {"name": "Delta", "economy": "W B R[b]"}]}
    out = run('as obama:\n    demographic support for "Seniors"', position=pos,
              answers=["state:delta", "state:zeta", "state:epsilon"])
    chose = kinds(out, E.Chose)
    assert [(c.kind, c.player) for c in chose] == [("order", M), ("replacement", O), ("replacement", O)]  # type: ignore[attr-defined]
    assert out.game.position.won == [("Delta", O), ("Alpha", O)]


# ---- R10 Breaking News -------------------------------------------------------------------------------


def test_r10_2_media_support_lets_its_owner_choose_the_target(run: Any) -> None:
    pos = {"states": ["Alpha", "Beta"], "news": ["bn-shift-economy"], "media": "obama-media-chooser"}
    out = run('gain 1 support on defense in "Alpha"', position=pos, answers=["state:zeta", "state:beta"])
    news_choice = kinds(out, E.Chose)[1]
    assert isinstance(news_choice, E.Chose) and news_choice.player is O and news_choice.kind == "news-target"
    steered = kinds(out, E.NewsTargeted)[0]  # revealed first, then steered (R12.14)
    assert isinstance(steered, E.NewsTargeted) and steered.target == "Beta"


def test_r10_news_affects_the_new_state_by_default(run: Any) -> None:
    out = run("bn-mccain-gain", "news", position={"states": ["Alpha", "Beta"]}, target="Beta")
    assert [c.state for c in kinds(out, E.BlockChanged)] == ["Beta"]  # type: ignore[attr-defined]


# ---- R11 winning the game -----------------------------------------------------------------------------


def test_r11_1_reaching_270_wins_at_once(run: Any) -> None:
    out = run('gain 1 support on defense in "Alpha"\ndraw 1',
              position={"states": ["Alpha", "Beta"], "scores": {"mccain": 260}})
    g = out.game
    assert g.result is not None and g.result.winner is M and g.position.players[M].score == 270
    assert not kinds(out, E.CardDrawn, E.StateEntered)  # nothing after the win


def test_r11_2_269_all_is_a_draw(run: Any) -> None:
    out = run('gain 1 support on defense in "Alpha"',
              position={"states": ["Alpha"], "reserve": [], "scores": {"mccain": 259, "obama": 269}})
    assert out.game.result is not None and out.game.result.winner is None
    assert out.game.position.players[M].score == 269


def almost_won(tile: Any, side: Side) -> dict[str, Any]:
    """A position entry where ``side`` needs one more support on the majority row of ``tile``."""
    live = LiveState(tile)
    row = list(tile.rows[live.majority])
    blocks = []
    left = next(i for i, c in enumerate(row) if c != side.letter)  # one circle stays as printed
    for i, c in enumerate(row):
        blocks.append(c if c == side.letter or i == left else f"{c}[{side.letter.lower()}]")
    return {"name": tile.name, live.majority: " ".join(blocks)}


@pytest.mark.parametrize("side,start,states,after", [
    (M, 155, ["Oregon", "Iowa"], 169),
    (O, 157, ["Virginia"], 170),
    (M, 258, ["Ohio"], 278),
])
def test_r11_3_rulebook_score_examples(cm2008: CardSet, run: Any, side: Side, start: int,
                                       states: list[str], after: int) -> None:
    effect = "\n".join(f'gain 1 support on the majority issue of "{s}" in "{s}"' for s in states)
    pos = {"states": [almost_won(cm2008.states[s], side) for s in states], "reserve": [],
           "scores": {side.value: start}}
    out = run(effect, player=side.value, position=pos, cards=cm2008)
    assert out.game.position.players[side].score == after
    if after >= 270:
        assert out.game.result is not None and out.game.result.winner is side


# ---- R12 rulings -----------------------------------------------------------------------------------------


def test_r12_2_a_player_who_can_neither_play_nor_draw_passes(mini: CardSet) -> None:
    g = turn_game(mini, [])
    assert g.pending is None and isinstance(g.events[-2], E.Passed)


def test_r12_3_turn_limit_ends_in_a_draw(mini: CardSet) -> None:
    g = campaign_game(mini, seed=3, setup=Setup(max_turns=4))
    while g.pending is not None:
        g.answer(g.pending.options[-1].id)
    assert g.result is not None and g.result.winner is None and "turn limit" in g.result.reason
    assert g.turn == 5


def test_r12_4_equivalent_blocks_are_one_option(run: Any) -> None:
    out = run('gain 1 support on economy in "Alpha"')  # three plain blue circles: one way, no question
    assert not kinds(out, E.Chose) and len(kinds(out, E.BlockChanged)) == 1


def test_illegal_answer_is_refused_and_changes_nothing(mini: CardSet) -> None:
    g = campaign_game(mini, seed=2)
    before = (render_position(g), len(g.events), list(g.answers), g.pending)
    with pytest.raises(IllegalAnswer, match="not an option"):
        g.answer("play:no-such-card")
    assert (render_position(g), len(g.events), list(g.answers), g.pending) == before


def test_scenario_with_a_state_already_won_is_refused(run: Any) -> None:
    from cmdsl.games.cm2008.scenario import ScenarioError

    with pytest.raises(ScenarioError, match="already be won"):
        run("nothing", position={"states": [{"name": "Alpha", "defense": "R R W[r]"}]})


def test_card_set_rules_are_checked(tmp_path: Any) -> None:
    import shutil

    shutil.copy(Path(__file__).parent / "data" / "mini" / "manifest.yaml", tmp_path / "manifest.yaml")
    (tmp_path / "set.yaml").write_text("states: []\n")
    with pytest.raises(CardSetError, match="only 0 McCain beginner cards"):
        from cmdsl.games.cm2008.loader import load_card_set

        load_card_set(tmp_path)


def test_r3_1_draft_draw_three_keep_one(cm2008: CardSet) -> None:
    # The mini set is too small to draft (its manifest does not declare it): the 45-card pools.
    g = campaign_game(cm2008, seed=4, setup=Setup(mode="draft", first="mccain"))
    rounds = 0
    while g.pending is not None and g.pending.kind == "draft":
        d = g.pending
        assert len(d.options) == 3
        g.answer(d.options[-1].id)
        rounds += 1
    assert rounds == 2 * 15
    drafted = [e for e in g.events if isinstance(e, E.Drafted)]
    for side in Side:
        mine = [e for e in drafted if e.player is side]
        pool = len(cm2008.pool(side))
        assert len(mine) == 15  # one card kept per round (R3.1), whatever the pool's size
        assert set(g.position.decks[side]) == {e.kept for e in mine}
        removed = {c for e in mine for c in e.removed}
        assert not removed & set(g.position.decks[side]) and len(removed) == pool - len(mine)
        p = g.position.players[side]
        assert sorted(p.hand + p.deck) == sorted(g.position.decks[side])
    assert g.pending is not None and g.pending.kind == "setup-state"  # drafters choose their states


def test_r10_2_media_support_redirects_news_by_a_rule(run: Any) -> None:
    pos = {"states": ["Alpha", "Beta", "Gamma"], "news": ["bn-shift-economy"], "media": "mccain-media-most"}
    out = run('gain 1 support on defense in "Alpha"', position=pos, answers=["state:zeta"])
    steered = kinds(out, E.NewsTargeted)[0]
    assert isinstance(steered, E.NewsTargeted) and steered.target == "Beta"  # 8 EV: the most once Alpha is gone


# ---- the position API (cmdsl.games.cm2008.scenario_position.position) ------------------------------------------------


def test_r12_2_through_the_position_api_a_player_with_no_card_passes(mini: CardSet) -> None:
    game = position(mini, states=FOUR_STATES, hands={"obama": ["obama-nothing-1", "obama-nothing-2"]}, active="mccain")

    assert [e.text() for e in game.events if isinstance(e, E.Passed)] == \
        ["McCain passes: no card to play and none to draw."]
    assert game.pending is not None and game.pending.player is O and game.pending.kind == "turn"
    assert game.result is None


def test_r12_7_through_the_position_api_both_pass_and_the_game_is_a_draw(mini: CardSet) -> None:
    game = position(mini, states=FOUR_STATES, active="obama", turn=7)

    assert [(e.player, e.reason) for e in game.events if isinstance(e, E.Passed)] == \
        [(O, "no card to play and none to draw"), (M, "no card to play and none to draw")]
    assert game.pending is None and game.result is not None and game.result.winner is None
    assert "(R12.7)" in game.result.reason and game.turn == 8


def test_the_position_api_plays_on_from_the_position(mini: CardSet) -> None:
    game = position(mini, states=FOUR_STATES, hands={"mccain": ["mccain-draw"], "obama": ["obama-draw", "obama-nothing-1"]},
                    decks={"mccain": ["mccain-nothing-1", "mccain-nothing-2"]}, scores={"mccain": 200})

    assert game.pending is not None and [o.id for o in game.pending.options] == ["play:mccain-draw", "draw"]
    game.answer("play:mccain-draw")
    assert game.position.players[M].hand == ["mccain-nothing-1"] and game.position.players[M].score == 200
    assert game.position.active is O and game.turn == 2 and game.pending is not None and game.pending.player is O
