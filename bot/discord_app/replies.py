"""Private answers, and turning every refusal or failure into one.

Every refusal the table raises (:class:`bot.errors.TableError`), an unknown game, an option the
game does not take or a move the rules forbid becomes an ephemeral message saying why and what
to do. Anything unexpected is logged (kind of interaction and ids only, never game content) and
answered with a generic apology, so no stack trace ever reaches a channel. The log gets the
exception's type and traceback but not its message, which could quote hidden game state.

Every answer here is in the reader's language: refusals are private, so the clicking user's
(:func:`bot.discord_app.locales.private_locale`). A refusal's message was said where it was made
(:func:`i18n.say.say`) and is worded here (:func:`i18n.say.word`).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import Any, TypedDict, TypeVar

import discord
from discord import app_commands

import engines
from bot.discord_app.locales import DEFAULT_LOCALE, private_locale
from bot.discord_app.text import clip
from bot.discord_limits import MAX_MESSAGE
from bot.errors import TableError
from bot.logsafe import failure
from i18n import t
from i18n.say import word

log = logging.getLogger(__name__)

#: what an autocomplete callback suggests (``app_commands.Choice`` values are str, int or float)
ChoiceT = TypeVar("ChoiceT", str, int, float)
#: the interaction an autocomplete callback takes (whichever client's it is typed with)
InteractionT = TypeVar("InteractionT", bound="discord.Interaction[Any]")

NO_MENTIONS = discord.AllowedMentions.none()


def apology(locale: str) -> str:
    """The answer to a failure nobody expected (a bug), in ``locale``'s language."""
    return t(
        locale,
        "Sorry, something went wrong on our side while handling that. It has been logged; "
        "please try again in a moment, and use /game status to see where the game stands.",
    )


def not_allowed_here(locale: str) -> str:
    """The answer when Discord refused the bot something in a channel, in ``locale``'s
    language."""
    return t(
        locale,
        "Discord did not let me do that here: I may be missing a permission in this channel "
        "(Send Messages, Attach Files, Create Public Threads). Ask a moderator to check; "
        "`/game status` shows where the game stands.",
    )


#: the two in English
APOLOGY = apology(DEFAULT_LOCALE)
NOT_ALLOWED_HERE = not_allowed_here(DEFAULT_LOCALE)


class BadInput(Exception):
    """Input the bot itself rejects before reaching the table (e.g. unreadable options)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def explain(exc: BaseException, locale: str = DEFAULT_LOCALE) -> str | None:
    """What to tell the user about ``exc``, in ``locale``'s language, or ``None`` if it is a
    bug."""
    if isinstance(exc, discord.app_commands.CommandInvokeError):
        exc = exc.original
    if isinstance(exc, TableError | BadInput):
        return word(exc.message, locale)
    if isinstance(exc, engines.UnknownGame):
        said = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
        return t(
            locale,
            "{problem} Pick one from the list in /game new.",
            problem=word(said, locale),
        )
    if isinstance(exc, engines.IllegalAction):
        return word(exc.reason, locale)
    if isinstance(exc, discord.app_commands.NoPrivateMessage):
        return t(locale, "Games are played in server channels; use this command in one.")
    if isinstance(
        exc, discord.app_commands.CommandSignatureMismatch | discord.app_commands.CommandNotFound
    ):
        return t(
            locale,
            "This command changed since Discord last loaded it. Please try again in a minute "
            "(restarting your Discord app refreshes the command list).",
        )
    if isinstance(exc, discord.Forbidden):
        return not_allowed_here(locale)
    if isinstance(exc, discord.app_commands.TransformerError):
        return t(
            locale,
            "'{value}' is not a valid value here; pick one of the suggestions.",
            value=str(exc.value),
        )
    return None


class _PrivateKwargs(TypedDict, total=False):
    ephemeral: bool
    allowed_mentions: discord.AllowedMentions
    file: discord.File
    view: discord.ui.View


async def private(
    interaction: discord.Interaction,
    content: str,
    *,
    file: discord.File | None = None,
    view: discord.ui.View | None = None,
) -> None:
    """An ephemeral answer, whether or not the interaction was deferred already."""
    kwargs: _PrivateKwargs = {"ephemeral": True, "allowed_mentions": NO_MENTIONS}
    if file is not None:
        kwargs["file"] = file
    if view is not None:
        kwargs["view"] = view
    content = clip(content, MAX_MESSAGE)
    if interaction.response.is_done():
        await interaction.followup.send(content, **kwargs)
    else:
        await interaction.response.send_message(content, **kwargs)


def describe(interaction: discord.Interaction) -> str:
    """Who/where/what of an interaction for log lines: ids and command names only.

    A component's custom id is cut after the game and version (``tt:12:7``): the rest is an
    action id, which can name a hidden card in games whose moves are offered privately."""
    command = interaction.command.qualified_name if interaction.command else None
    data: Mapping[str, Any] = interaction.data or {}
    custom_id = str(data.get("custom_id", "?"))
    what = command or ":".join(custom_id.split(":")[:3])
    return (
        f"{interaction.type.name} {what!s:.40} by user {interaction.user.id} "
        f"in channel {interaction.channel_id}"
    )


def suggestions(
    callback: Callable[[InteractionT, str], Awaitable[list[app_commands.Choice[ChoiceT]]]],
) -> Callable[[InteractionT, str], Coroutine[Any, Any, list[app_commands.Choice[ChoiceT]]]]:
    """Wrap an autocomplete callback so it never fails: Discord cannot show an error while
    someone types, and discord.py would log the exception's text. A failure offers nothing
    and logs only its kind."""

    @functools.wraps(callback)
    async def safe(interaction: InteractionT, current: str) -> list[app_commands.Choice[ChoiceT]]:
        try:
            return await callback(interaction, current)
        except Exception as exc:
            log.info("No suggestions for %s: %s", describe(interaction), type(exc).__name__)
            return []

    return safe


async def answer_error(interaction: discord.Interaction, exc: BaseException) -> None:
    """Answer ``exc`` privately; log it first when it is unexpected."""
    if isinstance(exc, discord.app_commands.CommandInvokeError):
        exc = exc.original
    try:
        locale = await private_locale(interaction)
    except Exception as failed:  # the reader's setting cannot be read: the answer still goes
        log.warning("No locale for %s: %s", describe(interaction), type(failed).__name__)
        locale = DEFAULT_LOCALE
    text = explain(exc, locale)
    if text is None:
        # Where it failed, but not the exception's text: it may quote game state.
        log.error("Unexpected failure during %s: %s", describe(interaction), failure(exc))
        text = apology(locale)
    else:
        log.info("Refused %s: %s", describe(interaction), type(exc).__name__)
    try:
        await private(interaction, text)
    except discord.HTTPException:
        log.warning("Could not deliver an answer for %s", describe(interaction))
