"""Whole games between AI players, without Discord or a database: for tournaments and the balance
report. Every move goes through ``apply``, so an AI's illegal move would fail loudly."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

import engines
from engines.ai.levels import Budget, level_named
from engines.ai.search import choose


@dataclass
class Match:
    """One finished (or abandoned) game: who sat where at which level, and how it went."""

    game: str
    seed: int
    players: list[str]
    levels: dict[str, str]
    first: str
    winners: list[str] = field(default_factory=list)
    moves: int = 0
    ending: str = ""
    choices: dict[str, str] = field(default_factory=dict)
    finished: bool = False


def match_player_name(seat: int, level: str) -> str:
    return f"Bot {seat + 1} ({level})"


def play_match(
    game: str,
    levels: list[str],
    seed: int,
    options: dict[str, Any] | None = None,
    budgets: dict[str, Budget] | None = None,
) -> Match:
    """Play one game, seat ``i`` played at ``levels[i]``; ``budgets`` override levels' own."""
    engine = engines.get_engine(game)
    players = [match_player_name(i, lv) for i, lv in enumerate(levels)]
    known = {lv: level_named(lv, baselines=True) for lv in levels}
    state = engine.setup(players, seed=seed, options=options)
    match = Match(
        game=game,
        seed=seed,
        players=players,
        levels=dict(zip(players, levels, strict=True)),
        first=engine.to_act(state)[0],
        choices=engine.seat_choices(state),
    )
    decisions = random.Random(seed * 7_919 + 17)
    budgets = budgets or {}
    for _ in range(engine.max_playout_steps):
        if engine.is_over(state):
            break
        player = engine.to_act(state)[0]
        level = match.levels[player]
        action = choose(
            engine,
            state,
            player,
            known[level],
            seed=decisions.getrandbits(62),
            budget=budgets.get(level),
        )
        state, _ = engine.apply(state, player, action)
        match.moves += 1
    result = engine.result(state)
    if result is not None:
        match.finished = True
        match.winners = list(result.winners)
        match.ending = engine.ending(state)
    return match


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of ``wins`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
