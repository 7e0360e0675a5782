"""Racolage Électoral's rules, one test per rule (RA1–RA11, ../shared/RACOLAGE.md), on the bundled
set (cards/racolage/). A game is set up with a position of the test's own (``setup``: made after
the deal), then driven by answering its decisions."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Callable

import pytest

from cmdsl.cli import main
from cmdsl.games.racolage import events as E
from cmdsl.games.racolage.game import HAND, RacolageGame, racolage_of
from cmdsl.games.racolage.game import from_record, log_text, racolage_game, rules_of
from cmdsl.games.racolage.loader import bundled_set, load_set
from cmdsl.games.racolage.position import Position
from cmdsl.games.racolage.seats import RacolageSeat
from cmdsl.games.racolage.vocabulary.nodes import Deck, Permanent

CARDS = load_set(bundled_set())
P1, P2, P3 = RacolageSeat.P1, RacolageSeat.P2, RacolageSeat.P3
# Cards of the bundled set, by what the tests need of them.
ECO_1, ECO_2 = "M01", "M04"  # Economy +1 (0 → 6), +2 (0 → 12)
ECO_3_30 = "M07"  # RA7.6: Economy +3, 3 → 30
ECO_4, ECO_9 = "M09", "M11"  # Economy +4 (8 → 35), +9 (20 → 60)
CRISIS = "A01"  # RA7.1: Crise financière, an Economy Event: every Catchphrase is discarded
ECO_PHRASE, ECO_PHRASE_2, ECO_LOGY_PHRASE = "A09", "A10", "A11"  # Catchphrases (RA7.5)
DIRECT_3 = "A19"  # a Direct Action, bonus 3
MEGALO, MEGALO_2 = "A35", "A36"  # RA7.4
BLACK_BOOK = "A28"  # a Privilege: hand limit 7


def game(setup: Callable[[Position], None], players: int = 2, seed: int = 0) -> RacolageGame:
    return racolage_game(seed, players, CARDS, setup=setup)


def answer(g: RacolageGame, *answers: str) -> None:
    for a in answers:
        assert g.pending is not None, f"no decision for {a!r}"
        g.answer(a, g.pending.player)


def options(g: RacolageGame) -> list[str]:
    assert g.pending is not None
    return [o.id for o in g.pending.options]


def of(g: RacolageGame, kind: type[E.Event]) -> list[E.Event]:
    return [e for e in g.events if isinstance(e, kind)]


def hands(*hands: list[str], media: list[str] | None = None, actions: list[str] | None = None
          ) -> Callable[[Position], None]:
    """A setup: these hands, and the decks' top cards last (the rest of each deck below them)."""
    def setup(pos: Position) -> None:
        chosen = {c for h in hands for c in h} | set(media or []) | set(actions or [])
        pool_m = [c for c in [*pos.media_deck, *(c for h in pos.hands for c in h)] if c not in chosen]
        pool_a = [c for c in pos.action_deck if c not in chosen]
        pos.hands = [list(h) for h in hands]
        pos.media_deck = pool_m + list(reversed(media or []))
        pos.action_deck = pool_a + list(reversed(actions or []))
    return setup


# ---- RA3: setup ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_RA3_3_each_player_is_dealt_five_media_cards_seen_by_them_alone(players: int) -> None:
    g = racolage_game(7, players, CARDS)
    assert [len(h) for h in g.position.hands] == [HAND] * players
    assert all(CARDS.cards[c].id.startswith("M") for h in g.position.hands for c in h)
    assert len(g.position.media_deck) == 55 - 5 * players and len(g.position.action_deck) == 51
    dealt = [e for e in g.view(P2).log if isinstance(e, E.Dealt)]
    assert dealt[0].cards == () and dealt[0].text() == "Player 1 is dealt 5 Media cards."
    assert len(dealt[1].cards) == 5  # P2's own


def test_RA3_1_and_RA3_2_each_player_has_a_party_and_the_decks_are_shuffled_apart() -> None:
    a, b = racolage_game(1, 3, CARDS), racolage_game(2, 3, CARDS)
    assert [p.id for p in racolage_of(a).parties] == [p.id for p in CARDS.parties[:3]]  # RA1.3: an avatar each
    assert a.position.action_deck != b.position.action_deck  # shuffled (RA3.2) ...
    assert sorted(a.position.action_deck) == sorted(x.id for x in CARDS.actions)  # ... apart: no Media in it
    assert all(c.startswith("M") for c in a.position.media_deck)


def test_RA3_4_the_player_left_of_the_dealer_starts_and_play_goes_clockwise() -> None:
    g = game(hands([ECO_1], [ECO_2]))
    assert g.pending is not None and g.pending.player is P1
    answer(g, "pass")  # P1: phase 1; phase 2 offers nothing but to pass (no theme is open): not asked
    assert g.pending is not None and g.pending.player is P2


# ---- RA4: a turn ------------------------------------------------------------------------------------


def test_RA4_1_phase_one_is_draw_buy_or_pass_and_a_draw_takes_the_top_media_card() -> None:
    g = game(hands([ECO_1, ECO_2], [ECO_4], media=[ECO_9]))
    assert options(g) == ["draw", "buy", "pass"]  # 1 + 2 = 3 points: one Action (RA5.1)
    answer(g, "draw")
    assert g.position.hands[0][-1] == ECO_9
    drew = of(g, E.Drew)[-1]
    assert drew.redacted(P2).text() == "Player 1 draws a Media card." and drew.text() == (
        "Player 1 draws The Davos-on-Spa Forum.")


def test_RA4_1_a_hand_worth_less_than_three_points_cannot_buy() -> None:
    g = game(hands([ECO_1, "M02"], [ECO_4]))  # two +1 cards: 2 points
    assert options(g) == ["draw", "pass"]


def test_RA4_2_an_action_then_a_media_card_in_that_order() -> None:
    # (c): the Catchphrase opens Economy, so the Media card it needs can then be placed
    g = game(hands([ECO_PHRASE, ECO_1], [ECO_2]))
    answer(g, "pass")
    assert options(g) == [f"play:{ECO_PHRASE}", "pass"]  # nothing placeable yet
    answer(g, f"play:{ECO_PHRASE}")
    assert options(g) == [f"place:{ECO_1}", "pass"]  # no second Action
    answer(g, f"place:{ECO_1}")
    assert g.position.media_spaces[0] == [ECO_1] and g.position.zones[0] == {Permanent.CATCHPHRASE: ECO_PHRASE}
    assert g.pending is not None and g.pending.player is P2  # a Media card ends phase 2


def test_RA4_3_and_RA9_1_the_hand_limit_is_checked_only_in_phase_three() -> None:
    six = ["M02", "M03", "M05", "M06", "M08", "M13"]
    g = game(hands(six, [ECO_1], media=["M14"]))
    answer(g, "draw")  # seven cards in hand during the turn; nothing to place: phase 2 asks nothing
    assert g.pending is not None and g.pending.prompt == "discard down to 5 cards (RA4.3)"
    answer(g, "discard:M02", "discard:M03")
    assert len(g.position.hands[0]) == 5 and g.pending.player is P2


def test_RA4_3_a_privilege_raises_the_hand_limit() -> None:
    seven = ["M02", "M03", "M05", "M06", "M08", "M13", BLACK_BOOK]
    g = game(hands(seven, [ECO_1]))
    answer(g, "pass", f"play:{BLACK_BOOK}")
    assert g.pending is not None and g.pending.player is P2  # six cards: within 7, nothing discarded
    assert not of(g, E.Discarded)


def test_RA4_4_and_RA6_3_a_temporary_action_is_discarded_at_the_end_of_the_turn() -> None:
    def setup(pos: Position) -> None:
        hands([MEGALO, ECO_1], [ECO_2])(pos)
        pos.event = CRISIS  # Economy is open: P1 is asked whether to place its Media card
    g = game(setup)
    answer(g, "pass", f"play:{MEGALO}")  # the only other player is chosen without asking
    assert g.position.table == [MEGALO] and g.position.skips == [0, 1]
    answer(g, "pass")
    assert g.position.table == [] and MEGALO in g.position.discard
    assert of(g, E.Discarded)[-1].text() == "The table discards Megalomaniac (a temporary Action, at the end of the turn)."


# ---- RA5: buying ---------------------------------------------------------------------------------------


def test_RA5_3_a_nine_and_a_four_buy_four_actions_and_one_point_is_lost() -> None:
    g = game(hands([ECO_9, ECO_4, ECO_1], [ECO_2], actions=["A12", "A13", "A14", "A15"]))
    answer(g, "buy")
    assert options(g) == ["buy:1", "buy:2", "buy:3", "buy:4"]  # 14 points: four at most
    answer(g, "buy:4", f"sell:{ECO_9}", f"sell:{ECO_4}")
    sold = of(g, E.Sold)[0]
    assert sold.text() == ("Player 1 sells The Davos-on-Spa Forum, The Decision-Makers' Magazine (13 points) for "
                           "4 Action cards; 1 point lost.")
    assert sorted(g.position.hands[0]) == sorted([ECO_1, "A12", "A13", "A14", "A15"])
    assert {ECO_9, ECO_4} <= set(g.position.discard)


def test_RA5_3_an_action_and_a_plus_one_media_card_make_three_points() -> None:
    g = game(hands([DIRECT_3, ECO_1], [ECO_2], actions=["A12"]))
    answer(g, "buy", f"sell:{DIRECT_3}")  # one Action only (3 points); the +1 is then the only card to sell
    assert of(g, E.Sold)[0].total == 3 and g.position.hands[0] == ["A12"]


def test_RA5_2_and_RA11_2_only_cards_in_hand_are_sold_until_the_price_is_paid() -> None:
    def setup(pos: Position) -> None:
        hands([ECO_4, ECO_1, ECO_PHRASE], [ECO_2], actions=["A12", "A13"])(pos)
        pos.media_spaces[0] = [ECO_9]  # placed: stays (RA2.2), not for sale
        pos.zones[0] = {Permanent.DIRECT: DIRECT_3}  # in the bonus zone: not for sale either
    g = game(setup)
    answer(g, "buy", "buy:2")  # 4 + 1 + 2 (an Action, RA5.3) = 7 points in hand: two Actions at most
    assert sorted(options(g)) == sorted(f"sell:{c}" for c in (ECO_4, ECO_1, ECO_PHRASE))
    answer(g, f"sell:{ECO_1}")
    assert g.pending is not None and "1 of 6 points" in g.pending.prompt  # not enough yet: no sale
    answer(g, f"sell:{ECO_PHRASE}")  # 3 of 6: the last card is sold without asking, the only one left
    assert of(g, E.Sold)[0].total == 7 and g.position.media_spaces[0] == [ECO_9]


def test_RA5_4_crise_financiere_turned_up_while_buying() -> None:
    """The text's example: a player buys one Action and turns up "Crise financière": every
    Catchphrase in play is discarded, then the player draws the Action paid for, and from now on
    every player may place Economy Media."""
    def setup(pos: Position) -> None:
        hands([ECO_4, "A12"], [ECO_1], actions=[CRISIS, "A13"])(pos)
        pos.zones[0][Permanent.CATCHPHRASE] = ECO_LOGY_PHRASE
        pos.zones[1][Permanent.CATCHPHRASE] = ECO_PHRASE
    g = game(setup)
    answer(g, "buy", "buy:1", f"sell:{ECO_4}")  # one Action: 4 points
    assert g.position.event == CRISIS and g.position.hands[0] == ["A12", "A13"]
    assert g.position.zones == [{}, {}] and {ECO_LOGY_PHRASE, ECO_PHRASE} <= set(g.position.discard)
    assert [type(e).__name__ for e in g.events][-5:] == ["Sold", "EventInPlay", "Discarded", "Discarded", "Drew"]
    answer(g, "pass")
    assert options(g) == ["draw", "pass"] and rules_of(g).theme_open("Economy", P2)  # Economy is open to everyone


def test_RA11_3_an_empty_action_deck_is_made_again_from_the_discard_piles_actions() -> None:
    def setup(pos: Position) -> None:
        hands([ECO_4], [ECO_1])(pos)
        pos.discard = ["A12", ECO_2]
        pos.action_deck = []
    g = game(setup)
    answer(g, "buy")  # one Action at most, one card to sell: nothing more is asked
    assert g.position.hands[0] == ["A12"] and of(g, E.ActionDeckReshuffled)[0].count == 1
    assert ECO_2 in g.position.discard  # Media cards stay in the discard pile


# ---- RA6: cards in play -------------------------------------------------------------------------------


@pytest.mark.parametrize("notoriety, placeable", [(2, False), (3, True), (30, True), (31, False)])
def test_RA6_1_the_range_includes_both_bounds(notoriety: int, placeable: bool) -> None:
    """The Economy +3 of range 3 → 30 (RA7.6), Economy open by the Event: offered in phase 2 only
    within the range; a bonus does not count toward it (RA11.1)."""
    def setup(pos: Position) -> None:
        hands([ECO_3_30], [ECO_1])(pos)
        pos.event = CRISIS
        pos.media_spaces[0] = _worth(notoriety)
        pos.bonus[0] = 50
    g = game(setup)
    answer(g, "pass")
    if placeable:
        assert options(g) == [f"place:{ECO_3_30}", "pass"]
    else:  # nothing to place: phase 2 asks nothing, and it is P2's turn
        assert g.pending is not None and g.pending.player is P2


def _worth(n: int) -> list[str]:
    """Media cards worth ``n`` in all (nines, then ones), none of them Economy +3."""
    ones = [m.id for m in CARDS.media if m.value == 1]
    nines = [m.id for m in CARDS.media if m.value == 9]
    space = nines[: n // 9] + ones[: n % 9]
    assert sum(CARDS.media_card(c).value for c in space) == n
    return space


def test_RA6_1_a_theme_is_open_by_the_event_or_ones_own_catchphrase() -> None:
    def setup(pos: Position) -> None:
        hands([ECO_1], [ECO_2])(pos)
        pos.zones[1][Permanent.CATCHPHRASE] = ECO_PHRASE
    g = game(setup)
    assert not rules_of(g).theme_open("Economy", P1) and rules_of(g).theme_open("Economy", P2)
    assert not rules_of(g).theme_open("Ecology", P2)


def test_RA2_4_a_permanent_replaces_the_one_of_its_type() -> None:
    def setup(pos: Position) -> None:
        hands([ECO_LOGY_PHRASE], [ECO_2])(pos)
        pos.zones[0][Permanent.CATCHPHRASE] = ECO_PHRASE
    g = game(setup)
    answer(g, "pass", f"play:{ECO_LOGY_PHRASE}")
    assert g.position.zones[0] == {Permanent.CATCHPHRASE: ECO_LOGY_PHRASE} and ECO_PHRASE in g.position.discard
    assert of(g, E.ActionPlayed)[-1].text() == ("Player 1 plays the catchphrase There Is No Planet B. "
                                                "It replaces Purchasing Power Is Sacred.")


def test_a_card_played_is_logged_in_the_third_person_with_its_own_text_quoted() -> None:
    """Issue 55 §6: the log said "Player 1 plays the temporary Fundraiser. You draw two Action
    cards.": the card's text, in the second person as printed, is quoted as the card's."""
    e = E.ActionPlayed(P1, "Fundraiser", "temporary", "You draw two Action cards.")
    assert e.text() == "Player 1 plays the temporary Fundraiser: “You draw two Action cards.”"
    e = E.ActionPlayed(P1, "Big Idea", "catchphrase", "", "Old Idea")
    assert e.text() == "Player 1 plays the catchphrase Big Idea. It replaces Old Idea."
    e = E.ActionPlayed(P1, "Who Knows?", "temporary", "You draw a card.", "Old?")
    assert e.text() == "Player 1 plays the temporary Who Knows?: “You draw a card.” It replaces Old?"


# ---- RA7.4, RA9.2, RA11.5: skipped turns ----------------------------------------------------------------


def test_RA9_2_skips_add_up_and_a_skipped_turn_is_skipped_whole() -> None:
    seven = ["M02", "M03", "M05", "M06", "M08", "M13", "M14"]
    g = game(hands([MEGALO, MEGALO_2, ECO_1], seven))
    answer(g, "pass", f"play:{MEGALO}")  # P1's turn then ends (nothing else to do); P2's is skipped
    assert [e.text() for e in of(g, E.TurnsToSkip)] == ["Player 2 will skip 1 turn (1 in all)."]
    assert [e.text() for e in of(g, E.TurnSkipped)] == ["Player 2 skips this turn."]
    assert g.pending is not None and g.pending.player is P1
    assert len(g.position.hands[1]) == 7  # RA11.5: no hand check in a skipped turn
    rules_of(g).skip_turns(P2, 1)  # RA7.4: hit twice, a player skips two turns
    answer(g, "pass", f"play:{MEGALO_2}")
    assert of(g, E.TurnsToSkip)[-1].text() == "Player 2 will skip 1 turn (2 in all)."
    assert of(g, E.TurnSkipped)[-1].text() == "Player 2 skips this turn (1 more to skip)."
    assert g.position.skips == [0, 1] and g.pending is not None and g.pending.player is P1


# ---- RA8, RA11.4, RA11.6: the end ------------------------------------------------------------------------


def test_RA8_1_the_last_media_card_starts_the_final_round() -> None:
    def setup(pos: Position) -> None:
        hands([ECO_1], [ECO_2], [ECO_4], media=["M20"])(pos)
        pos.media_deck = ["M20"]
    g = game(setup, players=3)
    answer(g, "draw")  # P1's turn ends (nothing to place); P2 can do nothing (not asked); P3 can buy
    assert [e.text() for e in of(g, E.FinalRound)] == ["Player 1 draws the last Media card: the final round starts (RA8.1)."]
    assert not g.over and g.pending is not None and g.pending.player is P3
    answer(g, "pass")
    assert g.over and g.result is not None and g.result.reason == "the final round is over (RA8.1)"
    assert [e.seat for e in of(g, E.TurnStarted)] == [P1, P2, P3]  # each other player once more


def test_RA11_4_a_last_card_drawn_in_another_players_turn_starts_it_too() -> None:
    """An effect in P1's turn makes P2 draw the last Media card: every player but P2 has one more
    turn, P1 too (whose turn it was), then the game ends."""
    def setup(pos: Position) -> None:
        hands([ECO_4, ECO_1], [ECO_2])(pos)
        pos.media_deck = ["M20"]
    g = game(setup)
    for _ in rules_of(g).draw(P2, Deck.MEDIA, 1):  # an effect's draw, in P1's turn (no decision)
        raise AssertionError("a Media draw asks nothing")
    assert g.position.final_left == {0}
    answer(g, "pass", "pass")  # P1's turn ends; P2 plays; P1 plays once more
    assert not g.over and g.pending is not None and g.pending.player is P1
    answer(g, "pass")
    assert g.over and [e.seat for e in of(g, E.TurnStarted)] == [P1, P2, P1]


def test_RA8_2_and_RA11_6_the_highest_final_notoriety_wins_and_a_tie_is_shared() -> None:
    def setup(pos: Position) -> None:
        hands([ECO_1], [ECO_2], media=["M20"])(pos)
        pos.media_deck = ["M20"]
        pos.media_spaces = [[ECO_4, ECO_2], [ECO_2]]  # 6 and 2
        pos.zones[1][Permanent.DIRECT] = DIRECT_3  # +3 at the end (RA11.1)
        pos.bonus[1] = 1  # +1 from an effect (RA11.1)
    g = game(setup)
    answer(g, "draw")  # the last card; P2 has nothing to do, then the game ends
    assert g.over and g.result is not None
    assert g.result.scores == (6, 6) and g.result.winners == (P1, P2)
    assert g.result.text() == "Game over — Player 1 and Player 2 win with 6 notoriety (the final round is over (RA8.1))."


def test_RA11_1_the_range_counts_placed_media_only_the_end_counts_the_bonuses() -> None:
    def setup(pos: Position) -> None:
        hands([ECO_1], [ECO_2])(pos)
        pos.media_spaces[0] = [ECO_4]
        pos.zones[0][Permanent.DIRECT] = DIRECT_3
        pos.bonus[0] = 2
    g = game(setup)
    assert rules_of(g).notoriety(P1) == 4 and rules_of(g).notoriety(P1, final=True) == 9


# ---- secrets, copies, bots, records -------------------------------------------------------------------


def test_a_determinization_keeps_what_the_seat_knows_and_deals_the_rest_anew() -> None:
    g = racolage_game(3, 3, CARDS)
    answer(g, "draw")
    while g.pending is not None and g.pending.player is P1:
        answer(g, g.pending.options[-1].id)
    copy = g.determinized(P2, random.Random(5))
    pos, mine = copy.position, g.position
    assert pos.hands[1] == mine.hands[1]  # P2's own hand
    assert [len(h) for h in pos.hands] == [len(h) for h in mine.hands]
    assert sorted(pos.media_deck + pos.hands[0] + pos.hands[2]) == sorted(mine.media_deck + mine.hands[0] + mine.hands[2])
    assert pos.media_deck != mine.media_deck or pos.hands[0] != mine.hands[0]
    assert copy.fork().position.hands == pos.hands  # the re-deal survives a fork


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_every_card_in_one_place(players: int) -> None:
    for seed in range(8):
        g = racolage_game(seed, players, CARDS)
        rng = random.Random(seed)
        while not g.over:
            d = g.pending
            assert d is not None
            g.answer(rng.choice(d.options).id, d.player)
        pos = g.position
        places = [*pos.media_deck, *pos.action_deck, *pos.discard, *pos.table,
                  *(c for h in pos.hands for c in h), *(c for m in pos.media_spaces for c in m),
                  *(c for z in pos.zones for c in z.values()), *([pos.event] if pos.event else [])]
        assert sorted(places) == sorted(CARDS.cards)


def test_a_record_replays_and_a_broken_one_is_one_located_error() -> None:
    from cmdsl.errors import RecordError

    g = racolage_game(5, 3, CARDS)
    rng = random.Random(1)
    while not g.over:
        d = g.pending
        assert d is not None
        g.answer(rng.choice(d.options).id, d.player)
    data = g.record()
    again = from_record(data, cards=CARDS)
    assert log_text(again) == log_text(g)
    data["answers"][3] = ["p1", "sell:nothing"]
    with pytest.raises(RecordError, match=r"record: answers\[4\]: "):
        from_record(data, cards=CARDS)
    with pytest.raises(RecordError, match="players: 2, 3 or 4"):
        from_record({**data, "players": 5}, cards=CARDS)


def test_a_fork_from_the_turns_checkpoint_plays_on_as_the_game_does() -> None:
    g = racolage_game(11, 3, CARDS)
    rng = random.Random(2)
    forks: list[tuple[RacolageGame, int]] = []
    while not g.over:
        if len(g.answers) % 17 == 5:
            forks.append((g.fork(), len(g.events)))
        d = g.pending
        assert d is not None
        g.answer(rng.choice(d.options).id, d.player)
    for copy, at in forks:
        answers = g.answers[len(copy.record()["answers"]):]
        for a in answers:
            copy.answer(a)  # one seat decides at a time: an answer is its option id
        assert copy.over and copy.result == g.result
        assert log_text(copy).splitlines()[-5:] == log_text(g).splitlines()[-5:]
        assert copy.record()["answers"] == g.record()["answers"]


def test_no_file_of_the_game_package_names_a_card() -> None:
    """Card behaviour is the set's (its data, its effects), never the package's Python."""
    from pathlib import Path

    package = Path(__file__).resolve().parents[2] / "cmdsl" / "games" / "racolage"
    names = {n.lower() for c in CARDS.cards.values() for n in (c.name, c.en) if len(n) > 4}
    ids = {c for c in CARDS.cards}
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not [n for n in names if n in text.lower()], path
        assert not [i for i in ids if f'"{i}"' in text], path


# ---- records made before a wording changed -------------------------------------------------------

RECORDS = Path(__file__).parent.parent / "data" / "records"


@pytest.mark.parametrize("name", ["racolage-before-passes-seed4.json", "racolage-seat-before-passes-seed2.json"])
def test_a_record_saved_before_passes_were_said_still_replays(name: str, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Records made at c0d2f47, before a pass was said in the log (issue 55 item 1): saying more is
    not a different game, so their logs and digests still match; another game still does not."""
    path = RECORDS / name
    played_with = ["--cards", str(RECORDS.parent / "racolage-set-before-58")]  # the bundled set of then (issue 58)
    assert main(["replay", str(path), *played_with]) == 0, capsys.readouterr()
    assert "reproduces" in capsys.readouterr().out
    data = json.loads(path.read_text())
    old_set = load_set(RECORDS.parent / "racolage-set-before-58")
    assert any("places no Media card" in e.text() for e in from_record(data, cards=old_set).events)  # today's log says them
    data["log"][5] = data["log"][5] + " (changed)"
    (tmp_path / "changed.json").write_text(json.dumps(data))
    assert main(["replay", str(tmp_path / "changed.json"), *played_with]) == 1
    assert "the log differs at event 6" in capsys.readouterr().err
