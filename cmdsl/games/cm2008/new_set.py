"""`cmdsl new-set DIR`: a card set to start from.

``empty`` (the default) writes the smallest set the engine plays a whole beginner game with, every
file commented for a designer; ``cm2008`` copies the bundled set as the start of a variant. The
result always passes ``cmdsl check`` (tested), and nothing is written into a folder that holds
anything: a designer's files are never overwritten.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Final, Literal

from .manifest import CARD_FORMAT, MANIFEST_NAME
from .model import Side
from ...resources import bundled_cards_dir
from ...sets.new_files import refuse_unless_empty, write_files
from ...values import value

Start = Literal["empty", "cm2008"]
STARTS: Final[tuple[Start, ...]] = ("empty", "cm2008")


@value
class _Tile:
    name: str
    ev: int
    pile: Side
    beginner: bool
    defense: str
    economy: str
    issue: int
    groups: tuple[str, str]


# 8 states: the 4 beginner states of R3.3 start the game; 4 more replace the states won (R9.2) and
# give each setup pile 4 states, so choose-states works too (each player picks 2, R3.3). Real 2008
# electoral votes, chosen to total 226 as the published game's 20 states do: with the start scores
# (155 + 157, R1.8) that makes 538, so once every state is won one player has 270 (R11.1) unless
# both have 269 (R11.2). The rows are this template's own.
_TILES: Final = (
    _Tile("Florida", 27, Side.MCCAIN, True, "R W R B", "B W R", 2, ("Seniors", "Latinos")),
    _Tile("Ohio", 20, Side.MCCAIN, True, "R B W", "B R W B", 2, ("Union Members", "Veterans")),
    _Tile("Michigan", 17, Side.OBAMA, True, "R W B", "B R W B", 2, ("Union Members", "Seniors")),
    _Tile("Illinois", 21, Side.OBAMA, True, "R B W R", "B W B", 3, ("Latinos", "Veterans")),
    _Tile("Texas", 34, Side.MCCAIN, False, "R W B R", "B W R", 2, ("Veterans", "Latinos")),
    _Tile("Pennsylvania", 21, Side.MCCAIN, False, "R B R", "W B R B", 1, ("Veterans", "Seniors")),
    _Tile("California", 55, Side.OBAMA, False, "R W B", "B R B W", 4, ("Latinos", "Union Members")),
    _Tile("New York", 31, Side.OBAMA, False, "R B W R", "B W R", 3, ("Seniors", "Veterans")),
)

#: (title, type, effect, die icon, discard cost); ``{mine}`` is the side's strong issue, ``{group}`` its group.
_CARDS: Final = (
    ("Town Hall", "support", "choose a state as S\ngain 1 support on {mine} in S", False, 0),
    ("Door To Door", "support", "choose a state as S\ngain 1 support on the majority issue of S in S", False, 0),
    ("Local Endorsement", "support", "choose a state as S\ngain 1 support on {mine} in S\ndraw 1", False, 0),
    ("Big Rally", "support", "choose a state as S\ngain 2 supports on {mine} in S", False, 0),
    ("Attack Ad", "support", "choose a state as S\ngain 2 supports on {mine} in S", True, 1),
    ("Talking Points", "shift", "choose a state as S\nshift S 1 toward {mine}", False, 0),
    ("Change The Subject", "shift", "choose a state as S\nshift S 2 toward {mine}", False, 0),
    ("Press Briefing", "shift", "choose a state as S\nshift S 1 toward {mine}\ndraw 1", False, 0),
    ("Outreach", "demographic", 'demographic support for "{group}"', False, 0),
    ("New Message", "alter", "choose a state as S\nalter the key demographic of S", False, 0),
    ("Canvassing", "alter", "choose a state as S\nalter the key demographic of S\ndraw 1", False, 0),
    ("Morning Show", "media", "while in play:\n    breaking news targets a state chosen by you", False, 0),
    ("Fundraiser", "flow", "draw 2", False, 0),
    ("Phone Bank", "flow", "draw 1", False, 0),
    ("Volunteer Drive", "flow", "draw 2 and play one", False, 0),
)
_STRONG: Final = {Side.MCCAIN: ("defense", "Veterans"), Side.OBAMA: ("economy", "Union Members")}

_NEWS: Final = (
    ("Jobs Report", "shift the news state 1 toward economy"),
    ("Security Summit", "shift the news state 1 toward defense"),
    ("Poll Surprise", "as the active player:\n    gain 1 support on the majority issue of the news state in the news state"),
    ("Pundits Disagree", "as mccain:\n    draw 1\nas obama:\n    draw 1"),
    ("Endorsement", "as the active player:\n    alter the key demographic of the news state"),
    ("Quiet Day", "nothing"),
)

_NEGATIVE: Final = (
    ("Donors Wobble", "draw 1"),
    ("Gaffe", "as the opponent:\n    discard 1"),
    ("Backlash", "choose a state as S\nshift S 1 toward the minority issue of S"),
    ("Sympathy Vote", "choose a state as S\ngain 1 support on the majority issue of S in S"),
    ("Momentum", "draw 2"),
    ("Scandal Sticks", "choose a state as S\ngain 2 supports on the majority issue of S in S"),
)


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def _effect(text: str) -> str:
    return "    effect: |\n" + "".join(f"      {line}\n" for line in text.splitlines())


def _manifest(name: str) -> str:
    ev = sum(t.ev for t in _TILES)
    piles = sum(t.pile is Side.MCCAIN for t in _TILES)
    return f"""\
# What this set is (docs/cardsets.md). `cmdsl check` holds the card files to every size below:
# when you add or remove cards, states or news, change the size here too.
game: cm2008                    # the game the cards are for (the only one cmdsl plays)
name: {json.dumps(name)}  # the set's name, as `cmdsl check` and `cmdsl play` show it
format: {CARD_FORMAT}                       # the card-file format version these files are written in
# The setups this set can play. Both need 15 starred (beginner: true) cards per side (R1.2);
# beginner starts with the 4 beginner states, choose-states lets each player pick 2 of their
# pile (R3.3). Add `draft` only with at least 45 cards per side (R3.1).
setups: [beginner, choose-states]
sizes:
{_sizes(ev, piles)}"""


def _sizes(ev: int, piles: int) -> str:
    rows = (
        ("campaign_cards", len(_CARDS), "per side: each player's pool (R1.2; the published game has 45)"),
        ("beginner_cards", len(_CARDS), "per side: the starred deck a beginner game plays with (R1.2)"),
        ("states", len(_TILES), "R1.7 (the published game has 20)"),
        ("electoral_votes", ev, "all states' votes together (R1.8; the published game's: 226)"),
        ("states_per_pile", piles, "per side: red backs for McCain, blue for Obama (R1.7)"),
        ("breaking_news", len(_NEWS), "R1.6 (the published game has 20)"),
    )
    return ("".join(f"  {key}: {n}".ljust(32) + f"# {why}\n" for key, n, why in rows)
            + "  # 155 + 157 start points (R1.8) + 226 = 538: once every state is won, someone has 270 (R11.1)\n"
              "  # unless both have 269 (R11.2). With fewer votes, games end in draws: `cmdsl check` warns.\n")


def _states() -> str:
    out = ["""\
# The Battleground State tiles (R2). Each field:
#   name      the state, unique in the set; effects write it in quotes: "Ohio"
#   ev        its electoral votes: what its winner scores (R2.1)
#   pile      mccain or obama: the tile's back colour, the setup pile it is in (R1.7)
#   beginner  true for the 4 states a beginner game starts with (R3.3); omit it otherwise
#   defense, economy
#             the two rows of printed circles, left to right: R red (McCain), B blue (Obama),
#             W white (undecided); 3 to 5 each (R2.2)
#   issue     the issue marker's start box, 1-4: 1-2 point at Defense, 3-4 at Economy (R2.3)
#   groups    its two demographic groups; key: the one marked as key at the start (R2.4)
# A state is won when every block of its majority-issue row has one player's colour (R9.1).
states:
"""]
    for t in _TILES:
        out.append(f"  - name: {t.name}\n    ev: {t.ev}\n    pile: {t.pile.value}\n")
        if t.beginner:
            out.append("    beginner: true\n")
        out.append(f"    defense: {t.defense}\n    economy: {t.economy}\n    issue: {t.issue}\n"
                   f"    groups: [{t.groups[0]}, {t.groups[1]}]\n    key: {t.groups[0]}\n")
    return "".join(out)


def _deck(side: Side) -> str:
    mine, group = _STRONG[side]
    out = [f"""\
# {side.label}'s Campaign Strategy cards (R1.2, R1.3). Each field:
#   id        unique in the set: lower-case words joined by hyphens (docs/cardsets.md)
#   side      mccain or obama: whose pool the card is in
#   title     the name printed on the card
#   title_fr  optional: the name printed in French (cmdsl print --lang fr); else the English one
#   type      support, shift, demographic, alter, media or flow
#   beginner  true: in the starred deck of a beginner game (exactly 15 per side)
#   going_negative
#             true: the die icon; at the end of the turn the player rolls on the Going
#             Negative table and the opponent gets the result (R8.1). Omit it otherwise.
#   demographic
#             optional: the group the card is about (shown with the card)
#   cost      optional: `cost: discard 1` means the card can only be played with that many
#             other cards in hand, and playing it starts by discarding them (R4.6)
#   effect    what the card does, in the effect language (docs/language.md); `you` is the
#             player who played it. Keep `effect: |` so error positions point at the right line.
cards:
"""]
    for title, typ, effect, die, cost in _CARDS:
        out.append(f"  - id: {side.value}-{_slug(title)}\n    side: {side.value}\n    title: \"{title}\"\n"
                   f"    type: {typ}\n    beginner: true\n")
        if die:
            out.append("    going_negative: true\n")
        if typ == "demographic":
            out.append(f"    demographic: {group}\n")
        if cost:
            out.append(f"    cost: discard {cost}\n")
        out.append(_effect(effect.format(mine=mine, group=group)))
    return "".join(out)


def _news() -> str:
    out = ["""\
# Breaking News (R10): one is drawn each time a state comes into play, and affects that state,
# `the news state`, unless a Media Support card says otherwise. News has no owner: whatever a
# player does goes inside `as mccain:`, `as obama:` or `as the active player:`. Fields: id,
# title (and, optional, title_fr: the French one), effect. Once drawn, a Breaking News is out of the game: when the deck runs out, no news.
breaking_news:
"""]
    for title, effect in _NEWS:
        out.append(f"  - id: bn-{_slug(title)}\n    title: {title}\n" + _effect(effect))
    return "".join(out)


def _negative() -> str:
    out = ["""\
# The Going Negative table (R1.5, R8): one result for each roll of the die, 1 to 6. The player who
# went negative rolls; the OPPONENT carries out the result as a bonus, so in these effects `you`
# is that opponent and `the opponent` is the player who rolled. Fields: roll, title (and,
# optional, title_fr: the French one), effect.
going_negative:
"""]
    for roll, (title, effect) in enumerate(_NEGATIVE, start=1):
        out.append(f"  - roll: {roll}\n    title: {title}\n" + _effect(effect))
    return "".join(out)


#: The set's own tests (docs/scenarios.md): one scenario to copy from. `cmdsl test DIR` runs every
#: file of scenarios/ and keeps what each scenario did in scenarios/__snapshots__/.
_EXAMPLE_SCENARIO: Final = """\
# Scenarios: this set's own tests (docs/scenarios.md). Each sets up a position, plays one card with
# scripted answers, and says what must hold afterwards. `cmdsl test DIR --update` runs them all and
# writes what each did into scenarios/__snapshots__/ (read it: it becomes the test); `cmdsl test DIR`
# then fails, with the difference, whenever a change to the cards changes what a scenario does.
# `cmdsl scenario DIR/scenarios/example.yaml --cards DIR` runs this file alone and prints it.
scenarios:
  - name: Town Hall wins Florida      # the scenario's name: its snapshot's name too
    play: mccain-town-hall            # the card played, by McCain (its side) on turn 1
    position:                         # the position before it is played; what is left out is empty
      states:                         # in play, in slot order
        - name: Florida
          defense: R W[r] R B         # the printed circles, tokens in brackets: [r] McCain, [b] Obama
        - Ohio                        # a state as printed, markers on their start boxes
        - Michigan
        - Illinois
      hands: {mccain: [mccain-town-hall, mccain-phone-bank]}   # each player's hand
      decks: {mccain: [mccain-fundraiser]}    # each player's deck, top card first
      news: [bn-quiet-day]            # the Breaking News deck, top first
    answers: [state:florida, state:texas]    # the state to gain in; then, Florida won, the one to bring in
    expect:                           # every value written here is checked (docs/scenarios.md)
      scores: {mccain: 182, obama: 157}      # 155 + Florida's 27 (R1.8, R9)
      won: {Florida: mccain}          # who won each state (nobody: not won)
      in_play: [Texas, Ohio, Michigan, Illinois]   # the states in play at the end, in slot order
      events: ["McCain wins Florida", "Quiet Day"]   # some line of the log contains each
      result: none                    # the game goes on (or mccain, obama, draw)
"""


def minimal_files(name: str) -> dict[str, str]:
    """The files of the smallest set a beginner game plays with: file name → text."""
    return {MANIFEST_NAME: _manifest(name), "states.yaml": _states(), "mccain.yaml": _deck(Side.MCCAIN),
            "obama.yaml": _deck(Side.OBAMA), "breaking_news.yaml": _news(), "going_negative.yaml": _negative(),
            "scenarios/example.yaml": _EXAMPLE_SCENARIO}


def new_set(folder: Path, start: Start = "empty") -> list[Path]:
    """Write a set into ``folder`` (new, or empty); return the files written."""
    refuse_unless_empty(folder)
    files: dict[str, str]
    if start == "cm2008":
        bundled = bundled_cards_dir()
        # the card files, and the set's own tests with their snapshots (`cmdsl test DIR` passes on the copy)
        kept = [*bundled.glob("*.yaml"), *bundled.glob("scenarios/*.yaml"), *bundled.glob("scenarios/__snapshots__/*.txt")]
        files = {p.relative_to(bundled).as_posix(): p.read_text(encoding="utf-8") for p in sorted(kept)}
        variant = json.dumps(f"{folder.name} (a variant of cm2008)")  # a YAML double-quoted string
        files[MANIFEST_NAME] = re.sub(r"(?m)^name: .*$", lambda _: f"name: {variant}", files[MANIFEST_NAME], count=1)
    else:
        files = minimal_files(folder.name)
    return write_files(folder, files)
