"""``determinize``: a searching bot's sample of what it cannot see, checked for every engine.

A sample must look exactly like the true game to the player it is drawn for (their view is
unchanged), must not depend on the true hidden order (dealing from a re-dealt state gives the
same sample), and must really re-deal: over many samples the hidden parts differ from the truth.
"""

from __future__ import annotations

import random

import pytest

import engines
from engines.core import Engine
from tests.shipped import shipped_games

PLAYER_NAMES = ["Ada", "Brook", "Cy", "Dee"]


def _midgame_states(engine: Engine, n: int, seed: int, every: int = 7, limit: int = 20):
    """States along a seeded stand-in playout (the start included)."""
    state = engine.setup(PLAYER_NAMES[:n], seed=seed)
    rng = random.Random(seed)
    out = [state]
    for step in range(engine.max_playout_steps):
        if engine.result(state) is not None or len(out) >= limit:
            break
        player = engine.to_act(state)[0]
        state, _ = engine.apply(state, player, engine.suggest(state, player, rng))
        if step % every == 0 and engine.result(state) is None:
            out.append(state)
    return out


def _cases():
    for name in engines.names():
        engine = engines.get_engine(name)
        for n in sorted({engine.min_players, min(engine.max_players, 3)}):
            yield pytest.param(name, n, id=f"{name}-{n}p")


@pytest.mark.parametrize("name,n", list(_cases()))
def test_a_sample_looks_to_its_player_exactly_like_the_true_game(name, n):
    engine = engines.get_engine(name)
    rng = random.Random(11)
    for state in _midgame_states(engine, n, seed=4):
        for player in PLAYER_NAMES[:n]:
            sample = engine.determinize(state, player, rng)
            assert engine.view(sample, player) == engine.view(state, player)
            assert engine.to_act(sample) == engine.to_act(state)
            assert [a.id for a in engine.legal_actions(sample, player)] == [
                a.id for a in engine.legal_actions(state, player)
            ]


@pytest.mark.parametrize("name,n", list(_cases()))
def test_a_sample_does_not_depend_on_the_true_hidden_order(name, n):
    engine = engines.get_engine(name)
    for state in _midgame_states(engine, n, seed=6):
        player = engine.to_act(state)[0]
        other = engine.determinize(state, player, random.Random(99))
        a = engine.determinize(state, player, random.Random(5))
        b = engine.determinize(other, player, random.Random(5))
        assert a.model_dump_json() == b.model_dump_json()


@pytest.mark.parametrize("name,n", [c for c in _cases() if c.values[0] in shipped_games()])
def test_samples_spread_the_hidden_cards_instead_of_copying_them(name, n):
    engine = engines.get_engine(name)
    rng = random.Random(3)
    state = _midgame_states(engine, n, seed=8)[-1]
    player = engine.to_act(state)[0]
    true = state.model_dump()
    samples = [engine.determinize(state, player, rng).model_dump() for _ in range(30)]
    differing = {k for s in samples for k in s if s[k] != true[k]}
    assert "rng" in differing, "the dice to come must be unknown"
    assert differing - {"rng"}, "some hidden cards must be re-dealt"
    # no sample repeats the true hidden order every time: at least half differ beyond the dice
    beyond_dice = [s for s in samples if {k for k in s if s[k] != true[k]} - {"rng"}]
    assert len(beyond_dice) >= len(samples) // 2


def test_what_a_player_peeked_at_stays_put_and_what_they_did_not_moves():
    """Cemetery Binding shows its card to the binder only: their samples keep it, the
    rival's samples re-deal it."""
    from engines.cemetery.engine import ENGINE
    from engines.cemetery.state import Slot

    state = ENGINE.setup(["Ada", "Brook"], seed=2)
    stack = state.cemetery[0]
    card = state.part_pile[0]
    stack.append(Slot(card=card, face_up=False, seen_by=["Ada"]))
    state.part_pile = state.part_pile[1:]
    rng = random.Random(1)
    for _ in range(10):
        assert ENGINE.determinize(state, "Ada", rng).cemetery[0][-1].card == card
    moved = [ENGINE.determinize(state, "Brook", rng).cemetery[0][-1].card for _ in range(10)]
    assert any(c != card for c in moved)


def test_anatomy_park_samples_keep_heart_attacks_out_of_the_top_half():
    from engines.anatomy_park import data
    from engines.anatomy_park.engine import ENGINE

    state = ENGINE.setup(["Ada", "Brook"], seed=1)
    cards = data.reactions()
    half = sum(r.kind != "heart" for r in cards.values()) // 2
    rng = random.Random(2)
    for _ in range(50):
        deck = ENGINE.determinize(state, "Ada", rng).reactions
        assert all(cards[c].kind != "heart" for c in deck[len(deck) - half :])


def test_a_tile_another_player_chose_to_pass_is_one_of_their_sampled_tiles():
    """Gonorrhea: each player picks a tile to pass in secret; a sample re-deals their hand,
    so their pick must come from the new hand (the game goes on from the sample)."""
    from engines.anatomy_park.engine import ENGINE
    from engines.anatomy_park.state import Task

    state = ENGINE.setup(["Ada", "Brook", "Cy"], seed=3)
    picked = state.hands["Brook"][0]
    state.tasks.insert(
        0,
        Task(
            kind="gonorrhea",
            player="Ada",
            data={"order": ["Ada", "Brook", "Cy"], "chosen": {"Brook": picked}},
        ),
    )
    rng = random.Random(4)
    for _ in range(20):
        sample = ENGINE.determinize(state, "Ada", rng)
        assert sample.tasks[0].data["chosen"]["Brook"] in sample.hands["Brook"]


@pytest.mark.parametrize("name,n", list(_cases()))
def test_a_sample_plays_on_to_the_end_like_a_real_game(name, n):
    """A searching bot plays its samples to the end: everything in a sample must hang together
    (a card a pending choice names is where the choice expects it)."""
    engine = engines.get_engine(name)
    rng = random.Random(21)
    for state in _midgame_states(engine, n, seed=9, every=5, limit=12):
        for player in PLAYER_NAMES[:n]:
            sample = engine.determinize(state, player, rng)
            for _ in range(engine.max_playout_steps):
                if engine.is_over(sample):
                    break
                actor = engine.to_act(sample)[0]
                actions = engine.legal_actions(sample, actor)
                picked = engine.pick(sample, actor, actions, rng)
                sample, _ = engine.play(sample, actor, next(a for a in actions if a.id == picked))
            assert engine.is_over(sample)
