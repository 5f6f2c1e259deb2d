"""Guilds, their members and their channels."""

from __future__ import annotations

from aiohttp import web

from localdiscord import shapes
from localdiscord.errors import DiscordError
from localdiscord.payloads import JsonObject, Upload
from localdiscord.rest.dispatch import Route
from localdiscord.state import State


class GuildRoutes:
    def __init__(self, state: State):
        self.state = state

    def routes(self) -> list[Route]:
        g = "guilds/{guild_id}"
        return [
            ("GET", g, r"guilds/(\d+)", self.get_guild),
            ("GET", f"{g}/members/{{user_id}}", r"guilds/(\d+)/members/(\d+)", self.get_member),
            ("GET", f"{g}/channels", r"guilds/(\d+)/channels", self.get_channels),
        ]

    async def get_guild(
        self, request: web.Request, gid: str, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        if int(gid) not in self.state.guilds:
            raise DiscordError(404, 10004, "Unknown Guild")
        return shapes.guild(self.state, int(gid))

    async def get_member(
        self, request: web.Request, gid: str, uid: str, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        guild = self.state.guilds.get(int(gid))
        if guild is None or int(uid) not in guild.members:
            raise DiscordError(404, 10007, "Unknown Member")
        return shapes.member(self.state.users[int(uid)])

    async def get_channels(
        self, request: web.Request, gid: str, *, body: JsonObject, files: list[Upload]
    ) -> list[JsonObject]:
        if int(gid) not in self.state.guilds:
            raise DiscordError(404, 10004, "Unknown Guild")
        return [
            c.payload()
            for c in self.state.channels.values()
            if c.type == 0 and c.guild_id == int(gid)
        ]
