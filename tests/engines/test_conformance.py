"""The engine contract, checked for every registered engine automatically.

Each engine is played out with seeded random choices at every allowed player count. At every
step the state must round-trip through JSON, ``to_act`` and ``legal_actions`` must agree, and
illegal action ids must be rejected without changing anything. The whole action sequence must
replay to the identical final state, and a finished game must have a result.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import engines
from engines.core import (
    MAX_ACTION_ID,
    MAX_ACTION_LABEL,
    Action,
    ActionRole,
    Engine,
    GameState,
    IllegalAction,
    handler_of,
)

PLAYER_NAMES = ["Ada", "Brook", "Cy", "Dee", "Eli", "Fox"]
SEEDS = [1, 2]


def _cases():
    for name in engines.names():
        engine = engines.get_engine(name)
        for n in range(engine.min_players, engine.max_players + 1):
            for seed in SEEDS:
                yield pytest.param(name, n, seed, id=f"{name}-{n}p-seed{seed}")


def playout(engine: Engine, n: int, seed: int, *, check_every_step: bool = True):
    """Play a whole game with seeded choices; return (players, actions, final state)."""
    players = PLAYER_NAMES[:n]
    state = engine.setup(players, seed=seed)
    rng = random.Random(seed * 7919 + n)
    history: list[tuple[str, str]] = []
    for _ in range(engine.max_playout_steps):
        if engine.result(state) is not None:
            break
        waiting = engine.to_act(state)
        assert waiting, "a running game must be waiting for someone"
        player = rng.choice(waiting)
        if rng.random() < 0.15:
            action_id = rng.choice(engine.legal_actions(state, player)).id
        else:
            action_id = engine.suggest(state, player, rng)
        if check_every_step:
            check_step(engine, state, players, rng)
        state, events = engine.apply(state, player, action_id)
        assert isinstance(events, list)
        history.append((player, action_id))
    else:
        pytest.fail(f"{engine.name}: no result after {engine.max_playout_steps} actions")
    return players, history, state


def check_step(engine: Engine, state, players, rng: random.Random) -> None:
    before = state.model_dump_json()
    assert engine.load_state(before) == state, "state must round-trip through JSON"
    assert isinstance(state, GameState) and state.players == players
    assert state.over is (engine.result(state) is not None), "over and the result agree"
    waiting = engine.to_act(state)
    assert set(waiting) <= set(players)
    for p in players:
        actions = engine.legal_actions(state, p)
        if p in waiting:
            assert actions, f"{p} is awaited but has no legal action"
        ids = [a.id for a in actions]
        assert len(ids) == len(set(ids)), "action ids must be unique"
        for a in actions:
            assert 0 < len(a.id) <= MAX_ACTION_ID and a.id.isascii(), a.id
            assert 0 < len(a.label) <= MAX_ACTION_LABEL, a.label
            assert handler_of(a) is not None, f"{a.id} carries what it does"
    # illegal ids: junk, and a legal id of someone else played by a player who may not
    some = rng.choice(players)
    legal = {a.id for a in engine.legal_actions(state, some)}
    for bad in ["", "nonsense", "x" * 200, "take:999"]:
        if bad not in legal:
            with pytest.raises(IllegalAction) as err:
                engine.apply(state, some, bad)
            assert err.value.reason
    with pytest.raises(IllegalAction):
        engine.apply(state, "Nobody-Seated", next(iter(legal), "nonsense"))
    assert state.model_dump_json() == before, "a rejected action must not change the state"


@pytest.mark.parametrize("name,n,seed", list(_cases()))
def test_random_playout_ends_with_a_result_and_replays_identically(name, n, seed):
    engine = engines.get_engine(name)
    players, history, final = playout(engine, n, seed)
    result = engine.result(final)
    assert result is not None
    assert set(result.winners) <= set(players)
    assert engine.to_act(final) == []
    assert result.reason

    with pytest.raises(IllegalAction, match="over"):
        engine.apply(final, players[0], "nonsense")
    with pytest.raises(IllegalAction, match="over"):
        engine.remove_player(final, players[0])

    replay = engine.setup(players, seed=seed)
    for player, action_id in history:
        replay, _ = engine.apply(replay, player, action_id)
    assert replay.model_dump_json() == final.model_dump_json()


#: the longest menu heading a move's kind or menu may be (a select menu's placeholder shows it)
MAX_KIND = 40


def offered(engine: Engine, state, player: str) -> list[Action]:
    """Every move offered to ``player`` now, typed-amount moves too."""
    return [*engine.legal_actions(state, player), *engine.amount_moves(state, player)]


def check_roles(engine: Engine, state, players) -> None:
    """Every move offered to anyone declares its role, at most one of a player's moves is the
    main one, and a declared kind or menu is a short heading."""
    for p in players:
        moves = offered(engine, state, p)
        for a in moves:
            assert isinstance(a.role, ActionRole), f"{engine.name}: {a.id} declares no role"
            assert a.kind is None or 0 < len(a.kind) <= MAX_KIND, (a.id, a.kind)
            assert a.menu is None or 0 < len(a.menu) <= MAX_KIND, (a.id, a.menu)
        main = [a.id for a in moves if a.role is ActionRole.MAIN]
        assert len(main) <= 1, f"{engine.name}: more than one main move: {main}"


def check_hand_names(engine: Engine, state, players) -> None:
    """A move whose label names items of the player's hand is shown only to that player."""
    for p in players:
        for a in offered(engine, state, p):
            if a.names_hand:
                assert a.private or not engine.public_action_labels, (
                    f"{engine.name}: {a.id} names the hand in a public label"
                )


def walk(name: str, n: int, seed: int) -> Iterator[tuple[Engine, GameState, list[str]]]:
    """Every position of a game played partly at random, partly as the stand-in would."""
    engine = engines.get_engine(name)
    players = PLAYER_NAMES[:n]
    state = engine.setup(players, seed=seed)
    rng = random.Random(seed * 31 + n)
    for _ in range(engine.max_playout_steps):
        yield engine, state, players
        if engine.is_over(state):
            break
        player = rng.choice(engine.to_act(state))
        if rng.random() < 0.3:
            action_id = rng.choice(engine.legal_actions(state, player)).id
        else:
            action_id = engine.suggest(state, player, rng)
        state, _ = engine.apply(state, player, action_id)


@pytest.mark.parametrize("name,n,seed", [c for c in _cases() if c.values[2] == SEEDS[0]])
def test_every_offered_move_declares_its_role_and_at_most_one_is_main(name, n, seed):
    """The front end styles and guards a move by its declared role alone (issue #26, 13)."""
    for engine, state, players in walk(name, n, seed):
        check_roles(engine, state, players)


@pytest.mark.parametrize("name,n,seed", [c for c in _cases() if c.values[2] == SEEDS[0]])
def test_a_move_naming_hand_items_is_offered_only_privately(name, n, seed):
    """Its panel shows the hand picture beside it (issue #29); a public label never names the
    hand."""
    for engine, state, players in walk(name, n, seed):
        check_hand_names(engine, state, players)


@pytest.mark.parametrize("name,n,seed", [c for c in _cases() if c.values[2] == SEEDS[0]])
def test_a_standing_answer_makes_only_a_legal_move_of_an_awaited_player(name, n, seed):
    """The table makes a standing answer's move for its player (issue 30): the engine names
    it only while that player is asked, and only as one of their legal moves."""
    for engine, state, players in walk(name, n, seed):
        awaited = set(engine.to_act(state))
        for p in players:
            for answer in engine.standing_answers(state, p):
                move = engine.standing_move(state, p, answer.id)
                if move is not None:
                    assert p in awaited, (name, answer.id)
                    assert move in {a.id for a in engine.legal_actions(state, p)}, (name, move)


@pytest.mark.parametrize("name", engines.names())
def test_apply_never_mutates_its_input(name):
    engine = engines.get_engine(name)
    state = engine.setup(PLAYER_NAMES[: engine.min_players], seed=5)
    rng = random.Random(5)
    for _ in range(50):
        if engine.result(state) is not None:
            break
        player = engine.to_act(state)[0]
        before = state.model_dump_json()
        action_id = engine.suggest(state, player, rng)
        new, _ = engine.apply(state, player, action_id)
        assert state.model_dump_json() == before
        state = new


@pytest.mark.parametrize("name", engines.names())
def test_an_action_of_a_player_not_awaited_is_refused_with_whom_the_game_awaits(name):
    engine = engines.get_engine(name)
    players = PLAYER_NAMES[: engine.max_players]
    state = engine.setup(players, seed=3)
    waiting = engine.to_act(state)
    idle = next(p for p in players if p not in waiting)
    theirs = {a.id for a in engine.legal_actions(state, idle)}
    some_legal = next(a.id for a in engine.legal_actions(state, waiting[0]) if a.id not in theirs)
    with pytest.raises(IllegalAction, match=f"waiting for {waiting[0]}"):
        engine.apply(state, idle, some_legal)


@pytest.mark.parametrize("name", engines.names())
def test_spectator_view_differs_from_no_one_and_serialises(name):
    engine = engines.get_engine(name)
    players = PLAYER_NAMES[: engine.min_players]
    state = engine.setup(players, seed=9)
    spectator = engine.view(state, None)
    spectator.model_dump_json()
    for p in players:
        engine.view(state, p).model_dump_json()


@pytest.mark.parametrize("name", engines.names())
def test_engine_declares_its_identity(name):
    engine = engines.get_engine(name)
    assert engine.name == name
    assert engine.title
    assert 1 <= engine.min_players <= engine.max_players
    assert engine.guide and len(engine.guide) <= 1800
    for spec in engine.options:
        assert spec.default in spec.choices


@pytest.mark.parametrize("name", engines.names())
def test_unknown_option_is_refused_with_the_valid_ones(name):
    engine = engines.get_engine(name)
    with pytest.raises(IllegalAction, match="Unknown option"):
        engine.setup(PLAYER_NAMES[: engine.min_players], seed=1, options={"no-such": "1"})


@pytest.mark.parametrize("name", engines.names())
def test_every_state_is_a_game_state_seating_the_players_it_was_set_up_with(name):
    engine = engines.get_engine(name)
    players = PLAYER_NAMES[: engine.min_players]
    state = engine.setup(players, seed=1)
    assert issubclass(engine.state_type, GameState) and type(state) is engine.state_type
    assert state.players == players
    assert state.over is False and engine.is_over(state) is False
    assert state.schema_version == len(engine.migrations)


@pytest.mark.parametrize("name,n,seed", [c for c in _cases() if c.values[2] == SEEDS[0]])
def test_a_finished_game_is_over_and_has_a_result(name, n, seed):
    engine = engines.get_engine(name)
    _, _, state = playout(engine, n, seed, check_every_step=False)
    assert state.over and engine.is_over(state) and engine.result(state) is not None
    assert engine.to_act(state) == []
