"""Announcing at start what a crash left unannounced.

A move is saved before its turn message is posted; a bot killed in between leaves the game
moved on but nobody pinged. After every posted turn message we note the game version it showed
(in the store's ``meta`` table); at start, every running game whose saved version is newer than
its last announced one gets a fresh turn message (board, recent moves, ping, buttons), and every
game that ended while its turn message still had live buttons gets its final standings posted
and those buttons taken off. Both are in the server's language.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING

import discord

from bot.discord_app.locales import public_locale
from bot.discord_app.posts import result_lines, title_of
from bot.discord_app.recap import fit_newest, folded
from bot.discord_app.text import join_message
from bot.discord_app.turn_book import told_of
from bot.discord_app.turns import book_of, present, retire_game
from bot.discord_limits import MAX_MESSAGE
from bot.table import GameInfo, Outcome, Table
from engines import Event
from i18n import t
from i18n.say import say
from storage import Store
from storage.shards import Shards

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

log = logging.getLogger(__name__)

RECENT_MOVES = 3


class Announcements:
    """The last game version announced in the channel, per game, kept in the store."""

    PREFIX = "discord.announced."

    def __init__(self, store: Store) -> None:
        self.store = store
        #: the shards this process runs (None: all); set by the client
        self.shards: Shards | None = None

    async def last(self, game_id: int) -> int | None:
        value = await self.store.get_meta(f"{self.PREFIX}{game_id}")
        return int(value) if value is not None else None

    async def record(self, game_id: int, version: int) -> None:
        await self.store.set_meta(f"{self.PREFIX}{game_id}", str(version))

    async def behind(self) -> list[tuple[int, int, int | None]]:
        """(game id, channel id, guild id) of every running game whose saved version is newer
        than the last one announced (of this process's shards' guilds): one query, however
        many games are in play."""
        return await self.store.running_not_noted(self.PREFIX, shards=self.shards)


async def catch_up_outcome(table: Table, channel_id: int) -> Outcome:
    """An outcome standing for "where the game is now", built from the public views."""
    now = await table.current(channel_id=channel_id)
    recent = await table.log(channel_id=channel_id, limit=RECENT_MOVES)
    return dataclasses.replace(now, events=[Event(text=line) for line in recent])


#: the headline of a turn message posted at start for moves the channel has not seen
WHERE_IT_STANDS = say("where the game stands")


async def catch_up(client: TabletopClient, announcements: Announcements) -> int:
    """Post a turn message for every running game the channel has not seen, and the final
    standings of every game that ended (a last move, a concession, an abort) while its turn
    message still had live buttons; returns how many games were announced."""
    table: Table = client.table
    posted = 0
    for game_id, channel_id, _guild in await announcements.behind():
        try:
            outcome = await catch_up_outcome(table, channel_id)

            async def overtaken(
                game_id: int = game_id, version: int = outcome.game.version
            ) -> bool:
                # a move's own message came first (the bot was already answering clicks)
                shown = await announcements.last(game_id)
                return shown is not None and shown >= version

            shown = await present(
                client, outcome, headline=WHERE_IT_STANDS, fresh=True, unless=overtaken
            )
            posted += shown is not None
        except Exception as exc:  # one broken channel must not stop the others
            log.warning(
                "Could not announce game %s in channel %s: %s",
                game_id,
                channel_id,
                type(exc).__name__,
            )
    shards = announcements.shards
    for game_id in await book_of(client).ended():
        try:
            game = await table.game_by_id(game_id)
            if shards is not None and not shards.owns(game.guild_id):
                continue  # another process's game: it announces it
            posted += await announce_end(client, game)
        except Exception as exc:
            log.warning("Could not announce the end of game %s: %s", game_id, type(exc).__name__)
    if posted:
        log.info("Announced %d game(s) that moved on while the bot was away", posted)
    return posted


async def announce_end(client: TabletopClient, game: GameInfo) -> int:
    """The final standings of a game whose end was saved but never shown (its turn message
    still has live buttons): posted once, and the old buttons disabled; 1 if posted."""
    book = book_of(client)
    if await book.get(game.id) is None:
        return 0
    locale = await public_locale(client, game.guild_id)
    if game.result is not None:
        lines = result_lines(game.result, locale=locale)
    elif game.end_reason:
        lines = [t(locale, "The game was ended ({reason}).", reason=game.end_reason)]
    else:
        lines = [t(locale, "The game was ended (aborted).")]
    recent = await client.table.history(game.id, limit=RECENT_MOVES)
    head = t(locale, "**{title}** — how it ended", title=title_of(game))
    tail = "\n".join(lines)
    room = MAX_MESSAGE - len(head) - len(tail) - 2
    # whole events, the newest kept
    events = fit_newest(folded(told_of(recent)), room, locale=locale)
    content = join_message(head, *events, tail)
    channel = client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
    await channel.send(content, allowed_mentions=discord.AllowedMentions.none())
    await retire_game(client, game)
    return 1
