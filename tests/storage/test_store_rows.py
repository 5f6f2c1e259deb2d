"""What the store reads back: every field of a game row and its seats, damaged JSON reported as
a problem (never raised), the move log's readability, and the queries' filters and order."""

from __future__ import annotations

import sqlite3

import pytest

from storage import GameNotFound, MoveEntry, SeatRow, Store, VersionConflict
from storage.shards import Shards
from storage.sql import SqliteDb, connect
from storage.store import SEED_BYTES
from tests.storage.test_store import new_game, run_sql


@pytest.fixture
async def store(db_location):
    """A store on a SQLite file, then on a PostgreSQL database."""
    store = await Store.open(db_location)
    yield store
    await store.close()


def _sql(store: Store, statement: str, *args) -> None:
    run_sql(store.path, statement, *args)


def _one(store: Store, statement: str, *args) -> tuple:
    db = connect(store.path)
    try:
        return tuple(db.execute(statement, args).fetchone())
    finally:
        db.close()


# -- a game row, field by field --------------------------------------------------------------------
async def test_a_saved_game_reads_back_every_field(store):
    game = await new_game(store, guild_id=3, seed=77, now=1000.0)
    seats = [SeatRow(0, 7, "Ada", {"species": "cat"}), SeatRow(1, 8, "Bo", active=False)]
    await store.save(
        game.id,
        game.version,
        now=1500.0,
        entry=MoveEntry("end"),
        status="finished",
        state='{"pile": 0}',
        result={"winners": ["Ada"]},
        end_reason="Ada took the last counter",
        host_id=8,
        seats=seats,
    )
    row = await store.get_game(game.id)
    assert (row.guild_id, row.channel_id, row.engine, row.seed) == (3, 100, "toy", 77)
    assert (row.status, row.state, row.version, row.host_id) == ("finished", '{"pile": 0}', 2, 8)
    assert (row.created_at, row.updated_at) == (1000.0, 1500.0)
    assert row.result == {"winners": ["Ada"]}
    assert row.end_reason == "Ada took the last counter"
    assert row.seats == tuple(seats)
    assert row.problems == ()


async def test_a_result_saved_as_none_reads_back_as_none(store):
    game = await new_game(store)
    await store.save(game.id, game.version, now=2.0, entry=MoveEntry("x"), result=None)
    assert (await store.get_game(game.id)).result is None
    assert (await store.get_game(game.id)).problems == ()


async def test_the_store_keeps_json_compact_and_non_ascii_text_as_written(store):
    game = await new_game(store, entry=MoveEntry("new", events=[{"text": "Zoë joins"}]))
    (events,) = _one(store, "SELECT events FROM moves WHERE game_id = ?", game.id)
    (options,) = _one(store, "SELECT options FROM games")
    assert events == '[{"text":"Zoë joins"}]'
    assert options == '{"pile":"21"}'


# -- damaged rows: a problem reported, never raised ------------------------------------------------
@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        ("{broken", "the result is not valid JSON"),
        ("[1, 2]", "the result is not a JSON object"),
    ],
)
async def test_a_damaged_result_is_reported_and_read_as_none(store, raw, problem):
    game = await new_game(store)
    _sql(store, "UPDATE games SET result = ?", raw)
    row = await store.get_game(game.id)
    assert row.result is None and row.problems == (problem,)


async def test_no_result_yet_is_not_a_problem(store):
    game = await new_game(store)
    row = await store.get_game(game.id)
    assert row.result is None and row.problems == ()


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        ("{broken", "the options is not valid JSON"),
        ('"pile"', "the options is not a JSON object"),
    ],
)
async def test_damaged_options_are_reported_and_read_as_empty(store, raw, problem):
    game = await new_game(store)
    _sql(store, "UPDATE games SET options = ?", raw)
    row = await store.get_game(game.id)
    assert row.options == {} and row.problems == (problem,)


async def test_damaged_seat_choices_name_the_seat(store):
    game = await new_game(store)
    _sql(store, "UPDATE seats SET choices = '{oops'")
    row = await store.get_game(game.id)
    assert row.seats[0].choices == {}
    assert row.problems == ("seat 0's choices is not valid JSON",)


# -- the move log --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "raw",
    ["{oops", '{"text": "an object, not a list"}', "{}", "5", '["a", "b"]', "[1, {}]", "[null]"],
    ids=[
        "not-json",
        "not-a-list",
        "an-empty-object",
        "a-number",
        "strings",
        "a-number-first",
        "null",
    ],
)
async def test_a_log_entry_whose_events_are_not_a_list_of_objects_is_unreadable(store, raw):
    game = await new_game(store)
    _sql(  # the log is append-only: a damaged entry can only be a new one
        store,
        "INSERT INTO moves (game_id, seq, kind, events, version, created_at)"
        " VALUES (?, 2, 'move', ?, 2, 0)",
        game.id,
        raw,
    )
    first, damaged = await store.moves(game.id)
    assert first.readable is True
    assert damaged.readable is False and damaged.events == []


async def test_a_log_entry_keeps_everything_it_was_saved_with(store):
    game = await new_game(store)
    entry = MoveEntry("move", 7, "Ada", "take:2", events=[{"text": "Ada takes 2", "kind": "info"}])
    await store.save(game.id, game.version, now=5.0, entry=entry)
    first, second = await store.moves(game.id)
    assert (first.seq, second.seq) == (1, 2)
    assert (second.game_id, second.kind, second.user_id, second.player) == (
        game.id,
        "move",
        7,
        "Ada",
    )
    assert (second.action_id, second.version, second.created_at) == ("take:2", 2, 5.0)
    assert second.events == [{"text": "Ada takes 2", "kind": "info"}] and second.readable


async def test_each_game_numbers_its_log_from_one(store):
    await new_game(store, channel_id=1)
    other = await new_game(store, channel_id=2)
    assert [m.seq for m in await store.moves(other.id)] == [1]


@pytest.mark.parametrize("limit", [0, -3])
async def test_asking_for_no_log_entries_gives_none(store, limit):
    game = await new_game(store)
    assert await store.moves(game.id, limit=limit) == []


# -- queries ---------------------------------------------------------------------------------------
async def test_games_lists_only_the_statuses_asked_for_oldest_first(store):
    a = await new_game(store, channel_id=1)
    b = await new_game(store, channel_id=2)
    c = await new_game(store, channel_id=3)
    await store.save(b.id, b.version, now=2.0, entry=MoveEntry("end"), status="finished")
    assert [g.id for g in await store.games()] == [a.id, c.id]
    assert [g.id for g in await store.games(["finished"])] == [b.id]
    assert [g.id for g in await store.games(["finished", "lobby"])] == [a.id, b.id, c.id]


async def test_games_with_only_unknown_statuses_is_empty(store):
    await new_game(store)
    assert await store.games(["deleted"]) == []


async def test_the_latest_game_of_a_channel_is_its_live_one_or_its_newest(store):
    old = await new_game(store)
    await store.save(old.id, old.version, now=2.0, entry=MoveEntry("end"), status="finished")
    assert (await store.latest_game(100)).id == old.id
    live = await new_game(store)
    assert (await store.latest_game(100)).id == live.id
    assert await store.latest_game(999) is None


async def test_a_store_closes_once_however_often_it_is_asked(db_location):
    async with await Store.open(db_location) as store:
        await store.close()
    await store.close()
    assert store.path == db_location


# -- what the survivors of mutation testing showed untested -------------------------------------
async def test_a_closed_store_refuses_further_use(tmp_path):
    store = await Store.open(tmp_path / "x.sqlite3")
    await store.close()
    with pytest.raises(ValueError):
        await store.get_meta("anything")


async def test_a_store_opens_in_folders_that_do_not_exist_yet(tmp_path):
    path = tmp_path / "a" / "b" / "games.sqlite3"
    store = await Store.open(path)
    await store.close()
    assert path.exists()


async def test_a_file_named_as_text_is_opened_as_a_path_in_folders_made_for_it(tmp_path):
    path = tmp_path / "a" / "games.sqlite3"
    store = await Store.open(str(path))
    await store.close()
    assert store.path == path and path.exists()


async def test_a_store_knows_whether_it_runs_on_postgresql(store, db_location):
    assert store.postgres is isinstance(db_location, str)


async def test_a_tool_s_work_runs_on_the_store_s_connection_with_its_arguments(store):
    game = await new_game(store)

    def status(db, game_id):
        return db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()[0]

    assert await store.run(status, game.id) == "lobby"


async def test_migrations_record_the_time_the_store_was_opened_at(tmp_path):
    store = await Store.open(tmp_path / "x.sqlite3", now=123.0)
    await store.close()
    with sqlite3.connect(tmp_path / "x.sqlite3") as db:
        times = {t for (t,) in db.execute("SELECT applied_at FROM schema_version")}
    assert times == {123.0}


async def test_a_meta_value_records_when_it_was_set(store):
    await store.set_meta("commands_hash", "abc", now=55.0)
    (updated,) = _one(store, "SELECT updated_at FROM meta WHERE key = 'commands_hash'")
    assert updated == 55.0


async def test_a_missing_game_is_named_by_its_id(store):
    with pytest.raises(GameNotFound, match=r"^No game with id 99\.$"):
        await store.get_game(99)


async def test_a_save_against_a_stale_version_says_which(store):
    game = await new_game(store)
    with pytest.raises(VersionConflict, match=rf"^Game {game.id} is no longer at version 5\.$"):
        await store.save(game.id, 5, now=2.0, entry=MoveEntry("x"))


async def test_a_save_that_keeps_the_status_still_writes_the_state(store):
    game = await new_game(store)
    await store.save(game.id, game.version, now=2.0, entry=MoveEntry("x"), state='{"a":1}')
    row = await store.get_game(game.id)
    assert (row.status, row.state) == ("lobby", '{"a":1}')


async def test_a_save_from_a_loaded_row_carries_every_changed_field_and_keeps_the_seats(store):
    game = await new_game(store)
    saved = await store.save(
        game.id,
        game.version,
        base=game,
        now=3.0,
        entry=MoveEntry("end"),
        result={"winners": ["Ada"]},
        end_reason="done",
        host_id=9,
    )
    assert (saved.result, saved.end_reason, saved.host_id) == ({"winners": ["Ada"]}, "done", 9)
    assert saved.seats == game.seats
    assert saved == await store.get_game(game.id)


# -- seeds of any size -------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 2**63 - 1, 2**63, 2**64, 2**300 + 5])
async def test_a_seed_of_any_size_reads_back_exactly(store, seed):
    game = await new_game(store, seed=seed)
    assert (await store.get_game(game.id)).seed == seed


async def test_a_seed_that_fits_63_bits_is_kept_as_an_integer_and_a_wider_one_as_bytes(tmp_path):
    store = await Store.open(tmp_path / "games.sqlite3")  # SQLite's integers hold 64 bits
    await new_game(store, channel_id=1, seed=2**63 - 1)
    await new_game(store, channel_id=2, seed=2**63)
    await new_game(store, channel_id=3, seed=2**300)
    with sqlite3.connect(store.path) as db:
        kept = db.execute("SELECT typeof(seed), length(seed) FROM games ORDER BY id").fetchall()
    assert kept[0][0] == "integer"
    assert kept[1] == ("blob", SEED_BYTES)
    assert kept[2] == ("blob", (2**300).bit_length() // 8 + 1)
    await store.close()


# -- pages and lists of games ----------------------------------------------------------------------
async def _ended(store, channel_id: int, at: float, status: str = "finished"):
    game = await new_game(store, channel_id=channel_id)
    await store.save(game.id, game.version, now=at, entry=MoveEntry("end"), status=status)
    return game.id


async def test_ended_games_are_a_server_s_most_recently_ended_first(store):
    a = await _ended(store, 1, at=10.0)
    b = await _ended(store, 2, at=30.0, status="aborted")
    c = await _ended(store, 1, at=20.0)
    await new_game(store, channel_id=3)  # still in the lobby
    await new_game(store, channel_id=4, guild_id=2)  # another server
    assert [g.id for g in await store.ended_games(1)] == [b, c, a]
    assert all(g.state is None for g in await store.ended_games(1))


async def test_ended_games_of_one_channel_with_a_limit(store):
    a = await _ended(store, 1, at=10.0)
    await _ended(store, 2, at=30.0)
    c = await _ended(store, 1, at=20.0)
    assert [g.id for g in await store.ended_games(1, channel_id=1)] == [c, a]
    assert [g.id for g in await store.ended_games(1, channel_id=1, limit=1)] == [c]
    assert await store.ended_games(1, limit=0) == []


async def test_running_games_come_a_page_at_a_time_in_id_order(store):
    ids = []
    for channel in (1, 2, 3):
        game = await new_game(store, channel_id=channel)
        await store.save(game.id, game.version, now=2.0, entry=MoveEntry("s"), status="running")
        ids.append(game.id)
    await new_game(store, channel_id=4)  # a lobby is not running
    assert [g.id for g in await store.running_page(0, 2)] == ids[:2]
    assert [g.id for g in await store.running_page(ids[1], 2)] == ids[2:]


async def test_running_games_not_noted_at_their_latest_version_are_listed(store):
    noted, behind, fresh = [], [], []
    for channel, bucket in ((11, noted), (12, behind), (13, fresh)):
        game = await new_game(store, channel_id=channel, guild_id=5)
        saved = await store.save(
            game.id, game.version, now=2.0, entry=MoveEntry("s"), status="running"
        )
        bucket.append(saved)
    await store.set_meta(f"seen:{noted[0].id}", str(noted[0].version))
    await store.set_meta(f"seen:{behind[0].id}", str(behind[0].version - 1))
    assert await store.running_not_noted("seen:") == [
        (behind[0].id, 12, 5),
        (fresh[0].id, 13, 5),
    ]


async def test_only_ended_games_with_a_note_still_in_use_are_listed(store):
    games = {}
    for channel, status in ((1, "finished"), (2, "aborted"), (3, "finished"), (4, "running")):
        game = await new_game(store, channel_id=channel)
        await store.save(game.id, game.version, now=2.0, entry=MoveEntry("s"), status=status)
        games[channel] = game.id
    await store.set_meta(f"turn.{games[1]}", '{"message_id": 1}')
    await store.set_meta(f"turn.{games[2]}", '{"message_id": 2}')
    await store.set_meta(f"turn.{games[3]}", "")  # its end was announced: the note emptied
    await store.set_meta(f"turn.{games[4]}", '{"message_id": 4}')  # still running
    await store.set_meta(f"turnx.{games[3]}", "x")  # another prefix that merely starts alike
    await store.set_meta(f"turn/{games[3]}", "x")  # the prefix sorted right after it
    assert await store.ended_noted("turn.") == [games[1], games[2]]


async def test_games_of_one_server_leave_the_others_out(store):
    ours = await new_game(store, channel_id=1, guild_id=5)
    await new_game(store, channel_id=2, guild_id=6)
    assert [g.id for g in await store.games(guild_id=5)] == [ours.id]


def test_a_wide_seed_takes_the_bytes_its_bits_need():
    assert len(SqliteDb.seed_in(None, 2**255)) == 32
    assert len(SqliteDb.seed_in(None, 2**256)) == 33


# -- shards, servers and rows out of the usual order ---------------------------------------------
SHARD_1_OF_2 = 1 << 22  # a guild id in shard 1 of 2 (guild 5 is in shard 0)


async def _running(store: Store, channel_id: int, guild_id: int) -> int:
    game = await new_game(store, channel_id=channel_id, guild_id=guild_id)
    await store.save(game.id, game.version, now=2.0, entry=MoveEntry("s"), status="running")
    return game.id


async def test_a_shard_s_page_of_running_games_holds_only_its_guilds_games(store):
    await _running(store, 1, 5)
    theirs = await _running(store, 2, SHARD_1_OF_2)
    assert [g.id for g in await store.running_page(0, 10, shards=Shards(2, {1}))] == [theirs]


async def test_a_shard_s_games_not_noted_are_only_its_guilds_games(store):
    await _running(store, 1, 5)
    theirs = await _running(store, 2, SHARD_1_OF_2)
    assert await store.running_not_noted("seen:", shards=Shards(2, {1})) == [
        (theirs, 2, SHARD_1_OF_2)
    ]


async def test_a_player_s_games_are_those_of_the_server_asked_about(store):
    ours = await new_game(store, channel_id=1, guild_id=5)
    await new_game(store, channel_id=2, guild_id=6)
    await new_game(store, channel_id=3, guild_id=None)
    assert [g.id for g in await store.seated_games(5, 7)] == [ours.id]


async def test_the_live_game_of_a_channel_is_its_latest_even_beside_a_newer_ended_one(store):
    live = await new_game(store, channel_id=1)
    moved = await _ended(store, 2, at=5.0)
    _sql(store, "UPDATE games SET channel_id = 1 WHERE id = ?", moved)  # moved in by hand
    assert (await store.latest_game(1)).id == live.id


async def test_a_save_whose_base_is_not_at_the_expected_version_reads_the_saved_row_back(store):
    game = await new_game(store)
    first = await store.save(game.id, game.version, now=2.0, entry=MoveEntry("s"), state="{}")
    saved = await store.save(
        game.id, first.version, now=3.0, entry=MoveEntry("s"), status="running", base=game
    )
    assert saved == await store.get_game(game.id)
    assert saved.state == "{}" and saved.version == first.version + 1
