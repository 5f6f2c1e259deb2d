"""A test-only game with a step that can be taken back: the toy race played in two steps.

Registered on import (as ``pick_toy``, with the toy's board picture), for the table's and the
Discord layer's undo tests.
"""

from __future__ import annotations

import types

import engines
import rendering
from engines.core import Action, ActionRole, Event
from tests.engines import toy


class PickState(toy.ToyState):
    picked: int = 0


def _pick(state: PickState, player: str, action_id: str, events: list[Event]) -> None:
    state.picked = int(action_id.split(":")[1])
    events.append(Event(text=f"{player} picks {state.picked}."))


def _take(state: PickState, player: str, action_id: str, events: list[Event]) -> None:
    n, state.picked = state.picked, 0
    toy.take(state, player, f"take:{n}", events)


class PickToy(toy.ToyEngine):
    """The toy race in two steps: pick how many (nothing hidden, the turn stays: undoable),
    then take them (the turn passes: the point of no return)."""

    name = "pick_toy"
    title = "Pick race (test game)"
    state_type = PickState

    def setup(self, players, *, seed, options=None):
        base = super().setup(players, seed=seed, options=options)
        return PickState(**base.model_dump())

    def legal_actions(self, state, player):
        if state.winner or player != self._current(state):
            return []
        if state.picked:
            return [Action(id="take", label=f"Take {state.picked}", role=ActionRole.MAIN, do=_take)]
        return [
            Action(id=f"pick:{n}", label=f"Pick {n}", role=ActionRole.NORMAL, do=_pick)
            for n in (1, 2, 3)
            if n <= state.pile
        ]

    def reveals(self, before, after, player, action, events):
        return not action.id.startswith("pick:")


ENGINE = engines.register(PickToy())
rendering.register("pick_toy", types.SimpleNamespace(render_board=toy.render_board))
