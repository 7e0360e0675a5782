"""DM7.5 (opinion-poll auctions, DM18.10, DM18.11, DM18.21) and DM7.6 (early conversion, DM18.12)."""

from __future__ import annotations

from cmdsl.games.diemacher import events as E
from cmdsl.games.diemacher.game import game_at
from cmdsl.games.diemacher.kinds import Kind
from cmdsl.games.diemacher.parties import Party
from cmdsl.games.diemacher.position import Phase

from .conftest import DATA, answer, at_phase, texts

CDU, SPD, FDP = Party.CDU, Party.SPD, Party.FDP


def polls_game(**changes):  # type: ignore[no-untyped-def]
    pos = at_phase(Phase.POLLS)
    pos.first = 0
    pos.money = [25_000, 25_000, 25_000]
    for b in pos.boards:
        b.media = [0, 0, 0]
        b.popularity = [0, 0, 0]
    poll = next(p for p in DATA.polls if p.id == "poll-01")  # cdu +2, spd +1, fdp 0, linke −1, gruene −2
    for pile in (pos.poll_deck, pos.poll_discard):
        if poll in pile:
            pile.remove(poll)
    pos.poll_deck.append(poll)  # the top: the election board's poll (DM7.5.1, DM18.11)
    for k, v in changes.items():
        setattr(pos, k, v)
    return game_at(pos), poll


def test_dm7_5_1_dm7_5_2_dm18_11_one_poll_a_board_sold_in_election_order() -> None:
    game, poll = polls_game()
    pos = game.position
    order = pos.election_order()
    assert all(pos.boards[b].poll is not None for b in order)
    assert pos.boards[order[0]].poll == poll
    d = game.pending_decisions[0]
    assert d.player is CDU and d.kind is Kind.POLL_BID  # DM18.11: the first player opens
    assert pos.boards[order[0]].state.name in d.prompt


def test_dm7_5_3_open_bids_rise_and_a_pass_is_final() -> None:
    game, poll = polls_game()
    d = game.pending_decisions[0]
    assert [o.id for o in d.options][:3] == ["pass", "bid:1000", "bid:2000"]  # at least €1,000
    answer(game, "bid:2000", "bid:3000", "pass")
    d = game.pending_decisions[0]
    assert d.player is CDU and d.options[1].id == "bid:4000"  # above the standing bid, by €1,000
    answer(game, "bid:4000", "pass")  # SPD passes: FDP passed already and is not asked again
    state = game.position.boards[game.position.election].state.name
    assert f"CDU/CSU buys the poll of {state} for €4,000 and looks at it." in texts(game)
    assert game.position.money[0] == 21_000 and game.position.money[1] == 25_000
    assert game.position.looking == poll


def test_dm18_11_a_poll_nobody_bids_on_is_discarded_unseen() -> None:
    game, poll = polls_game()
    answer(game, "pass", "pass", "pass")
    assert poll in game.position.poll_discard
    state = game.position.boards[game.position.election].state.name
    assert f"Nobody bids: the poll of {state} is discarded unseen." in texts(game)


def test_dm7_5_4_the_buyer_sees_the_card_in_secret() -> None:
    game, poll = polls_game()
    answer(game, "bid:1000", "pass", "pass")
    seen = next(e for e in game.events if isinstance(e, E.PollSeen))
    assert seen.redacted(CDU).poll == poll and seen.redacted(SPD).poll is None
    d = game.pending_decisions[0]
    assert d.kind is Kind.POLL_USE and d.player is CDU


def test_dm7_5_4_publish_applies_up_to_k_modifiers_and_dm18_21_absent_parties_cannot_be_chosen() -> None:
    game, poll = polls_game()
    answer(game, "bid:1000", "pass", "pass")
    ids = [o.id for o in game.pending_decisions[0].options]
    assert "publish:cdu+spd" in ids and "publish:cdu+spd+fdp" not in ids  # k = 2 (DM18.10)
    assert not any("linke" in i or "gruene" in i for i in ids)  # DM18.21: not in a 3-player game
    b = game.position.election
    game.answer("publish:cdu+spd", CDU)
    assert game.position.boards[b].popularity == [2, 1, 0]
    assert poll in game.position.poll_discard and game.position.looking is None  # DM7.5.6


def test_dm7_5_4_popularity_stays_within_three() -> None:
    game, poll = polls_game()
    b = game.position.election
    game.position.boards[b].popularity[:] = [2, -3, 0]
    answer(game, "bid:1000", "pass", "pass", "publish:cdu+spd")
    assert game.position.boards[b].popularity[:2] == [3, -2]


def test_dm7_5_5_the_media_controller_ignores_a_loss_of_its_own() -> None:
    pos = at_phase(Phase.POLLS)
    poll = next(p for p in DATA.polls if p.modifier(SPD) == -2 and p.modifier(CDU) == 2)
    for pile in (pos.poll_deck, pos.poll_discard):
        if poll in pile:
            pile.remove(poll)
    pos.poll_deck.append(poll)
    pos.first, pos.money = 0, [25_000] * 3
    for bd in pos.boards:
        bd.media, bd.popularity = [0, 0, 0], [0, 0, 0]
    pos.boards[pos.election].media = [0, 2, 1]
    game = game_at(pos)
    answer(game, "bid:1000", "pass", "pass", "publish:cdu+spd")
    assert game.position.boards[pos.election].popularity[:2] == [2, 0]
    published = next(e for e in game.events if isinstance(e, E.PollPublished))
    assert published.ignored == (SPD,)


def test_dm7_5_4_dm7_5_6_a_shelved_poll_rolls_dice_for_members_and_is_never_shown() -> None:
    game, poll = polls_game()
    members = game.position.members[0]
    game.force_chance("roll:9")
    answer(game, "bid:1000", "pass", "pass", "shelve")
    assert game.position.members[0] == members + 9
    assert poll in game.position.poll_discard
    assert not any(poll.id in e.redacted(SPD).text() for e in game.events)


# ---- DM7.6: early conversion --------------------------------------------------------------------


def conversion_game(rallies: list[list[int]]):  # type: ignore[no-untyped-def]
    pos = at_phase(Phase.CONVERSION)
    pos.first = 0
    order = pos.election_order()
    for k, b in enumerate(order):
        pos.boards[b].rallies = rallies[k][:]
        pos.boards[b].votes = [0, 0, 0]
        pos.boards[b].popularity = [3, 3, 3]
        pos.boards[b].key_issue = None
    # the pool holds a card on an issue no face-up opinion of the 4th board shows: a swap is possible
    fourth = {c.issue for c in pos.boards[order[3]].face_up()}
    spare = next(c for c in pos.opinion_deck if c.issue not in fourth)
    pos.opinion_deck.remove(spare)
    pos.opinion_deck.insert(0, pos.pool.pop())
    pos.pool.append(spare)
    return game_at(pos), order


def test_dm7_6_1_dm7_6_2_reverse_election_order_at_least_five_and_never_the_election_board() -> None:
    game, order = conversion_game([[9, 9, 9], [5, 4, 0], [0, 0, 0], [6, 0, 0]])
    d = game.pending_decisions[0]
    assert d.player is CDU and game.position.boards[order[3]].state.name in d.prompt  # the 4th in line first
    assert [o.id for o in d.options] == [f"convert:{n}" for n in range(7)]
    game.answer("convert:0", CDU)  # none: DM7.6.2
    d = game.pending_decisions[0]
    assert game.position.boards[order[1]].state.name in d.prompt and d.player is CDU  # 3rd: nobody has 5
    game.answer("convert:5", CDU)
    assert game.position.boards[order[1]].rallies[0] == 0 and game.position.boards[order[1]].votes[0] > 0
    # SPD's 4 markers there are fewer than 5: it is not asked (DM7.6.2), and nobody else is.
    assert all(d.kind is not Kind.CONVERT for d in game.pending_decisions)
    assert game.position.rally_supply(0) == 18 - sum(b.rallies[0] for b in game.position.boards)


def test_dm7_6_3_an_absolute_majority_may_swap_an_opinion() -> None:
    game, order = conversion_game([[0, 0, 0], [0, 0, 0], [0, 0, 0], [6, 0, 0]])
    game.position.boards[order[3]].votes[1:] = [3, 4]
    game.answer("convert:6", CDU)
    d = game.pending_decisions[0]
    assert d.kind is Kind.OPINION_SWAP and d.player is CDU and "absolute majority" in d.prompt


def test_dm7_6_3_no_majority_no_swap() -> None:
    game, order = conversion_game([[0, 0, 0], [0, 0, 0], [0, 0, 0], [5, 0, 0]])
    game.position.boards[order[3]].votes[1:] = [20, 20]
    game.answer("convert:5", CDU)
    assert all(d.kind is not Kind.OPINION_SWAP for d in game.pending_decisions)



def test_d7_a_checkpoint_between_two_auctions_re_deals_the_polls_still_face_down() -> None:
    """DM7.5.1, DM18.26, D7: a fork resumes at the auction in progress (a checkpoint before each
    auction but the first), and a re-dealt copy there deals anew the polls still face down on
    their boards, never the real ones."""
    import random

    from cmdsl.games.diemacher.game import diemacher_of

    game = game_at(at_phase(Phase.POLLS, seed=2, players=4))
    pos = game.position
    first, second = pos.election_order()[:2]
    while game.position.boards[first].poll is not None or game.pending_decisions[0].kind is not Kind.POLL_BID:
        d = game.pending_decisions[0]
        game.answer(d.options[0].id, d.player)  # pass every bid: the first poll goes unsold
    assert game.position.boards[second].poll is not None
    answers_before = diemacher_of(game).checkpoint[1]
    assert answers_before > 0, "a checkpoint within the phase, before the second auction"
    seat = game.pending_decisions[0].player
    truth = [b.poll for b in game.position.boards if b.poll is not None]
    dealt = {tuple(b.poll for b in game.determinized(seat, random.Random(k)).position.boards if b.poll is not None)
             for k in range(20)}
    assert len(dealt) > 1 and all(len(polls) == len(truth) for polls in dealt)
    assert game.fork().position.boards[second].poll == game.position.boards[second].poll
