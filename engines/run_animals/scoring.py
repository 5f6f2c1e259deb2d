"""Final scores: points of completed goals minus the penalties of one's graveyard slots."""

from __future__ import annotations

from engines.core import Result
from engines.run_animals.data import GameData
from engines.run_animals.graveyard import penalty_of
from engines.run_animals.state import RAState


def goal_points(state: RAState, data: GameData, player: str) -> int:
    return sum(data.goals[g].points for g in state.seats[player].completed)


def score(state: RAState, data: GameData, player: str) -> int:
    return goal_points(state, data, player) - penalty_of(state, data, player)


def result(state: RAState, data: GameData) -> Result | None:
    if not state.over:
        return None
    scores = {p: float(score(state, data, p)) for p in state.players}
    if state.reached_target is not None:  # "the first player who ... gets 20 points wins"
        return Result(winners=[state.reached_target], scores=scores, reason=state.end_reason)
    alive = [p for p in state.players if not state.seats[p].eliminated]
    best = max((scores[p] for p in alive), default=None)
    winners = [p for p in alive if scores[p] == best]
    return Result(winners=winners, scores=scores, reason=state.end_reason)
