"""The bot's slash commands: bulk upserts, globally or in one guild, and reading them back."""

from __future__ import annotations

from aiohttp import web

from localdiscord.payloads import JsonObject, Upload
from localdiscord.rest.dispatch import Route
from localdiscord.state import State


class CommandRoutes:
    def __init__(self, state: State):
        self.state = state

    def routes(self) -> list[Route]:
        app = "applications/{application_id}"
        return [
            ("PUT", f"{app}/commands", r"applications/(\d+)/commands", self.put),
            ("GET", f"{app}/commands", r"applications/(\d+)/commands", self.get),
            (
                "PUT",
                f"{app}/guilds/{{guild_id}}/commands",
                r"applications/(\d+)/guilds/(\d+)/commands",
                self.put,
            ),
            (
                "GET",
                f"{app}/guilds/{{guild_id}}/commands",
                r"applications/(\d+)/guilds/(\d+)/commands",
                self.get,
            ),
        ]

    async def put(
        self,
        request: web.Request,
        app_id: str,
        guild_id: str | None = None,
        *,
        body: list[JsonObject],
        files: list[Upload],
    ) -> list[JsonObject]:
        state = self.state
        state.command_puts += 1
        stored = []
        for cmd in body or []:
            stored.append(
                {
                    **cmd,
                    "id": str(state.ids.next()),
                    "application_id": str(state.application_id),
                    "version": str(state.ids.next()),
                    "type": cmd.get("type") or 1,
                    "description": cmd.get("description") or "",
                    "integration_types": cmd.get("integration_types") or [0],
                    **({"guild_id": guild_id} if guild_id else {}),
                    "default_member_permissions": cmd.get("default_member_permissions"),
                }
            )
        if guild_id:
            state.guild_commands[int(guild_id)] = stored
        else:
            state.global_commands = stored
        return stored

    async def get(
        self,
        request: web.Request,
        app_id: str,
        guild_id: str | None = None,
        *,
        body: JsonObject,
        files: list[Upload],
    ) -> list[JsonObject]:
        if guild_id:
            return self.state.guild_commands.get(int(guild_id), [])
        return self.state.global_commands
