"""`set hand` (a `!set` answer) takes any card of the side's pool, as scenarios can (issue "The
designer's and the player's loop", item 6): validated, recorded, and replayed the same."""

from __future__ import annotations

import pytest

from cmdsl.games.cm2008.engine import CampaignGame, campaign_game, campaign_of
from cmdsl.games.cm2008.setup import Setup
from cmdsl.games.cm2008.replay import replay
from cmdsl.games.cm2008.actions import PositionChange
from cmdsl.games.cm2008.interjections import InterjectionError, interject
from cmdsl.games.cm2008.model import CardSet, Side


def at_turn(cards: CardSet) -> CampaignGame:
    game = campaign_game(cards, 1, Setup(first="mccain"))
    assert game.pending is not None and game.pending.kind == "turn"
    return game


def outside_the_game(game: CampaignGame, side: Side) -> list[str]:
    """Cards of the side's pool that this beginner game does not play with (not starred)."""
    return [c.id for c in campaign_of(game).cards.pool(side) if c.id not in game.position.decks[side]]


def test_a_card_not_in_the_game_comes_from_the_pool_and_replays(cm2008: CardSet) -> None:
    game = at_turn(cm2008)
    p = game.position.players[Side.MCCAIN]
    extras = outside_the_game(game, Side.MCCAIN)
    extra = next(c for c in extras if not cm2008.cards[c].discard_cost)  # playable with one card
    from_deck = p.deck[0]
    interject(game, PositionChange.of({"op": "hand", "side": "mccain", "cards": [extra, from_deck]}))
    assert p.hand == [extra, from_deck] and from_deck not in p.deck
    text = game.events[-1].text()
    title, deck_title = cm2008.cards[extra].title, cm2008.cards[from_deck].title
    assert f"{title} (from the pool)" in text and f"{deck_title} (from the pool)" not in text
    # The card is in the game now: played, discarded and reshuffled like the others.
    assert extra in game.position.decks[Side.MCCAIN]
    game.answer(f"play:{extra}")
    again = replay(cm2008, game.record())
    assert again.reproduces and again.game.position.players[Side.MCCAIN].hand == p.hand


@pytest.mark.parametrize("cards,message", [
    (["obama-yes-we-can"], "set: \"obama-yes-we-can\" is not a card of McCain's pool"),
    (["mccain-drill-baby-dril"], 'did you mean "mccain-drill-baby-drill"?'),
    (["mccain-drill-baby-drill", "mccain-drill-baby-drill"], "a hand is a list of different card ids"),
])
def test_a_hand_is_still_validated(cm2008: CardSet, cards: list[str], message: str) -> None:
    game = at_turn(cm2008)
    before = (list(game.answers), [e.text() for e in game.events])
    with pytest.raises(InterjectionError) as info:
        interject(game, PositionChange.of({"op": "hand", "side": "mccain", "cards": cards}))
    assert message in str(info.value)
    assert (list(game.answers), [e.text() for e in game.events]) == before


def test_the_media_support_in_play_is_not_taken_into_a_hand(cm2008: CardSet) -> None:
    game = at_turn(cm2008)
    media = next(c.id for c in cm2008.pool(Side.MCCAIN) if c.type == "media")
    game.position.media = (media, Side.MCCAIN)  # as if it had been played earlier
    p = game.position.players[Side.MCCAIN]
    for pile in (p.hand, p.deck, p.discard):
        if media in pile:
            pile.remove(media)
    with pytest.raises(InterjectionError, match="is in play"):
        interject(game, PositionChange.of({"op": "hand", "side": "mccain", "cards": [media]}))
