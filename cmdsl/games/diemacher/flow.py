"""DM5: the order of phases (DM5.1), the last round's election alone (DM5.2, DM12.2), and what
each phase runs."""

from __future__ import annotations

from typing import Callable

from ...game.together import Steps
from .cabinet_phase import cabinet
from .coalitions import coalitions
from .context import Ctx
from .conversion import early_conversion
from .election import election
from .end_of_round import contributions, end_of_round
from .first_player import first_player
from .media import media
from .platform import platform
from .polls import polls
from .position import DieMacherPosition, Phase
from .preliminary import preliminary
from .rallies import rallies

#: DM5.1: a campaign round's phases in order.
CAMPAIGN = (Phase.FIRST_PLAYER, Phase.PLATFORM, Phase.CABINET, Phase.COALITIONS, Phase.MEDIA, Phase.RALLIES,
            Phase.POLLS, Phase.CONVERSION, Phase.ELECTION, Phase.END_OF_ROUND, Phase.CONTRIBUTIONS)


def next_phase(pos: DieMacherPosition) -> Phase:
    """The phase after ``pos.phase`` (and the round's number moved on where a round starts)."""
    phase = pos.phase
    if phase is Phase.PRELIMINARY:
        pos.round = 1
        return Phase.FIRST_PLAYER
    if phase is Phase.ELECTION and pos.round == pos.rounds:
        return Phase.OVER  # DM5.2, DM11
    if phase is Phase.CONTRIBUTIONS:
        pos.round += 1
        return Phase.ELECTION if pos.round == pos.rounds else Phase.FIRST_PLAYER  # DM5.2, DM12.2
    return CAMPAIGN[CAMPAIGN.index(phase) + 1]


def _end_of_round(ctx: Ctx) -> Steps:
    end_of_round(ctx)
    return
    yield  # a phase is a generator, even one that asks nothing


RUN: dict[Phase, Callable[[Ctx], Steps]] = {
    Phase.PRELIMINARY: preliminary,
    Phase.FIRST_PLAYER: first_player,
    Phase.PLATFORM: platform,
    Phase.CABINET: cabinet,
    Phase.COALITIONS: coalitions,
    Phase.MEDIA: media,
    Phase.RALLIES: rallies,
    Phase.POLLS: polls,
    Phase.CONVERSION: early_conversion,
    Phase.ELECTION: election,
    Phase.END_OF_ROUND: _end_of_round,
    Phase.CONTRIBUTIONS: contributions,
}
