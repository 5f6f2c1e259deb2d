"""One stand-in and one real bot process per test module (``kill -9`` scenarios make their own).

Scenarios need the product's Discord layer; until it is merged they are skipped, not failed.
"""

from __future__ import annotations

import importlib.util

import pytest

import engines
from localdiscord.ratelimits import Limits
from localdiscord.server import LocalDiscord
from tests.e2e import secret_toy  # registers the test-only "toy_secret" engine
from tests.e2e.observe import GameDb
from tests.localdiscord.botprocess import BotProcess
from tests.localdiscord.driver import Driver
from tests.shipped import shipped_games

HAVE_BOT = (
    importlib.util.find_spec("bot") is not None
    and importlib.util.find_spec("bot.discord_app") is not None
    and importlib.util.find_spec("bot.__main__") is not None
)

pytestmark = pytest.mark.skipif(not HAVE_BOT, reason="the bot's Discord layer is not merged yet")


def bot_games() -> list[str]:
    """The games the bot process offers: the shipped ones, the toy ``launch_bot`` registers and
    the preloaded secret toy; never an engine another test module registered in this process."""
    offered = shipped_games() | {"toy", secret_toy.ENGINE.name}
    return [name for name in engines.names() if name in offered]


def bot_args(db_path, log_level: str = "INFO") -> list[str]:
    """``python -m bot`` arguments: its own database, and sync at first start like a deploy."""
    return ["--db", str(db_path), "--sync", "auto", "--log-level", log_level]


class World:
    """The local Discord (with Discord's rate limits, at the simulated users' pace unless
    ``limits`` says otherwise), a driver, the game database and the bot process."""

    def __init__(
        self,
        tmp_path,
        log_level: str = "INFO",
        db=None,
        limits: Limits | None = None,
        extra_args=(),
    ):
        self.tmp = tmp_path
        self.server = LocalDiscord(rate_limits=limits or Limits.simulated_pace()).start()
        self.driver = Driver(self.server)
        self.db_path = db or tmp_path / "tabletop.sqlite3"  # or a postgresql:// URL
        self.db = GameDb(self.db_path)
        self.bot = BotProcess(
            self.server,
            [*bot_args(self.db_path, log_level), *extra_args],
            log_path=tmp_path / "bot.log",
            preload=[secret_toy.__name__],
        )

    def close(self) -> None:
        self.bot.stop()
        self.server.stop()


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    if not HAVE_BOT:
        pytest.skip("the bot's Discord layer is not merged yet")
    w = World(tmp_path_factory.mktemp("e2e"))
    w.bot.start()
    yield w
    w.close()


@pytest.fixture()
def fresh_world(tmp_path):
    """A world of its own (for scenarios that kill the bot)."""
    if not HAVE_BOT:
        pytest.skip("the bot's Discord layer is not merged yet")
    w = World(tmp_path)
    w.bot.start()
    yield w
    errors = w.bot.log_errors()
    w.close()
    assert errors == [], "the bot logged errors:\n" + "\n".join(errors)


@pytest.fixture(autouse=True)
def _discord_accepts_every_request(request):
    """Any request the bot sends that Discord would refuse fails the test that sent it (the
    local Discord checks each against Discord's own spec and rules)."""
    worlds = [
        request.getfixturevalue(name)
        for name in ("world", "fresh_world")
        if name in request.fixturenames
    ]
    seen = [len(w.server.call(lambda s=w.server: list(s.state.refusals))) for w in worlds]
    yield
    refused: list[str] = []
    for w, n in zip(worlds, seen, strict=True):
        refused += w.server.call(lambda s=w.server: list(s.state.refusals))[n:]
    assert refused == [], "Discord would refuse requests the bot sent:\n" + "\n".join(refused)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed scenario's report carries the tail of its bot's log, read while the test's
    fixtures are still there (a teardown fixture cannot ask for them any more)."""
    outcome = yield
    rep = outcome.get_result()
    if rep.failed:
        for section in bot_log_sections(item):
            rep.sections.append(section)


def bot_log_sections(item) -> list[tuple[str, str]]:
    """("bot log (tail)", text) for each world the test used."""
    worlds = [item.funcargs.get(name) for name in ("world", "fresh_world")]
    sections = [
        ("bot log (tail)", w.bot.log_tail(6000)) for w in worlds if w is not None and w.bot.log_path
    ]
    cluster = item.funcargs.get("cluster")  # several bot processes (tests/e2e/test_shards.py)
    for shard, bot in enumerate(getattr(cluster, "bots", [])):
        sections.append((f"bot shard {shard} log (tail)", bot.log_tail(6000)))
    return sections
