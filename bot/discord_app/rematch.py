"""The Rematch button of a final message: a lobby for the players still seated at the end.

A use case of its own (not a turn): it reads the ended game, opens the lobby through the table,
gives it the same turn clock and posts the lobby notice: the clicker's answers in their
language, the lobby notice in the server's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.discord_app import replies
from bot.discord_app.locales import DEFAULT_LOCALE, private_locale, public_locale
from bot.discord_app.posts import lobby_post
from bot.table import GameInfo
from i18n import t
from i18n.say import marked, say, word

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

REMATCH_NOT_YOURS = marked(
    "Only the players of that game can ask for a rematch; start one with `/game new`."
)
REMATCH_LEFT = marked(
    "You left that game before its end (you conceded or were removed), so its rematch is for "
    "the players still seated at the end. You can join their lobby if they open one, or start "
    "a game with `/game new`."
)


def already_open(
    live: GameInfo, user_id: int, *, lobby: str | None = None, locale: str = DEFAULT_LOCALE
) -> str:
    """The answer to a Rematch click (or a ``/game new``) once a game is open in the channel:
    about that game, as the clicker stands in it (its host, seated, or not in it), in their
    language. ``lobby`` names the lobby (a ``Say``, worded in the same language; by default
    "the rematch lobby")."""
    named = word(lobby if lobby is not None else say("the rematch lobby"), locale)
    seated = live.seat_of(user_id) is not None
    if live.status == "running":
        if seated:
            return t(locale, "The next game has already started here, and you are playing in it.")
        return t(
            locale,
            "A game has already started here: follow it with `/game board`, or play elsewhere.",
        )
    if not seated:
        opened = named[:1].upper() + named[1:]
        return t(locale, "{lobby} is already open: join it with `/game join`.", lobby=opened)
    if live.host_id == user_id:
        return t(
            locale,
            "You are already seated in {lobby} as its host: `/game start` starts it.",
            lobby=named,
        )
    host = next((s.name for s in live.seats if s.user_id == live.host_id), None)
    if host is None:
        return t(locale, "You are already seated in {lobby}; the host starts it.", lobby=named)
    return t(
        locale,
        "You are already seated in {lobby}; {host}, the host, starts it.",
        lobby=named,
        host=host,
    )


async def open_rematch(interaction: discord.Interaction[TabletopClient], game_id: int) -> None:
    """The Rematch button of a final message: a lobby with the players still seated at the
    end, bots included (in their seats' order, with the same choices) and the same options, the
    clicker as host; the host starts it. A player who conceded or was removed is not seated
    again, and their click opens nothing."""
    try:
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = await private_locale(interaction)
        table = interaction.client.table
        old = await table.game_by_id(game_id)
        mine = old.seat_of(interaction.user.id)
        if mine is None or old.channel_id != interaction.channel_id:
            await replies.private(interaction, t(locale, REMATCH_NOT_YOURS))
            return
        if not mine.active:
            await replies.private(interaction, t(locale, REMATCH_LEFT))
            return
        live = await table.live_game(old.channel_id)
        if live is not None:  # someone was first: say what this game is to the clicker
            said = already_open(live, interaction.user.id, locale=locale)
            await replies.private(interaction, said)
            return
        info = await table.new_game(
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            user_id=mine.user_id,
            user_name=mine.name,
            engine=old.engine,
            options=dict(old.options),
            choices=dict(mine.choices) or None,
        )
        for seat in old.active_seats:
            if seat.user_id != mine.user_id:
                info = await table.join(
                    channel_id=old.channel_id,
                    user_id=seat.user_id,
                    user_name=seat.name,
                    choices=dict(seat.choices) or None,
                )
        clock = interaction.client.clock_service
        if clock is not None:  # the same turn clock (and its rules) as the last game
            was = await clock.clocks.game(game_id)
            await clock.deadlines.configure(
                info.id,
                turn_seconds=was.turn_seconds,
                missed_limit=was.missed_limit,
                rules=await clock.clocks.rules(game_id),
            )
        await interaction.edit_original_response(content=t(locale, "The rematch lobby is open."))
        channel = await public_locale(interaction.client, old.guild_id)
        if old.seats == old.active_seats:
            asks = t(
                channel, "{player} asks for a rematch: same players, same options", player=mine.name
            )
        else:
            asks = t(
                channel,
                "{player} asks for a rematch: the players still seated, same options",
                player=mine.name,
            )
        post = lobby_post(info, asks, channel)
        await interaction.followup.send(**post.send_kwargs())
    except Exception as exc:  # every failure becomes a private answer
        await replies.answer_error(interaction, exc)
