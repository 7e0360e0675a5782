"""A run's summary as plain-text tables (the live report and ``cmdsl balance report DB``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence

from ...model import SIDES
from .analysis import Analysis
from .compare import DEFAULT_TOP, Comparison, looked_text
from .compare import render as render_comparison
from .plan import NEW, OLD, Change, RunParams
from .....kits.study.health import Health
from .....kits.study.stats import MIN_GAMES, Rate, counted, pct
from .summary import CardStats, Summary, cards_by_lift
from .....kits.study.verdict import CardEvidence, Moved, ab_verdict, seat_verdict


#: A changed card played in at least this share of the games of both sets has the side result as its
#: effect in an A/B (its lift, with and without it, has too few games without it to be measured).
NEARLY_EVERY = 0.9

#: Each seat's name, by the key its results are stored under.
LABELS = {side.value: side.label for side in SIDES}


def card_name(card: str, titles: Mapping[str, str]) -> str:
    """A card as a reader knows it: its title (its id when the run kept no titles)."""
    return titles.get(card, card)


def verdict(s: Summary, titles: Mapping[str, str] = {}) -> list[str]:
    """The single run's verdict (``verdict.seat_verdict``) from its summary."""
    wins = {side.label: s.wins[side.value] for side in SIDES}
    draws = int(s.wins["draw"].k)  # whole games: a two-sided game has no shared win
    decided_first = Rate(s.first_wins.k, s.games - draws)
    cards = [CardEvidence(card_name(c.card, titles), c.lift.estimate, c.lift.interval.low, c.lift.interval.high, c.lift.p,
                          s.games, c.has_lift) for c in s.cards]
    return seat_verdict(s.games, wins, draws, decided_first, cards)


def comparison_verdict(c: Comparison, changes: Sequence[Change], titles: Mapping[str, str] = {}) -> list[str]:
    """The A/B verdict (``verdict.ab_verdict``) from the comparison."""
    sides = [Moved(f"{side.label}'s wins", d.estimate, d.interval.low, d.interval.high, d.p, d.p < 0.05)
             for side in SIDES for d in [c.outcomes[side.value]]]
    cards = [Moved(card_name(x.card, titles), x.lift.estimate, x.lift.interval.low, x.lift.interval.high,
                   min(x.played_adjusted, x.lift_adjusted), x.flagged) for x in c.cards]
    by_card = {x.card: x for x in c.cards}
    moves = []
    for ch in changes:
        x = by_card.get(ch.card)
        if x is None:
            moves.append(f"{ch.title} was played in no game of either set.")
            continue
        played = (f"{ch.title}: played in {x.played_old.k} → {x.played_new.k} of {x.played_new.n} games "
                  f"({100 * x.played.estimate:+.0f} points {x.played.interval.text(signed=True)})")
        if min(x.played_old.value, x.played_new.value) >= NEARLY_EVERY and len(changes) == 1:
            # Played in nearly every game of both sets, it is the only difference: the paired side
            # result is its effect (its lift cannot be measured: almost no game goes without it).
            side = max(sides, key=lambda m: abs(m.estimate))
            moves.append(f"{played}: in nearly every game, so the side results' change is its effect: {side.name} "
                         f"{100 * side.estimate:+.0f} points [{100 * side.low:+.0f}, {100 * side.high:+.0f}]; "
                         + ("beyond chance." if side.p < 0.05 else "within chance."))
            continue
        lift = (f"its lift moved {100 * x.lift.estimate:+.0f} points {x.lift.interval.text(signed=True)}"
                if x.has_lift else f"its lift is not measured (fewer than {MIN_GAMES} games in a group)")
        moves.append(f"{played}; {lift}; " + ("beyond chance." if x.flagged else "within chance."))
    return ab_verdict(c.pairs, sides, [f"{ch.title} ({ch.card})" for ch in changes], cards, moves)


def changes_text(changes: Sequence[Change]) -> list[str]:
    """Each changed card's rules text in each set."""
    out = []
    for ch in changes:
        out.append(f"  {ch.title} ({ch.card})")
        for label, text in (("old", ch.old), ("new", ch.new)):
            lines = text.splitlines() or ["(not in this set)"]
            out += [f"    {label if i == 0 else '':4} {line}" for i, line in enumerate(lines)]
    return out


def header(params: RunParams, games: int, asked: int, arm: str | None = None) -> str:
    bots = f"{params.bots[0]} vs {params.bots[1]}" + (" (changing sides)" if params.swap_sides else
                                                        f" ({LABELS[SIDES[0].value]}'s bot first)")
    sets = "; ".join(f"{a.name}: {a.describe} ({a.fingerprint})" for a in params.arms if arm in (None, a.name))
    more = "" if games >= asked else f" of {asked} asked (`--resume` plays the rest)"
    last = params.seed + max(games, 1) - 1
    return (f"{games} games{more}; seeds {params.seed}..{last}; {params.setup} setup; first player: {params.first}; "
            f"turn limit {params.max_turns or 'none'}\nbots: {bots}\ncards: {sets}")


def render(s: Summary, top: int = 0, titles: Mapping[str, str] = {}) -> str:
    out: list[str] = []
    w = out.append
    w(f"Results ({s.games} games; rate, 95% Wilson interval)")
    for key, label in (*((k, f"{v} wins") for k, v in LABELS.items()), ("draw", "draws")):
        r = s.wins[key]
        w(f"  {label:14} {r.k:6}  {pct(r)}")
    for bot, r in s.by_bot.items():
        w(f"  {bot} wins {r.k} {pct(r)}")
        w("    " + "; ".join(f"{seat} {x.k}/{x.n} {pct(x).strip()}" for seat, x in s.by_bot_seat[bot].items()))
    w("  endings: " + "; ".join(f"{k} ×{v}" for k, v in s.reasons.items()))
    w("")
    w(f"First player  wins {s.first_wins.k} of {s.games}  {pct(s.first_wins)}")
    for side, r in s.by_first.items():
        w(f"  {side} first: {r.n} games, {LABELS[SIDES[0].value]} wins {pct(r)}")
    L = s.length
    w(f"Game length (turns): mean {L.mean:.1f}, median {L.median:g}, quartiles {L.q1:g}–{L.q3:g}, "
      f"range {L.low}–{L.high}")
    health = health_of(s, titles)
    if health is not None:
        w("")
        out += health.lines()
    w("")
    cards, selected = cards_by_lift(s.cards, top)
    w(("Cards (" + (f"the {top} surely lowest and highest lifts, by their intervals' far ends; " if selected else "")
       + "strongest evidence first; lift: its side's wins when played − when not, 95% Newcombe interval, shown "
       f"only with at least {MIN_GAMES} games played and {MIN_GAMES} not: below that it is noise)"))
    w(f"  {'card':34} {'side':6} {'drafted':>7} {'played':>6} {'plays':>5}  {'won when played':25} "
      f"{'won when not':25} {'lift':>21} {'turn':>5}")
    for c in cards:
        w(f"  {card_name(c.card, titles)[:34]:34} {c.side:6} {c.drafted:7} {c.played:6} {c.plays:5}  "
          f"{counted(c.won_played):25} {counted(c.won_not):25} {lift_text(c):>21} {c.mean_turn:5.1f}")
    if s.never_played:
        w(f"  never played ({len(s.never_played)}): " + ", ".join(s.never_played))
    w("")
    w("States won")
    first, second = LABELS.values()
    w(f"  {'state':24} {first:>6} {second:>6}")
    for name, (m, o) in s.states.items():
        w(f"  {name:24} {m:6} {o:6}")
    w("")
    w("Breaking News: whom it helped (the side whose evaluation rose by more than 0.5 while it was carried out)")
    w(f"  {'news':44} {'drawn':>5} {first:>6} {second:>6} {'neither':>7}")
    for h in s.news:
        w(f"  {h.id:44} {h.count:5} {h.mccain:6} {h.obama:6} {h.neither:7}")
    w("")
    w("Going Negative: whom each result helped (the player who rolled, or the opponent who carries it out)")
    w(f"  {'roll':4} {'rolled':>6} {'roller':>6} {'carrier':>7} {'neither':>7}")
    for h in s.negative:
        w(f"  {h.id:4} {h.count:6} {h.mccain:6} {h.obama:7} {h.neither:7}")
    return "\n".join(out)


def health_of(s: Summary, titles: Mapping[str, str] = {}) -> Health | None:
    """The summary's health measures (``Health.lines``: points are electoral votes; a card held is
    one a side held at one of its decisions), its cards named by their titles."""
    return None if s.health is None or not s.games else replace(s.health, titles=dict(titles))


def health_changes(a: Analysis) -> list[tuple[str, str, str]]:
    """A/B: each health measure in the old set and in the new one (measure, old, new): the medians,
    the tie-breaks, the leads, the dead cards. Not tested (the paired results above are): where to
    look in each set's own measures."""
    by_name = {arm.name: health_of(summary, a.params.titles()) for arm, summary in a.arms}
    old, new = by_name.get(OLD), by_name.get(NEW)
    if old is None or new is None:
        return []
    out = []
    olds, news = dict(old.measures()), dict(new.measures())
    for name, m in news.items():
        if name in olds:
            out.append((f"{name}, median", f"{olds[name].median:g}", f"{m.median:g}"))
    if old.winner_points is not None and new.winner_points is not None:
        out.append(("decided by a tie-break", f"{old.tie_breaks} of {old.games}", f"{new.tie_breaks} of {new.games}"))
    for k, when in ((1, "the first third"), (2, "two thirds")):
        if old.leads[0] and new.leads[0]:
            out.append((f"the winner led after {when}", f"{old.leads[k]} of {old.leads[0]}",
                        f"{new.leads[k]} of {new.leads[0]}"))
    if old.cards or new.cards:
        titles = new.titles or {}
        dead_old, dead_new = {c.card for c in old.dead}, {c.card for c in new.dead}

        def named(cards: set[str]) -> str:
            return ", ".join(sorted(titles.get(c, c) for c in cards)) or "none"
        out.append(("dead cards", f"{len(dead_old)}", f"{len(dead_new)}"))
        if dead_new - dead_old or dead_old - dead_new:
            out.append(("dead in the new set only", "", named(dead_new - dead_old)))
            out.append(("dead in the old set only", named(dead_old - dead_new), ""))
    return out


def lift_text(c: CardStats) -> str:
    if c.has_lift:
        return f"{100 * c.lift.estimate:+6.1f} {c.lift.interval.text(signed=True):>14}"
    return f"– (<{MIN_GAMES} games)"


def run_header(a: Analysis) -> str:
    """The run's parameters (``header``); an A/B that stopped at a look asked no more games."""
    stopped = a.looked is not None and a.looked.stopped
    return header(a.params, a.games, a.games if stopped else a.asked)


def ab_verdict_lines(a: Analysis) -> list[str]:
    """An A/B's verdict: where its looks stopped and what they decided, then ``comparison_verdict``."""
    assert a.comparison is not None
    first = []
    if a.looked is not None:
        lk = a.looked
        first.append(looked_text(a.comparison, lk.pairs, lk.z, lk.most, lk.stopped))
    return first + comparison_verdict(a.comparison, a.params.changes, a.params.titles())


def text(a: Analysis, top: int = 0) -> str:
    """The whole text report of a run (the HTML page's twin: ``html_report.page``): the verdict first."""
    titles = a.params.titles()
    if a.comparison is None:
        lines = verdict(a.arms[0][1], titles)
        return (run_header(a) + "\n\nVerdict\n" + "\n".join(f"  {x}" for x in lines)
                + "\n\n" + render(a.arms[0][1], top, titles))
    parts = [run_header(a), "", "Verdict"]
    parts += [f"  {x}" for x in ab_verdict_lines(a)]
    if a.params.changes:
        parts += ["", "What changed (rules text of each set)", *changes_text(a.params.changes)]
    parts += ["", render_comparison(a.comparison, a.params.changed_cards, top or DEFAULT_TOP, titles)]
    changes = health_changes(a)
    if changes:
        parts += ["", "Health, old set → new set (medians and counts, not tested; each set's measures are in its "
                      "own part below)"]
        width = max(len(name) for name, _, _ in changes)
        parts += [f"  {name:<{width}}  {old} → {new}" for name, old, new in changes]
    for arm, summary in a.arms:
        parts += ["", f"=== The {arm.name} set alone", render(summary, top, titles)]
    return "\n".join(parts)
