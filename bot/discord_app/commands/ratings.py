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
from bot.discord_app.locales import private_locale
from bot.discord_app.ratings import ratings_of
from bot.discord_app.text import clip
from bot.discord_limits import MAX_ALT_TEXT
from bot.ratings.pages import Leaderboard, PlayerPage, leaderboard, player_page, title_of
from i18n import t
from i18n.say import marked
from i18n.speaking import speaking, tr
from rendering.tables import table_png
from storage.ratings import set_hidden

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

BOARD_WIDTHS = (0.8, 4.0, 1.5, 1.2, 2.0)
PAGE_WIDTHS = (2.4, 2.6, 1.6, 1.2, 1.0)


def board_picture(board: Leaderboard, locale: str = "en-US") -> bytes:
    """The leaderboard as a picture, in ``locale``'s language."""
    rows, mine = board.table(locale)
    with speaking(locale):
        columns = ("#", tr("Player"), tr("Rating"), tr("Games"), tr("Reliability"))
        return table_png(board.heading(locale), columns, rows, widths=BOARD_WIDTHS, highlight=mine)


def page_picture(page: PlayerPage, locale: str = "en-US") -> bytes:
    """A player's ratings as a picture (and their rating-over-time line), in ``locale``'s
    language."""
    with speaking(locale):
        line_title = ""
        if page.line_of is not None:
            line_title = tr("Rating over time: {game}", game=title_of(page.line_of[0]))
        columns = (tr("Game"), tr("Pool"), tr("Where"), tr("Rating"), tr("Games"))
        return table_png(
            page.lines(locale)[0],
            columns,
            page.table(locale),
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
    locale = await private_locale(interaction)
    board = await leaderboard(
        ratings_of(interaction.client),
        game,
        against,
        guild_id=interaction.guild_id,
        here=where == "server",
        asker=interaction.user.id,
    )
    lines = board.lines(locale)
    png = await asyncio.to_thread(board_picture, board, locale)
    await replies.private(
        interaction, "\n".join(lines), file=picture_file(png, lines, "leaderboard.png")
    )


async def show_rating(interaction: discord.Interaction[TabletopClient], game: str | None) -> None:
    locale = await private_locale(interaction)
    page = await player_page(
        ratings_of(interaction.client),
        interaction.user.id,
        engine=game,
        guild_id=interaction.guild_id,
    )
    lines = page.lines(locale)
    png = await asyncio.to_thread(page_picture, page, locale)
    await replies.private(
        interaction, "\n".join(lines), file=picture_file(png, lines, "rating.png")
    )


#: worded for the reader with ``t(locale, HIDDEN)``
HIDDEN = marked(
    "You are hidden from the leaderboards of servers where you have not played: only the "
    "servers you played in list you."
)
SHOWN = marked("Every server's leaderboard across all servers may list you.")


async def set_visibility(interaction: discord.Interaction[TabletopClient], show: str) -> None:
    hidden = show == "played"
    await ratings_of(interaction.client).store.write(set_hidden, interaction.user.id, hidden)
    locale = await private_locale(interaction)
    await replies.private(interaction, t(locale, HIDDEN if hidden else SHOWN))
