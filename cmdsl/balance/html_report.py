"""``--report FILE``: the run's report as one self-contained HTML page (docs/balance.md, "The HTML
report"): the text report's tables as HTML tables, and its numbers as plots, embedded as base64
PNG. No external file, script or style sheet: the page can be mailed or archived alone.

Every number comes from the ``Analysis`` the text report prints; every text is escaped.
"""

from __future__ import annotations

import base64
import importlib.util
from html import escape
from pathlib import Path
from typing import Sequence

from ..atomic_file import write_atomically
from ..errors import CmdslError
from .analysis import Analysis
from .compare import ALPHA, DEFAULT_TOP, Comparison, correction_name, shown_cards
from .report import header, pct
from .summary import Summary, cards_by_lift

INSTALL = 'pip install "cmdsl[report]"'

_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 960px; margin: 2em auto; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.9em; }
th, td { padding: 0.15em 0.6em; border-bottom: 1px solid #ddd; }
th { text-align: left; background: #f4f4f4; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.flagged td { background: #d5f5e3; font-weight: bold; }  /* as the plot: green, bold */
img { max-width: 100%; display: block; margin: 0.5em 0 1em; }
.meta { color: #555; }
"""


def check(path: str) -> None:
    """Refuse ``--report`` before any game is played when the page could not be drawn or written."""
    if importlib.util.find_spec("matplotlib") is None:
        raise CmdslError(f"--report draws its plots with matplotlib, which is not installed: {INSTALL}")
    folder = Path(path).parent
    if not folder.is_dir():
        raise CmdslError(f"cannot write the report {path}: no folder {folder}")


def write(path: str, analysis: Analysis, top: int) -> None:
    """Write the page for ``analysis`` to ``path``."""
    try:
        write_atomically(Path(path), page(analysis, top))  # a full disk leaves no truncated page
    except OSError as e:
        raise CmdslError(f"cannot write the report {path}: {e.strerror or e}") from None


def page(a: Analysis, top: int) -> str:
    """The whole HTML page."""
    title = "cmdsl balance: " + (f"A/B, {a.games} paired games" if a.comparison else f"{a.games} games")
    body = [f"<h1>{escape(title)}</h1>"]
    body += [f'<p class="meta">{escape(line)}</p>' for line in header(a.params, a.games, a.asked).splitlines()]
    if a.comparison is not None:
        body.append(_comparison(a.comparison, a.params.changed_cards, top or DEFAULT_TOP))
    for arm, summary in a.arms:
        heading = f"The {arm.name} set: {arm.describe}" if a.comparison else None
        body.append(_summary(summary, top, heading, f" with the {arm.name} set" if a.comparison else ""))
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")


def _img(png: bytes, name: str, alt: str) -> str:
    data = base64.b64encode(png).decode("ascii")
    return f'<img class="plot" data-plot="{escape(name)}" alt="{escape(alt)}" src="data:image/png;base64,{data}">'


def _table(name: str, head: Sequence[str], rows: Sequence[Sequence[object]], flagged: Sequence[bool] = ()) -> str:
    """A table; numbers right-aligned; rows whose ``flagged`` is true highlighted."""
    out = [f'<table data-table="{escape(name)}">',
           "<tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>"]
    for i, row in enumerate(rows):
        cls = ' class="flagged"' if i < len(flagged) and flagged[i] else ""
        cells = "".join(f'<td class="n">{escape(str(x))}</td>' if isinstance(x, (int, float)) else
                        f"<td>{escape(str(x))}</td>" for x in row)
        out.append(f"<tr{cls}>{cells}</tr>")
    out.append("</table>")
    return "\n".join(out)


def _summary(s: Summary, top: int, heading: str | None, of: str) -> str:
    from . import plots  # matplotlib: only when a page is drawn

    out = [f"<h2>{escape(heading)}</h2>" if heading else ""]
    h = "h3" if heading else "h2"
    out.append(f"<{h}>Results</{h}>")
    out.append(_img(plots.win_rates(s, of), "win-rates", "win rates with 95% intervals"))
    rows: list[list[object]] = [[label, s.wins[k].k, pct(s.wins[k]).strip()]
                                for k, label in (("mccain", "McCain wins"), ("obama", "Obama wins"), ("draw", "draws"))]
    rows += [[f"{bot} wins", r.k, pct(r).strip()] for bot, r in s.by_bot.items()]
    rows += [[f"{bot} {seat}", f"{x.k}/{x.n}", pct(x).strip()]
             for bot in s.by_bot for seat, x in s.by_bot_seat[bot].items()]
    rows.append(["first player wins", s.first_wins.k, pct(s.first_wins).strip()])
    rows += [[f"McCain wins when {side} played first", f"{r.k}/{r.n}", pct(r).strip()] for side, r in s.by_first.items()]
    out.append(_table("results", ["", "games", "rate, 95% Wilson interval"], rows))
    out.append(_table("endings", ["ending", "games"], list(s.reasons.items())))
    out.append(f"<{h}>Game length</{h}>")
    out.append(_img(plots.length_histogram(s.length), "length", "histogram of game lengths"))
    L = s.length
    out.append(_table("length", ["mean", "median", "quartiles", "range"],
                      [[round(L.mean, 1), L.median, f"{L.q1:g}–{L.q3:g}", f"{L.low}–{L.high}"]]))
    cards, selected = cards_by_lift(s.cards, top)
    out.append(f"<{h}>Cards</{h}>")
    out.append("<p>" + escape(f"The {top} surely lowest and highest lifts (by their intervals' far ends). " if selected
                              else "") + "Lift: its side's wins when played − when not, with Newcombe's 95% interval. "
               "A dot right of the zero line: the side won more often in the games where the card was played; "
               "a line that crosses zero: chance explains it.</p>")
    out.append(_img(plots.lift_forest(cards), "lift-forest", "forest plot of each card's lift"))
    out.append(_table("cards", ["card", "side", "drafted", "played", "plays", "won when played", "won when not",
                                "lift", "turn"],
                      [[c.card, c.side, c.drafted, c.played, c.plays, pct(c.won_played).strip(), pct(c.won_not).strip(),
                        f"{100 * c.lift.estimate:+.1f} {c.lift.interval.text(signed=True)}" if c.has_lift else "–",
                        round(c.mean_turn, 1)] for c in reversed(cards)]))  # largest lift first, as the plot
    if s.never_played:
        out.append(f"<p>Never played ({len(s.never_played)}): {escape(', '.join(s.never_played))}</p>")
    out.append(f"<{h}>States won</{h}>")
    out.append(_table("states", ["state", "McCain", "Obama"], [[n, m, o] for n, (m, o) in s.states.items()]))
    out.append(f"<{h}>Breaking News</{h}><p>Whom it helped: the side whose evaluation rose by more than 0.5 "
               "while it was carried out.</p>")
    out.append(_table("news", ["news", "drawn", "McCain", "Obama", "neither"],
                      [[x.id, x.count, x.mccain, x.obama, x.neither] for x in s.news]))
    out.append(f"<{h}>Going Negative</{h}><p>Whom each result helped: the player who rolled, or the opponent "
               "who carries it out.</p>")
    out.append(_table("negative", ["roll", "rolled", "roller", "carrier", "neither"],
                      [[x.id, x.count, x.mccain, x.obama, x.neither] for x in s.negative]))
    return "\n".join(out)


def _comparison(c: Comparison, changed: Sequence[str], top: int) -> str:
    from . import plots

    out = ["<h2>A/B: what moved (new − old)</h2>",
           f"<p>{c.pairs} paired games: the same seeds, bots, setup and first player with each set. Side results: "
           "the mean of the per-seed differences with a 95% interval and an exact sign test.</p>",
           _img(plots.ab_sides(c), "ab-sides", "A/B: change of the side results with 95% intervals")]
    rows: list[list[object]] = []
    for key, label in (("mccain", "McCain wins"), ("obama", "Obama wins"), ("draw", "draws")):
        old, new = c.rates[key]
        d = c.outcomes[key]
        rows.append([label, f"{100 * old.value:.1f}%", f"{100 * new.value:.1f}%",
                     f"{100 * d.estimate:+.1f} pts {d.interval.text(signed=True)}", f"{d.p:.3g}"])
    rows.append(["game length (turns)", "", "", f"{c.length.estimate:+.1f} {c.length.interval.text(scale=1, signed=True)}",
                 f"{c.length.p:.3g}"])
    out.append(_table("ab-sides", ["", "old", "new", "change, 95% interval", "sign test p"], rows))
    if changed:
        out.append(f"<p>Cards that differ between the sets: {escape(', '.join(changed))}</p>")
    shown = shown_cards(c, changed, top)
    flagged = [x.flagged for x in shown]
    out.append(f"<h3>Cards</h3><p>{len(c.cards)} cards × 2 questions (is it played in more or fewer games; did its "
               f"lift move), p-values adjusted together by {escape(correction_name(c.correction))}; "
               f"* : adjusted p &lt; {ALPHA}.</p>")
    out.append(_img(plots.ab_cards(c, shown), "ab-cards", "A/B: per-card changes with 95% intervals"))
    out.append(_table("ab-cards", ["", "card", "played old → new", "change", "adj p", "won when played old → new",
                                   "lift change", "adj p"],
                      [["*" if x.flagged else "", x.card, f"{100 * x.played_old.value:.1f}% → {100 * x.played_new.value:.1f}%",
                        f"{100 * x.played.estimate:+.1f} {x.played.interval.text(signed=True)}", f"{x.played_adjusted:.3g}",
                        f"{100 * x.won_old.value:.1f}% → {100 * x.won_new.value:.1f}%",
                        f"{100 * x.lift.estimate:+.1f} {x.lift.interval.text(signed=True)}", f"{x.lift_adjusted:.3g}"]
                       for x in shown], flagged))
    if not any(flagged):
        out.append("<p>No card moved by more than chance explains.</p>")
    return "\n".join(out)
