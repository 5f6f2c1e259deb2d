"""Turn messages: a click or ``/play`` -> ``Table.act`` -> the new public turn message.

``Table.act`` returns an outcome that already holds everything the message needs (who is
awaited and each one's moves, the public notes, whether labels may be public), so a move is
one load of the game. Also the pieces other modules reuse to publish an outcome:
:func:`turn_post_for` and :func:`publish` (send it, then tell the outcome listeners registered
on the client which message it was, e.g. the clock service's latest board).
"""

from __future__ import annotations

import logging

import discord

from bot.discord_app import replies, server_settings
from bot.discord_app.components import action_layout
from bot.discord_app.posts import (
    PLAY_HINT,
    Post,
    board_post,
    private_lines,
    turn_post,
)
from bot.errors import BoardChanged, NoGame, NotSeated, TableError
from bot.table import Outcome, Table

log = logging.getLogger(__name__)

STALE = "This board is out of date — here is the latest."
NOT_POSTED = (
    "Done, and saved — but I could not post the new board in this channel (I may be missing "
    "the Send Messages or Attach Files permission here). Ask a moderator to check my "
    "permissions; `/game status` shows where the game stands."
)
GONE = (
    "This board belongs to a game that is no longer running here. Start a new one with `/game new`."
)


def table_of(interaction: discord.Interaction) -> Table:
    return interaction.client.table


async def current_view(table: Table, game) -> discord.ui.View | None:
    """Components for the awaited players' moves on the current board (None if none)."""
    if game.status != "running":
        return None
    now = await table.current(channel_id=game.channel_id, board=False)
    mine = [a for u in now.to_act for a in now.awaited.get(u, [])]
    return action_layout(now.game.id, now.game.version, mine, private=not now.labels_public).view


async def public_notes(client: discord.Client, game) -> list[str]:
    """The public lines the table's note sources add about ``game`` (e.g. the seats a stand-in
    plays); a failing source is logged and left out."""
    return await client.table.notes(game)


async def turn_post_for(client: discord.Client, outcome: Outcome, *, headline: str = "") -> Post:
    """The turn message for ``outcome`` (its awaited players' moves and notes included); it
    pings them unless the game opened on a server that names players without a ping."""
    quiet = await server_settings.names_only(client, outcome.game)
    return turn_post(outcome, headline=headline, ping=not quiet)


async def publish(
    interaction: discord.Interaction, outcome: Outcome, *, headline: str = ""
) -> discord.Message | None:
    """Post the public turn message for ``outcome`` as a new message in the channel.

    The change is saved already, so if Discord refuses the post (a missing permission, the
    channel gone) the caller is told privately and the outcome listeners still hear of it
    (with no message: clocks go on); the message is posted at the next start.
    """
    client = interaction.client
    post = await turn_post_for(client, outcome, headline=headline)
    message = None
    try:
        message = await interaction.followup.send(**post.send_kwargs(), wait=True)
    except discord.HTTPException as exc:
        log.warning(
            "Could not post the turn message of game %s in channel %s: %s (%s)",
            outcome.game.id,
            outcome.game.channel_id,
            type(exc).__name__,
            exc.status,
        )
        await tell_quietly(interaction, NOT_POSTED)
    await client.notify_outcome(outcome, message)
    return message


async def tell_quietly(interaction: discord.Interaction, text: str) -> None:
    """A private answer when Discord may refuse that too (best effort, logged)."""
    try:
        await replies.private(interaction, text)
    except discord.HTTPException:
        log.info("Could not deliver a private answer in channel %s", interaction.channel_id)


async def publish_to_channel(
    client: discord.Client, channel: discord.abc.Messageable, outcome: Outcome, *, headline=""
) -> discord.Message:
    """The same turn message without an interaction (stand-ins, timeouts, host actions)."""
    post = await turn_post_for(client, outcome, headline=headline)
    message = await channel.send(**post.send_kwargs())
    await client.notify_outcome(outcome, message)
    return message


async def change_and_publish(
    interaction: discord.Interaction, change, *, done: str, headline: str
) -> discord.Message | None:
    """A command that changes the game for its caller (``change(channel_id=, user_id=)`` on
    the table, e.g. start or concede): answered privately with ``done``, then the new turn
    message goes to the channel. A refusal is raised before anything is posted."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    outcome = await change(channel_id=interaction.channel_id, user_id=interaction.user.id)
    await interaction.edit_original_response(content=done)
    return await publish(interaction, outcome, headline=headline)


def private_note(outcome: Outcome, user_id: int, done: str) -> str:
    """The actor's ephemeral acknowledgement, carrying the events only they may see."""
    lines = private_lines(outcome, user_id)
    if not lines:
        return done
    return "\n".join([done, "Only you can see this:", *(f"• {t}" for t in lines)])


async def show_latest(interaction: discord.Interaction, note: str) -> None:
    """An ephemeral copy of the current board, with the clicker's own moves as components."""
    table = table_of(interaction)
    channel_id = interaction.channel_id
    game, png, summary = await table.board(channel_id=channel_id)
    view = None
    if game.seat_of(interaction.user.id) is not None:
        try:
            actions = await table.legal_actions(channel_id=channel_id, user_id=interaction.user.id)
        except TableError:
            actions = []
        view = action_layout(game.id, game.version, actions).view
    post = board_post(game, png, summary, notes=await public_notes(interaction.client, game))
    await replies.private(
        interaction,
        f"{note}\n{post.content}",
        file=post.send_kwargs().get("file"),
        view=view,
    )


def not_a_player(game) -> str:
    return (
        "These buttons are for the players of this game "
        f"({', '.join(s.name for s in game.seats)}); you are not one of them. "
        "You can follow along, and join the next game with `/game join`."
    )


async def current_game_for(interaction: discord.Interaction, game_id: int, version: int):
    """The channel's game if a component drawn for ``game_id`` at ``version`` still applies
    to it and the clicker plays in it; else answer privately why not and return ``None``
    (a game that ended or was replaced, a spectator, an older board)."""
    try:
        game = await table_of(interaction).game(channel_id=interaction.channel_id)
    except NoGame:
        await replies.private(interaction, GONE)
        return None
    if game.id != game_id or game.status != "running":
        await replies.private(interaction, GONE)
        return None
    if game.seat_of(interaction.user.id) is None:
        await replies.private(interaction, not_a_player(game))
        return None
    if game.version != version:
        await show_latest(interaction, STALE)
        return None
    return game


async def handle_moves(interaction: discord.Interaction, game_id: int, version: int) -> None:
    """The "choose your move" button: the clicker's own moves, privately."""
    try:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = table_of(interaction)
        game = await current_game_for(interaction, game_id, version)
        if game is None:
            return
        actions = await table.legal_actions(
            channel_id=interaction.channel_id, user_id=interaction.user.id
        )
        if not actions:
            waiting = await table.waiting_for(channel_id=interaction.channel_id)
            names = ", ".join(s.name for s in game.seats if s.user_id in waiting) or "nobody"
            await replies.private(interaction, f"Nothing for you to do now; waiting for {names}.")
            return
        layout = action_layout(game.id, game.version, actions)
        text = "Your moves (only you can see them):" + (
            f"\n{PLAY_HINT}" if layout.needs_play else ""
        )
        await replies.private(interaction, text, view=layout.view)
    except Exception as exc:  # every failure becomes a private answer
        await replies.answer_error(interaction, exc)


async def handle_click(
    interaction: discord.Interaction, game_id: int, version: int, action_id: str
) -> None:
    """A button or select click: refuse stale, foreign or illegal clicks privately, else move.

    The move is tried at once (one load); only a refusal looks at the game again to say why."""
    try:
        await interaction.response.defer()
        table = table_of(interaction)
        try:
            outcome = await table.act(
                channel_id=interaction.channel_id,
                user_id=interaction.user.id,
                action_id=action_id,
                expected_version=version,
                expected_game_id=game_id,
            )
        except (BoardChanged, NoGame, NotSeated) as refused:
            if await current_game_for(interaction, game_id, version) is not None:
                raise refused from None  # the board is current: the table's reason stands
            return
        try:
            await interaction.edit_original_response(view=None)
        except discord.HTTPException:
            log.info(
                "Could not clear the buttons of an old board in channel %s", interaction.channel_id
            )
        await publish(interaction, outcome)
        if private_lines(outcome, interaction.user.id):
            note = private_note(outcome, interaction.user.id, "Your move is made.")
            await replies.private(interaction, note)
    except Exception as exc:  # every failure becomes a private answer
        await replies.answer_error(interaction, exc)


async def play(interaction: discord.Interaction, action: str) -> None:
    """``/play``: resolve what was typed to one of the caller's actions and make the move."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    outcome = await table_of(interaction).act(
        channel_id=interaction.channel_id, user_id=interaction.user.id, action_id=action
    )
    label = outcome.action.label if outcome.action is not None else action
    await interaction.edit_original_response(
        content=private_note(outcome, interaction.user.id, f"You played **{label}**.")
    )
    await publish(interaction, outcome)
