"""Campaign Manager 2008's balance study as one HTML page (``--report FILE``, docs/balance.md, "The
HTML report"): the verdict first, contents with links, the text report's tables and its numbers as
plots. Every number comes from the ``Analysis`` the text report prints; every text is escaped. The
page's frame, tables and plots are every game's (``cmdsl.kits.study.html_report``).
"""

from __future__ import annotations

from html import escape
from typing import Sequence

from .....kits.study.health import DEAD_SHARE, MIN_HELD
from .....kits.study.html_report import (Html, document, folded, health_sentences, health_table, img, table,
                                         verdict_section, write_page)
from .....kits.study.stats import MIN_GAMES, counted, pct
from ...model import SIDES
from .analysis import Analysis
from .compare import ALPHA, DEFAULT_TOP, Comparison, correction_name, shown_cards
from .plan import Change
from .report import ab_verdict_lines, health_changes, run_header, health_of, lift_text, verdict
from .summary import Summary, cards_by_lift

#: The cards a page's lift plot shows: the strongest evidence first (the table holds them all).
PLOTTED_CARDS = 20
LABELS = {side.value: side.label for side in SIDES}




def write(path: str, analysis: Analysis, top: int) -> None:
    """Write the page for ``analysis`` to ``path``."""
    write_page(path, page(analysis, top))


def page(a: Analysis, top: int) -> str:
    """The whole HTML page: the verdict first, then contents, then each part."""
    title = "cmdsl balance: " + (f"A/B, {a.games} paired games" if a.comparison else f"{a.games} games")
    titles = a.params.titles()
    body = [f"<h1>{escape(title)}</h1>"]
    body += [f'<p class="meta">{escape(line)}</p>' for line in run_header(a).splitlines()]
    said = (ab_verdict_lines(a) if a.comparison is not None
            else verdict(a.arms[0][1], titles))
    body.append(verdict_section(said))
    contents = [("verdict", "Verdict")]
    parts = []
    if a.comparison is not None:
        if a.params.changes:
            contents.append(("changes", "What changed"))
            parts.append(_changes(a.params.changes))
        contents.append(("ab", "A/B: what moved"))
        parts.append(_comparison(a.comparison, a.params.changed_cards, top or DEFAULT_TOP, titles))
        changes = health_changes(a)
        if changes:
            contents.append(("ab-health", "A/B: health"))
            parts.append('<h2 id="ab-health">Health, old set → new set</h2><p>Medians and counts, not tested (the '
                         "paired results above are): where to look in each set's own health measures below.</p>"
                         + table("ab-health", ["", "old set", "new set"], changes))
    for arm, summary in a.arms:
        anchor = f"arm-{arm.name}"
        if a.comparison is None:
            contents += [(f"{anchor}-{part}", label) for part, label in _PARTS]
            parts.append(_summary(summary, top, None, "", anchor, titles, a.params.changed_cards))
            continue
        # A/B: each set alone is folded away; what moved between them is the page's point
        heading = f"The {arm.name} set alone: {arm.describe}"
        contents.append((anchor, f"The {arm.name} set alone"))
        inner = _summary(summary, top, heading, f" with the {arm.name} set", anchor, titles, a.params.changed_cards)
        parts.append(f'<details id="{anchor}"><summary>{escape(heading)}: results, game length, health, cards, '
                     f"states, Breaking News, Going Negative</summary>\n{inner}\n</details>")
    body.append("<nav><h2>Contents</h2><ol>" + "".join(f'<li><a href="#{escape(i)}">{escape(t)}</a></li>'
                                                          for i, t in contents) + "</ol></nav>")
    body += parts
    return document(title, body)


#: The parts of a set's summary: their anchors and titles (the page's contents).
_PARTS = (("results", "Results"), ("length", "Game length"), ("health", "Health"), ("cards", "Cards"),
          ("states", "States won"), ("news", "Breaking News"), ("negative", "Going Negative"))


def _card(card: str, titles: dict[str, str], changed: Sequence[str] = ()) -> Html:
    """A card as a cell: its title, its id on hover, ◆ when it changed between the sets."""
    mark = "◆ " if card in changed else ""
    return Html(f'{mark}<span title="{escape(card)}">{escape(titles.get(card, card))}</span>')


def _result_rows(s: Summary) -> list[list[object]]:
    """The results table: each side's wins, the draws, each bot's wins (and at each seat), the
    first player's wins."""
    rows: list[list[object]] = [[f"{label} wins", s.wins[k].k, pct(s.wins[k]).strip()] for k, label in LABELS.items()]
    rows.append(["draws", s.wins["draw"].k, pct(s.wins["draw"]).strip()])
    rows += [[f"{bot} wins", r.k, pct(r).strip()] for bot, r in s.by_bot.items()]
    rows += [[f"{bot} {seat}", f"{x.k}/{x.n}", pct(x).strip()]
             for bot in s.by_bot for seat, x in s.by_bot_seat[bot].items()]
    rows.append(["first player wins", s.first_wins.k, pct(s.first_wins).strip()])
    first = next(iter(LABELS.values()))
    rows += [[f"{first} wins when {LABELS.get(side, side)} played first", f"{r.k}/{r.n}", pct(r).strip()]
             for side, r in s.by_first.items()]
    return rows


def _summary(s: Summary, top: int, heading: str | None, of: str, anchor: str, titles: dict[str, str],
             changed: Sequence[str]) -> str:
    from . import plots  # matplotlib: only when a page is drawn

    out = [f"<h2>{escape(heading)}</h2>" if heading else ""]
    h = "h3" if heading else "h2"

    def section(part: str, title: str) -> None:
        out.append(f'<{h} id="{anchor}-{part}">{escape(title)}</{h}>')

    section("results", "Results")
    out.append(img(plots.win_rates(s, of), "win-rates", "win rates with 95% intervals"))
    out.append(table("results", ["", "games", "rate, 95% Wilson interval"], _result_rows(s)))
    out.append(table("endings", ["ending", "games"], list(s.reasons.items())))
    section("length", "Game length")
    out.append(img(plots.length_histogram(s.length), "length", "histogram of game lengths"))
    L = s.length
    out.append(table("length", ["mean", "median", "quartiles", "range"],
                      [[round(L.mean, 1), L.median, f"{L.q1:g}–{L.q3:g}", f"{L.low}–{L.high}"]]))
    section("health", "Health")
    out += _health(s, titles, changed)
    cards, selected = cards_by_lift(s.cards, top)
    plotted = [c for c in cards if c.has_lift][:PLOTTED_CARDS]
    section("cards", "Cards")
    out.append("<p>" + escape(
        (f"The {top} surely lowest and highest lifts (by their intervals' far ends). " if selected else "")
        + "Lift: its side's wins when played − when not, with Newcombe's 95% interval, shown only for a card "
        f"played in at least {MIN_GAMES} games and left out of {MIN_GAMES}: with fewer, a win rate's interval is "
        "wider than ±25 points and any lift is noise. Cards come strongest evidence first (the smallest p-value "
        f"of no lift), not by the lift's size. The plot shows the first {len(plotted)}; the table, every card. "
        "A dot right of the zero line: the side won more often in the games where the card was played; a line "
        "that crosses zero: chance explains it.") + "</p>")
    out.append(img(plots.lift_forest(plotted, titles), "lift-forest", "forest plot of each card's lift"))
    cards_table = table("cards", ["card", "side", "drafted", "played", "plays", "won when played", "won when not",
                             "lift", "turn"],
                   [[_card(c.card, titles, changed), LABELS.get(c.side, c.side), c.drafted, c.played, c.plays,
                     counted(c.won_played), counted(c.won_not), lift_text(c).strip(), round(c.mean_turn, 1)]
                    for c in cards], changed=[c.card in changed for c in cards])
    out.append(folded(f"Every card ({len(cards)}): games, rates with their counts, lift", cards_table))
    if s.never_played:
        out.append(f"<p>Never played ({len(s.never_played)}): "
                   + ", ".join(_card(c, titles) for c in s.never_played) + "</p>")
    section("states", "States won")
    out.append(folded(f"{len(s.states)} states", table("states", ["state", *LABELS.values()],
                                                          [[n, m, o] for n, (m, o) in s.states.items()])))
    section("news", "Breaking News")
    out.append("<p>Whom it helped: the side whose evaluation rose by more than 0.5 while it was carried out.</p>")
    out.append(folded(f"{len(s.news)} Breaking News", table(
        "news", ["news", "drawn", *LABELS.values(), "neither"],
        [[_card(x.id, titles), x.count, x.mccain, x.obama, x.neither] for x in s.news])))
    section("negative", "Going Negative")
    out.append("<p>Whom each result helped: the player who rolled, or the opponent who carries it out.</p>")
    out.append(folded(f"{len(s.negative)} results", table(
        "negative", ["roll", "rolled", "roller", "carrier", "neither"],
        [[x.id, x.count, x.mccain, x.obama, x.neither] for x in s.negative])))
    return "\n".join(out)


def _health(s: Summary, titles: dict[str, str], changed: Sequence[str]) -> list[str]:
    """The health measures (``cmdsl.kits.study.health``), as a seat study's page shows them: each
    measure's median, quartiles and range; the tie-breaks and leads; each card held, playable, played."""
    h = health_of(s, titles)
    if h is None:
        return ["<p>No games.</p>"]
    out = ["<p>Each a median with its quartiles and its range over the games. Points are electoral votes; a "
           "decision is an answer with a choice (two options or more), either side's.</p>", health_table(h)]
    out += health_sentences(h, "had the most electoral votes")
    if h.cards:
        dead = h.dead
        out.append(f"<p>Cards: {len(h.cards)} held at a decision of their side; dead (playable in fewer than "
                   f"{100 * DEAD_SHARE:.0f}% of the seat-games that held it, over at least {MIN_HELD}): "
                   f"{len(dead) if dead else 'none'}. A card is counted once a game: held, playable (a choice of its "
                   "side's plays it), played.</p>")
        out.append(folded(f"Every card held ({len(h.cards)}), the least playable first", table(
            "card-health", ["card", "held (games)", "playable", "playable share", "played", ""],
            [[_card(c.card, titles, changed), c.held, c.playable, f"{100 * c.playable / c.held:.0f}%" if c.held else "–",
              c.played,
              "dead" if c.dead else "" if c.known else f"held in fewer than {MIN_HELD}"]
             for c in h.cards], changed=[c.card in changed for c in h.cards])))
    return out


def _changes(changes: Sequence[Change]) -> str:
    """A/B: each changed card's rules text in the old set and in the new one."""
    out = ['<h2 id="changes">What changed</h2>',
           "<p>The cards whose definition differs between the sets, as each set's generated rules text says "
           "them. They come first, marked ◆, in every table and plot below.</p>"]
    for ch in changes:
        out.append(f'<h3>◆ {escape(ch.title)} <span class="meta">({escape(ch.card)})</span></h3>')
        out.append(table(f"change-{ch.card}", ["old set", "new set"],
                          [[Html(f'<pre class="rules">{escape(ch.old or "(not in this set)")}</pre>'),
                            Html(f'<pre class="rules">{escape(ch.new or "(not in this set)")}</pre>')]]))
    return "\n".join(out)


def _comparison(c: Comparison, changed: Sequence[str], top: int, titles: dict[str, str]) -> str:
    from . import plots

    out = ['<h2 id="ab">A/B: what moved (new − old)</h2>',
           f"<p>{c.pairs} paired games: the same seeds, bots, setup and first player with each set. Side results: "
           "the mean of the per-seed differences with a 95% interval and an exact sign test.</p>",
           img(plots.ab_sides(c), "ab-sides", "A/B: change of the side results with 95% intervals")]
    rows: list[list[object]] = []
    for key, label in (*((k, f"{v} wins") for k, v in LABELS.items()), ("draw", "draws")):
        old, new = c.rates[key]
        d = c.outcomes[key]
        rows.append([label, f"{100 * old.value:.1f}%", f"{100 * new.value:.1f}%",
                     f"{100 * d.estimate:+.1f} pts {d.interval.text(signed=True)}", f"{d.p:.3g}"])
    rows.append(["game length (turns)", "", "", f"{c.length.estimate:+.1f} {c.length.interval.text(scale=1, signed=True)}",
                 f"{c.length.p:.3g}"])
    out.append(table("ab-sides", ["", "old", "new", "change, 95% interval", "sign test p"], rows))
    shown = shown_cards(c, changed, top)
    flagged = [x.flagged for x in shown]
    out.append(f"<h3>Cards</h3><p>{len(c.cards)} cards × 2 questions (is it played in more or fewer games; did its "
               f"lift move), p-values adjusted together by {escape(correction_name(c.correction))}; "
               f"* : adjusted p &lt; {ALPHA}; ◆ : changed (first). Games are counted beside each rate.</p>")
    out.append(img(plots.ab_cards(c, shown, changed, titles), "ab-cards", "A/B: per-card changes with 95% intervals"))
    out.append(folded(f"The {len(shown)} cards shown: games and rates with their counts, p-values", table(
        "ab-cards", ["", "card", "played old → new (games)", "change", "adj p",
                                   "won when played old → new", "lift change", "adj p"],
                      [["*" if x.flagged else "", _card(x.card, titles, changed),
                        f"{x.played_old.k} → {x.played_new.k} of {x.played_new.n}",
                        f"{100 * x.played.estimate:+.1f} {x.played.interval.text(signed=True)}", f"{x.played_adjusted:.3g}",
                        f"{counted(x.won_old)} → {counted(x.won_new)}",
                        f"{100 * x.lift.estimate:+.1f} {x.lift.interval.text(signed=True)}" if x.has_lift
                        else f"– (fewer than {MIN_GAMES} games in a group)", f"{x.lift_adjusted:.3g}"]
                       for x in shown], flagged, [x.card in changed for x in shown])))
    if not any(flagged):
        out.append("<p>No card moved by more than chance explains.</p>")
    return "\n".join(out)
