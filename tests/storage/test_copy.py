"""``tabletop db copy``: a played game (moves, clocks, votes, away, settings, a watch link,
history) moves from SQLite to PostgreSQL and back whole, the counts are checked, the game goes
on in its new home, and a database that already holds something is refused."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.__main__ import main
from storage import Store
from storage.copy import CopyRefused, copy_database
from storage.server_settings import SettingsStore
from storage.sql import connect
from storage.watch_links import WatchLinks
from tests.clock.conftest import (
    ADA,
    BO,
    CHANNEL,
    CY,
    GUILD,
    HOUR,
    OTHER_CHANNEL,
    FakeTime,
    Notifier,
    World,
)

pytestmark = pytest.mark.postgres


def everything(location) -> dict[str, list[tuple]]:
    """Every row of every table but the migrations' own, as plain values (a seed is a number
    whichever way the database keeps it)."""

    def plain(value):
        if isinstance(value, Decimal):
            return int(value)
        if isinstance(value, bytes):
            return int.from_bytes(value, "big")
        return value

    db = connect(location)
    try:
        return {
            t: sorted(tuple(plain(v) for v in r) for r in db.execute(f"SELECT * FROM {t}"))
            for t in sorted(db.tables())
            if t not in ("schema_version", "sqlite_sequence")
        }
    finally:
        db.close()


async def played(location) -> None:
    """A finished game, a running one with a clock that fired, a vote, away time, notices,
    server settings, a watch link and a note in meta."""
    world = await World(location, FakeTime(), Notifier()).open()
    try:
        first = await world.game(ADA, BO, channel=OTHER_CHANNEL)
        await world.table.abort(channel_id=OTHER_CHANNEL, user_id=ADA, is_moderator=True)
        await world.game(ADA, BO, CY)
        await world.move(ADA)
        await world.after(25 * HOUR)  # Bo's time runs out: a stand-in plays, reminders fire
        await world.service.absences.away(user_id=CY, seconds=3 * 24 * 3600)
        await world.service.players.set_notifications(user_id=BO, how="both")
        await world.clocks.cast_vote(first.game.id, BO, ADA, "keep")
        await world.store.set_meta("commands_hash", "abc")
    finally:
        await world.close()
    settings = await SettingsStore.open(location)
    await settings.put_server(GUILD, '{"turn": 3600}', user_id=ADA, now=5.0, log=["turn: 1 hour"])
    await settings.put_game(first.game.id, GUILD, '{"turn": 3600}')
    await settings.close()
    links = await WatchLinks.open(location)
    await links.token(first.game.id, new="a-watch-token-aaaaaaaa", now=6.0)
    await links.close()


async def test_a_played_database_moves_to_postgresql_and_back_whole(tmp_path, postgres_url):
    source = tmp_path / "tabletop.sqlite3"
    await played(source)
    before = everything(source)
    assert all(before[t] for t in ("games", "seats", "moves", "days_deadlines", "days_log"))
    assert all(
        before[t] for t in ("days_votes", "days_player_away", "days_notify", "server_settings")
    )
    assert all(before[t] for t in ("server_settings_log", "game_settings", "watch_links", "meta"))

    copied = await copy_database(str(source), postgres_url)
    assert all(src == dst for src, dst in copied.counts.values())
    assert everything(postgres_url) == before

    back = tmp_path / "back.sqlite3"
    await copy_database(postgres_url, str(back))
    assert everything(back) == before


async def test_the_game_goes_on_in_the_database_it_was_copied_to(tmp_path, postgres_url):
    source = tmp_path / "tabletop.sqlite3"
    await played(source)
    await copy_database(str(source), postgres_url)
    world = await World(postgres_url, FakeTime(), Notifier()).open()
    try:
        waiting = await world.waiting()
        version = (await world.store.live_game(CHANNEL)).version
        await world.move(waiting[0])
        assert (await world.store.live_game(CHANNEL)).version == version + 1
        newer = await world.game(ADA, BO, channel=CHANNEL + 10)  # ids go on after the copied
        assert newer.game.id > max(g.id for g in await world.store.games(("finished", "aborted")))
    finally:
        await world.close()


async def test_a_destination_that_holds_anything_is_refused_and_left_as_it_was(
    tmp_path, postgres_url
):
    source = tmp_path / "tabletop.sqlite3"
    await played(source)
    store = await Store.open(postgres_url)
    await store.set_meta("already", "here")
    await store.close()
    before = everything(postgres_url)
    with pytest.raises(CopyRefused, match=r"not empty \(meta: 1 row\)"):
        await copy_database(str(source), postgres_url)
    assert everything(postgres_url) == before


async def test_the_command_copies_and_reports_the_counts(tmp_path, postgres_url, capsys):
    source = tmp_path / "tabletop.sqlite3"
    await played(source)
    status = await _in_thread(main, ["db", "copy", str(source), postgres_url])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "games: 2 rows" in out and "every table's count matches" in out
    assert await _in_thread(main, ["db", "copy", str(source), postgres_url]) == 2
    assert "is not empty" in capsys.readouterr().err


async def test_a_missing_source_file_is_refused(tmp_path, postgres_url):
    with pytest.raises(CopyRefused, match="no database file"):
        await copy_database(str(tmp_path / "nothing.sqlite3"), postgres_url)
    assert not (tmp_path / "nothing.sqlite3").exists()


async def _in_thread(fn, *args):
    import asyncio

    return await asyncio.to_thread(fn, *args)
