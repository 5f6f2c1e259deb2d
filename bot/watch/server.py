"""The spectator pages' web server: aiohttp on its own thread and event loop, reading the bot's
database through a connection of its own (SQLite's WAL lets it read while the bot writes), so
a slow spectator never holds up the game.

    /watch/<token>                the page (static HTML + JS)
    /watch/<token>/game.json      title, players, status, the public log, the turns
    /watch/<token>/board/<n>.png  the public board after turn n (``latest`` for the last)
"""

from __future__ import annotations

import asyncio
import logging
import re
import threading
from collections import OrderedDict
from pathlib import Path

from aiohttp import web

import engines
import rendering
from bot.logsafe import failure
from bot.watch import WatchSettings, links
from bot.watch.replay import Replay, public_text, replay
from storage import GameNotFound, GameRow, Store

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
CACHED_GAMES = 16
CACHED_BOARDS = 256


class WatchServer:
    def __init__(self, settings: WatchSettings, host: str = "127.0.0.1", port: int = 0):
        self.settings = settings
        self.host = host
        self.port = port
        self.store: Store | None = None
        self._replays: OrderedDict[tuple[int, int], Replay] = OrderedDict()
        self._boards: OrderedDict[tuple[int, int, int], bytes] = OrderedDict()
        self._runner: web.AppRunner | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle ------------------------------------------------------------------------------
    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_static("/watch/static/", STATIC)
        app.router.add_get("/watch/{token}", self._page)
        app.router.add_get("/watch/{token}/game.json", self._game)
        app.router.add_get("/watch/{token}/board/{n}.png", self._board)
        return app

    async def start(self) -> int:
        self.store = await Store.open(self.settings.db_path)
        self._runner = web.AppRunner(self.app(), access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self.port

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
        if self.store is not None:
            await self.store.close()

    def start_in_thread(self) -> int:
        """Serve from a daemon thread (the bot's own loop stays the bot's); returns the port."""
        started: dict = {}
        ready = threading.Event()

        def run() -> None:
            self._loop = asyncio.new_event_loop()
            try:
                started["port"] = self._loop.run_until_complete(self.start())
            except BaseException as exc:  # reported to the caller below
                started["error"] = exc
                ready.set()
                return
            ready.set()
            self._loop.run_forever()
            self._loop.run_until_complete(self.stop())
            self._loop.close()

        self._thread = threading.Thread(target=run, name="watch-pages", daemon=True)
        self._thread.start()
        ready.wait(30)
        if "error" in started:
            raise started["error"]
        return started["port"]

    def stop_thread(self) -> None:
        if self._loop is not None and self._thread is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)

    # -- handlers -------------------------------------------------------------------------------
    async def _row(self, request: web.Request) -> GameRow:
        token = request.match_info["token"]
        game_id = await links.game_of(self.settings.db_path, token) if TOKEN.match(token) else None
        if game_id is None:
            raise web.HTTPNotFound(text="No game behind this link.")
        try:
            return await self.store.get_game(game_id)
        except GameNotFound:
            raise web.HTTPNotFound(text="No game behind this link.") from None

    async def _page(self, request: web.Request) -> web.StreamResponse:
        await self._row(request)
        return web.FileResponse(STATIC / "watch.html", headers={"Cache-Control": "no-store"})

    async def _replay(self, row: GameRow) -> Replay:
        key = (row.id, row.version)
        if key not in self._replays:
            moves = await self.store.moves(row.id)
            self._replays[key] = await asyncio.to_thread(replay, row, moves)
            while len(self._replays) > CACHED_GAMES:
                self._replays.popitem(last=False)
        self._replays.move_to_end(key)
        return self._replays[key]

    async def _game(self, request: web.Request) -> web.Response:
        row = await self._row(request)
        moves = await self.store.moves(row.id)
        try:
            title = engines.get_engine(row.engine).title
        except engines.UnknownGame:
            title = row.engine
        played = await self._replay(row)
        ending = [
            str(e.get("text"))
            for m in moves
            if m.readable
            for e in m.events
            if e.get("private_to") is None and e.get("kind") == "end" and e.get("text")
        ]
        return web.json_response(
            {
                "title": title,
                "status": row.status,
                "version": row.version,
                "players": [s.name for s in sorted(row.seats, key=lambda s: s.seat)],
                "result": ending[-1] if row.status in ("finished", "aborted") and ending else None,
                "log": [f"{m.seq}. {public_text(m)}" for m in moves],
                "turns": [{"seq": t.seq, "text": t.text} for t in played.turns],
                "complete": played.complete,
            },
            headers={"Cache-Control": "no-store"},
        )

    async def _board(self, request: web.Request) -> web.Response:
        row = await self._row(request)
        played = await self._replay(row)
        if not played.turns:
            raise web.HTTPNotFound(text="The game has not started yet.")
        which = request.match_info["n"]
        if which == "latest":
            n = len(played.turns) - 1
        elif which.isdigit() and int(which) < len(played.turns):
            n = int(which)
        else:
            raise web.HTTPNotFound(text="No such turn.")
        key = (row.id, -1 if played.complete else row.version, n)  # a replayed turn never changes
        png = self._boards.get(key)
        if png is None:
            eng = engines.get_engine(row.engine)
            state = played.turns[n].state
            try:
                png = await asyncio.to_thread(
                    lambda: rendering.render_board(eng.name, eng.view(state, None))
                )
            except Exception as exc:
                log.error("game %s: rendering a watched board failed: %s", row.id, failure(exc))
                raise web.HTTPInternalServerError(text="The board could not be drawn.") from None
            self._boards[key] = png
            while len(self._boards) > CACHED_BOARDS:
                self._boards.popitem(last=False)
        return web.Response(body=png, content_type="image/png")
