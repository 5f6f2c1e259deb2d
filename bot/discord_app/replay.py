"""A whole game as one animation in the channel: at its end, and with ``/game replay``.

The frames are the public boards at the start of every turn, replayed by the table from the
game's seed and log (so only the spectator's view is ever drawn); :mod:`rendering.animation`
makes them one animated GIF (which Discord's phone apps play inline) within Discord's upload
limit, each frame captioned with its move and whose turn it is.

Drawing a long game costs seconds of CPU, and anyone in the channel may ask. So an ended game's
replay is drawn once and then served from :class:`~bot.discord_app.replay_cache.ReplayCache`
(a running game's is drawn afresh: it changes with every move), a game is drawn by one request
at a time (another is refused privately while it is: :class:`AlreadyDrawing`; the end-of-game
animation waits instead), and each user's requests are limited (:mod:`.cooldowns`).
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING

import discord

from bot.discord_app.channels import channel_of
from bot.discord_app.locales import public_locale
from bot.discord_app.posts import title_of
from bot.discord_app.replay_cache import Drawn, ReplayCache
from bot.discord_app.text import clip
from bot.errors import TableError
from bot.table import GameInfo
from i18n import t, tn
from i18n.say import say, word
from i18n.speaking import speaking
from rendering.animation import animate
from storage import LIVE_STATUSES

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

log = logging.getLogger(__name__)
#: the attachment's name: its extension tells Discord the format
FILENAME = "replay.gif"
#: frames in the replay posted by itself when a game ends (``/game replay`` allows more)
AT_THE_END = 60
#: frames in a replay asked for with ``/game replay``
ON_REQUEST = 120
_running: set[asyncio.Task[None]] = set()


class AlreadyDrawing(TableError):
    default = say("A replay of this game is already being drawn; it will be posted here.")


class Replays:
    """The replays this process keeps (ended games only) and the games being drawn now."""

    def __init__(self, cache: ReplayCache | None = None) -> None:
        self.cache = cache or ReplayCache()
        self.drawing: dict[int, asyncio.Event] = {}  # set when that game's drawing is over

    def cached(self, info: GameInfo, most: int, locale: str = "en-US") -> Drawn | None:
        return None if info.status in LIVE_STATUSES else self.cache.get(info.id, most, locale)


async def post_replay(
    client: TabletopClient, channel_id: int, *, most: int = ON_REQUEST, asker: int | None = None
) -> discord.Message | None:
    """The channel's game as one animation (one frame per turn), posted in the channel; None
    when Discord refused the post. A refusal of the table (nothing to replay) is raised.

    ``asker``, a user asking, is refused with :class:`AlreadyDrawing` while the game is being
    drawn and spends one of their replay requests (:class:`~.cooldowns.TooSoon` when none is
    left); without one (the end of a game) the call waits for a drawing under way instead."""
    replays = client.replays
    while True:
        info = await client.table.game(channel_id=channel_id)
        # the channel's post: in the server's language
        locale = await public_locale(client, info.guild_id)
        drawn = replays.cached(info, most, locale)
        drawing = replays.drawing.get(info.id)
        if drawn is not None or drawing is None:
            break
        if asker is not None:
            raise AlreadyDrawing()
        await drawing.wait()
    # From the lookup to marking the game as being drawn nothing awaits: no other request
    # can slip in between.
    if asker is not None:
        client.cooldowns.take("replay", asker)
    if drawn is None:
        info, drawn = await _draw(client, replays, info, channel_id, most, locale)
    alt = tn(
        locale,
        "{title}: the whole game as an animation, {n} frame, one per turn.",
        "{title}: the whole game as an animation, {n} frames, one per turn.",
        drawn.frames,
        title=title_of(info),
    )
    file = discord.File(io.BytesIO(drawn.data), filename=FILENAME, description=clip(alt, 1024))
    channel = channel_of(client, channel_id)
    try:
        return await channel.send(
            t(locale, "**{title}** — the whole game, a turn a frame.", title=title_of(info)),
            file=file,
            allowed_mentions=discord.AllowedMentions.none(),
        )
    except discord.HTTPException as exc:
        log.warning("Could not post the replay of game %s: %s", info.id, type(exc).__name__)
        return None


async def _draw(
    client: TabletopClient,
    replays: Replays,
    info: GameInfo,
    channel_id: int,
    most: int,
    locale: str = "en-US",
) -> tuple[GameInfo, Drawn]:
    """Draw the channel's game in ``locale``'s language (boards and captions), with ``info``'s
    game marked as being drawn meanwhile; an ended game's replay is kept."""
    marked = info.id
    done = replays.drawing[marked] = asyncio.Event()
    try:
        with speaking(locale):  # the boards' words (worker threads copy the context)
            info, frames = await client.table.replay_boards(channel_id=channel_id, most=most)
            captions = [word(f.caption, locale) for f in frames]
            data = await asyncio.to_thread(animate, [f.png for f in frames], captions)
        drawn = Drawn(data, len(frames), most, locale)
    finally:
        del replays.drawing[marked]
        done.set()
    if info.status not in LIVE_STATUSES:
        replays.cache.put(info.id, drawn)
    return info, drawn


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
