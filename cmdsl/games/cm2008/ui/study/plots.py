"""Campaign Manager 2008's balance plots (the A/B study's), drawn from the numbers its text report
prints (``Summary``, ``Comparison``), never recomputed: each function returns a PNG. What every
plot uses, and the seat study's, is ``cmdsl.kits.study.plots``; matplotlib is imported only for
``--report``."""

from __future__ import annotations

import math
from typing import Sequence

from matplotlib.axes import Axes
from matplotlib.ticker import MaxNLocator

from .....kits.study.plots import GREY, NEUTRAL, errors, figure, png
from .....kits.study.stats import MIN_GAMES, Difference, Interval, Rate
from ...model import SIDES
from .compare import ALPHA, CardChange, Comparison, correction_name
from .summary import CardStats, Length, Summary

#: The seats' colours in seat order (the first red, the second blue, as the pieces), and draws grey.
COLOURS = {side.value: colour for side, colour in zip(SIDES, ("#c0392b", "#2c6fbb"))} | {"draw": GREY}
LABELS = {side.value: side.label for side in SIDES}
CHANGED = "◆ "  # marks a card whose definition differs between the sets of an A/B run
FLAGGED = "#138d75"  # green: unlike either side's colour
ROW = 0.26  # inches per card in a forest plot: 8-point names stay apart however many cards there are


def win_rates(s: Summary, of: str = "") -> bytes:
    """Each side's win rate, the draws and the first player's win rate, with 95% Wilson intervals
    (and each bot's, when the bots changed sides); ``of``: which games, in the title (A/B: the set)."""
    bars: list[tuple[str, Rate, str]] = [(f"{LABELS[k]} wins", s.wins[k], COLOURS[k]) for k in LABELS]
    bars += [("draws", s.wins["draw"], COLOURS["draw"]), ("first player wins", s.first_wins, NEUTRAL)]
    bars += [(f"{bot} wins (either side)", r, NEUTRAL) for bot, r in s.by_bot.items()]
    fig = figure(0.45 * len(bars) + 1.3)
    ax = fig.add_subplot()
    y = list(range(len(bars)))[::-1]  # the first bar on top
    values = [r.value for _, r, _ in bars]
    ax.barh(y, [100 * v for v in values], color=[c for _, _, c in bars], height=0.6,
            xerr=errors(values, [r.interval for _, r, _ in bars]), capsize=4, error_kw={"elinewidth": 1.2})
    for yi, (_, r, _) in zip(y, bars):
        ax.text(100 * r.interval.high + 1, yi, f"{100 * r.value:.1f}% ({r.k}/{r.n})", va="center", fontsize=9)
    ax.set_yticks(y, labels=[label for label, _, _ in bars])
    ax.axvline(50, color="#999999", linestyle=":", linewidth=1)
    ax.set_xlim(0, 115)  # room for the labels right of the widest interval
    ax.spines[["top", "right"]].set_visible(False)
    ax.set_xticks(range(0, 101, 10))
    ax.set_xlabel("% of games (bars: 95% Wilson interval; dotted: 50%)")
    ax.set_title(f"Results of {s.games} games{of}", loc="left")
    return png(fig)


def _forest(ax: Axes, labels: Sequence[str], diffs: Sequence[Difference], colours: Sequence[str],
            scale: float = 100.0) -> None:
    """One row per label, top to bottom: a dot at the estimate, a line across its interval."""
    y = list(range(len(labels)))[::-1]
    ax.hlines(y, [scale * d.interval.low for d in diffs], [scale * d.interval.high for d in diffs], colors=colours,
              linewidth=1.6)
    ax.scatter([scale * d.estimate for d in diffs], y, c=colours, s=20, zorder=3)
    ax.axvline(0, color="#999999", linewidth=1)
    ax.set_yticks(y, labels=labels, fontsize=8)
    for tick, colour in zip(ax.get_yticklabels(), colours):
        tick.set_color(colour)
    ax.set_ylim(-0.7, len(labels) - 0.3)
    ax.grid(axis="x", color="#e5e5e5")
    ax.set_axisbelow(True)


def lift_forest(cards: Sequence[CardStats], titles: dict[str, str] | None = None) -> bytes:
    """Each given card's lift (its side's win rate when played − when not, in points) with Newcombe's
    95% interval, in the order given (strongest evidence on top); cards without a lift (fewer than
    ``MIN_GAMES`` games played or not) are left out."""
    titles = titles or {}
    with_lift = [c for c in cards if c.has_lift]
    fig = figure(max(ROW * len(with_lift) + 1.4, 2.2))
    ax = fig.add_subplot()
    if not with_lift:
        ax.text(0.5, 0.5, "no card was played in some games and not in others: no lift to show",
                ha="center", va="center", transform=ax.transAxes)
        ax.set_axis_off()
        return png(fig)
    _forest(ax, [titles.get(c.card, c.card) for c in with_lift], [c.lift for c in with_lift],
            [COLOURS[c.side] for c in with_lift])
    right = ax.twinx()  # each row's numbers, right of the plot, for reading without a ruler
    right.set_ylim(ax.get_ylim())
    right.set_yticks(ax.get_yticks(), labels=[f"{100 * c.lift.estimate:+.1f} {c.lift.interval.text(signed=True)}"
                                              f"  played {c.won_played.n}" for c in with_lift], fontsize=8)
    ax.set_xlabel("lift: its side's wins when played − when not (points; line: 95% Newcombe interval)")
    sides = ", ".join(f"{name}: {LABELS[k]}'s cards" for k, name in zip(LABELS, ("red", "blue")))
    ax.set_title(f"Cards, strongest evidence on top ({sides}; at least {MIN_GAMES} games played and not)", loc="left",
                 fontsize=10)
    return png(fig)


def length_histogram(length: Length) -> bytes:
    """How many games lasted how many turns, with the median and quartiles marked."""
    fig = figure(3.2)
    ax = fig.add_subplot()
    turns = length.turns
    if turns:
        width = max(1, math.ceil((length.high - length.low + 1) / 40))  # at most about 40 bars
        edges = [length.low - 0.5 + width * i for i in range((length.high - length.low) // width + 2)]
        ax.hist(turns, bins=edges, color="#8faadc", edgecolor="white")
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # counts of games: no 2.5
        for x, style in ((length.median, "-"), (length.q1, "--"), (length.q3, "--")):
            ax.axvline(x, color=NEUTRAL, linestyle=style, linewidth=1.2)
    ax.set_xlabel("game length (turns; each player's turn counts one)")
    ax.set_ylabel("games")
    ax.set_title(f"Game length: mean {length.mean:.1f} turns, median {length.median:g} (solid line), quartiles "
                 f"{length.q1:g}–{length.q3:g} (dashed), range {length.low}–{length.high}", loc="left", fontsize=11)
    return png(fig)


def ab_sides(c: Comparison) -> bytes:
    """The paired changes (new − old, per seed) of the side results, with their 95% intervals."""
    fig = figure(2.6)
    left, right = fig.subplots(1, 2, width_ratios=[2, 1])
    keys = (*LABELS, "draw")
    _forest(left, [*(f"{LABELS[k]} wins" for k in LABELS), "draws"], [c.outcomes[k] for k in keys],
            [COLOURS[k] for k in keys])
    for tick in left.get_yticklabels():
        tick.set_fontsize(10)
    left.set_xlabel("change, new − old (points; 95% interval, paired by seed)")
    left.set_title(f"A/B: {c.pairs} paired games", loc="left")
    _forest(right, ["game length"], [c.length], [NEUTRAL], scale=1.0)
    right.set_xlabel("change (turns)")
    for tick in right.get_yticklabels():
        tick.set_fontsize(10)
    return png(fig)


def ab_cards(c: Comparison, shown: Sequence[CardChange], changed: Sequence[str] = (),
             titles: dict[str, str] | None = None) -> bytes:
    """Per shown card, the change of the games it is played in and of its lift (new − old, points,
    95% intervals); flagged cards (adjusted p < ALPHA) marked * and drawn in green; changed cards
    marked ◆ (and listed first by ``shown_cards``)."""
    titles = titles or {}
    fig = figure(ROW * max(len(shown), 1) + 1.6)
    played, lift = fig.subplots(1, 2, sharey=True)
    if not shown:
        played.set_axis_off()
        lift.set_axis_off()
        return png(fig)
    colours = [FLAGGED if x.flagged else COLOURS[x.side] for x in shown]
    labels = [("* " if x.flagged else "") + (CHANGED if x.card in changed else "") + titles.get(x.card, x.card)
              for x in shown]
    _forest(played, labels, [x.played for x in shown], colours)
    # a lift change measured on fewer than MIN_GAMES games in a group is not drawn: a grey dot at 0
    nothing = Difference(0.0, Interval(0.0, 0.0), 1.0)
    _forest(lift, labels, [x.lift if x.has_lift else nothing for x in shown],
            [c if x.has_lift else "#bbbbbb" for c, x in zip(colours, shown)])
    played.set_xlabel("games played in: change (points)")
    lift.set_xlabel(f"lift change (points; grey: < {MIN_GAMES} games in a group)")
    lift.tick_params(axis="y", left=False)
    for tick, x in zip(played.get_yticklabels(), shown):
        tick.set_fontweight("bold" if x.flagged or x.card in changed else "normal")
    fig.suptitle(f"Cards, new − old; {CHANGED}changed (first); * (green, bold): adjusted p < {ALPHA} "
                 f"({correction_name(c.correction)}, {len(c.cards)} cards × 2 questions)", x=0.01, ha="left",
                 fontsize=11)
    return png(fig)
