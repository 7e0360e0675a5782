"""Secrets (L11.6, L11.7; DESIGN property 11): a seat must learn nothing of another seat's hand
or of a pick not revealed yet, through any door a controller or a bot has: ``view(seat)`` (its
fields, its ``render()`` text, its redacted log), ``fork(for_seat=seat)`` and
``determinized(seat, rng)``. Each test builds two games that differ only in what the seat may not
know, and checks the doors give the same thing for both; and, so that a test cannot pass by
looking at nothing, that the seat who *may* know sees the difference."""

from __future__ import annotations

import random
from typing import Callable

import pytest

from cmdsl.games.lobbys import LobbysGame, LobbysSeat
from cmdsl.games.lobbys.game import history, lobbys_game
from cmdsl.games.lobbys import events as E
from cmdsl.games.lobbys.table import Table

from .conftest import DATA, random_game
P1, P2, P3 = LobbysSeat.P1, LobbysSeat.P2, LobbysSeat.P3


def game(players: int = 3, seed: int = 21, steps: int = 2) -> LobbysGame:
    """A game ``steps`` steps in (the election and a tender done), with some cards revealed."""
    return random_game(seed, players, steps)


def swap_first_cards(a: int, b: int) -> Callable[[Table], None]:
    """A position change: seats ``a`` and ``b`` swap their lowest cards (another split of the
    cards they hold together)."""
    def change(table: Table) -> None:
        pos = table.lobbys.copy()
        x, y = pos.hands[a][0], pos.hands[b][0]
        pos.hands[a] = sorted([y, *pos.hands[a][1:]], key=lambda c: c.sort_key)
        pos.hands[b] = sorted([x, *pos.hands[b][1:]], key=lambda c: c.sort_key)
        table.lobbys = pos
    return change


def two_picks_of_p1() -> tuple[LobbysGame, LobbysGame]:
    """The same game in which P1 has picked two different cards, not revealed yet."""
    g1, g2 = game(), game()
    hand = g1.position.lobbys.hands[0]
    g1.answer(hand[0].id, P1)
    g2.answer(hand[1].id, P1)
    return g1, g2


# ---- view ------------------------------------------------------------------------------------------

def test_a_view_shows_nothing_of_another_seats_pick_before_the_reveal() -> None:
    """L11.7: P2 and P3 see that P1 has picked, never what; P1 sees its own pick."""
    g1, g2 = two_picks_of_p1()
    for seat in (P2, P3):
        v1, v2 = g1.view(seat), g2.view(seat)
        assert v1 == v2 and v1.render() == v2.render()
        assert [e.text() for e in v1.log] == [e.text() for e in v2.log]
        assert v1.waiting_for == (P2, P3) and not v1.of(P1).to_pick and v1.of(P2).to_pick
    assert g1.view(P1) != g2.view(P1) and g1.view(P1).render() != g2.view(P1).render()  # it can tell
    assert g1.view(P1).my_pick == g1.position.lobbys.hands[0][0] and g1.view(P1).options == ()


def test_a_view_shows_nothing_of_another_seats_hand() -> None:
    """L11.6: two games in which P1 and P3 hold their cards split differently look the same to P2,
    in every field, in its rendered table and in its log (the deals are redacted)."""
    g1, g2 = game(), game()
    g2.change_position(swap_first_cards(0, 2))
    assert g1.position.lobbys.hands != g2.position.lobbys.hands
    v1, v2 = g1.view(P2), g2.view(P2)
    assert v1 == v2 and v1.render() == v2.render()
    assert g1.view(P1) != g2.view(P1) and g1.view(P3).render() != g2.view(P3).render()  # they can tell


def test_a_view_and_its_log_name_no_card_of_another_hand_at_the_start() -> None:
    """Before anything is revealed, no card of P1's or P3's hand is written anywhere P2 can read;
    the deals of the others read "is dealt 8 cards"."""
    g = lobbys_game(5, 3, data=DATA)
    v = g.view(P2)
    text = v.render() + "\n" + "\n".join(e.text() for e in v.log)
    others = [c for s in (0, 2) for c in g.position.lobbys.hands[s]]
    assert len(others) == 16 and [c for c in others if str(c) in text] == []
    assert all(str(c) in text for c in v.hand)  # its own hand is there, so the search can find cards
    deals = [e for e in v.log if isinstance(e, (E.HandDealt, E.HandDealtRedacted))]
    assert [type(e) for e in deals] == [E.HandDealtRedacted, E.HandDealt, E.HandDealtRedacted]
    assert deals[0].text() == "Player 1 is dealt 8 cards."
    assert [d.player for d in g.pending_decisions if d.player is P2] == [P2] and v.options
    assert all(o.value in v.hand for o in v.options)


def test_the_hand_dealt_event_is_redacted_for_everyone_but_its_seat() -> None:
    e = E.HandDealt(P1, tuple(game(steps=0).position.lobbys.hands[0]))
    assert e.redacted(P1) is e
    other = e.redacted(P2)
    assert other == E.HandDealtRedacted(P1, 8) and "cards" not in vars(other)


# ---- fork(for_seat=) ------------------------------------------------------------------------------

def test_a_fork_for_a_seat_leaves_out_the_other_seats_unrevealed_picks() -> None:
    g1, g2 = two_picks_of_p1()
    f1, f2 = g1.fork(for_seat=P2), g2.fork(for_seat=P2)
    assert [d.player for d in f1.pending_decisions] == [P1, P2, P3]  # P1 must pick again there
    assert f1.answers == f2.answers and f1.position.lobbys == f2.position.lobbys
    assert f1.view(P2) == f2.view(P2)
    # P1's own fork keeps its pick; a fork for nobody in particular keeps everything.
    assert g1.fork(for_seat=P1).view(P1).my_pick == g1.view(P1).my_pick is not None
    assert history(g1.fork()) == history(g1) != history(g2.fork())
    assert len(history(g1.fork(for_seat=P2))) == len(history(g1)) - 1


# ---- determinized(seat) ---------------------------------------------------------------------------

def hide_again(seat: int, seed: int) -> Callable[[Table], None]:
    """A position change of all that ``seat`` cannot know (L11.6): the other seats' cards split
    anew at the same sizes, the Contract and People decks put in another order, the RNG's future
    changed."""
    def change(table: Table) -> None:
        rng = random.Random(seed)
        pos = table.lobbys.copy()
        others = [s for s in pos.seats if s != seat]
        pool = [c for s in others for c in pos.hands[s]]
        rng.shuffle(pool)
        for s in others:
            n = len(pos.hands[s])
            pos.hands[s], pool = sorted(pool[:n], key=lambda c: c.sort_key), pool[n:]
        rng.shuffle(pos.contract_deck)
        rng.shuffle(pos.people_deck)
        table.lobbys = pos
        table.rng.seed(seed)
    return change


@pytest.mark.parametrize("players", [3, 4])
def test_determinized_copies_depend_only_on_what_the_seat_knows(players: int) -> None:
    """L11.6: two games that differ only in what P2 cannot know (how the others hold their
    cards, the decks' order, the RNG's future, and P1's unrevealed pick) give the same
    determinized copy for P2 from the same generator: same position, same pending decisions,
    same future (played on the same way, the same log)."""
    for k in range(6):
        g1 = lobbys_game(30 + k, players, people_variant=True, data=DATA)
        g2 = lobbys_game(30 + k, players, people_variant=True, data=DATA)
        g2.change_position(hide_again(1, k))
        assert g1.position.lobbys.hands != g2.position.lobbys.hands
        assert g1.position.lobbys.hands[1] == g2.position.lobbys.hands[1]
        g1.answer(g1.position.lobbys.hands[0][0].id, P1)
        g2.answer(g2.position.lobbys.hands[0][-1].id, P1)
        g1.answer(g1.position.lobbys.hands[1][k].id, P2)  # P2's own pick is the same in both
        g2.answer(g2.position.lobbys.hands[1][k].id, P2)
        d1, d2 = g1.determinized(P2, random.Random(k)), g2.determinized(P2, random.Random(k))
        assert d1.position.lobbys == d2.position.lobbys
        assert d1.position.rng.getstate() == d2.position.rng.getstate()
        assert d1.pending_decisions == d2.pending_decisions and P2 not in [d.player for d in d1.pending_decisions]
        assert d1.view(P2) == d2.view(P2) and d1.answers == d2.answers
        rng = random.Random(3)
        while not d1.over:
            for d in d1.pending_decisions:
                a = rng.choice(d.options).id
                d1.answer(a, d.player)
                d2.answer(a, d.player)
        assert [e.text() for e in d1.events] == [e.text() for e in d2.events]
        assert g1.position.lobbys.hands != g2.position.lobbys.hands  # the real games are not changed


def test_determinized_copies_deal_the_hidden_cards_anew() -> None:
    """What P2 cannot know is dealt anew: the others' hands (the same cards together, the same
    sizes), the Contract deck's order; what it knows stays."""
    g = game(4)
    real = g.position.lobbys
    copies = [g.determinized(P2, random.Random(i)).position.lobbys for i in range(10)]
    for c in copies:
        assert c.hands[1] == real.hands[1]  # its own hand
        assert sorted(x.sort_key for s in (0, 2, 3) for x in c.hands[s]) == \
            sorted(x.sort_key for s in (0, 2, 3) for x in real.hands[s])
        assert [len(h) for h in c.hands] == [len(h) for h in real.hands]
        assert sorted(c.contract_deck, key=lambda x: x.sort_key) == sorted(real.contract_deck, key=lambda x: x.sort_key)
        assert (c.points, c.won, c.election_pile, c.offer_pile, c.contract_offer, c.trump) == \
            (real.points, real.won, real.election_pile, real.offer_pile, real.contract_offer, real.trump)
    assert any(c.hands != real.hands for c in copies)
    assert any(c.contract_deck != real.contract_deck for c in copies)


def test_with_two_players_the_opponents_hand_is_known_and_stays() -> None:
    """L11.6: at 2 players the whole Offer deck is dealt, so each seat can deduce the other's
    hand: a determinization leaves it as it is (and still re-deals the Contract deck's order)."""
    g = game(2)
    real = g.position.lobbys
    copies = [g.determinized(P1, random.Random(i)).position.lobbys for i in range(10)]
    assert all(c.hands == real.hands for c in copies)
    assert any(c.contract_deck != real.contract_deck for c in copies)


def test_a_determinized_copy_reseeds_the_future_and_keeps_its_deal_in_its_forks() -> None:
    g = game(3, steps=6)  # the last tender of round 1 is next: its reveal deals round 2
    d = g.determinized(P3, random.Random(1))
    f = d.fork()
    assert f.position.lobbys == d.position.lobbys
    rng = random.Random(0)
    picks = [(x.player, rng.choice(x.options).id) for x in d.pending_decisions]
    for game_ in (g.fork(), d, f):
        for seat, a in picks:
            if any(x.player is seat and x.find(a) for x in game_.pending_decisions):
                game_.answer(a, seat)
    assert d.position.lobbys.round == 2 and d.position.lobbys == f.position.lobbys
    assert d.position.lobbys.hands != g.fork().position.lobbys.hands  # round 2 is dealt from the new seed


@pytest.mark.parametrize("players", [3, 5])
def test_determinized_leaves_the_real_game_unchanged(players: int) -> None:
    g = game(players)
    before = (g.position.lobbys.copy(), list(g.answers), [e.text() for e in g.events], g.pending_decisions)
    g.determinized(P1, random.Random(5))
    assert (g.position.lobbys, g.answers, [e.text() for e in g.events], g.pending_decisions) == before


def test_the_evaluation_reads_nothing_the_seat_cannot_know() -> None:
    """The estimate a bot maximises is the same for two games that differ only in what the seat
    cannot see (L11.6), so it is fair on the real game too."""
    for k in range(4):
        g1, g2 = game(4, seed=40 + k, steps=3), game(4, seed=40 + k, steps=3)
        g2.change_position(hide_again(1, k))
        assert g1.position.lobbys.hands != g2.position.lobbys.hands
        assert g1.evaluate(P2) == g2.evaluate(P2)


def test_a_finished_game_is_determinized_as_a_fork() -> None:
    g = game(3, steps=21)
    assert g.over
    d = g.determinized(P1, random.Random(0))
    assert d.over and d.result == g.result
