"""A whole game as one animation in the channel: at its end, and with ``/game replay``.

The frames are the public boards at the start of every turn, replayed by the table from the
game's seed and log (so only the spectator's view is ever drawn); :mod:`rendering.animation`
makes them one animated WebP within Discord's upload limit.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING

import discord

from bot.discord_app.channels import channel_of
from bot.discord_app.posts import title_of
from bot.discord_app.text import clip
from rendering.animation import animate

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

log = logging.getLogger(__name__)
#: frames in the replay posted by itself when a game ends (``/game replay`` allows more)
AT_THE_END = 60
_running: set[asyncio.Task[None]] = set()


async def post_replay(
    client: TabletopClient, channel_id: int, *, most: int = 120
) -> discord.Message | None:
    """The channel's game as one animation (one frame per turn), posted in the channel; None
    when Discord refused the post. A refusal of the table (nothing to replay) is raised."""
    info, frames = await client.table.replay_boards(channel_id=channel_id, most=most)
    data = await asyncio.to_thread(animate, frames)
    alt = clip(
        f"{title_of(info)}: the whole game as an animation, {len(frames)} frames, one per turn.",
        1024,
    )
    file = discord.File(io.BytesIO(data), filename="replay.webp", description=alt)
    channel = channel_of(client, channel_id)
    try:
        return await channel.send(
            f"**{title_of(info)}** — the whole game, a turn a frame.",
            file=file,
            allowed_mentions=discord.AllowedMentions.none(),
        )
    except discord.HTTPException as exc:
        log.warning("Could not post the replay of game %s: %s", info.id, type(exc).__name__)
        return None


def after_the_end(client: TabletopClient, channel_id: int) -> None:
    """Post the replay of the game that just ended, in the background (best effort)."""

    async def go() -> None:
        try:
            await post_replay(client, channel_id, most=AT_THE_END)
        except Exception as exc:  # a nicety: the game has ended and been announced already
            log.warning("No replay for channel %s: %s", channel_id, type(exc).__name__)

    task = asyncio.get_running_loop().create_task(go())
    _running.add(task)
    task.add_done_callback(_running.discard)
