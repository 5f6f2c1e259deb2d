"""The browser page of ``./tabletop local``: a Discord look-alike over the local Discord.

It runs on the local Discord's own event loop (so it reads its records directly, with no
locking) and plays the users' side the way Discord's client does: it sends interactions built
from the commands the bot synced, only for components on a message the seat can see, and shows
each seat only the public messages and its own ephemeral ones, and a form (modal) the bot
opened for a seat until it is sent or closed. Every request names the seat it acts as; the
page keeps no state of its own on the server but which forms were closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import weakref
from typing import NotRequired, TypedDict

from aiohttp import WSMsgType, web

from bot.webstatic import static_file
from localdiscord import forms, protocol, slash
from localdiscord.payloads import JsonObject
from localdiscord.records import Channel, Interaction, Message, User
from localdiscord.server import LocalDiscord
from localdiscord.web import suggest

AUTOCOMPLETE_WAIT = 3.5  # seconds; Discord gives the bot 3 to answer


class AttachmentView(TypedDict):
    url: str
    filename: str
    image: bool
    description: str | None


class UsedView(TypedDict):
    """Who used which command, for a command's answer."""

    user: str
    command: str


class MessageView(TypedDict):
    """A message as the page shows it to one seat (or a failed interaction, ``failure``)."""

    id: str
    author: str
    content: str
    names: dict[str, str]  # user id -> name, for the mentions in ``content``
    embeds: list[JsonObject]
    components: list[JsonObject]
    attachments: list[AttachmentView]
    ephemeral: bool
    loading: bool
    edited: bool
    mentions_me: bool
    used: UsedView | None
    failure: NotRequired[bool]


class PageError(Exception):
    """A request the page should not have made; answered 400 with the reason."""


class LocalPage:
    """The web app. ``await start(host, port)`` on the local Discord's loop."""

    def __init__(self, server: LocalDiscord, seats: list[User], channels: list[Channel]):
        self.server = server
        self.seats = seats
        self.channels = channels
        self._sockets: weakref.WeakSet[web.WebSocketResponse] = weakref.WeakSet()
        self._pending: asyncio.Handle | None = None
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._closed_forms: set[int] = set()  # interactions whose form was sent or closed

    # -- lifecycle ----------------------------------------------------------------------------
    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/", self._index)
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/api/world", self._world)
        app.router.add_get("/api/messages", self._messages)
        app.router.add_get("/api/suggest", self._suggest)
        app.router.add_post("/api/command", self._command)
        app.router.add_post("/api/click", self._click)
        app.router.add_post("/api/select", self._select)
        app.router.add_post("/api/form", self._form)
        app.router.add_get("/attachments/{id}", self._attachment)
        app.router.add_get("/ws", self._ws)
        return app

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        self._runner = web.AppRunner(self.app(), access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        host_port: tuple[str, int] = self._runner.addresses[0]  # the socket's name: (host, port)
        self.port = host_port[1]
        self.server.state.change_listeners.append(self._changed)
        return self.port

    async def stop(self) -> None:
        with contextlib.suppress(ValueError):
            self.server.state.change_listeners.remove(self._changed)
        for ws in list(self._sockets):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    # -- live updates -------------------------------------------------------------------------
    def _changed(self) -> None:
        """Tell every open page to refetch, at most every 30 ms (a move is several requests)."""
        if self._pending is None:
            self._pending = self.server.running_loop.call_later(0.03, self._broadcast)

    def _broadcast(self) -> None:
        self._pending = None
        for ws in list(self._sockets):
            if not ws.closed:
                self.server.running_loop.create_task(ws.send_str('{"type":"changed"}'))

    async def _ws(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=30)
        await ws.prepare(request)
        self._sockets.add(ws)
        async for msg in ws:
            if msg.type == WSMsgType.ERROR:
                break
        return ws

    # -- reading --------------------------------------------------------------------------------
    async def _index(self, request: web.Request) -> web.Response:
        return static_file("localdiscord.web", "index.html")

    async def _static(self, request: web.Request) -> web.Response:
        return static_file("localdiscord.web", request.match_info["name"])

    async def _world(self, request: web.Request) -> web.Response:
        return web.json_response(
            {
                "guild": self.server.state.guild_name,
                "bot": self.server.state.bot.name,
                "seats": [{"id": str(u.id), "name": u.name} for u in self.seats],
                "channels": [
                    {"id": str(c.id), "name": c.name, "thread": c.parent_id is not None}
                    for c in self._listed()
                ],
            }
        )

    def _listed(self) -> list[Channel]:
        """The server's channels, each followed by the threads the bot opened in it."""
        out = []
        for channel in self.channels:
            out.append(channel)
            out += [c for c in self.server.state.channels.values() if c.parent_id == channel.id]
        return out

    def _seat(self, value: object) -> User:
        seat = next((u for u in self.seats if str(u.id) == str(value)), None)
        if seat is None:
            raise PageError("unknown seat")
        return seat

    def _channel(self, value: object) -> Channel:
        text = str(value)
        channel = self.server.state.channels.get(int(text)) if text.isdigit() else None
        if channel is None:
            raise PageError("unknown channel")
        return channel

    def _visible(self, msg: Message, seat: User) -> bool:
        if msg.deleted:
            return False
        return not msg.ephemeral or msg.visible_to == seat.id

    async def _messages(self, request: web.Request) -> web.Response:
        try:
            seat = self._seat(request.query.get("seat"))
            channel = self._channel(request.query.get("channel"))
        except PageError as exc:
            return _bad(exc)
        shown = [
            self._message_view(m, seat)
            for m in self.server.state.messages.values()
            if m.channel_id == channel.id and self._visible(m, seat)
        ]
        for record in self.server.state.interactions.values():
            if (
                record.user_id == seat.id
                and record.channel_id == channel.id
                and record.failed
                and record.type != 4
            ):
                shown.append(_failure_view(record))
        shown.sort(key=lambda v: int(v["id"]))
        return web.json_response(
            {
                "messages": shown[-200:],
                "channels": len(self._listed()),
                "pinged": self._pinged_now(channel.id),
                "forms": self._open_forms(seat, channel.id),
            }
        )

    def _open_forms(self, seat: User, channel_id: int) -> list[JsonObject]:
        """The forms the bot opened for ``seat`` here and that are still open (the newest
        last): Discord's client shows one until it is sent or closed."""
        out = []
        for record in self.server.state.interactions.values():
            if (
                record.modal is not None
                and record.user_id == seat.id
                and record.channel_id == channel_id
                and record.id not in self._closed_forms
            ):
                try:
                    out.append({"interaction": str(record.id), **forms.described(record.modal)})
                except forms.FormError:
                    continue
        return out[-1:]

    def _pinged_now(self, channel_id: int) -> list[str]:
        """The seats the channel's latest ping is for (the page marks them: whose turn it is)."""
        for msg in reversed(self.server.state.messages.values()):
            if msg.channel_id == channel_id and msg.public:
                pinged = protocol.pinged_ids(msg.content, msg.allowed_mentions)
                seats = {u.id for u in self.seats}
                if pinged:
                    return [str(u) for u in pinged if u in seats]
        return []

    def _message_view(self, msg: Message, seat: User) -> MessageView:
        record = self.server.state.interactions.get(msg.interaction_id or 0)
        used: UsedView | None = None
        if record is not None and record.type == 2:
            user = self.server.state.users.get(record.user_id)
            used = {"user": user.name if user else "someone", "command": _command_name(record)}
        return {
            "id": str(msg.id),
            "author": self.server.state.bot.name,
            "content": msg.content,
            "names": {
                str(u): self.server.state.users[u].name
                for u in protocol.mentioned_ids(msg.content)
                if u in self.server.state.users
            },
            "embeds": msg.embeds,
            "components": msg.components,
            "attachments": [
                {
                    "url": f"/attachments/{a.id}?seat={seat.id}",
                    "filename": a.filename,
                    "image": shown_inline(a.data),
                    "description": a.description,
                }
                for a in msg.attachments
            ],
            "ephemeral": msg.ephemeral,
            "loading": msg.loading,
            "edited": msg.edited,
            "mentions_me": seat.id in protocol.pinged_ids(msg.content, msg.allowed_mentions),
            "used": used,
        }

    async def _attachment(self, request: web.Request) -> web.Response:
        try:
            seat = self._seat(request.query.get("seat"))
        except PageError as exc:
            return _bad(exc)
        aid = request.match_info["id"]
        for msg in self.server.state.messages.values():
            for a in msg.attachments:
                if str(a.id) == aid and self._visible(msg, seat):
                    return web.Response(
                        body=a.data,
                        content_type=a.content_type or "application/octet-stream",
                        headers={"Cache-Control": "private, max-age=3600"},
                    )
        raise web.HTTPNotFound()

    # -- commands -------------------------------------------------------------------------------
    def _resolver(self) -> slash.Resolver:
        return slash.resolver(self.server.state, self.server.state.guild_id)

    async def _suggest(self, request: web.Request) -> web.Response:
        try:
            seat = self._seat(request.query.get("seat"))
            channel = self._channel(request.query.get("channel"))
        except PageError as exc:
            return _bad(exc)
        text = request.query.get("text", "")
        found = suggest.suggest(text, self.server.commands())
        if isinstance(found, suggest.AskBot):
            try:
                data = slash.interaction_data(
                    found.parsed, self._resolver(), focused=found.focused, typed=found.typed
                )
            except slash.SlashError as exc:
                return web.json_response({"suggestions": [], "hint": str(exc)})
            choices = await self._autocomplete(seat, channel.id, data)
            found = suggest.from_choices(found, text, choices)
        return web.json_response({"suggestions": [s.payload() for s in found]})

    async def _autocomplete(
        self, seat: User, channel_id: int, data: JsonObject
    ) -> list[JsonObject]:
        try:
            iid = self.server.create_interaction(
                type=4, user=seat, channel_id=channel_id, data=data
            )
        except RuntimeError:
            return []
        record = self.server.state.interactions[iid]
        deadline = self.server.running_loop.time() + AUTOCOMPLETE_WAIT
        while (
            not (record.acknowledged or record.failed)
            and self.server.running_loop.time() < deadline
        ):
            await asyncio.sleep(0.02)
        return list(record.choices or [])

    async def _command(self, request: web.Request) -> web.Response:
        try:
            body = await _body(request)
            seat = self._seat(body.get("seat"))
            channel = self._channel(body.get("channel"))
            parsed = slash.read(str(body.get("text", "")), self.server.commands())
            data = slash.interaction_data(parsed, self._resolver())
        except (PageError, slash.SlashError) as exc:
            return _bad(exc)
        return self._dispatch(type=2, user=seat, channel_id=channel.id, data=data)

    def _dispatch(
        self,
        *,
        type: int,
        user: User,
        channel_id: int,
        data: JsonObject,
        message: Message | None = None,
    ) -> web.Response:
        try:
            self.server.create_interaction(
                type=type, user=user, channel_id=channel_id, data=data, message=message
            )
        except RuntimeError as exc:  # the bot is not connected (restarting, or it stopped)
            return web.json_response({"error": str(exc)}, status=503)
        return web.json_response({"ok": True})

    # -- components -----------------------------------------------------------------------------
    def _component(self, body: JsonObject, kind: int) -> tuple[User, Message, JsonObject]:
        seat = self._seat(body.get("seat"))
        msg = self.server.state.messages.get(int(body.get("message") or 0))
        if msg is None or not self._visible(msg, seat):
            raise PageError("that message is not there any more")
        wanted = str(body.get("custom_id"))
        for row in msg.components:
            for c in row.get("components") or []:
                if c.get("type") == kind and c.get("custom_id") == wanted:
                    if c.get("disabled"):
                        raise PageError("that control is disabled")
                    return seat, msg, c
        raise PageError("that control is not on the message any more")

    async def _click(self, request: web.Request) -> web.Response:
        try:
            body = await _body(request)
            seat, msg, button = self._component(body, protocol.BUTTON)
        except (PageError, ValueError) as exc:
            return _bad(exc)
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return self._dispatch(type=3, user=seat, channel_id=msg.channel_id, data=data, message=msg)

    async def _select(self, request: web.Request) -> web.Response:
        try:
            body = await _body(request)
            seat, msg, menu = self._component(body, 3)
        except (PageError, ValueError) as exc:
            return _bad(exc)
        values = [str(v) for v in body.get("values") or []]
        offered = {o["value"] for o in menu.get("options") or []}
        low, high = menu.get("min_values", 1), menu.get("max_values", 1)
        if any(v not in offered for v in values) or not low <= len(values) <= high:
            return _bad(PageError(f"pick {low}–{high} of the menu's options"))
        data = {"custom_id": menu["custom_id"], "component_type": 3, "values": values}
        return self._dispatch(type=3, user=seat, channel_id=msg.channel_id, data=data, message=msg)

    async def _form(self, request: web.Request) -> web.Response:
        """A form sent (``values``: each field's text) or closed (``close``)."""
        try:
            body = await _body(request)
            seat = self._seat(body.get("seat"))
            record = self.server.state.interactions.get(int(body.get("interaction") or 0))
            if record is None or record.modal is None or record.user_id != seat.id:
                raise PageError("that form is not open for this seat")
            if record.id in self._closed_forms:
                raise PageError("that form was already sent or closed")
            if body.get("close"):
                self._closed_forms.add(record.id)
                return web.json_response({"ok": True})
            values = {str(k): str(v) for k, v in (body.get("values") or {}).items()}
            data = forms.submission(record.modal, values)
        except (PageError, ValueError) as exc:  # FormError is a ValueError
            return _bad(exc)
        self._closed_forms.add(record.id)
        message = self.server.state.messages.get(record.message_id or 0)
        return self._dispatch(
            type=5, user=seat, channel_id=record.channel_id, data=data, message=message
        )


def _command_name(record: Interaction) -> str:
    data = record.data or {}
    parts = [data.get("name", "?")]
    opts = data.get("options") or []
    while opts and opts[0].get("type") in (1, 2):
        parts.append(opts[0]["name"])
        opts = opts[0].get("options") or []
    return "/" + " ".join(parts)


def _failure_view(record: Interaction) -> MessageView:
    return {
        "id": str(record.id),
        "author": "",
        "content": "This interaction failed",
        "failure": True,
        "ephemeral": True,
        "names": {},
        "embeds": [],
        "components": [],
        "attachments": [],
        "loading": False,
        "edited": False,
        "mentions_me": False,
        "used": None,
    }


async def _body(request: web.Request) -> JsonObject:
    try:
        body = await request.json()
    except ValueError:
        raise PageError("the request is not JSON") from None
    if not isinstance(body, dict):
        raise PageError("the request is not a JSON object")
    return body


def _bad(exc: Exception) -> web.Response:
    return web.Response(
        status=400, text=json.dumps({"error": str(exc)}), content_type="application/json"
    )


def shown_inline(data: bytes) -> bool:
    """Whether an attachment is a picture the page shows in the message, as Discord does: a
    PNG (boards, hands) or a GIF (replays)."""
    return data[:8] == b"\x89PNG\r\n\x1a\n" or data[:6] in (b"GIF87a", b"GIF89a")
