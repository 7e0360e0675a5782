"""What a set that loads may still get wrong: `cmdsl check` prints these after its ok line (the set
passes; other commands say nothing). Each is located where the fix goes, and says the fix.

- The states hold too few electoral votes for a game to be decided (R1.8, R11): at the manifest's
  ``electoral_votes`` size.
- A card no declared setup ever deals (R1.2, R3.1, R3.3): at the card.
"""

from __future__ import annotations

from ...errors import CardError
from .manifest import Manifest
from .model import START_SCORES, WINNING_SCORE, Side
from .setcheck import DECK_SIZE, Contents
from .setup import DRAFT_DRAW, DRAFT_ROUNDS

#: Starred decks: the setups that deal only the beginner cards (R1.2, R3.3).
STARRED_SETUPS = ("beginner", "choose-states")


class SetWarning(CardError):
    """A located warning: the set plays, but not as its designer likely means."""


def set_warnings(c: Contents, m: Manifest) -> list[SetWarning]:
    return [*_too_few_votes(c, m), *_never_dealt(c, m)]


def _too_few_votes(c: Contents, m: Manifest) -> list[SetWarning]:
    """Once every state is won, the scores are the start scores plus all the states' votes. From 538
    in all (226 EV, as published) the only way both end short of 270 is the 269–269 tie (R11.2);
    with fewer votes, many ways."""
    total = sum(t.ev for t in c.states.values())
    starts = {side: START_SCORES[side.value] for side in Side}
    enough = 2 * (WINNING_SCORE - 1) - sum(starts.values())  # 538 - 155 - 157 = 226
    if total >= enough:
        return []
    needs = [f"{side.label} {WINNING_SCORE - start}"
             + (f" ({(WINNING_SCORE - start) / total:.0%})" if 0 < WINNING_SCORE - start <= total
                else " (more than there are)")
             for side, start in starts.items()]
    scores = f"the start scores ({' and '.join(map(str, starts.values()))}, R1.8)"
    if all(WINNING_SCORE - start > total for start in starts.values()):
        message = (f"the states hold {total} electoral votes: with {scores} neither player can reach "
                   f"{WINNING_SCORE} (R11.1), which takes "
                   + " and ".join(f"{side.label} {WINNING_SCORE - start}" for side, start in starts.items())
                   + " of them, so every game ends as a draw (R11.2)")
    else:
        message = (f"the states hold {total} electoral votes, fewer than the {enough} that make a decided game "
                   f"likely: with {scores}, reaching {WINNING_SCORE} (R11.1) takes {needs[0]} of them and "
                   f"{' and '.join(needs[1:])}; a game where neither gets there ends as a draw once every state "
                   f"is won (R11.2)")
    hint = (f"give the states at least {enough} electoral votes in all ({enough - total} more), as the published "
            f"game's 20 states do, and update sizes.electoral_votes")
    return [SetWarning(message, m.sizes["electoral_votes"].where, hint=hint)]


def _never_dealt(c: Contents, m: Manifest) -> list[SetWarning]:
    setups = m.info.setups
    starred = [s for s in setups if s in STARRED_SETUPS]
    out = []
    for side in Side:
        pool = [card for card in c.cards.values() if card.side is side]
        drafted = "draft" in setups and len(pool) >= DRAFT_ROUNDS * DRAFT_DRAW  # the draft deals from all (R3.1)
        if drafted:
            continue
        for card in pool:
            if card.beginner and starred:
                continue
            said = ", ".join(setups)
            out.append(SetWarning(
                f"no setup of this set ({said}) ever deals this card: "
                + (f"{' and '.join(starred)} deal{'s' if len(starred) == 1 else ''} only the starred cards "
                   f"(R1.2, R3.3) and it has no star" if starred else "it is not in any deck"),
                c.at[("cards", card.id)],
                hint=(f"star it (beginner: true) in place of a starred card you remove — a beginner deck is "
                      f"exactly {DECK_SIZE} per side — or declare the draft setup (setups: [..., draft]), which deals "
                      f"from the whole pool but needs {DRAFT_ROUNDS * DRAFT_DRAW} cards per side (R3.1)")))
    return out
