"""Two bot processes, shards 0 and 1 of 2, on one local Discord and one shared database, with a
game in a guild of each shard. One process is killed with ``kill -9`` in the middle of a move:
the other's game goes on; the killed one's game resumes when it comes back, its move counted
once; and no turn clock fires twice, nor in another process's guild.

The database is the ``shared_db_url`` fixture: a SQLite file in WAL mode, then a real
PostgreSQL database (marked ``postgres``), the way processes on several machines share one.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from localdiscord.ratelimits import Limits
from localdiscord.records import Channel, User
from localdiscord.server import LocalDiscord
from storage.sql import connect
from tests.e2e import secret_toy
from tests.e2e.conftest import HAVE_BOT, bot_args
from tests.e2e.observe import GameDb
from tests.e2e.session import GameSession
from tests.localdiscord.botprocess import BotProcess
from tests.localdiscord.driver import Driver

pytestmark = pytest.mark.skipif(not HAVE_BOT, reason="the bot's Discord layer is not merged yet")

SHARDS = 2
#: a deadline made due this many seconds from now stands for a short turn clock running out
DUE_IN = 12.0
DAY = 24 * 3600.0
#: the headline of the turn message a stand-in's turn posts
STANDIN = "ran out of time; a stand-in played for them"


def _connect(location: str):
    """An autocommit connection to the shared database (a file or a URL), ``?`` placeholders."""
    return connect(location)


class SharedDb:
    """The database both processes use: what ``--db`` is given, and the test's own looks into
    it (the witness's reads, and moving a turn clock's deadline closer as time would)."""

    def __init__(self, location: str):
        self.url = location
        self.games = GameDb(location)

    def _run(self, sql: str, args: tuple = ()) -> list[tuple]:
        """One statement (a single UPDATE is atomic on its own)."""
        con = _connect(self.url)
        try:
            cursor = con.execute(sql, args)
            return [tuple(r) for r in cursor.fetchall()] if cursor.description else []
        finally:
            con.close()

    def bring_deadline_near(self, game_id: int, seconds: float) -> None:
        """The game's running deadline falls due ``seconds`` from now, its turn a day long
        (so its last reminder, an hour before the end, is due already)."""
        due = time.time() + seconds
        self._run(
            "UPDATE days_deadlines SET started_at = ?, due_at = ? "
            "WHERE game_id = ? AND fired_at IS NULL",
            (due - DAY, due, game_id),
        )

    def unfired(self, game_id: int) -> list[tuple]:
        return self._run(
            "SELECT user_id, version, half_sent, near_sent FROM days_deadlines "
            "WHERE game_id = ? AND fired_at IS NULL",
            (game_id,),
        )

    def standin_notes(self, game_id: int) -> int:
        return self._run(
            "SELECT COUNT(*) FROM moves WHERE game_id = ? AND kind = 'standin'", (game_id,)
        )[0][0]

    def standin_moves(self, game_id: int) -> list[tuple]:
        """(version, user) of every stand-in move in the clock's log."""
        return self._run(
            "SELECT version, user_id FROM days_log WHERE game_id = ? AND kind = 'standin' "
            "ORDER BY version",
            (game_id,),
        )


@pytest.fixture
def shared_db_url(db_location) -> str:
    """The one database of both processes: a SQLite file (WAL lets two processes on one
    machine share it), or a PostgreSQL database (processes on several machines)."""
    return str(db_location)


class Guild:
    """A guild on one shard: its channel, two players and a spectator."""

    def __init__(self, server: LocalDiscord, shard: int):
        self.id = server.add_guild(f"Shard {shard}", shard=shard, shard_count=SHARDS)
        assert (self.id >> 22) % SHARDS == shard
        self.channel: Channel = server.add_channel(f"games-{shard}", guild_id=self.id)
        self.players: list[User] = [
            server.add_user(f"{name}{shard}", guild_id=self.id) for name in ("Ada", "Bob")
        ]
        self.spectator = server.add_user(f"Eve{shard}", guild_id=self.id)


class Cluster:
    """The local Discord, two bot processes (one per shard) and their shared database."""

    def __init__(self, tmp_path: Path, db: SharedDb):
        self.server = LocalDiscord(rate_limits=Limits.simulated_pace()).start()
        self.driver = Driver(self.server)
        self.db = db
        self.guilds = [Guild(self.server, shard) for shard in range(SHARDS)]
        self.bots = [
            BotProcess(
                self.server,
                [*bot_args(db.url), "--shard-count", str(SHARDS), "--shard-ids", str(shard)],
                log_path=tmp_path / f"bot-shard{shard}.log",
                preload=[secret_toy.__name__],
            )
            for shard in range(SHARDS)
        ]

    def game(self, shard: int) -> GameSession:
        g = self.guilds[shard]
        return GameSession(
            self.driver, self.db.games, g.channel, "toy", g.players, spectator=g.spectator, seed=3
        )

    def close(self) -> None:
        for bot in self.bots:
            bot.stop()
        self.server.stop()


@pytest.fixture()
def cluster(tmp_path, shared_db_url):
    if not HAVE_BOT:
        pytest.skip("the bot's Discord layer is not merged yet")
    c = Cluster(tmp_path, SharedDb(shared_db_url))
    try:
        c.bots[0].start()  # shard 0's process syncs the commands; the other waits for them
        c.bots[1].start()
        yield c
        errors = [line for bot in c.bots for line in bot.log_errors()]
        assert errors == [], "a bot logged errors:\n" + "\n".join(errors)
        refused = c.server.call(lambda: list(c.server.state.refusals))
        assert refused == [], "Discord would refuse requests the bots sent:\n" + "\n".join(refused)
    finally:
        c.close()


def _kill_after_saving_a_click(c: Cluster, game: GameSession, shard: int) -> int:
    """An awaited player clicks; the process saves the move and is killed (``kill -9``) while
    its messages are still on the way. Returns the saved version."""
    d, server = c.driver, c.server
    row = game.witness.row()
    turn = d.latest_public(game.channel)
    actor = game._user(sorted(game.witness.to_act_users(row))[0])
    server.hold()
    iid = d.click_nowait(actor, turn, d.buttons(turn)[0]["custom_id"])
    server.wait_until(
        lambda: server.rest.held >= 1 and game.witness.row().version == row.version + 1,
        what="the move to be saved while the bot's messages are held",
    )
    c.bots[shard].kill()
    server.release(drop=True)
    record = server.state.interactions[iid]
    server.wait_until(lambda: record.acknowledged or record.failed, what="the click's verdict")
    server.call(lambda: server.state.errors.clear())  # the dead process's click may have failed
    return row.version + 1


def _texts(c: Cluster, channel: Channel, after: int = 0) -> list[str]:
    return [m.content for m in c.driver.public_messages(channel) if m.id > after]


def _answered_move(c: Cluster, game: GameSession) -> None:
    """The awaited player moves with ``/play``: answered privately, saved once."""
    row = game.witness.row()
    actor = game._user(sorted(game.witness.to_act_users(row))[0])
    choices = c.driver.autocomplete(actor, game.channel, "/play", "action", "")
    assert choices, f"/play offers {actor.name} nothing"
    reply = c.driver.run(actor, game.channel, "/play", action=choices[0]["value"])
    assert not reply.failed and reply.messages and reply.messages[0].ephemeral, reply
    assert game.witness.row().version == row.version + 1, reply


def test_a_killed_shards_game_resumes_and_the_other_shards_game_goes_on(cluster):
    c, d = cluster, cluster.driver
    even, odd = c.game(0), c.game(1)
    for game in (even, odd):
        game.open_and_start()
        game.move()
    even_id, odd_id = even.witness.row().id, odd.witness.row().id

    # shard 1's process dies with a move saved but never posted
    saved = _kill_after_saving_a_click(c, odd, 1)
    quiet_from = d.last_message_id()

    # shard 0's game goes on: a move there is answered and posted by shard 0's process
    even.move()
    # both games' turn clocks come near their end while shard 1's process is down
    for game_id in (even_id, odd_id):
        c.db.bring_deadline_near(game_id, DUE_IN)
    # shard 0's process looks at its clocks again (pausing and resuming the clock wakes it)
    host = even.players[0]
    for command in ("/host pause", "/host resume"):
        assert d.run(host, even.channel, command).messages
    d.server.wait_until(
        lambda: any("time is nearly up" in t for t in _texts(c, even.channel, quiet_from)),
        20.0,
        "shard 0's game to get its last reminder",
    )
    d.settle()
    # ... and nothing of shard 1's game: its reminder is still due, to its own process
    assert _texts(c, odd.channel, quiet_from) == []
    [(_, _, half_sent, near_sent)] = c.db.unfired(odd_id)
    assert near_sent == 0

    # shard 1's process comes back: the saved move is announced once, and its game goes on
    ready = c.bots[1].times_ready()
    c.bots[1].start()
    c.bots[1].wait_ready(times=ready + 1)
    d.server.wait_until(
        lambda: any("where the game stands" in t for t in _texts(c, odd.channel, quiet_from)),
        20.0,
        "the saved move's board",
    )
    assert odd.witness.row().version >= saved

    # each deadline runs out once: one stand-in turn per game, whichever process is whose
    for game in (even, odd):
        d.server.wait_until(
            lambda g=game: any(STANDIN in t for t in _texts(c, g.channel)),
            DUE_IN + 20,
            f"the stand-in's turn in #{game.channel.name}",
        )
    d.settle()
    time.sleep(1.0)  # a second firing, if there were one, would land now
    d.settle()
    for game, game_id in ((even, even_id), (odd, odd_id)):
        texts = _texts(c, game.channel)
        assert c.db.standin_notes(game_id) == 1
        assert sum(STANDIN in t for t in texts) == 1, texts
        assert sum("time is nearly up" in t for t in texts) <= 1, texts
        assert sum("half your time has gone" in t for t in texts) == 0, texts
        versions = [v for v, _ in c.db.standin_moves(game_id)]
        assert len(versions) == len(set(versions)) >= 1
        game.check_consistency()
    odd_texts = _texts(c, odd.channel, quiet_from)
    assert sum("where the game stands" in t for t in odd_texts) == 1, odd_texts

    # the saved click counted once: its version holds one move, and the log has no gap
    moves = c.db.games.moves(odd_id)
    assert [m.version for m in moves if m.version == saved] == [saved]

    # the commands were uploaded once, by shard 0's process, however often shard 1's started
    assert c.server.state.command_puts == 1

    # both processes answer moves in their own guilds
    for game in (even, odd):
        if game.running():
            _answered_move(c, game)
