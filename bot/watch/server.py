"""The spectator pages' web server: aiohttp on the bot's own event loop, asking the bot's
:class:`bot.table.Table` for everything it shows (it has no database connection of its own).
Replaying a game and drawing a board happen in worker threads, so the loop never waits on them.

    /watch/<token>                the page (static HTML + JS)
    /watch/<token>/game.json      title, players, status, the public log, the turns
    /watch/<token>/board/<n>.png  the public board after turn n (``latest`` for the last)
"""

from __future__ import annotations

import logging
import socket
from collections import OrderedDict

from aiohttp import web

import rendering
from bot.errors import TableError
from bot.logsafe import failure
from bot.table import Table
from bot.table.watching import PublicGame, WatchedGame
from bot.watch.words import page_words, players_line, reader_locale, status_words
from bot.webstatic import static_file
from i18n import t
from i18n.say import word
from i18n.speaking import speaking

log = logging.getLogger(__name__)

CACHED_GAMES = 16
CACHED_BOARDS = 256


class WatchServer:
    """Serve on ``sock`` (a socket already bound) or else on ``host``:``port`` (0: any free
    port); :meth:`start` and :meth:`stop` run on the caller's loop."""

    def __init__(
        self,
        table: Table,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        sock: socket.socket | None = None,
    ):
        self.table = table
        self.host = host
        self.port = port
        self.sock = sock
        self._watched: OrderedDict[tuple[int, int, str], WatchedGame] = OrderedDict()
        self._boards: OrderedDict[tuple[int, int, int, str], bytes] = OrderedDict()
        self._runner: web.AppRunner | None = None

    # -- lifecycle ------------------------------------------------------------------------------
    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/watch/{token}", self._page)
        app.router.add_get("/watch/{token}/game.json", self._game)
        app.router.add_get("/watch/{token}/board/{n}.png", self._board)
        return app

    async def start(self) -> int:
        """Start serving; returns the port."""
        self._runner = web.AppRunner(self.app(), access_log=None)
        await self._runner.setup()
        site: web.BaseSite
        if self.sock is not None:
            site = web.SockSite(self._runner, self.sock)
        else:
            site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        host_port: tuple[str, int] = self._runner.addresses[0]  # a started site's socket name
        self.port = host_port[1]
        return self.port

    async def stop(self) -> None:
        """Stop serving (a second call does nothing)."""
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    # -- handlers -------------------------------------------------------------------------------
    async def _game_of(self, request: web.Request) -> PublicGame:
        game = await self.table.game_for_token(request.match_info["token"])
        if game is None:
            raise web.HTTPNotFound(text=t(_locale(request), "No game behind this link."))
        return game

    async def _watched_game(self, game: PublicGame, locale: str) -> WatchedGame:
        key = (game.id, game.version, locale)  # its log and turns in the watcher's words
        if key not in self._watched:
            try:
                self._watched[key] = await self.table.watched(game.id, locale)
            except TableError:  # the game went away meanwhile
                raise web.HTTPNotFound(text=t(locale, "No game behind this link.")) from None
            while len(self._watched) > CACHED_GAMES:
                self._watched.popitem(last=False)
        self._watched.move_to_end(key)
        return self._watched[key]

    async def _page(self, request: web.Request) -> web.Response:
        await self._game_of(request)
        return static_file("bot.watch", "watch.html", headers={"Cache-Control": "no-store"})

    async def _game(self, request: web.Request) -> web.Response:
        locale = _locale(request)
        watched = await self._watched_game(await self._game_of(request), locale)
        game = watched.game
        return web.json_response(
            {
                "title": game.title,
                "status": game.status,
                "version": game.version,
                "players": game.players,
                "result": word(watched.result, locale) if watched.result else watched.result,
                "log": [word(line, locale) for line in watched.log],
                "turns": [
                    {"seq": turn.seq, "text": word(turn.text, locale)} for turn in watched.turns
                ],
                "complete": watched.complete,
                # the page's own words, in the watcher's language
                "lang": locale,
                "words": page_words(locale),
                "status_line": status_words(game.status, locale),
                "players_line": players_line(game.players, locale),
            },
            headers={"Cache-Control": "no-store"},
        )

    async def _board(self, request: web.Request) -> web.Response:
        locale = _locale(request)
        watched = await self._watched_game(await self._game_of(request), locale)
        game = watched.game
        if not watched.turns:
            raise web.HTTPNotFound(text=t(locale, "The game has not started yet."))
        which = request.match_info["n"]
        if which == "latest":
            n = len(watched.turns) - 1
        elif which.isdigit() and int(which) < len(watched.turns):
            n = int(which)
        else:
            raise web.HTTPNotFound(text=t(locale, "No such turn."))
        # a replayed turn stays; its words are in the watcher's language
        key = (game.id, -1 if watched.complete else game.version, n, locale)
        png = self._boards.get(key)
        if png is None:
            try:
                with speaking(locale):
                    png = await self.table.watched_board(watched, n)
            except rendering.NoRenderer:
                said = t(locale, "{title} has no board picture.", title=game.title)
                raise web.HTTPNotFound(text=said) from None
            except Exception as exc:
                log.error("game %s: rendering a watched board failed: %s", game.id, failure(exc))
                said = t(locale, "The board could not be drawn.")
                raise web.HTTPInternalServerError(text=said) from None
            self._boards[key] = png
            while len(self._boards) > CACHED_BOARDS:
                self._boards.popitem(last=False)
        return web.Response(body=png, content_type="image/png")


def _locale(request: web.Request) -> str:
    """The watcher's language (their browser's ``Accept-Language``)."""
    return reader_locale(request.headers.get("Accept-Language"))
