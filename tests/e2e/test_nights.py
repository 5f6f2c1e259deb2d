"""Nights through the local Discord (issue #28): a player sets a time zone and quiet hours with
the real commands, is not pinged by their turn while asleep, and is pinged once when they wake.

The bot runs on real time; "their night ends" is played by moving it into the past in the
database (their window and the held notice's release), as the shard scenario moves deadlines,
then waking the scheduler (the host pauses and resumes the clock)."""

from __future__ import annotations

import time

import pytest

from storage.sql import connect
from tests.e2e.session import GameSession

MORNING = "good morning"


def _hhmm(minutes: int) -> str:
    minutes %= 24 * 60
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _now_minutes() -> int:
    return int(time.time() // 60) % (24 * 60)


def _run(db_path, sql: str, args: tuple) -> None:
    con = connect(str(db_path))
    try:
        con.execute(sql, args)
    finally:
        con.close()


def test_a_sleeper_is_not_pinged_and_is_pinged_once_when_they_wake(world):
    d = world.driver
    channel = d.channel("nights")
    ada, bo = d.user("Ada"), d.user("Bonnie")

    suggested = d.autocomplete(bo, channel, "/me zone", "zone", typed="lond")
    assert "Europe/London" in [c["value"] for c in suggested]
    zone = d.run(bo, channel, "/me zone", zone="UTC")
    assert zone.ephemeral and not zone.failed, zone
    assert "UTC" in zone.text and "there now" in zone.text
    refused = d.run(bo, channel, "/me quiet", hours="10:00-10:00")
    assert refused.ephemeral and "no time at all" in refused.text
    now = _now_minutes()  # Bo sleeps from an hour ago to two hours from now
    quiet = d.run(bo, channel, "/me quiet", hours=f"{_hhmm(now - 60)}-{_hhmm(now + 120)}")
    assert quiet.ephemeral and "quiet hours are" in quiet.text, quiet

    game = GameSession(d, world.db, channel, "toy", [ada, bo], spectator=d.user("Eve"))
    game.asleep = {bo.id}
    game.open_and_start()
    for _ in range(6):  # play until a move by Ada hands the turn to Bo
        if game.witness.to_act_users() == {ada.id}:
            game.move()
            break
        game.move()
    assert game.witness.to_act_users() == {bo.id}
    d.settle()
    turn = d.latest_public(channel)
    assert f"<@{bo.id}>" in turn.content  # named ...
    assert bo.id not in turn.pinged  # ... but not pinged while asleep
    assert not any(bo.id in m.pinged for m in d.public_messages(channel) if MORNING in m.content)

    # Bo's night ends: his window closes now, and his held notice is due
    game_id = game.witness.row().id
    _run(
        world.db_path,
        "UPDATE player_settings SET quiet_start = ?, quiet_end = ? WHERE user_id = ?",
        ((now - 8 * 60) % 1440, (_now_minutes() - 1) % 1440, bo.id),
    )
    _run(
        world.db_path,
        "UPDATE player_held SET release_at = ? WHERE user_id = ? AND game_id = ?",
        (time.time(), bo.id, game_id),
    )
    for command in ("/host pause", "/host resume"):
        assert d.run(ada, channel, command).messages
    d.server.wait_until(
        lambda: [m for m in d.public_messages(channel) if MORNING in m.content],
        what="the one notice when Bo wakes",
    )
    time.sleep(1.0)  # a second notice, if there were one, would land now
    d.settle()
    mornings = [m for m in d.public_messages(channel) if MORNING in m.content]
    assert len(mornings) == 1
    assert mornings[0].pinged == [bo.id]
    assert world.bot.log_errors() == []


def test_a_players_settings_are_made_in_direct_messages_with_the_bot(world):
    """Issue #28: "A player's own settings, valid in every server and in DMs with the bot"."""
    d = world.driver
    cy = d.user("Cyrus")
    dm = d.dm(cy)
    zone = d.run(cy, dm, "/me zone", zone="america/new york")
    assert not zone.failed and "America/New_York" in zone.text, zone
    quiet = d.run(cy, dm, "/me quiet", hours="22:30-06:30")
    assert not quiet.failed and "22:30-06:30" in quiet.text, quiet
    told = d.run(cy, dm, "/me notifications", how="dm", reminders=1)
    assert "a direct message" in told.text, told
    mute = d.run(cy, dm, "/me mute")  # a game's channel names the game: none in a DM
    assert "works inside a server" in mute.text, mute
    # the same settings in a server's channel
    here = d.run(cy, d.channel("nights-dm"), "/me notifications")
    assert here.ephemeral and "a direct message" in here.text and "one reminder" in here.text
    assert world.bot.log_errors() == []


def test_the_game_commands_are_not_offered_in_direct_messages(world):
    d = world.driver
    cy = d.user("Cyrus")
    with pytest.raises(RuntimeError, match="not offered in direct messages"):
        d.run(cy, d.dm(cy), "/game new", game="toy")
