"""Seeds: every roll is public, so a game's seed must be too wide to find by trying them all."""

from __future__ import annotations

import json

import pytest

import engines
from tests.shipped import shipped_games
from tests.table.conftest import ADA, BO, CHANNEL, GUILD, NAMES


async def test_a_drawn_seed_has_at_least_128_random_bits(table):
    seeds = []
    for offset in range(4):
        game = await table.new_game(
            guild_id=GUILD, channel_id=CHANNEL + offset, user_id=ADA, user_name="Ada", engine="toy"
        )
        seeds.append(game.seed)
    # four 128-bit draws all below 2**120 happen once in 2**32 runs
    assert max(s.bit_length() for s in seeds) > 120
    assert len(set(seeds)) == 4


async def test_a_128_bit_seed_is_stored_whole_and_reaches_the_engine(table, store):
    seed = 2**128 - 12345
    await table.new_game(
        guild_id=GUILD, channel_id=CHANNEL, user_id=ADA, user_name="Ada", engine="toy", seed=seed
    )
    await table.join(channel_id=CHANNEL, user_id=BO, user_name=NAMES[BO])
    assert (await table.game(channel_id=CHANNEL)).seed == seed
    await table.start(channel_id=CHANNEL, user_id=ADA)
    row = await store.live_game(CHANNEL)
    assert json.loads(row.state)["rng"]["seed"] == seed
    assert engines.get_engine("toy").load_state(row.state).rng.seed == seed


@pytest.mark.parametrize("game", sorted(shipped_games()))
def test_every_bit_of_the_seed_shapes_the_game(game):
    """No engine derives its decks from a slice of the seed: seeds that differ only far above
    the low 64 bits deal different games."""
    engine = engines.get_engine(game)
    players = [f"p{i}" for i in range(engine.max_players)]
    low = 987654321
    dealt = {
        engine.setup(players, seed=low + high).model_dump_json(exclude={"rng"})
        for high in (2**70, 2**100, 2**127)
    }
    assert len(dealt) == 3
