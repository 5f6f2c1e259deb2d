"""The invite link (OAuth2 URL) that adds the bot to a server with the scopes and permissions it
needs: ``bot`` and ``applications.commands``, and exactly :data:`bot.permissions.NEEDS`.

The application id comes from ``--app-id`` or, offline, from the bot token: a token's first part
is the bot user's id in base64, and a bot user's id is its application's id.
"""

from __future__ import annotations

import base64
import binascii

import discord

from bot.permissions import permissions

SCOPES = ("bot", "applications.commands")
APP_ID_HELP = (
    "Give the application id with --app-id (Developer Portal -> your app -> General "
    "Information -> Application ID), or set DISCORD_TOKEN so it can be read from the token."
)


class InviteError(ValueError):
    """No usable application id; the message says where to find one."""


def application_id_from_token(token: str) -> int:
    """The application id a bot token belongs to (its first, base64-encoded part)."""
    first = token.strip().split(".", 1)[0]
    try:
        decoded = base64.b64decode(first + "=" * (-len(first) % 4), altchars=b"-_", validate=True)
        text = decoded.decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        text = ""
    if not text.isdigit():
        raise InviteError(f"DISCORD_TOKEN does not look like a bot token. {APP_ID_HELP}")
    return int(text)


def application_id(app_id: str | int | None, token: str | None) -> int:
    """``app_id`` if given (checked), else the one in ``token``."""
    if app_id is not None and str(app_id).strip():
        text = str(app_id).strip()
        if not text.isdigit():
            raise InviteError(f"'{text[:30]}' is not an application id (a number). {APP_ID_HELP}")
        return int(text)
    if token:
        return application_id_from_token(token)
    raise InviteError(f"No application id. {APP_ID_HELP}")


def invite_url(app_id: int) -> str:
    """The link a server admin opens to add the bot."""
    return discord.utils.oauth_url(app_id, permissions=permissions(), scopes=SCOPES)
