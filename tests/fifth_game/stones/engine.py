"""Stepping Stones: race your lantern along a path of stones.

On your turn, step one stone, or hop: roll a three-sided die and move that far. Landing on a
stone another lantern stands on sends that lantern back to the bank. Whoever reaches the last
stone first wins.
"""

from __future__ import annotations

import random

from pydantic import BaseModel

from engines.core import Action, ActionRole, Engine, Event, Result, Rng

#: the last stone: reaching it wins
GOAL = 12


class StonesState(BaseModel):
    players: list[str]
    positions: dict[str, int]
    turn: int = 0
    last_roll: int | None = None
    winner: str | None = None
    rng: Rng


class StonesView(BaseModel):
    players: list[str]
    positions: dict[str, int]
    turn_player: str | None
    last_roll: int | None
    winner: str | None


class StonesEngine(Engine[StonesState]):
    name = "stones"
    title = "Stepping Stones"
    min_players = 2
    max_players = 4
    state_type = StonesState
    public_action_labels = True
    guide = "Step one stone or hop 1-3; land on a lantern to send it home; reach stone 12."
    search_rate = 2000
    report_options = {}

    def setup(self, players, *, seed, options=None):
        self.validate_options(players, options)
        return StonesState(
            players=list(players), positions=dict.fromkeys(players, 0), rng=Rng(seed=seed)
        )

    def _current(self, state: StonesState) -> str:
        return state.players[state.turn % len(state.players)]

    def to_act(self, state):
        return [] if state.winner else [self._current(state)]

    def legal_actions(self, state, player):
        if state.winner or player != self._current(state):
            return []
        return [
            Action(id="step", label="Step", role=ActionRole.NORMAL),
            Action(id="hop", label="Hop", role=ActionRole.MAIN),
        ]

    def is_over(self, state):
        return state.winner is not None

    def step(self, state, player, action, events):
        moved = 1 if action.id == "step" else state.rng.randint(1, 3)
        state.last_roll = None if action.id == "step" else moved
        stone = min(GOAL, state.positions[player] + moved)
        state.positions[player] = stone
        events.append(Event(text=f"{player} moves to stone {stone}."))
        for other in state.players:
            if other != player and state.positions[other] == stone:
                state.positions[other] = 0
                events.append(Event(text=f"{other}'s lantern goes back to the bank."))
        if stone == GOAL:
            state.winner = player
            events.append(Event(text=f"{player} reaches the last stone and wins!", kind="end"))
        else:
            state.turn += 1

    def view(self, state, viewer):
        return StonesView(
            players=state.players,
            positions=state.positions,
            turn_player=None if state.winner else self._current(state),
            last_roll=state.last_roll,
            winner=state.winner,
        )

    def result(self, state):
        if not state.winner:
            return None
        return Result(
            winners=[state.winner],
            scores={p: float(state.positions[p]) for p in state.players},
            reason="reached the last stone",
        )

    def pick(self, state, player, actions, rng: random.Random) -> str:
        """Step onto the last stone when one step does it; otherwise hop."""
        return "step" if state.positions[player] == GOAL - 1 else "hop"

    def standing(self, state):
        return {p: float(state.positions[p]) for p in state.players}

    def summary(self, state):
        return ", ".join(f"{p} on {state.positions[p]}" for p in state.players)


ENGINE = StonesEngine()
