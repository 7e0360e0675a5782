"""DESIGN property 21, issue 60 §3: what the server sends a seat is built from that seat's view.

Whole games of every registered game (the four bundled ones, and High Card registered as another
package would register it: a plug-in with no screen of its own, drawn from its log alone), every
seat a person with a page of its own, and a spectator's page: after every answer, every payload
each page was sent is scanned for

- the ids of every card hidden from that seat at that moment (another's hand, a deck, a card face
  down), and the English and French names of those hidden cards that no visible card shares;
- the full text of every event the seat may not see in full (where it differs from the form the
  seat sees): the generic check, which needs no card list.

A spectator may see only what every seat sees: every card hidden from some seat is hidden from it.
"""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any, Callable, Iterable, cast

import pytest

from cmdsl.game.decisions import PlayerSeat
from cmdsl.plugins import TableGame, games
from cmdsl.serve.hall import Hall, Page
from cmdsl.serve.screen import SPECTATOR
from cmdsl.serve.store import PERSON

from .helpers import Recorder, new_hall

#: card id → its names (English, French), of every card a game's position holds
Catalogue = dict[str, tuple[str, ...]]




# ---- each game's cards, and which are hidden from a seat now (read from the position: the truth) ----

def _cm2008(game: TableGame) -> tuple[Catalogue, Callable[[PlayerSeat], set[str]]]:
    from cmdsl.games.cm2008.engine import campaign_of
    cards = campaign_of(cast(Any, game)).cards
    catalogue = {c.id: (c.title, c.title_fr or c.title) for c in cards.cards.values()}
    catalogue |= {n.id: (n.title, n.title_fr or n.title) for n in cards.news.values()}

    def hidden(seat: PlayerSeat) -> set[str]:
        pos = game.position
        other = pos.players[cast(Any, seat).other]
        return {*other.hand, *other.deck, *pos.players[cast(Any, seat)].deck, *pos.news_deck}
    return catalogue, hidden


def _racolage(game: TableGame) -> tuple[Catalogue, Callable[[PlayerSeat], set[str]]]:
    from cmdsl.games.racolage.game import racolage_of
    cards = racolage_of(cast(Any, game)).cards.cards
    catalogue = {i: (c.en, c.name) for i, c in cards.items()}

    def hidden(seat: PlayerSeat) -> set[str]:
        pos = game.position
        me = game.seats.index(seat)
        return {c for i, h in enumerate(pos.hands) if i != me for c in h} | set(pos.media_deck) | set(pos.action_deck)
    return catalogue, hidden


def _lobbys(game: TableGame) -> tuple[Catalogue, Callable[[PlayerSeat], set[str]]]:
    pos = game.position.lobbys
    everything = [c for h in pos.hands for c in h] + list(pos.election_pile) + list(pos.offer_pile)
    catalogue = {c.id: (str(c),) for c in everything}

    def hidden(seat: PlayerSeat) -> set[str]:
        p = game.position.lobbys
        me = game.seats.index(seat)
        return {c.id for i, h in enumerate(p.hands) if i != me for c in h}
    return catalogue, hidden


def _diemacher(game: TableGame) -> tuple[Catalogue, Callable[[PlayerSeat], set[str]]]:
    pos = game.position
    issue_cards = [*pos.platform_deck, *pos.opinion_deck, *(c for h in pos.hand for c in h),
                   *(c for p in pos.platform for c in p), *(c for b in pos.boards for c, _ in b.opinions)]
    # Copies share their words, so ids only; every party holds the same cabinet cards (DM1.6): which
    # one a party placed face down is told by events alone (the events' check).
    catalogue: Catalogue = {c.id: () for c in issue_cards}

    def hidden(seat: PlayerSeat) -> set[str]:
        p = game.position
        me = game.seats.index(seat)
        out = {c.id for i, h in enumerate(p.hand) if i != me for c in h}
        out |= {c.id for c in [*p.platform_deck, *p.opinion_deck]}
        out |= {c.id for b in p.boards for c, up in b.opinions if not up}
        return out
    return catalogue, hidden


def _no_cards(game: TableGame) -> tuple[Catalogue, Callable[[PlayerSeat], set[str]]]:
    return {}, lambda seat: set()  # High Card's cards are numbers: the events' check covers them


CARDS = {"cm2008": _cm2008, "racolage": _racolage, "lobbys": _lobbys, "diemacher": _diemacher, "highcard": _no_cards}


# ---- the scan ---------------------------------------------------------------------------------------

def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


_TOKEN = re.compile(r"[\w:/\-]+")
#: A REPL command named in a text (`card NAME`, `board`…): the page has none of them.
REPL_COMMAND = re.compile(r"`(card|board|hand|table|log|eval|reload|save|undo|help|rules)\b")


def _named(name: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def leaks(payload: dict[str, Any], hidden_ids: set[str], hidden_names: set[str], hidden_texts: set[str]) -> list[str]:
    text = "\n".join(_strings(payload))
    found = [f"card id {i}" for i in hidden_ids & set(_TOKEN.findall(text))]
    found += [f"card name {n!r}" for n in hidden_names if _named(n, text)]
    found += [f"event {t!r}" for t in hidden_texts if t in text]
    return found


def hidden_events(game: TableGame, seat: PlayerSeat | None) -> set[str]:
    """The full text of each event the seat may not see in full, where its own form differs."""
    viewer: Any = seat if seat is not None else SPECTATOR
    out = set()
    for e in game.events:
        if not e.audience().includes(viewer):
            full = e.text()
            if full != e.redacted(viewer).text():
                out.add(full)
    return out


def known_text(game: TableGame, seat: PlayerSeat | None) -> str:
    """What the game itself lets a seat know: its view, and every event as its audience lets the seat
    see it (a card played, then shuffled back into a deck, is in the log); a spectator, every event's
    public form."""
    viewer: Any = seat if seat is not None else SPECTATOR
    return (repr(game.view(seat)) if seat is not None else "") + "\n".join(e.redacted(viewer).text() for e in game.events)


def check_pages(hall: Hall, game_id: str, pages: dict[str | None, tuple[Page, Recorder]], seen: dict[str | None, int],
                catalogue: Catalogue, hidden: Callable[[PlayerSeat], set[str]]) -> int:
    """Scan what each page was sent since the last look; the number of payloads scanned."""
    game = hall.live[game_id].game
    driver = game.driver
    secret = {s.value: hidden(s) for s in driver.seats}
    scanned = 0
    for name, (page, recorder) in pages.items():
        seat = game.seat(name) if name is not None else None
        ids = secret[name] if name is not None else set().union(*secret.values())
        visible_names = {n for i, names in catalogue.items() if i not in ids for n in names}
        names = {n for i in ids for n in catalogue.get(i, ()) if n not in visible_names}
        texts = hidden_events(driver, seat)
        for payload in recorder.sent[seen[name]:]:
            found = leaks(payload, ids, names, texts)
            if found and not texts & {f[7:-1] for f in found if f.startswith("event ")}:
                known = known_text(driver, seat)  # made only for a suspect: it is long
                tokens = set(_TOKEN.findall(known))
                found = [f for f in found if not (f.startswith("card id ") and f[8:] in tokens)
                         and not (f.startswith("card name ") and _named(f[11:-1], known))]
            assert not found, f"{game.deal.game}: the page of {name or 'a spectator'} was sent {found[:3]}"
            scanned += 1
        seen[name] = len(recorder.sent)
    return scanned


async def play_with_every_page(folder: Path, name: str, players: int, seed: int, steps: int) -> tuple[int, int, bool]:
    """A game of persons at every seat, answered at random; every page checked after every answer."""
    hall = new_hall(folder)
    seats = hall.seat_names(name, players, 0)
    deal, links = hall.create(name, players, 0, {s: PERSON for s, _ in seats}, False, seed=seed)
    pages: dict[str | None, tuple[Page, Recorder]] = {}
    for token, role in links.items():
        if role.kind in ("seat", "watch"):
            recorder = Recorder()
            pages[role.seat] = (page := await hall.join(token, recorder), recorder)
            await hall.message(deal.id, page, {"type": "text", "on": True})  # its table as text too
    live = hall.live[deal.id]
    catalogue, hidden = CARDS[name](live.game.driver)
    seen: dict[str | None, int] = {k: 0 for k in pages}
    rng = random.Random(seed)
    scanned = answered = 0
    while not live.game.driver.over and answered < steps:
        d = rng.choice(live.game.driver.pending_decisions)
        page, recorder = pages[d.player.value]
        if answered % 7 == 0:  # `?`: the page has buttons and cards on hover, none of the REPL's commands
            await hall.message(deal.id, page, {"type": "explain"})
            assert not REPL_COMMAND.search(recorder.last("explain")["text"]), recorder.last("explain")["text"]
        await hall.message(deal.id, page, {"type": "answer", "text": rng.choice(d.options).id})
        answered += 1
        scanned += check_pages(hall, deal.id, pages, seen, catalogue, hidden)
    assert all(p["type"] != "error" for _, r in pages.values() for p in r.sent), "an answer was refused"
    await hall.close()
    return answered, scanned, live.game.driver.over


TABLES = [("cm2008", 2, 1, 10_000), ("lobbys", 3, 2, 10_000), ("racolage", 3, 3, 10_000), ("highcard", 3, 4, 10_000),
          ("diemacher", 3, 5, 120)]


@pytest.mark.parametrize(("name", "players", "seed", "steps"), TABLES, ids=[t[0] for t in TABLES])
def test_no_page_is_sent_what_its_seat_may_not_see(highcard: None, tmp_path: Path, name: str, players: int,
                                                   seed: int, steps: int) -> None:
    assert set(games()) == {t[0] for t in TABLES}, "a registered game is not played here"
    answered, scanned, over = asyncio.run(play_with_every_page(tmp_path, name, players, seed, steps))
    print(f"{name}: {answered} answers, {scanned} payloads scanned, over: {over}")
    assert scanned > answered > 0
    assert over or answered == steps


@pytest.mark.deep
@pytest.mark.parametrize(("name", "players"), [("diemacher", 3), ("diemacher", 5), ("lobbys", 5), ("racolage", 4)])
def test_whole_games_at_other_tables_send_no_secret(highcard: None, tmp_path: Path, name: str, players: int) -> None:
    answered, scanned, over = asyncio.run(play_with_every_page(tmp_path, name, players, 11, 100_000))
    print(f"{name}, {players} players: {answered} answers, {scanned} payloads scanned, over: {over}")
    assert over and scanned > answered


def test_the_scan_finds_a_hidden_card_and_a_hidden_event() -> None:
    """The scan itself: a payload naming a hidden card's id, name, or an event's hidden text is caught."""
    payload = {"board": "Your hand: 7H", "log": ["Player 2 is dealt 5♥ 4♦."], "decision": None}
    assert leaks(payload, {"7H"}, set(), set()) == ["card id 7H"]
    assert leaks(payload, set(), {"5♥"}, set()) == ["card name '5♥'"]
    assert leaks(payload, set(), set(), {"Player 2 is dealt 5♥ 4♦."}) == ["event 'Player 2 is dealt 5♥ 4♦.'"]
    assert leaks(payload, {"7"}, {"aye"}, set()) == []  # whole tokens and words only
