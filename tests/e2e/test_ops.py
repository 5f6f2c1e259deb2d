"""The real bot with ``--metrics-port`` and ``--log-format json`` against the local Discord: a
game played through it (moves, a refused click, a turn clock running out and a stand-in
playing) moves every counter a host watches, ``/healthz`` and ``/readyz`` say it is well, no
label carries an id, and every line of its log is one JSON object."""

from __future__ import annotations

import json
import re
import socket
import time
import urllib.error
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

from storage.sql import connect
from tests.e2e.conftest import HAVE_BOT, World
from tests.e2e.session import GameSession

#: a deadline made due this many seconds from now stands for a turn clock running out
DUE_IN = 2.0
DAY = 24 * 3600.0
#: a Discord id's size: 17 to 20 digits (not the fraction of a sample's value)
SNOWFLAKE = re.compile(r"(?<![0-9.])[0-9]{17,20}(?![0-9])")
STANDIN = "a stand-in played for them"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode()


def _bring_deadline_near(db_path, game_id: int) -> None:
    """The game's running deadline falls due in :data:`DUE_IN` seconds, its turn a day long."""
    due = time.time() + DUE_IN
    con = connect(str(db_path))
    try:
        con.execute(
            "UPDATE days_deadlines SET started_at = ?, due_at = ? "
            "WHERE game_id = ? AND fired_at IS NULL",
            (due - DAY, due, game_id),
        )
    finally:
        con.close()


def _samples(text: str) -> dict[tuple[str, tuple], float]:
    """(sample name, sorted labels) -> value, as Prometheus reads the endpoint."""
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def _total(samples: dict, name: str, **labels: str) -> float:
    """The sum of ``name``'s samples whose labels include ``labels``."""
    wanted = set(labels.items())
    return sum(v for (n, ls), v in samples.items() if n == name and wanted <= set(ls))


def test_a_game_played_through_the_real_bot_moves_every_counter_a_host_watches(tmp_path):
    assert HAVE_BOT
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    world = World(tmp_path, extra_args=["--metrics-port", str(port), "--log-format", "json"])
    world.bot.start()
    try:
        d = world.driver
        d.server.wait_until(lambda: _get(base + "/readyz")[0] == 200, 20.0, "the bot to be ready")
        health = _get(base + "/healthz")
        ready = _get(base + "/readyz")
        channel = d.channel("metrics")
        ada, bob = d.user("Ada"), d.user("Bob")
        game = GameSession(d, world.db, channel, "toy", [ada, bob], spectator=d.user("Eve"))
        game.open_and_start()
        for _ in range(3):
            game.move()
        row = game.witness.row()
        (idle,) = [u for u in game.players if u.id not in game.witness.to_act_users(row)]
        refused = d.click(idle, channel, "Take 1")
        assert refused.ephemeral, refused
        # the awaited player's turn clock runs out: the scheduler fires it, a stand-in plays
        quiet_from = d.last_message_id()
        _bring_deadline_near(world.db_path, row.id)
        for command in ("/host pause", "/host resume"):  # wakes the scheduler, as in the shards
            assert d.run(ada, channel, command).messages
        d.server.wait_until(
            lambda: any(
                STANDIN in m.content for m in d.public_messages(channel) if m.id > quiet_from
            ),
            30.0,
            "the stand-in's turn",
        )
        d.settle()
        status, text = _get(base + "/metrics")
    finally:
        world.close()

    assert health[0] == 200 and json.loads(health[1])["status"] == "ok", health
    assert ready[0] == 200 and json.loads(ready[1])["status"] == "ok", ready
    assert status == 200
    s = _samples(text)
    assert _total(s, "tabletop_moves_total", game="toy", outcome="made") >= 3
    refusals = _total(s, "tabletop_moves_total", game="toy") - _total(
        s, "tabletop_moves_total", game="toy", outcome="made"
    )
    assert refusals >= 1
    assert _total(s, "tabletop_move_seconds_count", game="toy") >= 3
    assert _total(s, "tabletop_renders_total", kind="board", result="ok") >= 4
    assert _total(s, "tabletop_render_seconds_count", kind="board") >= 4
    answers = _total(
        s,
        "tabletop_discord_requests_total",
        route="POST /interactions/{webhook_id}/{webhook_token}/callback",
    )
    assert answers >= 5  # every command and click is answered
    assert _total(
        s, "tabletop_discord_requests_total", route="POST /channels/{channel_id}/messages"
    )
    assert _total(s, "tabletop_discord_request_seconds_count") >= answers
    assert _total(s, "tabletop_live_games", game="toy") == 1
    assert _total(s, "tabletop_clocks_fired_total", kind="deadline") >= 1
    assert _total(s, "tabletop_clock_fire_lag_seconds_count") >= 1
    assert _total(s, "tabletop_standins_total", game="toy") >= 1
    assert _total(s, "tabletop_event_loop_lag_seconds_count") >= 1
    assert _total(s, "tabletop_db_round_trip_seconds_count", store="game") >= 10
    assert _total(s, "tabletop_db_round_trip_seconds_count", store="clock") >= 1
    # nothing failed, and the local Discord asked for no waits: both counted as nothing
    assert "# TYPE tabletop_errors_total counter" in text
    assert _total(s, "tabletop_errors_total") == 0
    assert "# TYPE tabletop_discord_ratelimit_waits_total counter" in text
    assert SNOWFLAKE.findall(text) == []

    lines = [line for line in world.bot.log_path.read_text().splitlines() if line.strip()]
    parsed = [json.loads(line) for line in lines]
    assert {"time", "level", "logger", "message"} <= set(parsed[0])
    assert any("Metrics at http://127.0.0.1" in p["message"] for p in parsed)
