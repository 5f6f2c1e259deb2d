"""AI seats in Discord: the driver that publishes their moves in the game's channel right after
the move that woke them was shown, and the levels as Discord choices (the host seats them with
``/game new bots:`` or ``/game join bots:``; "bots" is the players' word for AI seats)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from discord import app_commands

from bot.ai_seats.driver import AiSeatDriver
from bot.ai_seats.thinker import Thinker
from bot.discord_app.turns import publish_to_channel
from bot.table import Outcome
from engines.ai.levels import LEVELS

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

log = logging.getLogger(__name__)


def install(client: TabletopClient) -> AiSeatDriver:
    """Start the AI seats' driver (one worker process to think in) and hear every published turn."""

    async def publish(outcome: Outcome) -> None:
        channel = client.get_channel(outcome.game.channel_id)
        if channel is None:
            channel = await client.fetch_channel(outcome.game.channel_id)
        await publish_to_channel(client, channel, outcome)

    driver = AiSeatDriver(client.table, Thinker(), publish, shards=client.own_shards)
    client.outcome_listeners.append(driver.on_outcome)
    return driver


LEVEL_CHOICES = [
    app_commands.Choice(name=f"{name} ({words})", value=name)
    for name, words in zip(
        LEVELS,
        ["plays the stand-in's rules of thumb", "thinks 0.2 s a move", "thinks 1 s a move"],
        strict=True,
    )
]
