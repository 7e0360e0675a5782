"""Secrets (RA3.3: hands are secret; the decks are face down, RA1.6; DESIGN property 11): a seat
must learn nothing of another seat's hand or of the decks' order through any door a front end or a
bot has: ``view(seat)`` (its fields, its log), the REPL's texts made from it (`table`, `hand`,
`?`: explain.py), ``determinized(seat, rng)`` and the evaluation. Each test builds two games that
differ only in what the seat may not know and checks that the doors give the same thing for both;
and, so that a test cannot pass by looking at nothing, that a seat who *may* know sees the
difference."""

from __future__ import annotations

import random
from typing import Callable

import pytest

from cmdsl.game.rng import GameRng
from cmdsl.games.racolage.ui import explain
from cmdsl.games.racolage.cards import Action, Media
from cmdsl.games.racolage.game import Kind, RacolageGame
from cmdsl.games.racolage.game import copy, racolage_game, racolage_of
from cmdsl.games.racolage.loader import bundled_set, load_set
from cmdsl.games.racolage.position import Position
from cmdsl.games.racolage.seats import RacolageSeat

CARDS = load_set(bundled_set())
P1, P2 = RacolageSeat.P1, RacolageSeat.P2


def played(seed: int, players: int, answers: int) -> RacolageGame:
    """A game ``answers`` random answers in (or over)."""
    g = racolage_game(seed, players, CARDS)
    rng = random.Random(seed)
    while not g.over and len(g.answers) < answers:
        d = g.pending
        assert d is not None
        g.answer(rng.choice(d.options).id, d.player)
    return g


def hide_again(me: int, seed: int) -> Callable[[Position], None]:
    """A change of all that seat ``me`` cannot know: each other hand's cards exchanged with the
    decks' (the same numbers of Media and Action cards in it), both decks in another order, the
    future shuffles (RA11.3) drawn from another seed."""
    def change(pos: Position) -> None:
        rng = random.Random(seed)
        others = [i for i in range(len(pos.hands)) if i != me]
        for kind, deck in ((Media, pos.media_deck), (Action, pos.action_deck)):
            pool = [*deck, *(c for i in others for c in pos.hands[i] if isinstance(CARDS.cards[c], kind))]
            rng.shuffle(pool)
            for i in others:
                keep = [c for c in pos.hands[i] if not isinstance(CARDS.cards[c], kind)]
                pos.hands[i] = [pool.pop() for _ in range(len(pos.hands[i]) - len(keep))] + keep
            deck[:] = pool
        pos.rng = GameRng(seed + 1)
    return change


def texts(g: RacolageGame, seat: RacolageSeat) -> tuple[str, str, str]:
    """What the REPL shows the player at ``seat``: the board, the hand, `?`."""
    view = g.view(seat)
    return explain.board(view, CARDS, racolage_of(g).parties), explain.hand(view, CARDS), explain.explain(view, CARDS)


def points(players: int) -> list[tuple[int, int]]:
    """(seed, answers) of many points of random games: the deal, early, mid-game, late, over."""
    return [(seed, n) for seed in range(3) for n in (0, 7, 23, 60, 140, 100_000)][: 12 if players == 4 else 18]


# ---- view, its texts, the evaluation ---------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_door_is_the_same_in_a_world_the_seat_cannot_tell_apart(players: int) -> None:
    changed = 0
    for seed, n in points(players):
        g = played(seed, players, n)
        for seat in g.seats:
            other = copy(g)
            other.change_position(hide_again(seat.index, seed * 7 + n))
            hands, others = g.position.hands, other.position.hands
            assert hands[seat.index] == others[seat.index]
            v1, v2 = g.view(seat), other.view(seat)
            assert v1 == v2, (seed, n, seat)
            assert [e.text() for e in v1.log] == [e.text() for e in v2.log]
            assert texts(g, seat) == texts(other, seat)
            assert g.evaluate(seat) == other.evaluate(seat)
            if any(hands[i] != others[i] for i in range(players) if i != seat.index):
                changed += 1
                # a seat whose hand changed sees it: the test looks at something
                assert any(g.view(s) != other.view(s) and texts(g, s)[1] != texts(other, s)[1]
                           for s in g.seats if hands[s.index] != others[s.index])
    assert changed >= len(points(players))  # the worlds did differ


def test_a_view_names_no_card_of_another_hand_at_the_deal() -> None:
    g = racolage_game(5, 4, CARDS)
    for seat in g.seats:
        shown = "\n".join([*texts(g, seat), *(e.text() for e in g.view(seat).log)])
        others = [c for i, h in enumerate(g.position.hands) if i != seat.index for c in h]
        assert len(others) == 15
        assert [c for c in others if CARDS.cards[c].en in shown or CARDS.cards[c].name in shown] == []
        assert all(CARDS.cards[c].en in shown for c in g.position.hands[seat.index])  # its own are there


# ---- the log, played on in two worlds ----------------------------------------------------------------

def swap_with_the_deck_bottom(me: int) -> Callable[[Position], None]:
    """At the deal: each other hand exchanged with five Media cards from the bottom of the deck,
    which nobody draws for a long while."""
    def setup(pos: Position) -> None:
        for i in range(len(pos.hands)):
            if i != me:
                k = 5 * (i if i < me else i - 1)
                pos.hands[i], pos.media_deck[k:k + 5] = pos.media_deck[k:k + 5], pos.hands[i]
    return setup


def quiet_answer(g: RacolageGame) -> str | None:
    """How another seat plays without showing a card of its dealt hand: it draws, lays nothing
    and discards the card it drew last at the hand check; None where it would have to show one."""
    d = g.pending
    assert d is not None
    if d.kind == Kind.DRAW:
        return "draw" if d.find("draw") else "pass"
    if d.kind == Kind.LAY:
        return "pass"
    if d.kind == Kind.HAND:
        return f"discard:{g.position.hands[d.player.index][-1]}"
    if d.kind == Kind.OPTION:
        return d.options[0].id
    return None  # an effect's discard: the card would be one of the hand


def to_my_decision(g: RacolageGame, seat: RacolageSeat) -> bool:
    """The others play quietly until ``seat`` must answer; False where one would show a card of
    its hand, or when the game is over."""
    while g.pending is not None and g.pending.player is not seat:
        answer = quiet_answer(g)
        if answer is None:
            return False
        g.answer(answer, g.pending.player)
    return g.pending is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_log_a_seat_sees_is_the_same_whatever_the_others_were_dealt(players: int) -> None:
    """Two games whose other hands were dealt differently (RA3.3), the others playing the same
    way in both, the seat answering the same: at each of its decisions the seat's view, its log,
    its REPL texts and its options are the same. The others' own views differ."""
    decisions = 0
    for seed in range(6):
        me = seed % players
        seat = racolage_game(seed, players, CARDS).seats[me]
        a = racolage_game(seed, players, CARDS)
        b = racolage_game(seed, players, CARDS, setup=swap_with_the_deck_bottom(me))
        assert a.position.hands != b.position.hands
        rng = random.Random(seed)
        while len(a.position.media_deck) > 5 * players and to_my_decision(a, seat) and to_my_decision(b, seat):
            assert a.view(seat) == b.view(seat) and texts(a, seat) == texts(b, seat)
            assert [e.text() for e in a.view(seat).log] == [e.text() for e in b.view(seat).log]
            assert a.pending == b.pending
            assert a.pending is not None
            choice = rng.choice(a.pending.options).id
            a.answer(choice, seat)
            b.answer(choice, seat)
            decisions += 1
        assert any(a.view(s).log != b.view(s).log for s in a.seats if s is not seat)  # they can tell
    assert decisions > 60


def test_a_card_drawn_is_seen_by_its_drawer_alone() -> None:
    """At many phase-1 draws of random games, the same game with another card on top of the Media
    deck: after the draw, every other seat's log is the same; the drawer's is not. (The logs are
    compared as far as both go: a phase 2 with nothing to do is not asked, so one game may have
    gone on to the next turn, saying nothing of the card.)"""
    draws = 0
    for players in (2, 3, 4):
        for seed in range(3):
            g = racolage_game(seed, players, CARDS)
            rng = random.Random(seed)
            while not g.over and len(g.position.media_deck) > 2:
                d = g.pending
                assert d is not None
                if d.kind == Kind.DRAW and d.find("draw") and rng.random() < 0.15:  # each a copy replayed twice
                    other = copy(g)
                    other.change_position(lambda pos: pos.media_deck.insert(len(pos.media_deck) - 1,
                                                                            pos.media_deck.pop(0)))
                    assert other.position.media_deck[-1] != g.position.media_deck[-1]
                    after = copy(g)
                    after.answer("draw", d.player)
                    other.answer("draw", d.player)
                    n = min(len(after.events), len(other.events))
                    for seat in g.seats:
                        logs = [[e.text() for e in x.view(seat).log[:n]] for x in (after, other)]
                        assert (logs[0] != logs[1]) == (seat is d.player)
                    draws += 1
                g.answer(rng.choice(d.options).id, d.player)
    assert draws > 25


def test_a_phase_two_with_nothing_to_do_looks_to_the_others_like_a_pass_chosen() -> None:
    """RA3.3, RA6.1: why a player could place nothing tells of their hand, so only they read it; the
    others read what a player who chose to place nothing shows them (issue 55 item 1)."""
    def economy_open(pos: Position) -> None:  # the Economy Event in play: Player 1 may place an Economy card
        pos.event = "A01"
        pos.action_deck.remove("A01")
        if not any(CARDS.media_card(c).theme == "Economy" and CARDS.media_card(c).low == 0 for c in pos.hands[0]):
            pos.hands[0][0] = next(c for c in pos.media_deck if CARDS.media_card(c).theme == "Economy"
                                   and CARDS.media_card(c).low == 0)
            pos.media_deck.remove(pos.hands[0][0])
    said = {}
    for name, setup in (("forced", None), ("chosen", economy_open)):
        g = racolage_game(1, 2, CARDS, setup=setup)
        g.answer("pass", P1)  # phase 1
        if g.pending is not None and g.pending.kind == Kind.LAY:
            assert any(o.id.startswith("place:") for o in g.pending.options)
            g.answer("pass", P1)
        said[name] = {seat: [e.text() for e in g.view(seat).log if "places no Media" in e.text()] for seat in g.seats}
    assert said["forced"][P1] == ["Player 1 places no Media card and plays no Action card: no theme is open to them "
                                  "(no Event in play, no Catchphrase; RA6.1), and they hold no Action card."]
    assert said["chosen"][P1] == said["chosen"][P2] == said["forced"][P2] == [
        "Player 1 places no Media card and plays no Action card."]


# ---- determinized(seat) -------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinized_copies_depend_only_on_what_the_seat_knows(players: int) -> None:
    """The copy a bot searches is the same for two games that differ only in what its seat cannot
    know (the other hands, the decks' order, the future shuffles), from the same generator: the
    same position, the same decisions, the same future once played on the same way. A bot is
    determinized at its own decisions only (``play_bot_move`` asks the seat whose decision it is):
    at another seat's, the decision already asked keeps its options (a discard names that seat's
    real cards), which the copy has dealt away."""
    for seed, n in points(players):
        g = played(seed, players, n)
        if g.over or g.pending is None:
            continue
        for seat in [s for s in g.seats if s is g.pending.player]:
            other = copy(g)
            other.change_position(hide_again(seat.index, seed + n))
            d1, d2 = g.determinized(seat, random.Random(n)), other.determinized(seat, random.Random(n))
            p1, p2 = d1.position, d2.position
            assert (p1.hands, p1.media_deck, p1.action_deck, p1.discard, p1.zones, p1.event) == \
                (p2.hands, p2.media_deck, p2.action_deck, p2.discard, p2.zones, p2.event)
            assert p1.rng.getstate() == p2.rng.getstate()
            assert d1.pending == d2.pending and d1.view(seat) == d2.view(seat)
            start = len(d1.events)
            rng = random.Random(seed)
            for _ in range(300):
                if d1.over:
                    break
                d = d1.pending
                assert d is not None
                a = rng.choice(d.options).id
                d1.answer(a, d.player)
                d2.answer(a, d.player)
            assert [e.text() for e in d1.events[start:]] == [e.text() for e in d2.events[start:]]


def test_determinized_copies_deal_the_hidden_cards_anew() -> None:
    """What the seat cannot see is dealt anew (the others' hands keep their numbers of Media and
    Action cards, which the log says); what it knows stays; the real game is not changed."""
    g = played(3, 4, 60)
    real = g.position.snapshot()
    copies = [g.determinized(g.seats[1], random.Random(i)).position for i in range(8)]
    kinds = [[isinstance(CARDS.cards[c], Media) for c in h] for h in real.hands]
    for c in copies:
        assert c.hands[1] == real.hands[1]
        assert [sorted(isinstance(CARDS.cards[x], Media) for x in h) for h in c.hands] == [sorted(k) for k in kinds]
        assert sorted(c.media_deck + c.action_deck + [x for i in (0, 2, 3) for x in c.hands[i]]) == \
            sorted(real.media_deck + real.action_deck + [x for i in (0, 2, 3) for x in real.hands[i]])
        assert (c.media_spaces, c.zones, c.discard, c.event) == (real.media_spaces, real.zones, real.discard, real.event)
    assert any(c.hands != real.hands for c in copies)
    assert any(c.media_deck != real.media_deck for c in copies)
    assert g.position.hands == real.hands and g.position.media_deck == real.media_deck
