"""The Rematch button of a final message: a lobby for the players still seated at the end.

A use case of its own (not a turn): it reads the ended game, opens the lobby through the table,
gives it the same turn clock and posts the lobby notice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.discord_app import replies
from bot.discord_app.posts import lobby_post
from bot.table import GameInfo

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

REMATCH_NOT_YOURS = (
    "Only the players of that game can ask for a rematch; start one with `/game new`."
)
REMATCH_LEFT = (
    "You left that game before its end (you conceded or were removed), so its rematch is for "
    "the players still seated at the end. You can join their lobby if they open one, or start "
    "a game with `/game new`."
)


def already_open(live: GameInfo, user_id: int, *, lobby: str = "the rematch lobby") -> str:
    """The answer to a Rematch click (or a ``/game new``) once a game is open in the channel:
    about that game, as the clicker stands in it (its host, seated, or not in it)."""
    host = next((s.name for s in live.seats if s.user_id == live.host_id), "the host")
    if live.status == "running":
        if live.seat_of(user_id) is not None:
            return "The next game has already started here, and you are playing in it."
        return "A game has already started here: follow it with `/game board`, or play elsewhere."
    if live.seat_of(user_id) is None:
        return f"{lobby.capitalize()} is already open: join it with `/game join`."
    if live.host_id == user_id:
        return f"You are already seated in {lobby} as its host: `/game start` starts it."
    return f"You are already seated in {lobby}; {host}, the host, starts it."


async def open_rematch(interaction: discord.Interaction[TabletopClient], game_id: int) -> None:
    """The Rematch button of a final message: a lobby with the players still seated at the
    end, bots included (in their seats' order, with the same choices) and the same options, the
    clicker as host; the host starts it. A player who conceded or was removed is not seated
    again, and their click opens nothing."""
    try:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = interaction.client.table
        old = await table.game_by_id(game_id)
        mine = old.seat_of(interaction.user.id)
        if mine is None or old.channel_id != interaction.channel_id:
            await replies.private(interaction, REMATCH_NOT_YOURS)
            return
        if not mine.active:
            await replies.private(interaction, REMATCH_LEFT)
            return
        live = await table.live_game(old.channel_id)
        if live is not None:  # someone was first: say what this game is to the clicker
            await replies.private(interaction, already_open(live, interaction.user.id))
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
        await interaction.edit_original_response(content="The rematch lobby is open.")
        who = "same players" if old.seats == old.active_seats else "the players still seated"
        post = lobby_post(info, f"{mine.name} asks for a rematch: {who}, same options")
        await interaction.followup.send(**post.send_kwargs())
    except Exception as exc:  # every failure becomes a private answer
        await replies.answer_error(interaction, exc)
