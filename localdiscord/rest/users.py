"""Users, direct-message channels, the gateway's address and the application."""

from __future__ import annotations

from aiohttp import web

from localdiscord import shapes
from localdiscord.errors import DiscordError
from localdiscord.payloads import JsonObject, Upload
from localdiscord.records import Channel
from localdiscord.rest.dispatch import Route
from localdiscord.state import State

#: guilds per shard Discord recommends (``GET /gateway/bot``); it requires shards past 2,500
GUILDS_PER_SHARD = 1000


class UserRoutes:
    def __init__(self, state: State):
        self.state = state

    def routes(self) -> list[Route]:
        return [
            ("GET", "users/@me", r"users/@me", self.me),
            ("POST", "users/@me/channels", r"users/@me/channels", self.open_dm),
            ("GET", "users/{user_id}", r"users/(\d+)", self.get_user),
            ("GET", "gateway", r"gateway", self.get_gateway),
            ("GET", "gateway/bot", r"gateway/bot", self.get_gateway),
            ("GET", "oauth2/applications/@me", r"oauth2/applications/@me", self.app_info),
            ("GET", "applications/@me", r"applications/@me", self.app_info),
        ]

    async def me(
        self, request: web.Request, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        return shapes.me(self.state)

    async def open_dm(
        self, request: web.Request, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        """Discord opens (or finds) the DM channel whatever the user's settings; closed DMs
        show only when the bot posts in it."""
        state = self.state
        user = state.users.get(int(body.get("recipient_id") or 0))
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        if user.bot:
            raise DiscordError(400, 50007, "Cannot send messages to this user")
        channel = next((c for c in state.channels.values() if c.recipient_id == user.id), None)
        if channel is None:
            channel = Channel(
                id=state.ids.next(), guild_id=None, name="", type=1, recipient_id=user.id
            )
            state.channels[channel.id] = channel
        return shapes.channel(state, channel)

    async def get_user(
        self, request: web.Request, uid: str, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        user = self.state.users.get(int(uid))
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        return user.payload()

    async def get_gateway(
        self, request: web.Request, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        state = self.state
        return {
            "url": state.gateway_url,
            "shards": state.recommended_shards or max(1, -(-len(state.guilds) // GUILDS_PER_SHARD)),
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 0,
                "max_concurrency": 1,
            },
        }

    async def app_info(
        self, request: web.Request, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        state = self.state
        return {
            "id": str(state.application_id),
            "name": state.bot.name,
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "type": None,
            "bot": state.bot.payload(),
            "owner": {**state.bot.payload(), "bot": False, "username": "owner"},
            "verify_key": "0" * 64,
            "flags": 0,
            "flags_new": "0",
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "approximate_guild_count": len(state.guilds),
            "approximate_user_install_count": 0,
            "approximate_user_authorization_count": 0,
            "explicit_content_filter": 0,
            "team": None,
            "eligible_oauth2_scopes": ["bot", "applications.commands"],
            "summary": "",
        }
