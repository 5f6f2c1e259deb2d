"""Announcing at start what a crash left unannounced.

A move is saved before its turn message is posted; a bot killed in between leaves the game
moved on but nobody pinged. After every posted turn message we note the game version it showed
(in the store's ``meta`` table); at start, every running game whose saved version is newer than
its last announced one gets a fresh turn message (board, recent moves, ping, buttons).
"""

from __future__ import annotations

import dataclasses
import logging

import discord

from bot.discord_app.turns import turn_post_for
from bot.table import Outcome, Table
from engines import Event

log = logging.getLogger(__name__)

RECENT_MOVES = 3


class Announcements:
    """The last game version announced in the channel, per game, kept in the store."""

    PREFIX = "discord.announced."

    def __init__(self, store):
        self.store = store

    async def last(self, game_id: int) -> int | None:
        value = await self.store.get_meta(f"{self.PREFIX}{game_id}")
        return int(value) if value is not None else None

    async def record(self, game_id: int, version: int) -> None:
        await self.store.set_meta(f"{self.PREFIX}{game_id}", str(version))


async def catch_up_outcome(table: Table, channel_id: int) -> Outcome:
    """An outcome standing for "where the game is now", built from the public views."""
    now = await table.current(channel_id=channel_id)
    recent = await table.log(channel_id=channel_id, limit=RECENT_MOVES)
    return dataclasses.replace(now, events=[Event(text=line) for line in recent])


async def catch_up(client: discord.Client, announcements: Announcements) -> int:
    """Post a turn message for every running game the channel has not seen; returns how many."""
    table: Table = client.table
    posted = 0
    for game in await table.live_games():
        if game.status != "running":
            continue
        last = await announcements.last(game.id)
        if last is not None and last >= game.version:
            continue
        try:
            outcome = await catch_up_outcome(table, game.channel_id)
            post = await turn_post_for(client, outcome, headline="where the game stands")
            channel = client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
            message = await channel.send(**post.send_kwargs())
            await client.notify_outcome(outcome, message)
            posted += 1
        except Exception as exc:  # one broken channel must not stop the others
            log.warning(
                "Could not announce game %s in channel %s: %s",
                game.id,
                game.channel_id,
                type(exc).__name__,
            )
    if posted:
        log.info("Announced %d game(s) that moved on while the bot was away", posted)
    return posted
