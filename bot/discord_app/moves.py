"""The move path: a click or ``/play`` -> ``Table.act`` -> the new public turn message.

Also the pieces other modules reuse to publish an outcome: :func:`turn_post_for` (the message
for an outcome, with the awaited players' actions) and :func:`publish` (send it, then tell the
outcome listeners registered on the client, e.g. issue 7's clocks, which message it was).
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
    labels_public,
    private_lines,
    turn_post,
)
from bot.errors import BoardChanged, NoGame, TableError
from bot.logsafe import failure
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


async def awaited_actions(table: Table, channel_id: int, to_act: list[int]) -> dict:
    """Each awaited user's legal actions (empty when the table refuses)."""
    out: dict = {}
    for user_id in to_act:
        try:
            out[user_id] = await table.legal_actions(channel_id=channel_id, user_id=user_id)
        except TableError:
            out[user_id] = []
    return out


async def current_view(table: Table, game) -> discord.ui.View | None:
    """Components for the awaited players' moves on the current board (None if none)."""
    if game.status != "running":
        return None
    to_act = await table.waiting_for(channel_id=game.channel_id)
    actions = await awaited_actions(table, game.channel_id, to_act)
    mine = [a for u in to_act for a in actions[u]]
    return action_layout(game.id, game.version, mine, private=not labels_public(game)).view


async def public_notes(client: discord.Client, game) -> list[str]:
    """The public lines the client's note sources add about ``game`` (``client.public_notes``,
    e.g. the seats a stand-in plays); a failing source is logged and left out."""
    notes: list[str] = []
    for source in list(getattr(client, "public_notes", ())):
        try:
            notes.extend(await source(game))
        except Exception as exc:
            log.error("A public note source failed for game %s: %s", game.id, failure(exc))
    return notes


async def turn_post_for(client: discord.Client, outcome: Outcome, *, headline: str = "") -> Post:
    """The turn message for ``outcome``, with the legal actions of everyone awaited and the
    client's public notes about the game."""
    awaited: dict = {}
    if outcome.result is None:
        awaited = await awaited_actions(client.table, outcome.game.channel_id, outcome.to_act)
    notes = await public_notes(client, outcome.game)
    post = turn_post(outcome, awaited, headline=headline, notes=notes)
    return await server_settings.with_ping_style(client, outcome.game, post)


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
    """A button or select click: refuse stale, foreign or illegal clicks privately, else move."""
    try:
        await interaction.response.defer()
        table = table_of(interaction)
        game = await current_game_for(interaction, game_id, version)
        if game is None:
            return
        try:
            outcome = await table.act(
                channel_id=interaction.channel_id,
                user_id=interaction.user.id,
                action_id=action_id,
                expected_version=version,
                expected_game_id=game_id,
            )
        except BoardChanged:
            await show_latest(interaction, STALE)
            return
        try:
            await interaction.edit_original_response(view=None)
        except discord.HTTPException:
            log.info("Could not clear the buttons of an old board in channel %s", game.channel_id)
        await publish(interaction, outcome)
        if private_lines(outcome, interaction.user.id):
            note = private_note(outcome, interaction.user.id, "Your move is made.")
            await replies.private(interaction, note)
    except Exception as exc:  # every failure becomes a private answer
        await replies.answer_error(interaction, exc)


async def play(interaction: discord.Interaction, action: str) -> None:
    """``/play``: resolve what was typed to one of the caller's actions and make the move."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = table_of(interaction)
    actions = await table.legal_actions(
        channel_id=interaction.channel_id, user_id=interaction.user.id
    )
    action_id = resolve_action(action, actions)
    outcome = await table.act(
        channel_id=interaction.channel_id, user_id=interaction.user.id, action_id=action_id
    )
    label = next((a.label for a in actions if a.id == action_id), action_id)
    await interaction.edit_original_response(
        content=private_note(outcome, interaction.user.id, f"You played **{label}**.")
    )
    await publish(interaction, outcome)


def resolve_action(typed: str, actions) -> str:
    """The action id for what was typed: an id as is, else a unique label match.

    Anything else is passed through unchanged so the table refuses it with the rules' reason.
    """
    typed = typed.strip()
    if any(a.id == typed for a in actions):
        return typed
    by_label = [a for a in actions if a.label.casefold() == typed.casefold()]
    if len(by_label) == 1:
        return by_label[0].id
    return typed
