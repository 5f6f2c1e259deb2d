"""``/game board|hand|status|log|rules``: looking at a game without changing it.

``board`` posts the public board in the channel; ``hand`` (your private view), ``status``,
``log`` and ``rules`` answer only you, so lookups do not clutter the channel.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import engines
from bot.discord_app import options as opts
from bot.discord_app import replies
from bot.discord_app.channels import channel_id_of
from bot.discord_app.commands.lobby import game_choices
from bot.discord_app.components import log_view
from bot.discord_app.posts import board_post, title_of
from bot.discord_app.replay import post_replay
from bot.discord_app.rulings import pages, rulings_text
from bot.discord_app.text import clip, fit_lines, join_message
from bot.discord_app.turns import current_view, public_notes, table_of
from bot.discord_limits import MAX_ALT_TEXT, MAX_MESSAGE
from bot.errors import NoGame
from bot.logsafe import failure
from rendering import legend

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

BOARD_NOT_POSTED = (
    "I could not post the board in this channel (I may be missing the Send Messages or "
    "Attach Files permission here). Ask a moderator to check my permissions."
)
logger = logging.getLogger(__name__)  # not "log": /game log is a function here
RULES_PAGES = [
    app_commands.Choice(name="guide", value="guide"),
    app_commands.Choice(name="rulings (where the rulebook is open)", value="rulings"),
]


def rules_text(engine: engines.Engine[Any]) -> str:
    players = f"{engine.min_players}–{engine.max_players} players"
    specs = opts.game_specs(engine)
    per_player = opts.player_specs(engine)
    lines = [f"**{engine.title}** ({players})", engine.guide.strip() or "No guide yet."]
    if specs:
        lines.append(f"Options for `/game new`: {opts.describe_specs(specs)}")
    if per_player:
        lines.append(f"Your choice at `/game join`: {opts.describe_specs(per_player)}")
    if rulings_text(engine.name) is not None:
        lines.append("Where the rulebook is open, our rulings: `/game rules page:rulings`.")
    return join_message(*lines)


LEGEND_FILENAME = "legend.png"


def legend_file(game: str) -> discord.File | None:
    """The picture naming each area of ``game``'s board, with its words as alt text (none for
    a game without one, or if it cannot be drawn: the guide goes out anyway)."""
    if not legend.has_legend(game):
        return None
    try:
        png = legend.render_legend(game)
    except Exception as exc:  # a nicety: the guide itself still answers
        logger.error("The legend of %s could not be drawn: %s", game, failure(exc))
        return None
    alt = clip(legend.alt_text(game), MAX_ALT_TEXT)
    return discord.File(io.BytesIO(png), filename=LEGEND_FILENAME, description=alt)


async def log_page(
    interaction: discord.Interaction[TabletopClient], page: int, per: int
) -> tuple[str, discord.ui.View | None]:
    """A page of ``/game log`` (1 is the newest) with buttons to page back and forth."""
    info, lines, page, pages = await table_of(interaction).log_page(
        channel_id=channel_id_of(interaction), page=page, per_page=per
    )
    head = (
        f"**{title_of(info)}: the log** (page {page} of {pages}, newest last)"
        if lines
        else "No moves yet."
    )
    body = fit_lines(lines, MAX_MESSAGE - len(head) - 1, more="… {n} more not shown")
    return join_message(head, "\n".join(body)), log_view(page, pages, per)


async def handle_log_page(
    interaction: discord.Interaction[TabletopClient], page: int, per: int
) -> None:
    """An "Older"/"Newer" click under ``/game log``: the same private message, another page."""
    try:
        interaction.client.cooldowns.take("log", interaction.user.id)
        content, view = await log_page(interaction, page, per)
        await interaction.response.edit_message(content=content, view=view)
    except Exception as exc:  # every failure becomes a private answer
        await replies.answer_error(interaction, exc)


def register(game: app_commands.Group, tree: app_commands.CommandTree[TabletopClient]) -> None:
    @game.command(name="board", description="Post the current board in the channel.")
    async def board(interaction: discord.Interaction[TabletopClient]) -> None:
        interaction.client.cooldowns.take("board", interaction.user.id)
        # Deferred privately so a refusal stays private; the board itself is posted publicly.
        await interaction.response.defer(ephemeral=True, thinking=True)
        info, png, summary = await table_of(interaction).board(
            channel_id=channel_id_of(interaction)
        )
        post = board_post(info, png, summary, notes=await public_notes(interaction.client, info))
        post.view = await current_view(table_of(interaction), info)
        await interaction.edit_original_response(content="The board is posted in the channel.")
        try:
            await interaction.followup.send(**post.send_kwargs())
        except discord.HTTPException as exc:
            logger.warning(
                "Could not post the board of game %s: %s (%s)",
                info.id,
                type(exc).__name__,
                exc.status,
            )
            await interaction.edit_original_response(content=BOARD_NOT_POSTED)

    @game.command(name="hand", description="Your private view of the game (only you see it).")
    async def hand(interaction: discord.Interaction[TabletopClient]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        info, png, text = await table_of(interaction).hand(
            channel_id=channel_id_of(interaction), user_id=interaction.user.id
        )
        file = discord.File(io.BytesIO(png), filename="hand.png") if png else None
        await replies.private(interaction, text or f"Your view of {title_of(info)}.", file=file)

    @game.command(name="status", description="Who is playing, whose turn it is, the score.")
    async def status(interaction: discord.Interaction[TabletopClient]) -> None:
        info, text = await table_of(interaction).status(channel_id=channel_id_of(interaction))
        notes = await public_notes(interaction.client, info)
        await replies.private(
            interaction, join_message(text or f"{title_of(info)}: {info.status}.", *notes)
        )

    @game.command(name="log", description="The moves of this channel's game, page by page.")
    @app_commands.describe(count="How many moves a page (default 15)")
    async def log(
        interaction: discord.Interaction[TabletopClient], count: app_commands.Range[int, 1, 50] = 15
    ) -> None:
        interaction.client.cooldowns.take("log", interaction.user.id)
        content, view = await log_page(interaction, 1, count)
        await replies.private(interaction, content, view=view)

    @game.command(
        name="replay", description="Post the whole game as one animation, a turn a frame."
    )
    async def replay(interaction: discord.Interaction[TabletopClient]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        message = await post_replay(
            interaction.client, channel_id_of(interaction), asker=interaction.user.id
        )
        done = "The replay is posted in the channel." if message else BOARD_NOT_POSTED
        await interaction.edit_original_response(content=done)

    @game.command(name="rules", description="A short guide to a game (this channel's by default).")
    @app_commands.describe(
        game="Which game (default: the one in this channel)",
        page="The short guide (default), or our rulings where the rulebook is open",
    )
    @app_commands.choices(game=game_choices(), page=RULES_PAGES)
    async def rules(
        interaction: discord.Interaction[TabletopClient],
        game: str | None = None,
        page: str = "guide",
    ) -> None:
        if game is None:
            try:
                game = (
                    await table_of(interaction).game(channel_id=channel_id_of(interaction))
                ).engine
            except NoGame:
                listing = ", ".join(engines.get_engine(n).title for n in engines.names())
                await replies.private(
                    interaction,
                    clip(f"No game in this channel. Pick one with `game:`. Games: {listing}", 1900),
                )
                return
        try:
            engine = engines.get_engine(game)
        except engines.UnknownGame:
            listing = ", ".join(engines.get_engine(n).title for n in engines.names())
            await replies.private(
                interaction,
                clip(f"'{clip(game, 40)}' is not a game on this bot. Games: {listing}", 1900),
            )
            return
        if page != "rulings":
            await replies.private(interaction, rules_text(engine), file=legend_file(engine.name))
            return
        text = rulings_text(engine.name)
        if text is None:
            await replies.private(interaction, f"{engine.title} has no rulings page.")
            return
        for part in pages(text):  # each a private message of its own, in order
            await replies.private(interaction, part)
