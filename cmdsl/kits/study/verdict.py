"""The verdict at the top of a balance report, in plain words: is the game balanced between its
seats, does the first player have an edge, what is beyond chance, and how many more games would
settle the rest. Game-agnostic: the seats' names are given (docs/balance.md, "The verdict").

Every figure is one the report prints below it; "beyond chance" means a 95% interval that excludes
the even value (single run) or a flag after the run's p-value adjustment (A/B). The games needed
come from ``stats.games_to_narrow``: an interval narrows as 1/√games, at the observed rates.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from .stats import Interval, Rate, adjust, Correction, games_to_narrow
from ...values import value

#: The precision the verdict asks of a seat's win rate and of a card's lift (95% interval half-width).
SEAT_POINTS = 0.05
CARD_POINTS = 0.10


def pts(x: float) -> str:
    return f"{100 * x:.0f}"


def interval(i: Interval) -> str:
    return f"[{pts(i.low)}, {pts(i.high)}]"


def _share(r: Rate) -> str:
    return f"{100 * r.value:.0f}% {interval(r.interval)}"


@value
class CardEvidence:
    """What the verdict needs of one card: its name, lift (with interval and p), and group sizes."""

    name: str
    estimate: float
    low: float
    high: float
    p: float
    games: int  # the games the lift is measured on
    shown: bool  # both groups large enough (``stats.MIN_GAMES``)


def seat_verdict(games: int, wins: Mapping[str, Rate], draws: int, first: Rate | None,
                 cards: Sequence[CardEvidence] = ()) -> list[str]:
    """The verdict of a run: ``wins`` each seat's wins of all ``games`` (by its name), ``draws``
    the games nobody won (or shared), ``first`` the first player's wins of the decided games."""
    out: list[str] = []
    fair = 1 / len(wins)
    decided = games - draws
    beyond = [name for name, r in wins.items() if not r.interval.low <= fair <= r.interval.high]
    rates = ", ".join(f"{name} {_share(r)}" for name, r in wins.items())
    if beyond:
        favoured = max(wins, key=lambda n: wins[n].value)
        out.append(f"Not balanced: {favoured} wins more than an even share ({pts(fair)}%) beyond chance. "
                   f"Win rates of {games} games, 95% intervals: {rates}.")
    else:
        out.append(f"Balanced within chance: every seat's 95% interval holds an even share ({pts(fair)}%): {rates}.")
    out.append(f"Decided: {decided} of {games} games" + (f" ({draws} drawn or shared)." if draws else "."))
    if first is not None and first.n:
        edge = "an edge beyond chance" if not first.interval.low <= 0.5 <= first.interval.high else "no edge beyond chance"
        out.append(f"The first player wins {_share(first)} of the decided games: {edge}.")
    widest = max(wins.values(), key=lambda r: r.interval.high - r.interval.low)
    need = games_to_narrow(games, widest.interval, SEAT_POINTS)
    out.append(f"To know each seat's win rate to ±{pts(SEAT_POINTS)} points: about {need} games"
               + (f" ({need - games} more: --games {need})." if need > games else " (these are enough)."))
    if cards:
        out += card_verdict(games, cards)
    return out


def card_verdict(games: int, cards: Sequence[CardEvidence]) -> list[str]:
    """Which cards' lifts are beyond chance (Holm-adjusted over every card with a lift), and how many
    games would settle the others to ±``CARD_POINTS``."""
    shown = [c for c in cards if c.shown]
    out: list[str] = []
    hidden = len(cards) - len(shown)
    adjusted = adjust([c.p for c in shown], Correction.HOLM)
    strong = [(c, q) for c, q in zip(shown, adjusted) if q < 0.05]
    if strong:
        out.append("Cards whose lift is beyond chance (Holm-adjusted p < 0.05): " + "; ".join(
            f"{c.name} {100 * c.estimate:+.0f} [{100 * c.low:+.0f}, {100 * c.high:+.0f}]" for c, _ in strong) + ".")
    else:
        out.append(f"No card's lift is beyond chance (Holm-adjusted over {len(shown)} cards).")
    if hidden:
        out.append(f"{hidden} card{'s' if hidden != 1 else ''} played (or left out) in fewer than 10 games: "
                   "no lift is shown for them.")
    unsettled = [c for c in shown if (c.high - c.low) / 2 > CARD_POINTS]
    if unsettled:
        worst = max(unsettled, key=lambda c: c.high - c.low)
        need = games_to_narrow(games, Interval(worst.low, worst.high), CARD_POINTS)
        out.append(f"To settle every shown card's lift to ±{pts(CARD_POINTS)} points: about {need} games "
                   f"({need - games} more; the widest now is {worst.name}'s, ±{100 * (worst.high - worst.low) / 2:.0f}).")
    return out


@value
class Moved:
    """A/B: one result's change (new − old) with its interval and p-value, and whether it is flagged."""

    name: str
    estimate: float
    low: float
    high: float
    p: float
    flagged: bool


#: An A/B's verdict names each changed card's move up to this many changed cards; more: a summary
#: (the list follows the verdict).
NAMED_CHANGES = 5


def ab_verdict(pairs: int, sides: Sequence[Moved], changed: Sequence[str], cards: Sequence[Moved],
               changed_moves: Sequence[str] = (), what: str = "the side results", resumable: bool = True) -> list[str]:
    """The verdict of an A/B run: first whether the side results moved beyond chance (sign test
    p < 0.05), then what was changed (every card when a few; a count when many, the list after
    the verdict) and how the changed cards moved, which cards moved (flagged after adjustment),
    and the games that would settle the side results' change to ±``SEAT_POINTS``, as the next step."""
    moved = [m for m in sides if m.p < 0.05]
    said = "; ".join(f"{m.name} {100 * m.estimate:+.0f} points [{100 * m.low:+.0f}, {100 * m.high:+.0f}] (p={m.p:.2g})"
                     for m in sides)
    if moved:
        out = [f"{what.capitalize()} moved beyond chance over {pairs} paired games: {said}."]
    else:
        out = [f"{what.capitalize()} did not move beyond chance over {pairs} paired games: {said}."]
    if not changed:
        out.append("No card differs between the sets: any change is chance.")
    elif len(changed) <= NAMED_CHANGES:
        out.append(f"Changed: {', '.join(changed)}.")
        out += list(changed_moves)
    else:
        beyond = [line for line in changed_moves if line.endswith("beyond chance.")]
        out.append(f"Changed: {len(changed)} cards (the list and their rules text follow the verdict); "
                   + (f"{len(beyond)} of them moved beyond chance: " + " ".join(beyond) if beyond
                      else "none of them moved beyond chance on its own."))
    flagged = [m for m in cards if m.flagged]
    if flagged:
        out.append("Cards that moved beyond chance (adjusted p < 0.05): " + "; ".join(m.name for m in flagged) + ".")
    else:
        out.append("No card moved beyond chance (p-values adjusted over every card).")
    widest = max(sides, key=lambda m: m.high - m.low)
    need = games_to_narrow(pairs, Interval(widest.low, widest.high), SEAT_POINTS)
    change = "the side results' change" if what == "the side results" else f"the change of {what}"
    out.append(f"To know {change} to ±{pts(SEAT_POINTS)} points: about {need} paired games"
               + (f" ({need - pairs} more)." if need > pairs else " (these are enough)."))
    if need > pairs and not moved and not flagged:
        kept = f"; with --db the {pairs} played are kept by --resume" if resumable else ""
        out.append(f"Next: nothing has moved beyond chance yet; play {need} pairs (--games {need}{kept}) before "
                   "changing the card again.")
    return out
