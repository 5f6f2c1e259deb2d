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
from bot.discord_app.locales import private_locale
from bot.discord_app.posts import title_of
from bot.discord_app.rulings import rulings_text
from bot.discord_app.text import clip, join_message
from bot.discord_app.turns import table_of
from bot.discord_limits import MAX_ALT_TEXT, MAX_MESSAGE
from bot.logsafe import failure
from bot.table import GameInfo
from i18n import lookup, t
from i18n.say import marked, word
from i18n.speaking import speaking
from rendering import legend

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

#: worded for its reader with ``t(locale, BOARD_NOT_POSTED)``
BOARD_NOT_POSTED = marked(
    "I could not post the board in this channel (I may be missing the Send Messages or "
    "Attach Files permission here). Ask a moderator to check my permissions."
)
logger = logging.getLogger(__name__)
RULES_PAGES = [
    app_commands.Choice(name="guide", value="guide"),
    app_commands.Choice(name="rulings (where the rulebook is open)", value="rulings"),
    app_commands.Choice(name="commands (every command, by who uses it)", value="commands"),
]


def rules_text(engine: engines.Engine[Any], locale: str = "en-US") -> str:
    """``/game rules``' guide page: the game, its player count, its guide (the engine's words,
    in the reader's language where the game translated them), its options and choices."""
    specs = opts.game_specs(engine)
    per_player = opts.player_specs(engine)
    guide = word(engine.guide, locale).strip() or t(locale, "No guide yet.")
    lines = [
        t(
            locale,
            "**{title}** ({low}–{high} players)",
            title=engine.title,
            low=engine.min_players,
            high=engine.max_players,
        ),
        guide,
    ]
    if specs:
        lines.append(
            t(
                locale,
                "Options for `/game new`: {options}",
                options=opts.describe_specs(specs, locale),
            )
        )
    if per_player:
        lines.append(
            t(
                locale,
                "Your choice at `/game join`: {options}",
                options=opts.describe_specs(per_player, locale),
            )
        )
    if rulings_text(engine.name) is not None:
        lines.append(
            t(locale, "Where the rulebook is open, our rulings: `/game rules page:rulings`.")
        )
    return join_message(*lines)


def status_line(title: str, status: str, locale: str) -> str:
    """``/game status`` for a game the table has no words for: its title and its stage."""
    stages = {
        "lobby": t(locale, "{title}: lobby.", title=title),
        "running": t(locale, "{title}: running.", title=title),
        "finished": t(locale, "{title}: finished.", title=title),
        "aborted": t(locale, "{title}: aborted.", title=title),
    }
    return stages.get(status, f"{title}: {status}.")


def _shown(locale: str, english: str, context: str) -> str:
    """A command's name or description as the reader's Discord client shows it."""
    return lookup(locale, english, context) or english


def commands_text(
    commands: Sequence[Command[Any, ..., Any] | Group | ContextMenu], locale: str = "en-US"
) -> str:
    """``/game rules page:commands``: every command of the tree, a group's subcommands beside
    it, read from the tree itself, so it names each command as it is now (and as the reader's
    client shows it: the catalogs' names and descriptions)."""
    lines = [t(locale, "**Commands**, grouped by who uses them:")]
    for command in commands:
        if isinstance(command, ContextMenu):
            continue
        name = _shown(locale, command.name, "command name")
        description = _shown(locale, command.description, "description")
        lines.append(f"**/{name}** — {description}")
        if isinstance(command, Group):
            lines.append(
                " ".join(
                    f"`{_shown(locale, sub.name, 'command name')}`" for sub in command.commands
                )
            )
    return join_message(*lines)


LEGEND_FILENAME = "legend.png"


def legend_file(game: str, locale: str = "en-US") -> discord.File | None:
    """The picture naming each area of ``game``'s board, with its words as alt text (none for
    a game without one, or if it cannot be drawn: the guide goes out anyway), both in the
    reader's language."""
    if not legend.has_legend(game):
        return None
    try:
        with speaking(locale):
            png = legend.render_legend(game)
            alt = clip(legend.alt_text(game), MAX_ALT_TEXT)
    except Exception as exc:  # a nicety: the guide itself still answers
        logger.error("The legend of %s could not be drawn: %s", game, failure(exc))
        return None
    return discord.File(io.BytesIO(png), filename=LEGEND_FILENAME, description=alt)


async def log_page(
    interaction: discord.Interaction[TabletopClient], page: int, per: int
) -> tuple[str, discord.ui.View | None]:
    """A page of ``/game log`` (1 is the newest) with buttons to page back and forth. Pages
    split between entries (a long entry across pages), so every entry is reachable and none is
    cut; the asker reads their own private events in words, nobody else's."""
    locale = await private_locale(interaction)
    table = table_of(interaction)
    channel_id = channel_id_of(interaction)
    game = await table.game(channel_id=channel_id)
    room = MAX_MESSAGE - len(log_head(game, LONGEST_PAGE, LONGEST_PAGE, locale)) - 1
    info, lines, page, pages = await table.log_page(
        channel_id=channel_id,
        page=page,
        per_page=per,
        reader_id=interaction.user.id,
        room=room,
        locale=locale,
    )
    head = log_head(info, page, pages, locale) if lines else t(locale, "No moves yet.")
    shown = [word(line, locale) for line in lines]
    return join_message(head, "\n".join(shown)), log_view(page, pages, per, locale)


#: the most pages a head is made room for (a log of ten thousand long entries)
LONGEST_PAGE = 999_999


def log_head(game: GameInfo, page: int, pages: int, locale: str = "en-US") -> str:
    return t(
        locale,
        "**{title}: the log** (page {page} of {pages}, newest last)",
        title=title_of(game),
        page=page,
        pages=pages,
    )


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
