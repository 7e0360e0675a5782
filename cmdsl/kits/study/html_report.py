"""``--report FILE``: a balance study's report as one self-contained HTML page (docs/balance.md,
"The HTML report"): the verdict first, the text report's tables as HTML tables (long ones folded
in ``<details>``) and its numbers as plots, embedded as base64 PNG. No external file, script or
style sheet: the page can be mailed or archived alone. The seat study's page is here, with what
every page uses; a game's own study (its plug-in's ``balance``) writes its own with these. Every
text is escaped.
"""

from __future__ import annotations

import base64
import importlib.util
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from ...atomic_file import write_atomically
from ...errors import CmdslError
from .stats import counted

class Html(str):
    """Text already made HTML (a cell holding a card's title with its id on hover): not escaped again."""

if TYPE_CHECKING:
    from .health import Health
    from .seats import SeatStudy
    from .seats_ab import SeatComparison

INSTALL = 'pip install "cmdsl[report]"'

_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 960px; margin: 2em auto; padding: 0 1em; color: #222; }
nav ol { columns: 2; }
.verdict { background: #f7f7f2; border-left: 4px solid #888; padding: 0.5em 1em; }
.verdict li { margin: 0.3em 0; }
tr.changed td { background: #fdf2d0; }
details { margin: 0.5em 0 1.5em; }
summary { cursor: pointer; color: #333; }
pre.rules { background: #f8f8f8; padding: 0.4em 0.8em; white-space: pre-wrap; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.9em; }
th, td { padding: 0.15em 0.6em; border-bottom: 1px solid #ddd; }
th { text-align: left; background: #f4f4f4; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.flagged td { background: #d5f5e3; font-weight: bold; }  /* as the plot: green, bold */
img { max-width: 100%; height: auto; display: block; margin: 0.5em 0 1em; }
.meta { color: #555; }
"""


def check(path: str) -> None:
    """Refuse ``--report`` before any game is played when the page could not be drawn or written."""
    if importlib.util.find_spec("matplotlib") is None:
        raise CmdslError(f"--report draws its plots with matplotlib, which is not installed: {INSTALL}")
    folder = Path(path).parent
    if not folder.is_dir():
        raise CmdslError(f"cannot write the report {path}: no folder {folder}")


def write_page(path: str, html: str) -> None:
    try:
        write_atomically(Path(path), html)  # a full disk leaves no truncated page
    except OSError as e:
        raise CmdslError(f"cannot write the report {path}: {e.strerror or e}") from None


def document(title: str, body: Sequence[str]) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")


def verdict_section(lines: Sequence[str]) -> str:
    return ('<section id="verdict" class="verdict"><h2>Verdict</h2><ul>'
            + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ul></section>")


def seat_page(study: "SeatStudy") -> str:
    """The seat study of any game with seats as one page: its verdict first, a plot of
    each seat's win rate with the tested bot's, and the text report's table."""
    from . import plots

    n, p = len(study.rows), study.players
    title = f"cmdsl balance: seat study of {study.title}, {p} players, {n} games"
    rows: list[list[object]] = []
    for s in range(p):
        mean = study.mean_points(s)
        rows.append([study.seat_name(s), counted(study.seat_rate(s)), counted(study.tested_rate(s)),
                     *([round(mean, 1)] if mean is not None else [])])
    meta = f"{study.tested} at one seat (seat i mod {p} in game i), {study.others} at the others"
    body = [f"<h1>{escape(title)}</h1>", f'<p class="meta">{escape(meta)}</p>',
            verdict_section(study.verdict()), '<h2 id="seats">Seats</h2>',
            img(plots.seat_rates([study.seat_name(s) for s in range(p)], [study.seat_rate(s) for s in range(p)],
                                  [study.tested_rate(s) for s in range(p)], study.tested, 1 / p),
                 "seat-rates", "each seat's win rate with 95% intervals"),
            table("seats", ["seat", "wins, all games", f"wins with {study.tested}",
                             *(["mean points"] if study.counts_points else [])], rows)]
    body += health_section(study)
    cards = study.card_lifts()
    if cards:
        shown = [c for c in cards if c.shown]
        body += ['<h2 id="cards">Cards</h2>',
                 f"<p>Lift: the win share of the seats that played the card less that of the seats that did not, in "
                 f"points, with its 95% interval and Holm-adjusted p; highlighted: beyond ±15 points with p &lt; 0.05. "
                 f"{len(cards) - len(shown)} cards played in too few games have no lift.</p>",
                 table("cards", ["card", "played (seat-games)", "lift", "95% interval", "adjusted p"],
                       [[c.name, c.played, round(100 * c.lift.estimate, 1), c.lift.interval.text(signed=True),
                         f"{c.adjusted:.2g}"] for c in shown], [c.large for c in shown])]
    return document(title, body)


def health_section(study: "SeatStudy", drawn: bool = True) -> list[str]:
    """The health measures (``health.py``) as a table: each a median, its quartiles, its range;
    with plots of the final points and of the cards' playable shares (``drawn``: matplotlib's)."""
    from . import plots

    h = study.health()
    out = ['<h2 id="health">Health</h2>', health_table(h)]
    scored = [r for r in study.rows if r.points]
    if drawn and scored:
        winners = [max(r.points[w] for w in r.winners) if r.winners else max(r.points) for r in scored]
        out.append(img(plots.points_histogram(winners, [p for r in scored for p in r.points]), "points",
                       "the final points of the winners and of every seat"))
    out += health_sentences(h)
    if h.cards:
        titles = h.titles or {}
        dead = h.dead
        out.append(f"<p>Cards: {len(h.cards)} held; dead (playable in fewer than 10% of the seat-games that held "
                   f"it, over at least 30): {len(dead) if dead else 'none'}.</p>")
        settled = [c for c in h.cards if c.known]
        if drawn and settled:
            out.append(img(plots.playable_shares([c.card for c in settled], [c.playable / c.held for c in settled],
                                                 0.10),
                           "playable", "each card's playable share of the seat-games that held it"))
        if dead:
            out.append(table("dead-cards", ["card", "held (seat-games)", "playable", "played"],
                             [[titles.get(c.card, c.card), c.held, c.playable, c.played] for c in dead]))
    return out


def health_table(h: "Health") -> str:
    """The health measures as a table: each a median, its quartiles, its range (every game's page)."""
    return table("health", ["measure", "median", "first to third quartile", "lowest to highest"],
                 [[name, f"{m.median:g}", f"{m.low:g} to {m.high:g}", f"{m.least:g} to {m.most:g}"]
                  for name, m in h.measures()])


def health_sentences(h: "Health", most: str = "") -> list[str]:
    """The tie-breaks and the leads in words (``most``: what leading is, for a game that says it)."""
    out = []
    if h.winner_points is not None:
        out.append(f"<p>Decided by a tie-break (the most points shared, one winner): {h.tie_breaks} of {h.games} "
                   "games.</p>")
    known, first, second = h.leads
    if known:
        out.append(f"<p>The winner led{f' ({most})' if most else ''} after the first third of the game in {first} "
                   f"of {known} games, after two thirds in {second}.</p>")
    return out


def ab_seat_page(ab: "SeatComparison") -> str:
    """An A/B of two sets in a seat study as one page: its verdict, the seats' shares in each set
    and their paired change, the changed cards and the cards whose lift moved most."""
    n, p = len(ab.new.rows), ab.new.players
    title = f"cmdsl balance: A/B of {ab.new.title}, {p} players, {n} paired games"
    meta = f"{ab.new_set} (new) against {ab.old_set} (old); {ab.new.tested} at one seat, {ab.new.others} at the others"
    seat_rows = [[m.name, counted(ab.old.seat_rate(s)), counted(ab.new.seat_rate(s)), round(100 * m.estimate, 1),
                  f"[{100 * m.low:+.1f}, {100 * m.high:+.1f}]", f"{m.p:.2g}"] for s, m in enumerate(ab.seat_moves())]
    moves = ab.card_moves()
    card_rows = [[m.name, round(100 * a.lift.estimate, 1) if a else "", round(100 * b.lift.estimate, 1) if b else "",
                  round(100 * m.estimate, 1), f"[{100 * m.low:+.1f}, {100 * m.high:+.1f}]"] for a, b, m in moves]
    body = [f"<h1>{escape(title)}</h1>", f'<p class="meta">{escape(meta)}</p>', verdict_section(ab.verdict()),
            '<h2 id="seats">Seats</h2>',
            table("seats", ["seat", "old set", "new set", "change (points)", "95% interval", "sign test p"], seat_rows),
            '<h2 id="cards">Cards whose lift moved</h2>',
            table("cards", ["card", "lift, old", "lift, new", "change", "95% interval"], card_rows,
                  [m.flagged for _, _, m in moves], [m.name in {ab.new.titles.get(c, c) for c in ab.changed}
                                                      for _, _, m in moves])]
    return document(title, body)


def img(png: bytes, name: str, alt: str) -> str:
    data = base64.b64encode(png).decode("ascii")
    return f'<img class="plot" data-plot="{escape(name)}" alt="{escape(alt)}" src="data:image/png;base64,{data}">'


def folded(summary: str, inner: str, open_: bool = False) -> str:
    return f"<details{' open' if open_ else ''}><summary>{escape(summary)}</summary>\n{inner}\n</details>"


def table(name: str, head: Sequence[str], rows: Sequence[Sequence[object]], flagged: Sequence[bool] = (),
           changed: Sequence[bool] = ()) -> str:
    """A table; numbers right-aligned; rows whose ``flagged`` is true highlighted, ``changed`` marked."""
    out = [f'<table data-table="{escape(name)}">',
           "<tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>"]
    for i, row in enumerate(rows):
        classes = [c for c, on in (("flagged", flagged), ("changed", changed)) if i < len(on) and on[i]]
        cls = f' class="{" ".join(classes)}"' if classes else ""
        cells = "".join(f'<td class="n">{escape(str(x))}</td>' if isinstance(x, (int, float)) else
                        f"<td>{x}</td>" if isinstance(x, Html) else f"<td>{escape(str(x))}</td>" for x in row)
        out.append(f"<tr{cls}>{cells}</tr>")
    out.append("</table>")
    return "\n".join(out)
