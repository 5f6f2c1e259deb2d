"""Shared fixtures: the test-only engine is registered for every test; the two databases
(``db_location``: a SQLite file, then a fresh PostgreSQL database)."""

from __future__ import annotations

import os
import sys

# Imported now, not last: when no test imported it, hypothesis's pytest plugin imports it in its
# terminal summary, and a garbage collection during that late import (finalizers of tasks some
# tests leave behind) trips CPython 3.11.7's "AST constructor recursion depth mismatch" and the
# run exits 1 after every test passed.
import hypothesis  # noqa: F401
import pytest

import engines
import rendering
from tests import postgres
from tests.engines import toy

engines.register(toy.ENGINE)
rendering.register("toy", sys.modules[toy.__name__])


# -- the two databases -------------------------------------------------------------------------
# Tests of the store, the table and the clocks take ``db_location``: once a SQLite file, once a
# fresh PostgreSQL database (marked ``postgres``: ``./tabletop test -m postgres`` runs those
# alone). With CI=true a missing server fails loudly; on a developer's machine it skips.
_server: postgres.Server | str | None = None


@pytest.fixture(scope="session")
def postgres_server():
    global _server
    if _server is None:
        try:
            _server = postgres.server()
        except postgres.NoServer as exc:
            _server = str(exc)
    if isinstance(_server, str):
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true, and no PostgreSQL server for the postgres tests: {_server}")
        pytest.skip(f"no PostgreSQL server ({_server})")
    yield _server


def pytest_sessionfinish(session, exitstatus):
    if isinstance(_server, postgres.Server):
        _server.stop()


@pytest.fixture
def postgres_url(postgres_server):
    """A fresh, empty PostgreSQL database of this test's own, dropped after."""
    url = postgres_server.new_database()
    yield url
    postgres_server.drop_database(url)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_location(request, tmp_path):
    """Where a test's store lives: a SQLite file, or a PostgreSQL database's URL."""
    if request.param == "sqlite":
        return tmp_path / "tabletop.sqlite3"
    return request.getfixturevalue("postgres_url")
