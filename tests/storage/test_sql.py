"""SQLite's SQL as PostgreSQL reads it, and locations told apart (storage/sql.py)."""

from __future__ import annotations

import pytest

from storage.sql import Row, is_postgres, shown, to_postgres


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
