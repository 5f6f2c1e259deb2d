"""Bot seats in Discord: the driver that publishes bots' moves in the game's channel right
after the move that woke them was shown (the host seats them with `/game new bots:` or `/game join bots:`)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.bots.driver import BotDriver
from bot.bots.thinker import Thinker
from bot.discord_app.turns import publish_to_channel
from bot.table import Outcome

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

log = logging.getLogger(__name__)


def install(client: TabletopClient) -> BotDriver:
    """Start the bots' driver (one worker process to think in) and hear every published turn."""

    async def publish(outcome: Outcome) -> None:
        channel = client.get_channel(outcome.game.channel_id)
        if channel is None:
            channel = await client.fetch_channel(outcome.game.channel_id)
        await publish_to_channel(client, channel, outcome)

    driver = BotDriver(client.table, Thinker(), publish, shards=client.own_shards)
    client.outcome_listeners.append(driver.on_outcome)
    return driver
