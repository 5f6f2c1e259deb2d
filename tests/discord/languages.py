"""The harness's users and server in a language: Discord sends every interaction with the
user's client locale and the server's preferred locale (the harness sends ``en-US`` unless told),
and the bot knows a server's preferred locale from the guild it was sent (``GUILD_CREATE``)."""

from __future__ import annotations

import discord

import engines
from tests.discord.harness import GUILD_ID, Harness, User


def speaking(h: Harness, users: dict[User, str]) -> None:
    """From now on, each of ``users`` sends their interactions with their client's locale."""
    locales = getattr(h, "_locales", None)
    if locales is None:
        locales = h._locales = {}  # type: ignore[attr-defined]
        original = h._base

        def base(kind, user, channel_id, data):
            payload, record = original(kind, user, channel_id, data)
            payload["locale"] = locales.get(user.id, "en-US")
            guild = h.client.get_guild(GUILD_ID)
            payload["guild_locale"] = str(guild.preferred_locale) if guild else "en-US"
            return payload, record

        h._base = base  # type: ignore[method-assign]
    locales.update({user.id: locale for user, locale in users.items()})


def server_speaks(h: Harness, locale: str) -> None:
    """The server's preferred locale (Discord's Community setting), as the bot caches it."""
    state = h.client._connection
    data = {"id": str(GUILD_ID), "name": "Tabletop tests", "preferred_locale": locale}
    state._add_guild(discord.Guild(data=data, state=state))


def proper_names() -> set[str]:
    """Words every language shows as they are: the games' titles and their published
    components' printed names."""
    out: set[str] = set()
    for name in engines.names():
        engine = engines.get_engine(name)
        out |= {engine.title, *engine.proper_names()}
    return out
