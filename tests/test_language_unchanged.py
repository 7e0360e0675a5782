"""Issue 29 §3, "nothing changes for Campaign Manager 2008": as the language is split into a core
and each game's vocabulary, every bundled card, Breaking News and Going Negative result keeps the
same syntax tree (with its positions in the card file) and the same English and French rules text.
Pinned here, before the split, by a reviewed syrupy snapshot (`pytest --snapshot-update` rewrites
it; a change to it is a change of the language, to justify)."""

from __future__ import annotations

from syrupy.assertion import SnapshotAssertion

from cmdsl.games.cm2008.catalog import card_text
from cmdsl.games.cm2008.ui.keyboard_debug import _tree
from cmdsl.games.cm2008.model import CardSet

from .conftest import published_game


@published_game  # the published game's cards are what the snapshot holds
def test_every_items_tree_and_text_is_unchanged(cm2008: CardSet, snapshot: SnapshotAssertion) -> None:
    items = [*cm2008.cards.values(), *cm2008.news.values(), *cm2008.negative.values()]
    assert len(items) > 100
    dump = {str(item.id): "\n".join([_tree(item.checked.program), "EN:", card_text(item), "FR:", card_text(item, "fr")])
            for item in items}
    assert dump == snapshot
