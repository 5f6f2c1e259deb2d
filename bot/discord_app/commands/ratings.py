"""What ``/game leaderboard``, ``/me rating`` and ``/me leaderboards`` do: a picture of the
table (and the player's rating-over-time line) sent privately with the same lines as its
message and its alt text, so a screen reader hears every number the picture shows. Not
deferred: the reads walk indexes (``tests/bench/test_bench_ratings.py``: a leaderboard well
under 50 ms at a hundred thousand games) and the picture is drawn off the event loop."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING

import discord

from bot.discord_app import replies
from bot.discord_app.ratings import ratings_of
from bot.discord_app.text import clip
from bot.discord_limits import MAX_ALT_TEXT
from bot.ratings.pages import Leaderboard, PlayerPage, leaderboard, player_page, title_of
from rendering.tables import table_png
from storage.ratings import set_hidden

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

BOARD_COLUMNS = ("#", "Player", "Rating", "Games", "Reliability")
BOARD_WIDTHS = (0.8, 4.0, 1.5, 1.2, 2.0)
PAGE_COLUMNS = ("Game", "Pool", "Where", "Rating", "Games")
PAGE_WIDTHS = (2.4, 2.6, 1.6, 1.2, 1.0)


def board_picture(board: Leaderboard) -> bytes:
    rows, mine = board.table()
    return table_png(board.heading, BOARD_COLUMNS, rows, widths=BOARD_WIDTHS, highlight=mine)


def page_picture(page: PlayerPage) -> bytes:
    line_title = ""
    if page.line_of is not None:
        line_title = f"Rating over time: {title_of(page.line_of[0])}"
    return table_png(
        page.lines()[0],
        PAGE_COLUMNS,
        page.table(),
        widths=PAGE_WIDTHS,
        line=page.line,
        line_title=line_title,
    )


def picture_file(png: bytes, lines: list[str], name: str) -> discord.File:
    """The picture with the lines as its alt text (as many as Discord keeps)."""
    alt = clip("\n".join(lines), MAX_ALT_TEXT)
    return discord.File(io.BytesIO(png), filename=name, description=alt)


async def show_leaderboard(
    interaction: discord.Interaction[TabletopClient], game: str, where: str, against: str
) -> None:
    board = await leaderboard(
        ratings_of(interaction.client),
        game,
        against,
        guild_id=interaction.guild_id,
        here=where == "server",
        asker=interaction.user.id,
    )
    lines = board.lines()
    png = await asyncio.to_thread(board_picture, board)
    await replies.private(
        interaction, "\n".join(lines), file=picture_file(png, lines, "leaderboard.png")
    )


async def show_rating(interaction: discord.Interaction[TabletopClient], game: str | None) -> None:
    page = await player_page(
        ratings_of(interaction.client),
        interaction.user.id,
        engine=game,
        guild_id=interaction.guild_id,
    )
    lines = page.lines()
    png = await asyncio.to_thread(page_picture, page)
    await replies.private(
        interaction, "\n".join(lines), file=picture_file(png, lines, "rating.png")
    )


HIDDEN = (
    "You are hidden from the leaderboards of servers where you have not played: only the "
    "servers you played in list you."
)
SHOWN = "Every server's leaderboard across all servers may list you."


async def set_visibility(interaction: discord.Interaction[TabletopClient], show: str) -> None:
    hidden = show == "played"
    await ratings_of(interaction.client).store.write(set_hidden, interaction.user.id, hidden)
    await replies.private(interaction, HIDDEN if hidden else SHOWN)
