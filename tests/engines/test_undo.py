"""Taking back a step (engines/undo.py), checked for every registered engine on random playouts:
undoing every step that says it can be undone restores the identical state and identical views
for every player, and such a step never draws randomness, never changes who is awaited, and
shows nobody anything hidden (on every state a player cannot tell from the one before, the
same step shows them the same view)."""

from __future__ import annotations

import random

import pytest

import engines
from engines import undo
from engines.core import Action, ActionRole, Engine, Event, GameState, IllegalAction

from .test_conformance import PLAYER_NAMES, SEEDS
from .toy import ToyEngine


def _cases():
    for name in engines.names():
        engine = engines.get_engine(name)
        for n in sorted({engine.min_players, engine.max_players}):
            for seed in SEEDS:
                yield pytest.param(name, n, seed, id=f"{name}-{n}p-seed{seed}")


def views(engine: Engine, state, players: list[str]) -> dict[str | None, str]:
    return {v: engine.view(state, v).model_dump_json() for v in [*players, None]}


def learned(engine: Engine, before, after, player: str, action_id: str, viewer: str) -> bool:
    """Whether ``viewer`` learned from ``player``'s step something hidden from them: on states
    ``viewer`` cannot tell from ``before`` (``determinize``), the same move is not one the
    player could make, or shows them another view than the true one."""
    seen = engine.view(after, viewer).model_dump_json()
    for k in range(3):
        sample = engine.determinize(before, viewer, random.Random(k))
        try:
            action = engine.checked(sample, player, action_id)
        except IllegalAction:  # the move itself tells what the sample got wrong (a card held)
            return True
        other, _ = engine.play(sample, player, action)
        if engine.view(other, viewer).model_dump_json() != seen:
            return True
    return False


def check_undoable_step(engine, before, after, player, players, action_id) -> None:
    assert after.rng == before.rng, "an undoable step draws no randomness"
    assert engine.to_act(after) == engine.to_act(before), "an undoable step awaits the same players"
    for viewer in players:
        assert not learned(engine, before, after, player, action_id, viewer), (
            f"{player}'s undoable {action_id!r} showed {viewer} something hidden"
        )
    seen_before = views(engine, before, players)
    restored, step = undo.take_back(engine, after, player)
    assert step.player == player
    assert restored.model_dump_json() == before.model_dump_json(), "undo restores the state"
    assert views(engine, restored, players) == seen_before, "undo restores every view"


def playout_with_undo(engine: Engine, n: int, seed: int) -> tuple[int, int]:
    """A random game through :func:`undo.play`, every undoable step checked and, now and then,
    taken back for real; returns (steps, undoable steps)."""
    players = PLAYER_NAMES[:n]
    state = engine.setup(players, seed=seed)
    rng = random.Random(seed * 31 + n)
    undoable = 0
    for steps in range(engine.max_playout_steps):
        if engine.result(state) is not None:
            return steps, undoable
        player = rng.choice(engine.to_act(state))
        action_id = engine.suggest(state, player, rng)
        action = engine.checked(state, player, action_id)
        after, _ = undo.play(engine, state, player, action)
        if undo.last(after, player) is not None and len(after.takeback) > len(state.takeback):
            undoable += 1
            check_undoable_step(engine, state, after, player, players, action.id)
            if rng.random() < 0.2:
                after, _ = undo.take_back(engine, after, player)
        state = after
    pytest.fail(f"{engine.name}: no result after {engine.max_playout_steps} actions")


@pytest.mark.parametrize("name,n,seed", list(_cases()))
def test_every_undoable_step_undoes_to_the_identical_state_and_views(name, n, seed):
    playout_with_undo(engines.get_engine(name), n, seed)


@pytest.mark.parametrize("name", ["monopoly", "run_animals"])
def test_a_game_that_declares_quiet_steps_offers_some_to_undo(name):
    """Monopoly's buying, building and mortgaging, and Run Animals' steps that leave the goal
    deck alone, can be taken back, so a whole game has some (and not every step)."""
    steps, undoable = playout_with_undo(engines.get_engine(name), 2, 1)
    assert 0 < undoable < steps


def _quiet_toy(reveals: bool = False) -> ToyEngine:
    class Quiet(ToyEngine):
        def reveals(self, before, after, player, action, events) -> bool:
            return reveals

    return Quiet()


def test_a_step_the_engine_does_not_declare_is_not_undoable_by_default():
    engine = ToyEngine()
    state = engine.setup(["Ada", "Bruno"], seed=1)
    player = engine.to_act(state)[0]
    action = engine.legal_actions(state, player)[0]
    after, _ = undo.play(engine, state, player, action)
    assert after.takeback == []


def _step(rng_moves: bool, awaited_changes: bool, private: bool):
    """A before/after pair the generic checks read, built from the toy's setup."""
    engine = _quiet_toy()
    before = engine.setup(["Ada", "Bruno"], seed=1)
    after = before.model_copy(deep=True)
    if rng_moves:
        after.rng.next()
    events = [Event(text="x", private_to="Ada" if private else None)]
    action = Action(id="x", label="x", role=ActionRole.NORMAL)
    if awaited_changes:
        engine.to_act = lambda s: ["Bruno"] if s is after else ["Ada"]  # type: ignore[method-assign]
    else:
        engine.to_act = lambda s: ["Ada"]  # type: ignore[method-assign]
    return engine, before, after, action, events


def test_a_step_that_drew_randomness_cannot_be_taken_back():
    engine, before, after, action, events = _step(True, False, False)
    assert not undo.can_take_back(engine, before, after, "Ada", action, events)


def test_a_step_that_asked_someone_else_to_act_cannot_be_taken_back():
    engine, before, after, action, events = _step(False, True, False)
    assert not undo.can_take_back(engine, before, after, "Ada", action, events)


def test_a_step_that_showed_the_player_something_privately_cannot_be_taken_back():
    engine, before, after, action, events = _step(False, False, True)
    assert not undo.can_take_back(engine, before, after, "Ada", action, events)


def test_a_quiet_step_of_the_awaited_player_can_be_taken_back():
    engine, before, after, action, events = _step(False, False, False)
    assert undo.can_take_back(engine, before, after, "Ada", action, events)


def _monopoly_with_a_step_to_undo() -> tuple[Engine, GameState, str]:
    engine = engines.get_engine("monopoly")
    players = ["Ada", "Bruno"]
    state = engine.setup(players, seed=1)
    rng = random.Random(5)
    for _ in range(2000):
        player = engine.to_act(state)[0]
        action = engine.checked(state, player, engine.suggest(state, player, rng))
        state, _ = undo.play(engine, state, player, action)
        if state.takeback:
            return engine, state, state.takeback[-1].player
    raise AssertionError("no undoable step in 2000")


def test_only_the_player_who_made_a_step_can_take_it_back():
    engine, state, player = _monopoly_with_a_step_to_undo()
    other = next(p for p in state.players if p != player)
    with pytest.raises(IllegalAction, match="Only the player who made a step"):
        undo.take_back(engine, state, other)


def test_taking_back_with_nothing_to_take_back_is_refused():
    engine = engines.get_engine("monopoly")
    state = engine.setup(["Ada", "Bruno"], seed=1)
    with pytest.raises(IllegalAction, match="nothing you can take back"):
        undo.take_back(engine, state, "Ada")


def test_a_step_made_without_recording_empties_the_stack():
    """A stand-in's or another path's step is a point of no return."""
    engine, state, player = _monopoly_with_a_step_to_undo()
    rng = random.Random(1)
    after, _ = engine.apply(state, player, engine.suggest(state, player, rng))
    assert after.takeback == []


def test_a_saved_state_keeps_its_steps_to_take_back():
    engine, state, player = _monopoly_with_a_step_to_undo()
    loaded = engine.load_state(state.model_dump_json())
    assert loaded.takeback == state.takeback
    restored, _ = undo.take_back(engine, loaded, player)
    assert restored.model_dump_json() == undo.take_back(engine, state, player)[0].model_dump_json()


def test_a_step_after_another_player_s_kept_step_is_a_point_of_no_return():
    """ "Anyone else ... acted": a step kept for another player ends what can be taken back."""
    engine, state, player = _monopoly_with_a_step_to_undo()
    other = next(p for p in state.players if p != player)
    restored, _ = undo.take_back(engine, state, player)
    step = engine.checked(restored, player, state.takeback[-1].action)
    restored.takeback = [t.model_copy(update={"player": other}) for t in state.takeback]
    after, _ = undo.play(engine, restored, player, step)
    assert after.takeback == []


def test_a_full_stack_makes_the_next_step_a_point_of_no_return():
    engine, state, player = _monopoly_with_a_step_to_undo()
    restored, _ = undo.take_back(engine, state, player)
    step = engine.checked(restored, player, state.takeback[-1].action)
    restored.takeback = [state.takeback[-1]] * undo.MAX_TAKEBACKS
    after, _ = undo.play(engine, restored, player, step)
    assert after.takeback == []
