"""Bot seats in Discord: the driver that publishes bots' moves in the game's channel right
after the move that woke them was shown (the host seats them with `/game new bots:` or `/game join bots:`)."""

from __future__ import annotations

import logging

import discord

from bot.bots.driver import BotDriver
from bot.bots.thinker import Thinker
from bot.discord_app.turns import publish_to_channel
from bot.table import Outcome

log = logging.getLogger(__name__)


def install(client: discord.Client) -> BotDriver:
    """Start the bots' driver (one worker process to think in) and hear every published turn."""

    async def publish(outcome: Outcome) -> None:
        channel = client.get_channel(outcome.game.channel_id)
        if channel is None:
            channel = await client.fetch_channel(outcome.game.channel_id)
        await publish_to_channel(client, channel, outcome)  # type: ignore[arg-type]

    driver = BotDriver(
        client.table,  # type: ignore[attr-defined]
        Thinker(),
        publish,
        shards=getattr(client, "own_shards", None),
    )
    client.outcome_listeners.append(driver.on_outcome)  # type: ignore[attr-defined]
    return driver
