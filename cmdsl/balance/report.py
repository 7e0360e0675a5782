"""A run's summary as plain-text tables (the live report and ``cmdsl balance report DB``)."""

from __future__ import annotations

from .analysis import Analysis
from .compare import DEFAULT_TOP
from .compare import render as render_comparison
from .plan import RunParams
from .stats import Rate
from .summary import Summary, cards_by_lift


def pct(rate: Rate) -> str:
    return f"{100 * rate.value:5.1f}% {rate.interval.text()}" if rate.n else "    –"


def header(params: RunParams, games: int, asked: int, arm: str | None = None) -> str:
    bots = f"{params.bots[0]} vs {params.bots[1]}" + (" (changing sides)" if params.swap_sides else
                                                        " (McCain's bot first)")
    sets = "; ".join(f"{a.name}: {a.describe} ({a.fingerprint})" for a in params.arms if arm in (None, a.name))
    more = "" if games >= asked else f" of {asked} asked (`--resume` plays the rest)"
    last = params.seed + max(games, 1) - 1
    return (f"{games} games{more}; seeds {params.seed}..{last}; {params.setup} setup; first player: {params.first}; "
            f"turn limit {params.max_turns or 'none'}\nbots: {bots}\ncards: {sets}")


def render(s: Summary, top: int = 0) -> str:
    out: list[str] = []
    w = out.append
    w(f"Results ({s.games} games; rate, 95% Wilson interval)")
    for key, label in (("mccain", "McCain wins"), ("obama", "Obama wins"), ("draw", "draws")):
        r = s.wins[key]
        w(f"  {label:14} {r.k:6}  {pct(r)}")
    for bot, r in s.by_bot.items():
        w(f"  {bot} wins {r.k} {pct(r)}")
        w("    " + "; ".join(f"{seat} {x.k}/{x.n} {pct(x).strip()}" for seat, x in s.by_bot_seat[bot].items()))
    w("  endings: " + "; ".join(f"{k} ×{v}" for k, v in s.reasons.items()))
    w("")
    w(f"First player  wins {s.first_wins.k} of {s.games}  {pct(s.first_wins)}")
    for side, r in s.by_first.items():
        w(f"  {side} first: {r.n} games, McCain wins {pct(r)}")
    L = s.length
    w(f"Game length (turns): mean {L.mean:.1f}, median {L.median:g}, quartiles {L.q1:g}–{L.q3:g}, "
      f"range {L.low}–{L.high}")
    w("")
    cards, selected = cards_by_lift(s.cards, top)
    if selected:
        w(f"Cards (the {top} surely lowest and highest lifts: by their intervals' far ends; "
          "lift: its side's wins when played − when not, 95% Newcombe interval)")
    else:
        w("Cards (by lift: its side's wins when played − when not, 95% Newcombe interval)")
    w(f"  {'card':42} {'side':6} {'drafted':>7} {'played':>6} {'plays':>5}  {'won when played':23} "
      f"{'won when not':23} {'lift':>21} {'turn':>5}")
    for c in cards:
        lift = f"{100 * c.lift.estimate:+6.1f} {c.lift.interval.text(signed=True):>14}" if c.has_lift else "–"
        w(f"  {c.card:42} {c.side:6} {c.drafted:7} {c.played:6} {c.plays:5}  {pct(c.won_played):23} "
          f"{pct(c.won_not):23} {lift:>21} {c.mean_turn:5.1f}")
    if s.never_played:
        w(f"  never played ({len(s.never_played)}): " + ", ".join(s.never_played))
    w("")
    w("States won")
    w(f"  {'state':24} {'McCain':>6} {'Obama':>6}")
    for name, (m, o) in s.states.items():
        w(f"  {name:24} {m:6} {o:6}")
    w("")
    w("Breaking News: whom it helped (the side whose evaluation rose by more than 0.5 while it was carried out)")
    w(f"  {'news':44} {'drawn':>5} {'McCain':>6} {'Obama':>6} {'neither':>7}")
    for h in s.news:
        w(f"  {h.id:44} {h.count:5} {h.mccain:6} {h.obama:6} {h.neither:7}")
    w("")
    w("Going Negative: whom each result helped (the player who rolled, or the opponent who carries it out)")
    w(f"  {'roll':4} {'rolled':>6} {'roller':>6} {'carrier':>7} {'neither':>7}")
    for h in s.negative:
        w(f"  {h.id:4} {h.count:6} {h.mccain:6} {h.obama:7} {h.neither:7}")
    return "\n".join(out)


def text(a: Analysis, top: int = 0) -> str:
    """The whole text report of a run (the HTML page's twin: ``html_report.page``)."""
    if a.comparison is None:
        return header(a.params, a.games, a.asked) + "\n\n" + render(a.arms[0][1], top)
    parts = [header(a.params, a.games, a.asked), "",
             render_comparison(a.comparison, a.params.changed_cards, top or DEFAULT_TOP)]
    for arm, summary in a.arms:
        parts += ["", f"=== The {arm.name} set alone", render(summary, top)]
    return "\n".join(parts)
