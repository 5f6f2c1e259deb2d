"""The local Discord's records in Discord's shapes: the members, guilds, channels and messages
its REST answers and gateway events carry (the spec checks them with ``check_responses``)."""

from __future__ import annotations

from localdiscord.payloads import JsonObject
from localdiscord.protocol import (
    ALL_PERMISSIONS,
    DEFAULT_PERMISSIONS,
    GUILD_MEMBERS_INTENT,
    mentioned_ids,
)
from localdiscord.records import Channel, Interaction, Message, User
from localdiscord.state import State

TIMESTAMP = "2024-01-01T00:00:00+00:00"


def member(user: User) -> JsonObject:
    return {
        "user": user.payload(),
        "roles": [],
        "joined_at": TIMESTAMP,
        "deaf": False,
        "mute": False,
        "nick": None,
        "avatar": None,
        "banner": None,
        "communication_disabled_until": None,
        "premium_since": None,
        "flags": 0,
        "pending": False,
        "permissions": str(user.permissions if not user.bot else ALL_PERMISSIONS),
    }


def me(state: State) -> JsonObject:
    """The bot's own user, as ``GET /users/@me`` gives it."""
    return {
        **state.bot.payload(),
        "verified": True,
        "mfa_enabled": False,
        "locale": state.bot.locale,
    }


def channel(state: State, chan: Channel) -> JsonObject:
    """A channel; a direct message's with its recipient."""
    if chan.recipient_id is None:
        return chan.payload()
    return {**chan.payload(), "recipients": [state.users[chan.recipient_id].payload()]}


def guild(state: State, guild_id: int | None = None) -> JsonObject:
    """A guild as GUILD_CREATE and ``GET /guilds/{id}`` give it (the first guild by default)."""
    found = state.guilds[state.guild_id if guild_id is None else guild_id]
    return {
        "id": str(found.id),
        "name": found.name,
        "icon": None,
        "owner_id": str(state.bot.id),
        "unavailable": False,
        "member_count": len(found.members),
        "large": False,
        "features": [],
        "emojis": [],
        "stickers": [],
        "roles": [
            {
                "id": str(found.id),
                "name": "@everyone",
                "permissions": str(DEFAULT_PERMISSIONS),
                "position": 0,
                "color": 0,
                "hoist": False,
                "managed": False,
                "mentionable": False,
                "flags": 0,
            }
        ],
        "channels": [
            c.payload() for c in state.channels.values() if c.type == 0 and c.guild_id == found.id
        ],
        "threads": [
            c.payload() for c in state.channels.values() if c.is_thread and c.guild_id == found.id
        ],
        # without the members intent Discord sends only the bot's own member
        "members": [
            member(state.users[u])
            for u in found.members
            if state.intents & GUILD_MEMBERS_INTENT or u == state.bot.id
        ],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "preferred_locale": found.preferred_locale,
        "system_channel_flags": 0,
        "joined_at": "2024-01-01T00:00:00+00:00",
    }


def message(state: State, msg: Message) -> JsonObject:
    mentioned = [state.users[u].payload() for u in mentioned_ids(msg.content) if u in state.users]
    chan = state.channels.get(msg.channel_id)
    data = {
        "id": str(msg.id),
        "channel_id": str(msg.channel_id),
        **({"guild_id": str(chan.guild_id)} if chan and chan.guild_id else {}),
        "type": 20 if msg.interaction_id and not msg.webhook else 0,
        "content": msg.content,
        "author": state.bot.payload(),
        "attachments": [
            {
                "id": str(a.id),
                "filename": a.filename,
                "size": len(a.data),
                "url": f"{state.base_url}/attachments/{a.id}/{a.filename}",
                "proxy_url": f"{state.base_url}/attachments/{a.id}/{a.filename}",
                "content_type": a.content_type,
                **({"description": a.description} if a.description else {}),
            }
            for a in msg.attachments
        ],
        "embeds": msg.embeds,
        "components": msg.components,
        "mentions": mentioned,
        "mention_roles": [],
        "mention_everyone": False,
        "pinned": False,
        "tts": False,
        "timestamp": TIMESTAMP,
        "edited_timestamp": "2024-01-01T00:00:01+00:00" if msg.edited else None,
        "flags": msg.flags,
    }
    if msg.interaction_id:
        data["application_id"] = str(state.application_id)
        data["webhook_id"] = str(state.application_id)
        data["interaction_metadata"] = _interaction_metadata(
            state, msg, state.interactions[msg.interaction_id]
        )
    return data


def _interaction_metadata(state: State, msg: Message, record: Interaction) -> JsonObject:
    meta = {
        "id": str(record.id),
        "type": record.type,
        "user": state.users[record.user_id].payload(),
        "authorizing_integration_owners": {
            "0": str(state.channels[record.channel_id].guild_id or state.guild_id)
        },
    }
    if record.message_id is not None:  # a component on this message was used
        meta["interacted_message_id"] = str(record.message_id)
    if msg.id != record.original_id and record.original_id is not None:
        meta["original_response_message_id"] = str(record.original_id)
    return meta
