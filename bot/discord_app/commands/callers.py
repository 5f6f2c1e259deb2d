"""Who calls a command of the running game and whom they name, for ``/game nudge|vote`` and
``/host``: the clock service of the interaction, the caller as the service's host powers take
them, a player named by typing, and a public answer that pings only whom the service named.

The work is done by the clock services (:class:`bot.clock.service.ClockServices`); the commands read options and word
its answers (:mod:`bot.discord_app.clock_texts`). Refusals are ``TableError``s, answered
privately by the tree's error handler.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, TypedDict

import discord
from discord import app_commands

import i18n.say as sayings
from bot.clock.service import ClockServices
from bot.discord_app import replies
from bot.discord_app.channels import channel_id_of
from bot.discord_app.checks import is_moderator
from bot.discord_app.clock_runtime import clock_service_of
from bot.discord_app.clock_texts import Said
from bot.discord_app.locales import private_locale, public_locale
from bot.discord_app.text import clip
from bot.discord_limits import MAX_CHOICES, MAX_MESSAGE
from bot.errors import NoGame, TableError
from i18n import t
from i18n.say import word

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

log = logging.getLogger(__name__)


#: the clock rules' options, the same at ``/game new`` and ``/host clock``
CLOCK_RULE_DESCRIPTIONS = {
    "bank": "A time bank per player for turns that run over, e.g. 2d (1m to 30d; none)",
    "weekends": "A player's clock stops on their own Saturday and Sunday (UTC if they set no zone)",
    "away": "An away player's clock: stop (default) or a stand-in plays when time is up",
}
AWAY_OPTIONS = [
    app_commands.Choice(name="stop their clock (default)", value="stop"),
    app_commands.Choice(name="a stand-in plays when time is up", value="standin"),
]


def service_of(interaction: discord.Interaction[TabletopClient]) -> ClockServices:
    return clock_service_of(interaction.client)


async def say(interaction: discord.Interaction[TabletopClient], said: Said) -> None:
    """A public answer that may ping only the users the service named, in the server's
    language (a text said for any reader is worded for the channel)."""
    allowed = discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(id=u) for u in said.mention]
    )
    said = Said(
        word(said.text, await public_locale(interaction.client, interaction.guild_id)),
        said.mention,
    )
    if interaction.response.is_done():  # deferred privately: acknowledge, then post publicly
        locale = await private_locale(interaction)
        await interaction.edit_original_response(content=t(locale, "Done."))
        try:
            await interaction.followup.send(said.text, allowed_mentions=allowed)
        except discord.HTTPException:  # it is done: say so privately instead
            unposted = t(
                locale, "Done, but I could not post it in the channel:\n{text}", text=said.text
            )
            await interaction.edit_original_response(
                content=clip(unposted, MAX_MESSAGE),
                allowed_mentions=discord.AllowedMentions.none(),
            )
    else:
        await interaction.response.send_message(said.text, allowed_mentions=allowed)


class HostCaller(TypedDict):
    """Who uses a host power, where: the clock service's ``channel_id``, ``user_id``,
    ``can_manage`` and ``by_name``."""

    channel_id: int
    user_id: int
    can_manage: bool
    by_name: str


def as_host(interaction: discord.Interaction[TabletopClient]) -> HostCaller:
    """The caller as the clock service's host powers take it: where, who (with the display
    name the game's log calls a moderator who has no seat), and whether they may act as a
    moderator (Manage Messages or the game master role) even if they are not the host."""
    return {
        "channel_id": channel_id_of(interaction),
        "user_id": interaction.user.id,
        "can_manage": is_moderator(interaction),
        "by_name": interaction.user.display_name,
    }


async def resolve_player(service: ClockServices, channel_id: int, typed: str) -> int:
    """A player of this channel's game from a typed name or mention (case does not matter)."""
    row = await service.table.live_game(channel_id)
    if row is None:
        raise NoGame()
    text = typed.strip()
    if text.startswith("<@") and text.endswith(">"):
        digits = text.strip("<@!>")
        if digits.isdigit() and row.active_seat_of(int(digits)):
            return int(digits)
    for seat in row.seats:
        if seat.active and seat.name.casefold() == text.casefold():
            return seat.user_id
    names = ", ".join(s.name for s in row.seats if s.active)
    raise TableError(
        sayings.say(
            "'{typed}' is not a player of this game. Players: {names}.",
            typed=clip(text, 40),
            names=names,
        )
    )


@replies.suggestions
async def player_choices(
    interaction: discord.Interaction[TabletopClient], current: str
) -> list[app_commands.Choice[str]]:
    service = service_of(interaction)
    row = await service.table.live_game(channel_id_of(interaction))
    if row is None:
        return []
    return [
        app_commands.Choice(name=s.name, value=s.name)
        for s in row.seats
        if s.active and current.casefold() in s.name.casefold()
    ][:MAX_CHOICES]
