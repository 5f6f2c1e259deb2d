"""The channel permissions the bot needs, in one list: the invite asks for exactly these,
``/tabletop check`` looks for exactly these, and the start-up check logs servers lacking them.

Each entry says what breaks without it, so an admin can decide. The bot sends no embeds and
never reads message history or replies to messages, so it asks for neither Embed Links nor Read
Message History; answers to commands and buttons need no channel permission at all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import discord

from i18n.say import say


@dataclass(frozen=True)
class Need:
    """One permission: its ``discord.Permissions`` flag name, its name in Discord's settings,
    and what a player or admin would notice without it."""

    flag: str
    label: str  # a Say: worded for each reader, as Discord's own settings are
    breaks: str  # a Say
    #: only games opened in their own thread (``thread:true``) need it
    threads_only: bool = False


NEEDS: tuple[Need, ...] = (
    Need(
        "view_channel",
        say("View Channel"),
        say("I cannot see the channel: no turn messages, reminders or lobby notices at all."),
    ),
    Need(
        "send_messages",
        say("Send Messages"),
        say(
            "Turn messages, reminders and lobby notices cannot be posted; moves are saved but "
            "nobody is pinged, and the board waits for my next start."
        ),
    ),
    Need(
        "attach_files",
        say("Attach Files"),
        say("Turn messages cannot carry the board image, so they are not posted at all."),
    ),
    Need(
        "create_public_threads",
        say("Create Public Threads"),
        say(
            "`/game new thread:true` (and the server's thread-by-default setting) cannot open a "
            "game in its own thread; games open only in the channel itself."
        ),
        threads_only=True,
    ),
    Need(
        "send_messages_in_threads",
        say("Send Messages in Threads"),
        say("Games in threads get no turn messages or reminders; `thread:true` is refused."),
        threads_only=True,
    ),
)


def permissions(needs: Iterable[Need] = NEEDS) -> discord.Permissions:
    """The needs as one ``discord.Permissions`` value (what the invite link asks for)."""
    return discord.Permissions(**{need.flag: True for need in needs})


def missing(have: discord.Permissions, *, in_thread: bool = False) -> list[Need]:
    """The needs ``have`` lacks. In a thread, posting is Send Messages in Threads, so a
    missing Send Messages (which only governs the parent channel) is not counted there."""
    lacking = [need for need in NEEDS if not getattr(have, need.flag)]
    if in_thread:
        lacking = [need for need in lacking if need.flag != "send_messages"]
    return lacking
