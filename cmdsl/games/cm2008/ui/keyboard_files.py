"""A Campaign Manager 2008 game at the REPL, to and from a file: `save` writes it for the seat at
the keyboard (or in full), `load` goes on with it, each side played as the file says."""

from __future__ import annotations

from dataclasses import replace

from cmdsl.kits.keyboard.keyboard import KeyboardError
from cmdsl.kits.keyboard.seating import loaded
from cmdsl.sets.played_by import HUMAN

from .keyboard import CampaignSession


def save_game(s: CampaignSession, path: str, full: bool = False) -> None:
    """Save the game as a file for the human's seat (``file_view``), or, ``full``, the whole
    record (every hidden card: a bug report's), which marks the game as debugged: whoever
    reads the file sees every card."""
    from ..record import save_record
    from ..replay import seat_record
    from ..sides import SIDES
    game = s.require()
    debugged = s.debugged or full
    record = seat_record(game, "full" if full else s.file_view(), debugged)
    save_record(replace(record, played_by=tuple((side.value, s.seated[side]) for side in SIDES)), path)
    s.debugged = debugged  # only once saved: a failed save changes nothing
    s.saved = True


def continue_record(s: CampaignSession, path: str, opponent: str | None = None) -> str:
    """Go on with the game a file holds, each side played as the file says (``opponent``, a
    bot or ``human``: the other side's instead), or, in a file of before, against random."""
    from ..record import load_record
    from ..sides import SIDES, Side
    from ..replay import replay
    rec = load_record(path)
    # Other cards are allowed (the note below says so); a replay that diverges is not.
    result = replay(s.cards, rec, accept_other_cards=True)
    if not result.reproduces:
        raise KeyboardError(f"{path} does not replay with these cards: {result.reason}")
    s.game = result.game
    s.debugged = rec.debugged or s.debug
    s.seed_hidden = False  # the file holds the seed anyway
    pending = s.game.pending
    seats: tuple[Side, ...] = SIDES
    mine = next((side for side in seats if side.value == rec.view), None)  # a seat's file: that seat's player
    me = mine or next((side for side in seats if pending is not None and pending.player is side), seats[0])
    said = {Side(name): player for name, player in rec.played_by} if rec.played_by is not None else None
    if opponent is not None or said is None:
        versus = opponent or "random"
        said = {side: HUMAN if versus == HUMAN or side is me else versus for side in seats}
    s.seat(said, rec.seed)
    s.redo.clear()
    s.saved = True
    note = "" if s.cards.same_as_recorded(rec.cardset) else " (recorded with another version of the cards)"
    told = rec.played_by is not None or opponent is not None
    return loaded(path, len(rec.answers), s.who_plays(), told, note=note)
