"""Channels, their messages and threads. Posting to a user whose direct messages are closed
answers 403 (50007); mentions notify only when a message is created, never by an edit."""

from __future__ import annotations

from aiohttp import web

from localdiscord import shapes
from localdiscord.errors import DiscordError
from localdiscord.gateway import Gateway
from localdiscord.payloads import JsonObject, Upload
from localdiscord.protocol import EPHEMERAL
from localdiscord.records import Channel, Message
from localdiscord.rest.dispatch import Route
from localdiscord.state import State


class ChannelRoutes:
    def __init__(self, state: State, gateway: Gateway):
        self.state = state
        self.gateway = gateway

    def routes(self) -> list[Route]:
        c = "channels/{channel_id}"
        return [
            ("GET", c, r"channels/(\d+)", self.get_channel),
            ("POST", f"{c}/messages", r"channels/(\d+)/messages", self.post_message),
            ("GET", f"{c}/messages", r"channels/(\d+)/messages", self.history),
            (
                "GET",
                f"{c}/messages/{{message_id}}",
                r"channels/(\d+)/messages/(\d+)",
                self.get_message,
            ),
            (
                "PATCH",
                f"{c}/messages/{{message_id}}",
                r"channels/(\d+)/messages/(\d+)",
                self.edit_message,
            ),
            (
                "DELETE",
                f"{c}/messages/{{message_id}}",
                r"channels/(\d+)/messages/(\d+)",
                self.delete_message,
            ),
            ("POST", f"{c}/threads", r"channels/(\d+)/threads", self.create_thread),
            (
                "POST",
                f"{c}/messages/{{message_id}}/threads",
                r"channels/(\d+)/messages/(\d+)/threads",
                self.create_thread,
            ),
            ("POST", f"{c}/typing", r"channels/(\d+)/typing", self.typing),
        ]

    async def get_channel(
        self, request: web.Request, cid: str, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        return shapes.channel(self.state, self.state.channel(cid))

    async def post_message(
        self, request: web.Request, cid: str, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        state = self.state
        channel = state.channel(cid)
        if channel.recipient_id is not None and not state.users[channel.recipient_id].dms_open:
            raise DiscordError(403, 50007, "Cannot send messages to this user")
        flags = int(body.get("flags") or 0)
        if flags & EPHEMERAL:
            state.refuse("a channel message cannot be ephemeral")
        msg = state.new_message(channel.id, body, files)
        return shapes.message(state, msg)

    async def history(
        self, request: web.Request, cid: str, *, body: JsonObject, files: list[Upload]
    ) -> list[JsonObject]:
        state = self.state
        channel = state.channel(cid)
        limit = int(request.query.get("limit", 50))
        msgs = [m for m in state.messages.values() if m.channel_id == channel.id and m.public]
        return [shapes.message(state, m) for m in reversed(msgs[-limit:])]

    def _message(self, cid: str, mid: str) -> Message:
        msg = self.state.messages.get(int(mid))
        if msg is None or msg.channel_id != int(cid) or msg.deleted or msg.ephemeral:
            raise DiscordError(404, 10008, "Unknown Message")
        return msg

    async def get_message(
        self, request: web.Request, cid: str, mid: str, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        return shapes.message(self.state, self._message(cid, mid))

    async def edit_message(
        self, request: web.Request, cid: str, mid: str, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        msg = self._message(cid, mid)
        self.state.edit(msg, body, files)
        return shapes.message(self.state, msg)

    async def delete_message(
        self, request: web.Request, cid: str, mid: str, *, body: JsonObject, files: list[Upload]
    ) -> None:
        self._message(cid, mid).deleted = True
        return None

    async def create_thread(
        self,
        request: web.Request,
        cid: str,
        mid: str | None = None,
        *,
        body: JsonObject,
        files: list[Upload],
    ) -> tuple[int, JsonObject]:
        state = self.state
        parent = state.channel(cid)
        name = body["name"]
        kind = 11 if mid is not None else int((body or {}).get("type") or 12)
        thread = Channel(
            id=state.ids.next(),
            guild_id=parent.guild_id,
            name=name,
            type=kind,
            parent_id=parent.id,
            owner_id=state.bot.id,
        )
        state.channels[thread.id] = thread
        self.gateway.dispatch(
            "THREAD_CREATE",
            {**thread.payload(), "newly_created": True},
            guild_id=parent.guild_id,
        )
        return 201, thread.payload()

    async def typing(
        self, request: web.Request, cid: str, *, body: JsonObject, files: list[Upload]
    ) -> None:
        return None
