"""Users' interactions, as Discord's client sends them (a command, an autocomplete, a click, a
form sent): an ``INTERACTION_CREATE`` to the shard of the channel's guild, which fails if the
bot does not acknowledge it within the state's ``response_deadline``. The bot's answers are
REST routes (:mod:`localdiscord.rest.callbacks`).

In a user's direct messages with the bot (shard 0's), an interaction carries the user, not a
member, and its context is 1 ("bot DM"); Discord offers a command there only if its
``contexts`` include 1, so a command that does not is refused here as the client would not
show it."""

from __future__ import annotations

import asyncio
import secrets

from bot.discord_limits import MAX_FILE_SIZE
from localdiscord import shapes
from localdiscord.gateway import Gateway
from localdiscord.payloads import JsonObject
from localdiscord.protocol import ALL_PERMISSIONS
from localdiscord.records import Interaction, Message, User
from localdiscord.state import State


def create(
    state: State,
    gateway: Gateway,
    *,
    type: int,
    user: User,
    channel_id: int,
    data: JsonObject,
    message: Message | None = None,
) -> int:
    """Dispatch an ``INTERACTION_CREATE`` (on the server's loop); returns the interaction id."""
    loop = asyncio.get_running_loop()
    channel = state.channels[channel_id]
    gid = channel.guild_id
    if gid is None:
        _check_direct(state, channel.recipient_id, user, data)
    if not any(s.ws is not None for s in gateway.routed(gid)):
        raise RuntimeError(
            f"the bot is not connected to the gateway (for the shard of guild {gid})"
        )
    iid = state.ids.next()
    token = "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(40)
    record = Interaction(
        id=iid,
        token=token,
        type=type,
        user_id=user.id,
        channel_id=channel_id,
        data=data,
        created=loop.time(),
        message_id=message.id if message else None,
    )
    state.interactions[iid] = record
    payload: JsonObject = {
        "id": str(iid),
        "application_id": str(state.application_id),
        "type": type,
        "data": data,
        "channel_id": str(channel_id),
        "token": token,
        "version": 1,
        "app_permissions": str(ALL_PERMISSIONS & ~channel.bot_denied),
        "locale": user.locale,
        "entitlements": [],
        "attachment_size_limit": MAX_FILE_SIZE,
    }
    if gid is None:  # the bot's DM with the user: the user alone, no guild
        payload |= {
            "channel": shapes.channel(state, channel),
            "user": user.payload(),
            "authorizing_integration_owners": {"0": "0"},
            "context": 1,
        }
    else:
        payload |= {
            "guild_id": str(gid),
            "channel": channel.payload(),
            "member": shapes.member(user),
            "guild_locale": state.guilds[gid].preferred_locale,
            "authorizing_integration_owners": {"0": str(gid)},
            "context": 0,
        }
    if message is not None:
        payload["message"] = shapes.message(state, message)
    gateway.dispatch("INTERACTION_CREATE", payload, guild_id=gid)
    loop.call_later(state.response_deadline, _check_deadline, state, iid)
    return iid


def _check_direct(state: State, recipient_id: int | None, user: User, data: JsonObject) -> None:
    """A direct-message interaction is the user's own, in their DM with the bot, with a
    command Discord offers there (its ``contexts`` include 1)."""
    if recipient_id != user.id:
        raise RuntimeError("a user's interactions in direct messages are in their own DM")
    name = data.get("name")
    command = next((c for c in state.global_commands if c.get("name") == name), None)
    if command is not None and 1 not in (command.get("contexts") or [0]):
        raise RuntimeError(f"/{name} is not offered in direct messages (its contexts: guild)")


def _check_deadline(state: State, iid: int) -> None:
    """Past the deadline without an answer, the user sees "This interaction failed"."""
    record = state.interactions[iid]
    if not record.acknowledged and not record.failed:
        record.failed = f"not acknowledged within {state.response_deadline:.0f} s"
        state.errors.append(f"interaction {iid} ({record.describe()}) failed: {record.failed}")
        state.changed()
