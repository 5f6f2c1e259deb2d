"""``/host``: the powers of a game's host and of moderators (Manage Messages or the server's
game master role) over this channel's game: its turn clock, pausing it, removing a player,
handing the host role over, ending the game.

Anyone may look at the clock with ``/host clock``; the clock service refuses a change from
someone without the power (a ``TableError``, answered privately).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.clock.durations import BadDuration, parse_clock
from bot.discord_app import clock_texts as words
from bot.discord_app import replies
from bot.discord_app.ai_seats import LEVEL_CHOICES
from bot.discord_app.channels import channel_id_of
from bot.discord_app.checks import is_moderator
from bot.discord_app.clock_texts import Said
from bot.discord_app.commands.callers import (
    AWAY_OPTIONS,
    CLOCK_RULE_DESCRIPTIONS,
    as_host,
    player_choices,
    resolve_player,
    say,
    service_of,
)
from bot.discord_app.locales import private_locale, public_locale
from bot.discord_app.posts import title_of
from bot.discord_app.replies import BadInput
from bot.discord_app.turns import retire_game, table_of
from bot.table import player_name
from i18n import t

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient


class HostCommands(
    app_commands.Group,
    name="host",
    description="Host or moderator: this game's clock, pause, kick, hand over, end.",
    guild_only=True,
):
    """``/host``."""

    @app_commands.command(
        name="clock", description="See the turn clock; the host may set it (24h, 3d, none)."
    )
    @app_commands.describe(
        turn="Time per turn, e.g. 12h, 24h, 3d; 'none' for no clock (leave out to see the clock)",
        missed="Missed turns in a row before the others may vote to keep or kick (default 3)",
        standin="How well a stand-in plays an absent player's turn (default normal)",
        bank=CLOCK_RULE_DESCRIPTIONS["bank"],
        weekends=CLOCK_RULE_DESCRIPTIONS["weekends"],
        away=CLOCK_RULE_DESCRIPTIONS["away"],
    )
    @app_commands.choices(standin=LEVEL_CHOICES, away=AWAY_OPTIONS)
    async def clock(
        self,
        interaction: discord.Interaction[TabletopClient],
        turn: str | None = None,
        missed: app_commands.Range[int, 1, 20] | None = None,
        standin: str | None = None,
        bank: str | None = None,
        weekends: bool | None = None,
        away: str | None = None,
    ) -> None:
        service = service_of(interaction)
        asked = (turn, missed, standin, bank, weekends, away)
        if all(given is None for given in asked):
            info = await service.host.clock_info(channel_id=channel_id_of(interaction))
            await replies.private(
                interaction, words.clock_info(info, await private_locale(interaction))
            )
            return
        try:
            seconds = (
                await service.host.turn_seconds(channel_id=channel_id_of(interaction))
                if turn is None
                else parse_clock(turn)
            )
        except BadDuration as exc:
            raise BadInput(str(exc)) from None
        setting = await service.host.set_clock(
            **as_host(interaction),
            turn_seconds=seconds,
            missed_limit=missed,
            standin_level=standin,
            bank=bank,
            weekends=weekends,
            away=away,
        )
        await say(interaction, Said(words.clock_set(setting, await _public(interaction))))

    @app_commands.command(
        name="pause", description="Host: pause the turn clock (no reminders, no stand-ins)."
    )
    async def pause(self, interaction: discord.Interaction[TabletopClient]) -> None:
        await service_of(interaction).host.pause(**as_host(interaction))
        await say(interaction, Said(words.PAUSED))

    @app_commands.command(name="resume", description="Host: start the paused turn clock again.")
    async def resume(self, interaction: discord.Interaction[TabletopClient]) -> None:
        await service_of(interaction).host.resume(**as_host(interaction))
        await say(interaction, Said(words.RESUMED))

    @app_commands.command(name="kick", description="Host: remove a player from the running game.")
    @app_commands.describe(player="The player to remove")
    async def kick(self, interaction: discord.Interaction[TabletopClient], player: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        service = service_of(interaction)
        target = await resolve_player(service, channel_id_of(interaction), player)
        removal = await service.host.kick(**as_host(interaction), target_id=target)
        await say(interaction, Said(words.REMOVAL[removal]))

    kick.autocomplete("player")(player_choices)

    @app_commands.command(
        name="handover", description="Host: hand the host role to another player."
    )
    @app_commands.describe(player="The player who becomes host")
    async def handover(self, interaction: discord.Interaction[TabletopClient], player: str) -> None:
        service = service_of(interaction)
        target = await resolve_player(service, channel_id_of(interaction), player)
        name = await service.host.hand_over(**as_host(interaction), target_id=target)
        await say(interaction, Said(words.new_host(name, await _public(interaction))))

    handover.autocomplete("player")(player_choices)

    @app_commands.command(
        name="abort",
        description="End this channel's game now (host, Manage Messages or game master role).",
    )
    async def abort(self, interaction: discord.Interaction[TabletopClient]) -> None:
        info = await table_of(interaction).abort(
            channel_id=channel_id_of(interaction),
            user_id=interaction.user.id,
            is_moderator=is_moderator(interaction),
            user_name=interaction.user.display_name,
        )
        locale = await public_locale(interaction.client, interaction.guild_id)
        content = t(
            locale,
            "**{title}** was ended by {who}. Start a new game with `/game new`.",
            title=title_of(info),
            who=player_name(interaction.user.display_name),
        )
        await interaction.response.send_message(
            content, allowed_mentions=discord.AllowedMentions.none()
        )
        await retire_game(interaction.client, info)


async def _public(interaction: discord.Interaction[TabletopClient]) -> str:
    """The language of what the channel reads."""
    return await public_locale(interaction.client, interaction.guild_id)
