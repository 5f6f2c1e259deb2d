"""What ``/game``'s looking commands (board, hand, status, log, replay, rules) share with the
rest of the bot: the rules guide's text and legend picture, and the log's pages (``/game log``
and its Older/Newer buttons). ``board`` posts in the channel; the others answer only the asker,
so lookups do not clutter the channel.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import Command, ContextMenu, Group

import engines
from bot.discord_app import options as opts
from bot.discord_app import replies
from bot.discord_app.channels import channel_id_of
from bot.discord_app.components import log_view
from bot.discord_app.posts import title_of
from bot.discord_app.rulings import rulings_text
from bot.discord_app.text import clip, join_message
from bot.discord_app.turns import table_of
from bot.discord_limits import MAX_ALT_TEXT, MAX_MESSAGE
from bot.logsafe import failure
from bot.table import GameInfo
from rendering import legend

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

BOARD_NOT_POSTED = (
    "I could not post the board in this channel (I may be missing the Send Messages or "
    "Attach Files permission here). Ask a moderator to check my permissions."
)
logger = logging.getLogger(__name__)
RULES_PAGES = [
    app_commands.Choice(name="guide", value="guide"),
    app_commands.Choice(name="rulings (where the rulebook is open)", value="rulings"),
    app_commands.Choice(name="commands (every command, by who uses it)", value="commands"),
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


def commands_text(commands: Sequence[Command[Any, ..., Any] | Group | ContextMenu]) -> str:
    """``/game rules page:commands``: every command of the tree, a group's subcommands beside
    it, read from the tree itself, so it names each command as it is now."""
    lines = ["**Commands**, grouped by who uses them:"]
    for command in commands:
        if isinstance(command, ContextMenu):
            continue
        lines.append(f"**/{command.name}** — {command.description}")
        if isinstance(command, Group):
            lines.append(" ".join(f"`{sub.name}`" for sub in command.commands))
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
    """A page of ``/game log`` (1 is the newest) with buttons to page back and forth. Pages
    split between entries (a long entry across pages), so every entry is reachable and none is
    cut; the asker reads their own private events in words, nobody else's."""
    table = table_of(interaction)
    channel_id = channel_id_of(interaction)
    game = await table.game(channel_id=channel_id)
    room = MAX_MESSAGE - len(log_head(game, LONGEST_PAGE, LONGEST_PAGE)) - 1
    info, lines, page, pages = await table.log_page(
        channel_id=channel_id, page=page, per_page=per, reader_id=interaction.user.id, room=room
    )
    head = log_head(info, page, pages) if lines else "No moves yet."
    return join_message(head, "\n".join(lines)), log_view(page, pages, per)


#: the most pages a head is made room for (a log of ten thousand long entries)
LONGEST_PAGE = 999_999


def log_head(game: GameInfo, page: int, pages: int) -> str:
    return f"**{title_of(game)}: the log** (page {page} of {pages}, newest last)"


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
