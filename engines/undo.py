"""Taking back a step, under Board Game Arena's policy: a player may take back their own steps of
the current turn, back to the last point where randomness was drawn, anything hidden was shown
to anyone (themself included), or anyone else was asked to act or acted.

Generic over every engine: :func:`play` makes a step as :meth:`Engine.play` does and records,
in the new state's ``takeback`` stack, the state before it when the step can be taken back;
:func:`take_back` restores the latest. The policy's checks are :func:`can_take_back`: the
random generator did not move, the awaited players are the same, the game did not end, no
event was private, and the engine does not say the step revealed something
(:meth:`Engine.reveals`, "it does" unless the engine knows better). Any other step, made
through here or not, empties the stack (``Engine.play`` and ``remove_player`` start the new
state with none), so a stale snapshot is never restored.
"""

from __future__ import annotations

from typing import Any

from engines.core import Action, Engine, Event, GameState, IllegalAction, Takeback

#: the most steps of one turn kept for taking back: the step after them is a point of no
#: return (a saved state holds a snapshot per kept step, so the stack stays short)
MAX_TAKEBACKS = 20

AnyEngine = Engine[Any]


def can_take_back(
    eng: AnyEngine,
    before: GameState,
    after: GameState,
    player: str,
    action: Action,
    events: list[Event],
) -> bool:
    """Whether ``player``'s step from ``before`` to ``after`` may be taken back."""
    if after.over or eng.result(after) is not None:
        return False
    if after.rng != before.rng:  # randomness was drawn (a roll, a draw, a shuffle)
        return False
    if eng.to_act(after) != eng.to_act(before) or player not in eng.to_act(after):
        return False  # someone else was asked to act, or the player's turn passed
    if any(e.private_to is not None for e in events):  # something shown to one player
        return False
    return not eng.reveals(before, after, player, action, events)


def play(
    eng: AnyEngine, state: GameState, player: str, action: Action
) -> tuple[GameState, list[Event]]:
    """``Engine.play``, keeping the takeback stack: the step is pushed when it can be taken
    back and no one else's step is kept (another player moved since: a point of no return),
    so taking it back restores ``state`` exactly, its stack included; otherwise the new state
    has none."""
    new, events = eng.play(state, player, action)
    mine = all(t.player == player for t in state.takeback)
    room = len(state.takeback) < MAX_TAKEBACKS
    if mine and room and can_take_back(eng, state, new, player, action, events):
        step = Takeback(player=player, action=action.id, before=snapshot(state))
        new.takeback = [*state.takeback, step]
    return new, events


def apply(
    eng: AnyEngine, state: GameState, player: str, action_id: str
) -> tuple[GameState, list[Event]]:
    """``Engine.apply`` (every check) keeping the takeback stack, for a replayed log."""
    return play(eng, state, player, eng.checked(state, player, action_id))


def snapshot(state: GameState) -> str:
    """``state`` as JSON without its own takeback stack (the stack restores beside it)."""
    return state.model_dump_json(exclude={"takeback"})


def last(state: GameState, player: str) -> Takeback | None:
    """The step ``player`` may take back now, if any."""
    if state.takeback and state.takeback[-1].player == player:
        return state.takeback[-1]
    return None


def take_back(eng: AnyEngine, state: GameState, player: str) -> tuple[GameState, Takeback]:
    """The state before ``player``'s latest step that can still be taken back, and that step;
    :class:`IllegalAction` (with words for the player) when there is none."""
    if state.over:
        raise IllegalAction("The game is over.")
    step = last(state, player)
    if step is None:
        if state.takeback:
            raise IllegalAction("Only the player who made a step can take it back.")
        raise IllegalAction(
            "There is nothing you can take back now: only your own steps of this turn, "
            "back to the last roll, draw, reveal or other player's move."
        )
    restored = eng.load_state(step.before)
    restored.takeback = state.takeback[:-1]
    return restored, step
