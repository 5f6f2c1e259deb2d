"""SQLite's SQL as PostgreSQL reads it, and locations told apart (storage/sql.py)."""

from __future__ import annotations

import pytest

from storage import LiveGameExists, SeatRow, Store
from storage.sql import DatabaseError, Row, connect, is_postgres, shown, to_postgres
from tests.storage.test_store import new_game


@pytest.fixture(autouse=True)
def worked_out_afresh():
    """``to_postgres`` keeps what it worked out: each test here works it out again."""
    to_postgres.cache_clear()


def test_placeholders_become_postgresql_s_and_a_percent_sign_is_kept_literal():
    assert to_postgres("SELECT * FROM t WHERE a = ? AND b LIKE 'x%'") == (
        "SELECT * FROM t WHERE a = %s AND b LIKE 'x%'"
    )
    assert to_postgres("SELECT a % 2 FROM t WHERE b = ?") == "SELECT a %% 2 FROM t WHERE b = %s"


def test_a_question_mark_inside_a_string_literal_is_not_a_placeholder():
    assert to_postgres("SELECT 'why?', 'it''s ?' FROM t WHERE a = ?") == (
        "SELECT 'why?', 'it''s ?' FROM t WHERE a = %s"
    )


def test_min_and_max_of_two_values_become_least_and_greatest_but_aggregates_stay():
    sql = "SELECT MAX(until_at), SUM(until_at - MAX(start_at, ?)), min(3600, (a - b) / 4.0) FROM t"
    assert to_postgres(sql) == (
        "SELECT MAX(until_at), SUM(until_at - GREATEST(start_at, %s)), "
        "LEAST(3600, (a - b) / 4.0) FROM t"
    )
    assert to_postgres("SELECT COALESCE(MAX(seq), 0) + 1") == "SELECT COALESCE(MAX(seq), 0) + 1"


@pytest.mark.parametrize(
    ("location", "postgres"),
    [
        ("postgresql://bot@db/tabletop", True),
        ("postgres://bot@db/tabletop", True),
        ("tabletop.sqlite3", False),
        ("postgresql.sqlite3", False),
    ],
)
def test_a_url_names_a_server_and_anything_else_a_file(location, postgres):
    assert is_postgres(location) is postgres


def test_a_shown_location_hides_the_password():
    assert (
        shown("postgresql://bot:s3cret@db:5432/tabletop") == "postgresql://bot:***@db:5432/tabletop"
    )
    assert shown("postgresql://bot@db/tabletop") == "postgresql://bot@db/tabletop"


def test_a_postgresql_row_reads_by_name_and_by_position():
    row = Row((7, "Ada"), {"id": 0, "name": 1})
    assert (row["name"], row[1], row["id"], row[0]) == ("Ada", "Ada", 7, 7)


def test_a_comma_inside_a_nested_call_is_not_a_second_argument():
    assert to_postgres("SELECT MAX(COALESCE(a, 0)) FROM t") == "SELECT MAX(COALESCE(a, 0)) FROM t"
    assert to_postgres("SELECT min(COALESCE(a, 0), b) FROM t") == (
        "SELECT LEAST(COALESCE(a, 0), b) FROM t"
    )
    assert to_postgres("SELECT max((a), (b)) FROM t") == "SELECT GREATEST((a), (b)) FROM t"
    twice = "SELECT MAX(COALESCE(NULLIF(a, 0), 1)) FROM t"  # two calls deep
    assert to_postgres(twice) == twice


def test_a_call_left_unclosed_is_left_alone():
    assert to_postgres("SELECT max(a") == "SELECT max(a"


async def test_the_tables_are_listed_without_the_database_s_own(db_location):
    await (await Store.open(db_location)).close()
    db = connect(db_location)
    try:
        tables = db.tables()
    finally:
        db.close()
    assert {"games", "seats", "moves", "meta", "days_deadlines"} <= set(tables)
    assert not [t for t in tables if t.startswith(("sqlite_", "pg_"))]


async def test_a_refused_row_other_than_a_second_live_game_is_not_called_one(db_location):
    store = await Store.open(db_location)
    try:
        with pytest.raises(DatabaseError) as refused:
            await new_game(store, seats=[SeatRow(0, 7, "Ada"), SeatRow(0, 8, "Bo")])
        assert not isinstance(refused.value, LiveGameExists)
        assert await store.games() == []
    finally:
        await store.close()
