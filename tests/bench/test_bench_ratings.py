"""Ratings at the scale benchmark's size: a hundred thousand finished games among twenty
thousand players. Not a timed test: it prints one line,

    ratings 100000 games: update_p99_ms=… leaderboard_p99_ms=… backfill_s=…

Run it with ``./tabletop test -m bench -s tests/bench/test_bench_ratings.py``
(``RATINGS_GAMES=10000`` for a smaller file).

- The file is built by the scale benchmark's builder (``tests/bench/test_scale.py``): real
  states of the shipped games, two to four seats, a winner each, spread over 500 servers.
- ``backfill_s``: the catch-up at start rating every finished game, in the order they ended
  (what the first start after migration 0170 does).
- ``update_p99_ms``: rating one game as it finishes (the table listener's unit of work: read
  its row and seats and the clock's stand-in log, claim it, two scopes of ratings written,
  results and reliability), for games ended after the backfill.
- ``leaderboard_p99_ms``: ``/game leaderboard``'s read (top ten and the asker's place, with
  names) for random games, servers, pools and askers; a server's board or the board across all
  servers, with one player in a hundred hidden from servers where they did not play.
"""

from __future__ import annotations

import os
import random
import sqlite3
import time

import pytest

from bot.ratings.pages import leaderboard
from bot.ratings.service import Ratings
from storage import Store
from storage.ratings import RatingStore
from tests.bench.test_scale import GUILDS, NOW, build, percentile, samples

GAMES = int(os.environ.get("RATINGS_GAMES", "100000"))
PLAYERS = GAMES // 5
UPDATES = 300
READS = 300


def finish_more(path, first_id: int, count: int, players: int) -> list[int]:
    """``count`` more finished games, ended after every other, as the table leaves them."""
    rng = random.Random(first_id)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    ids = []
    for n in range(count):
        game_id = first_id + n
        who = rng.sample(range(1, players + 1), rng.randint(2, 4))
        names = [f"P{i}" for i in range(1, len(who) + 1)]
        db.execute(
            "INSERT INTO games (id, guild_id, channel_id, engine, status, state, version,"
            " host_id, options, seed, created_at, updated_at, result, end_reason)"
            " VALUES (?, ?, ?, 'toy', 'finished', '{}', 9, ?, '{}', 1, ?, ?, ?, 'won')",
            (
                game_id,
                1 + game_id % GUILDS,
                90_000_000 + game_id,
                who[0],
                NOW,
                NOW + n,
                f'{{"winners": ["{rng.choice(names)}"], "reason": "won"}}',
            ),
        )
        db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
            [(game_id, i, user, names[i]) for i, user in enumerate(who)],
        )
        ids.append(game_id)
    db.execute("COMMIT")
    db.close()
    return ids


@pytest.mark.bench
async def test_ratings_at_scale(tmp_path):
    path = tmp_path / "ratings.sqlite3"
    await (await Store.open(path)).close()  # the schema, from the migrations
    built_games = GAMES
    build(path, 0, samples(), ended=built_games, users=PLAYERS)
    store = await Store.open(path)
    rating_store = await RatingStore.open(path)
    ratings = Ratings(rating_store, now=lambda: NOW)
    try:
        started = time.perf_counter()
        rated = await ratings.catch_up()
        backfill = time.perf_counter() - started
        assert rated == built_games

        hidden = random.Random(7).sample(range(1, PLAYERS + 1), PLAYERS // 100)
        await rating_store.write(
            lambda db: db.executemany(
                "UPDATE rating_players SET hide_elsewhere = 1 WHERE user_id = ?",
                [(u,) for u in hidden],
            )
        )

        fresh = finish_more(path, built_games + 1, UPDATES, PLAYERS)
        updates = []
        for game_id in fresh:
            started = time.perf_counter()
            assert await ratings.rate(game_id)
            updates.append(time.perf_counter() - started)

        rng = random.Random(11)
        engines_rated = await rating_store.read(
            lambda db: [r[0] for r in db.execute("SELECT DISTINCT engine FROM ratings")]
        )
        reads = []
        for _ in range(READS):
            started = time.perf_counter()
            board = await leaderboard(
                ratings,
                rng.choice(engines_rated),
                "people",
                guild_id=1 + rng.randrange(GUILDS),
                here=rng.random() < 0.5,
                asker=rng.randint(1, PLAYERS),
            )
            reads.append(time.perf_counter() - started)
            assert len(board.rows) <= 10
    finally:
        await rating_store.close()
        await store.close()
    print(
        f"\nratings {built_games} games: update_p99_ms={percentile(updates, 99) * 1000:.1f}"
        f" leaderboard_p99_ms={percentile(reads, 99) * 1000:.1f} backfill_s={backfill:.1f}"
    )
