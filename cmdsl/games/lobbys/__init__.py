"""Lobbys: a 2–5 player trick-taking political card game with simultaneous secret picks
(rules digest: LOBBYS.md; as implemented: docs/lobbys.md). Rules are cited as L numbers.

This package is the rules only: values and pure functions, no driver, no I/O but reading its
data file. The interface a generic driver (seats 0..N−1, simultaneous secret decisions) will use:

* ``new_game(data, players, rng, people_variant=False) -> LobbysPosition`` — setup (L3) and the
  first deal (L4). ``data = load_data()`` reads ``cards/lobbys/lobbys.yaml``.
* ``seats_to_pick(pos) -> tuple[int, ...]`` — which seats must pick now: every seat at once while
  the game runs (L2.2), none when it is over. ``pick_kind(pos)`` says whether it is a vote (L5)
  or an offer (L6).
* ``legal_picks(pos, seat) -> tuple[Card, ...]`` — that seat's options: the cards of its hand,
  each once, in a stable order (``Card.id`` is a stable option id).
* ``apply_picks(pos, {seat: card, ...}, rng) -> Step`` — reveal one pick per seat together
  (L11.7: the driver collects them all before calling) and play on to the next picks: election
  (with the People draw of L10), tender, and after a round's sixth tender its scoring (L7) and
  the next deal, or the end (L8). It returns the next position and the results (``Election``,
  ``Tender``, ``RoundScore``, ``GameOver``: frozen values, ready to become events). The given
  position is never changed; illegal picks raise ``IllegalAnswer`` and change nothing.

Chance (the deals, the People draws) comes only from the ``rng`` passed in; the same seed and
picks give the same game. ``LobbysPosition.copy()`` is cheap and complete, for search.

The playable game is ``Lobbys`` (``game.py``), held by the core's driver (``cmdsl.game.driver``;
``lobbys_game`` makes one at its table, a ``LobbysGame``):
its seats are ``LobbysSeat`` members (``seats.py``), each step one ``Together`` of secret picks
(``options.py``: their kinds and options), its events in ``events.py``, the seat's view in
``view.py``, the bots' re-deal in ``determinize.py`` and estimate in ``heuristic.py``, its record
in ``record.py``; ``table.py`` holds the driver's position (the rules' position and the RNG).
docs/lobbys.md, "Playing it in code", shows the API.

Modules of the rules, one job each: ``cards`` (suits, ranks, cards, contracts), ``data`` (the game data file,
checked), ``position`` (the state value), ``picks`` (a revealed pick), ``election`` (L5, L10),
``tender`` (L6.3), ``scoring`` (L7, L8), ``rules`` (the steps above).
"""

from typing import TYPE_CHECKING

from ...lazy import lazy_names as _lazy_names

#: Each name → the module it comes from, imported when the name is first asked for (PEP 562): the
#: command line imports ``lobbys.plugin``, and so this package, without playing Lobbys (issue 34).
_NAMES = {
    "Card": ".cards",
    "Contract": ".cards",
    "Face": ".cards",
    "Suit": ".cards",
    "card": ".cards",
    "contract": ".cards",
    "LobbysData": ".data",
    "load_data": ".data",
    "Election": ".election",
    "ElectedBy": ".election",
    "hold_election": ".election",
    "Pick": ".picks",
    "LobbysPosition": ".position",
    "Phase": ".position",
    "GameOver": ".rules",
    "PickKind": ".rules",
    "Result": ".rules",
    "Step": ".rules",
    "apply_picks": ".rules",
    "legal_picks": ".rules",
    "new_game": ".rules",
    "pick_kind": ".rules",
    "seats_to_pick": ".rules",
    "RoundScore": ".scoring",
    "SeatScore": ".scoring",
    "score_round": ".scoring",
    "winners": ".scoring",
    "Tender": ".tender",
    "WonBy": ".tender",
    "resolve_tender": ".tender",
    "SEATS": ".seats",
    "LobbysSeat": ".seats",
    "seat_named": ".seats",
    "seats_for": ".seats",
    "LobbysDecisionKind": ".options",
    "LobbysRecord": ".record",
    "LobbysView": ".view",
    "SeatView": ".view",
    "LobbysGame": ".game",
    "first_difference": ".game",
    "replay": ".game",
}

if TYPE_CHECKING:  # what the names are, for type checkers (nothing is imported at run time)
    from .cards import Card, Contract, Face, Suit, card, contract
    from .data import LobbysData, load_data
    from .election import Election, ElectedBy, hold_election
    from .picks import Pick
    from .position import LobbysPosition, Phase
    from .rules import GameOver, PickKind, Result, Step, apply_picks, legal_picks, new_game, pick_kind, seats_to_pick
    from .scoring import RoundScore, SeatScore, score_round, winners
    from .tender import Tender, WonBy, resolve_tender
    from .seats import SEATS, LobbysSeat, seat_named, seats_for
    from .options import LobbysDecisionKind
    from .record import LobbysRecord
    from .view import LobbysView, SeatView
    from .game import LobbysGame, first_difference, replay

__all__ = [
    "SEATS", "LobbysDecisionKind", "LobbysGame", "LobbysRecord", "LobbysSeat", "LobbysView", "SeatView",
    "first_difference", "replay", "seat_named", "seats_for",
    "Card", "Contract", "ElectedBy", "Election", "Face", "GameOver", "LobbysData", "LobbysPosition", "Phase",
    "Pick", "PickKind", "Result", "RoundScore", "SeatScore", "Step", "Suit", "Tender", "WonBy", "apply_picks",
    "card", "contract", "hold_election", "legal_picks", "load_data", "new_game", "pick_kind", "resolve_tender",
    "score_round", "seats_to_pick", "winners",
]


__getattr__, __dir__ = _lazy_names(__name__, _NAMES, globals())
