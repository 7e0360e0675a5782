"""DM4 and DM7: the preliminary step and the campaign phases, each driven from the start of its
phase (``game_at``) with the answers a test chooses."""

from __future__ import annotations

from cmdsl.games.diemacher import events as E
from cmdsl.games.diemacher.cards import Card, Deck, Stance
from cmdsl.games.diemacher.game import diemacher_game, game_at
from cmdsl.games.diemacher.kinds import Kind
from cmdsl.games.diemacher.parties import Party
from cmdsl.games.diemacher.position import Phase

from .conftest import DATA, answer, at_phase, texts

CDU, SPD, FDP = Party.CDU, Party.SPD, Party.FDP


def pending(game):  # type: ignore[no-untyped-def]
    return game.pending_decisions[0]


# ---- DM4: the preliminary step -----------------------------------------------------------------


def test_dm4_2_dm4_3_dm18_5_column_one_grants_all_three_items_and_column_two_one_bundle() -> None:
    game = diemacher_game(11, 3, data=DATA)
    pos = game.position
    s = [b.state.id for b in pos.boards]
    # CDU: the seed's example (DM4.6) on boards 1, 1, 2 and bundle 2 with both media on board 3.
    for a in (f"board:{s[0]}", f"board:{s[0]}", f"board:{s[1]}", "bundle:2", f"board:{s[2]}", f"board:{s[2]}"):
        game.answer(a, CDU)
    for seat in (SPD, FDP):
        for a in (f"board:{s[3]}", f"board:{s[3]}", f"board:{s[3]}", "bundle:4"):
            game.answer(a, seat)
    pos = game.position
    assert pos.boards[0].popularity[0] == 1 and pos.boards[0].votes[0] == 6
    assert pos.boards[1].rallies[0] == 1 + 6
    assert pos.boards[2].media[0] == 2 and pos.members[0] == 9  # 5 → 9 (DM18.5)
    assert pos.members[1] == pos.members[2] == 5 + 12  # bundle 4: no media, +12
    assert pos.money == [25_000] * 3  # DM4.1: nothing costs money
    assert pos.phase is Phase.FIRST_PLAYER
    assert sum(isinstance(e, E.PreliminaryRevealed) for e in game.events) == 3


def test_dm4_5_after_the_preliminary_step_a_board_may_hold_more_than_five_media() -> None:
    game = diemacher_game(11, 3, data=DATA)
    s = game.position.boards[0].state.id
    for seat in (CDU, SPD):
        for a in (f"board:{s}",) * 3 + ("bundle:1",) + (f"board:{s}",) * 3:
            game.answer(a, seat)
    for a in (f"board:{s}",) * 3 + ("bundle:4",):
        game.answer(a, FDP)
    assert game.position.boards[0].media_total() == 6


# ---- DM7.1: the first-player auction -------------------------------------------------------------


def auction_game(money: list[int] | None = None):  # type: ignore[no-untyped-def]
    pos = at_phase(Phase.FIRST_PLAYER)
    if money is not None:
        pos.money = money
    return game_at(pos)


def test_dm7_1_2_dm18_2_the_single_highest_bidder_pays_and_names_the_first_player() -> None:
    game = auction_game([25_000, 25_000, 25_000])
    assert pending(game).kind is Kind.BID
    game.answer("bid:3000", CDU)
    game.answer("bid:5000", SPD)
    game.answer("bid:0", FDP)
    assert game.position.money == [25_000, 20_000, 25_000]  # DM18.2: only the winner pays
    d = pending(game)
    assert d.player is SPD and d.kind is Kind.NAME_FIRST
    game.answer("first:fdp", SPD)
    assert game.position.first == 2
    assert "SPD wins the first-player auction, pays €5,000 and names FDP first player." in texts(game)


def test_dm7_1_1_dm18_4_a_bid_is_at_most_the_party_s_money_by_1000() -> None:
    game = auction_game([7_500, 25_000, 0])
    ids = [o.id for o in next(d for d in game.pending_decisions if d.player is CDU).options]
    assert ids == [f"bid:{a}" for a in range(0, 7_001, 1_000)]


def test_dm7_1_3_tied_parties_bid_again_at_least_their_bid() -> None:
    game = auction_game()
    game.answer("bid:4000", CDU)
    game.answer("bid:4000", SPD)
    game.answer("bid:1000", FDP)
    again = {d.player: d for d in game.pending_decisions}
    assert set(again) == {CDU, SPD}  # only the tied parties
    assert again[CDU].options[0].id == "bid:4000"  # at least the previous bid
    game.answer("bid:4000", CDU)
    game.answer("bid:6000", SPD)
    assert game.position.money[1] == 25_000 - 6_000


def test_dm7_1_3_still_tied_a_die_roll_decides() -> None:
    game = auction_game()
    for seat in (CDU, SPD):
        game.answer("bid:2000", seat)
    game.answer("bid:0", FDP)
    game.force_chance("die:3")
    game.force_chance("die:5")
    for seat in (CDU, SPD):
        game.answer("bid:2000", seat)
    assert pending(game).player is SPD and pending(game).kind is Kind.NAME_FIRST
    assert game.position.money == [25_000, 23_000, 25_000]


def test_dm7_1_4_all_bids_zero_everyone_rolls() -> None:
    game = auction_game()
    game.force_chance("die:2")
    game.force_chance("die:6")
    game.force_chance("die:6")
    game.force_chance("die:1")
    game.force_chance("die:4")
    for d in list(game.pending_decisions):
        game.answer("bid:0", d.player)  # no re-bid at zero: straight to the roll-off…
    # …SPD and FDP tie on 6 and roll again: FDP's 4 beats SPD's 1.
    assert pending(game).player is FDP and pending(game).kind is Kind.NAME_FIRST
    assert game.position.money == [25_000] * 3

# ---- DM7.2: the platform conference --------------------------------------------------------------


def test_dm7_2_1_dm7_2_2_fill_to_three_then_discard_and_draw_as_many() -> None:
    pos = at_phase(Phase.PLATFORM)
    pos.first = 0
    pos.hand[0] = pos.hand[0][:1]
    game = game_at(pos)
    assert len(game.position.hand[0]) == 3  # DM7.2.1
    d = pending(game)
    assert d.kind is Kind.DISCARD and [o.id for o in d.options][:2] == ["keep", "discard:1"]
    assert len(d.options) == 8  # every subset of three cards
    kept = game.position.hand[0][2]
    game.answer("discard:1+2", CDU)
    hand = game.position.hand[0]
    assert len(hand) == 3 and hand[0] == kept
    assert len(game.position.platform_discard) >= 2


def test_dm7_2_3_one_swap_keeping_five_different_issues() -> None:
    pos = at_phase(Phase.PLATFORM)
    pos.first = 0
    shown = pos.platform[0]
    out = shown[0]
    other = next(i.id for i in DATA.issues if i.id not in {c.issue for c in shown})
    clash = Card(Deck.PLATFORM, shown[1].issue, shown[1].stance, 4)
    fresh = Card(Deck.PLATFORM, other, Stance.FOR, 4)
    for c in (clash, fresh):
        for pile in (pos.platform_deck, pos.platform_discard, *pos.hand):
            if c in pile:
                pile.remove(c)
    pos.platform_discard += pos.hand[0]
    pos.hand[0] = [clash, fresh]  # the third is drawn (DM7.2.1): hand card 3, not looked at below
    game = game_at(pos)
    game.answer("keep", CDU)
    d = pending(game)
    ids = [o.id for o in d.options]
    assert "swap:1:2" in ids  # the card on a new issue may replace any face-up card
    assert "swap:1:1" not in ids  # the clash would leave two cards on one issue…
    assert "swap:2:1" in ids  # …unless it replaces the card on its own issue
    game.answer("swap:1:2", CDU)
    assert game.position.platform[0][0] == fresh and out in game.position.platform_discard
    assert f"CDU/CSU swaps its platform card {out.id} for {fresh.id}." in texts(game)


# ---- DM7.3: media --------------------------------------------------------------------------------


def test_dm7_3_1_dm7_3_2_buy_or_pass_until_everyone_passes_in_a_row() -> None:
    pos = at_phase(Phase.MEDIA)
    pos.first = 0
    for b in pos.boards:
        b.media = [0, 0, 0]
    pos.money = [25_000, 25_000, 25_000]
    game = game_at(pos)
    s = game.position.boards[1].state.id
    answer(game, f"buy:{s}", "pass", "pass", f"buy:{s}")  # CDU buys again after the others passed
    assert game.position.money[0] == 25_000 - 2 * 4_000
    assert game.position.boards[1].media == [2, 0, 0]
    answer(game, "pass", "pass", "pass")
    assert pending(game).kind is not Kind.MEDIA  # three passes in a row end the buying
    assert texts(game).count("SPD passes (media).") == 2

def test_dm7_3_3_five_media_spaces_a_board_and_five_markers_a_party() -> None:
    pos = at_phase(Phase.MEDIA)
    pos.first = 0
    for b in pos.boards:
        b.media = [0, 0, 0]
    pos.boards[0].media = [0, 3, 2]
    pos.boards[1].media = [4, 0, 0]
    pos.money = [25_000] * 3
    game = game_at(pos)
    ids = [o.id for o in pending(game).options]
    assert f"buy:{pos.boards[0].state.id}" not in ids and f"buy:{pos.boards[1].state.id}" in ids  # board 1 is full
    answer(game, f"buy:{pos.boards[1].state.id}", "pass", "pass")
    # CDU/CSU has its 5 markers out: its only option is to pass, taken without asking.
    assert "CDU/CSU passes (media)." in texts(game)
    assert game.position.media_supply(0) == 0 and pending(game).kind is not Kind.MEDIA

def test_dm7_3_4_dm7_3_5_the_media_controller_may_swap_an_opinion_with_the_pool() -> None:
    pos = at_phase(Phase.MEDIA)
    pos.first = 0
    for b in pos.boards:
        b.media = [0, 0, 0]
    pos.boards[0].media = [2, 1, 0]
    pos.boards[1].media = [1, 1, 0]  # tied: nobody controls it (DM7.3.4)
    pos.money = [0, 0, 0]
    game = game_at(pos)
    d = pending(game)
    assert d.kind is Kind.OPINION_SWAP and d.player is CDU and pos.boards[0].state.name in d.prompt
    up = [c for c, face in game.position.boards[0].opinions if face]
    for o in d.options[1:]:
        slot, card = o.value
        others = [c for k, (c, face) in enumerate(game.position.boards[0].opinions) if face and k != slot]
        assert all(card.issue != c.issue for c in others)  # DM7.3.5
    choice = d.options[1]
    slot, card = choice.value
    pool = list(game.position.pool)
    game.answer(choice.id, CDU)
    after = game.position
    assert after.boards[0].opinions[slot] == (card, True)
    assert up[slot] in after.pool and len(after.pool) == 6
    assert after.pool.count(card) == pool.count(card) - 1


def test_dm18_12_the_key_issue_card_cannot_be_swapped() -> None:
    pos = at_phase(Phase.MEDIA)
    for b in pos.boards:
        b.media = [0, 0, 0]
    pos.boards[0].media = [2, 0, 0]
    pos.boards[0].key_issue = 0
    pos.money = [0, 0, 0]
    game = game_at(pos)
    assert all(not o.id.startswith("swap:1:") for o in pending(game).options)


# ---- DM7.4: rallies ------------------------------------------------------------------------------


def test_dm7_4_1_dm7_4_2_rallies_cost_1000_at_most_four_a_board_a_round() -> None:
    pos = at_phase(Phase.RALLIES)
    pos.first = 0
    for b in pos.boards:
        b.rallies = [1, 1, 1]
        b.placed = [0, 0, 0]
    pos.money = [25_000, 2_000, 25_000]
    pos.boards[pos.election_order()[1]].rallies[0] = 8
    game = game_at(pos)
    d = pending(game)
    assert d.kind is Kind.RALLIES and [o.id for o in d.options] == [f"rallies:{n}" for n in range(5)]
    game.answer("rallies:4", CDU)
    assert [o.id for o in pending(game).options] == ["rallies:0", "rallies:1", "rallies:2"]  # 10 a board
    answer(game, "rallies:2", "rallies:0", "rallies:0")
    assert game.position.money[0] == 25_000 - 6_000
    assert [o.id for o in pending(game).options] == ["rallies:0", "rallies:1", "rallies:2"]  # SPD: €2,000


def test_dm7_4_2_eighteen_in_supply() -> None:
    pos = at_phase(Phase.RALLIES)
    pos.first = 0
    for b in pos.boards:
        b.rallies = [0, 0, 0]
    pos.boards[0].rallies[0] = 10
    pos.boards[1].rallies[0] = 7
    pos.money = [25_000] * 3
    game = game_at(pos)
    assert max(o.value for o in pending(game).options) <= 1
