"""The balance reports' plots, drawn from the numbers the text reports print, never recomputed:
each function returns a PNG. The seat study's plot is here, with what every plot uses; a game's
own study (its plug-in's ``balance``) draws its own with these.

matplotlib is imported by this module only, which is imported only for ``--report``. Figures are
``matplotlib.figure.Figure`` objects on an Agg canvas of their own, not pyplot's: pyplot keeps
global state (the current figure, the chosen backend) that a user's own plotting would notice.
"""

from __future__ import annotations

import io
from typing import Sequence

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from .stats import Interval, Rate

NEUTRAL = "#404040"
GREY = "#7f7f7f"
DPI = 100
WIDTH = 9.0  # inches: the page's width at 100 dpi, 900 px


def png(fig: Figure) -> bytes:
    """The figure as PNG bytes, rendered by Agg."""
    FigureCanvasAgg(fig)  # attaches itself to the figure
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI)
    return buf.getvalue()


def figure(height: float) -> Figure:
    return Figure(figsize=(WIDTH, height), dpi=DPI, layout="constrained")


def errors(values: Sequence[float], intervals: Sequence[Interval], scale: float = 100.0) -> list[list[float]]:
    """matplotlib's asymmetric error bars: the distances from each value to its interval's ends
    (never below 0: at 0% Wilson's lower end is 0 give or take a rounding error, which matplotlib refuses)."""
    return [[max(0.0, scale * (v - i.low)) for v, i in zip(values, intervals)],
            [max(0.0, scale * (i.high - v)) for v, i in zip(values, intervals)]]


def seat_rates(names: Sequence[str], rates: Sequence[Rate], tested: Sequence[Rate], bot: str, fair: float) -> bytes:
    """Each seat's win rate over all games and the tested bot's there, with 95% Wilson intervals,
    against the even share (any game with seats)."""
    fig = figure(0.5 * len(names) + 1.5)
    ax = fig.add_subplot()
    y = list(range(len(names)))[::-1]
    for shift, values, colour, label in ((0.17, rates, NEUTRAL, "all games"), (-0.17, tested, GREY,
                                                                           f"with {bot}")):
        ax.barh([v + shift for v in y], [100 * r.value for r in values], height=0.32, color=colour, label=label,
                xerr=errors([r.value for r in values], [r.interval for r in values]), capsize=3)
    ax.set_yticks(y, labels=list(names))
    ax.axvline(100 * fair, color="#999999", linestyle=":", linewidth=1)
    ax.set_xlim(0, 100)
    ax.set_xlabel(f"% of games won (bars: 95% Wilson interval; dotted: an even share, {100 * fair:.0f}%)")
    ax.legend(loc="lower right", fontsize=8)
    ax.set_title("Seats", loc="left")
    return png(fig)


def points_histogram(winner: Sequence[float], everyone: Sequence[float]) -> bytes:
    """The final points of the winners and of every seat, over a study's games (health, issue 58)."""
    fig = figure(3.0)
    ax = fig.add_subplot()
    top = max([*winner, *everyone, 1])
    bins = min(30, int(top) + 1)
    ax.hist(everyone, bins=bins, range=(0, top), color=GREY, label="every seat (a seat-game each)", alpha=0.8)
    ax.hist(winner, bins=bins, range=(0, top), color=NEUTRAL, label="the winner (a game each)", alpha=0.8)
    ax.set_xlabel("final points")
    ax.set_ylabel("how many")
    ax.legend(loc="upper right", fontsize=8)
    ax.set_title("Final points", loc="left")
    return png(fig)


def playable_shares(names: Sequence[str], shares: Sequence[float], dead: float) -> bytes:
    """Each card's share of the seat-games that held it in which it was playable, least first
    (health, issue 58: a dead card is left of the dotted line)."""
    fig = figure(0.22 * len(names) + 1.2)
    ax = fig.add_subplot()
    y = list(range(len(names)))[::-1]
    ax.barh(y, [100 * v for v in shares], height=0.7, color=[GREY if v < dead else NEUTRAL for v in shares])
    for at, v in zip(y, shares):
        if v == 0:
            ax.text(0.5, at, "never", fontsize=6, va="center", color=NEUTRAL)
    ax.set_yticks(y, labels=list(names), fontsize=7)
    ax.axvline(100 * dead, color="#999999", linestyle=":", linewidth=1)
    ax.set_xlim(0, 100)
    ax.set_xlabel(f"% of the seat-games holding the card in which it was playable (dotted: {100 * dead:.0f}%)")
    ax.set_title("Cards held and playable", loc="left")
    return png(fig)
