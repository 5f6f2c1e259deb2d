"""In the bot, the spectator pages are a client of its table: served from the bot's own event
loop from ``setup_hook`` to ``close_services``, and never a reader of the database itself."""

from __future__ import annotations

import ast
import re
import socket
import sqlite3
from pathlib import Path

import aiohttp
import aiosqlite
import pytest

from bot import watch
from storage import Store
from storage.watch_links import WatchLinks
from tests.discord.harness import Harness

ROOT = Path(__file__).resolve().parents[2]
#: what only the storage layer and the table may use: the database and its drivers
DATABASE_MODULES = ("sqlite3", "aiosqlite", "storage")
#: a second event loop or thread of its own would mean a second way into the games
OWN_LOOP_MODULES = ("threading",)


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _pages_code() -> list[Path]:
    return [
        *sorted((ROOT / "bot" / "watch").rglob("*.py")),
        ROOT / "bot/discord_app/commands/game.py",  # /game watch
    ]


@pytest.mark.parametrize("path", _pages_code(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_pages_never_open_the_database_themselves(path):
    used = {
        name for name in _imports(path) if name.split(".")[0] in DATABASE_MODULES + OWN_LOOP_MODULES
    }
    assert not used, f"{path.name} imports {used}: ask the table instead"
    assert "new_event_loop" not in path.read_text("utf-8")


@pytest.fixture
def pages():
    """The pages turned on, on a port claimed the way ``--web-port`` claims it."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    watch.enable(watch.WatchConfig(base_url=base, sock=sock))
    yield base
    watch.enable(None)
    sock.close()


async def _json(http: aiohttp.ClientSession, url: str) -> dict:
    async with http.get(url) as response:
        assert response.status == 200
        return await response.json()


async def test_the_pages_share_the_bots_table_and_follow_its_moves(tmp_path, pages):
    async with aiohttp.ClientSession() as http:
        async with Harness.open(tmp_path / "tabletop.sqlite") as h:
            assert h.client.watch_server is not None
            assert h.client.watch_server.table is h.table
            own = (Store, WatchLinks, sqlite3.Connection, aiosqlite.Connection)
            assert not [v for v in vars(h.client.watch_server).values() if isinstance(v, own)]
            ada, bob = h.user("Ada"), h.user("Bob")
            await h.slash(ada, "game new", game="toy", options="pile=11")
            await h.slash(bob, "game join")
            await h.slash(ada, "game start")
            answer = (await h.slash(bob, "game watch")).only_ephemeral().content
            link = re.search(rf"{re.escape(pages)}/watch/[A-Za-z0-9_-]+", answer).group(0)

            before = await _json(http, f"{link}/game.json")
            await h.click(ada, h.last_public(), label="Take 2")
            after = await _json(http, f"{link}/game.json")
            assert after["version"] > before["version"]
            assert len(after["turns"]) == len(before["turns"]) + 1
            assert after["turns"][-1]["text"] == "Ada takes 2; 9 left."
        # close_services stopped the pages with the bot
        with pytest.raises(aiohttp.ClientConnectionError):
            await http.get(f"{link}/game.json")
