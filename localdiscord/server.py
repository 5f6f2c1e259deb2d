"""A local copy of the part of Discord the bot uses: REST under ``/api/v10`` and the gateway.

It runs its own event loop in a background thread, so a test drives it with plain blocking
calls while the bot (a thread or a real subprocess) talks to it over TCP like it would to
Discord. It records everything the bot sends and keeps attachments as bytes. Every request body
is checked against Discord's own OpenAPI schema and the rules beside it
(:mod:`localdiscord.validate`); anything Discord would refuse or show as "This interaction
failed" is answered the way Discord answers it and also appended to ``errors``. With
``check_responses`` its own answers and gateway payloads are checked against the spec too.

Deliberate Discord behaviours worth knowing:

* Mentions notify only when a message is created (a channel message, an immediate interaction
  response, a follow-up). Editing a deferred response does not notify anyone, as on Discord
  (discord/discord-api-docs#5497); ``Message.pinged`` records who was really notified.
* A component click answered with type 6/7 makes ``@original`` the clicked message.
* The first follow-up to a deferred (type 5) response replaces the "thinking..." message and
  keeps the deferral's ephemerality, as Discord does.
* An interaction not acknowledged within ``response_deadline`` seconds fails; a late answer
  gets 404 "Unknown interaction" (10062); a second answer gets 400 (40060).
* Gateway events follow the intents the bot identified with: without the members intent there
  is no GUILD_MEMBER_ADD and GUILD_CREATE lists only the bot itself.
* Opening a DM always works; posting to a user whose DMs are closed answers 403 (50007).
* Shards: a bot may open several gateway connections, each identifying with ``shard: [id,
  count]`` (checked: a bad one is closed with 4010 "Invalid shard"). Each connection's READY and
  GUILD_CREATE list only its shard's guilds, and every guild event goes only to the connection
  of the guild's shard, ``(guild_id >> 22) % count``; direct messages belong to shard 0. A
  connection without ``shard`` is shard 0 of 1. ``add_guild`` makes a guild on a chosen shard.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, NoReturn, TypeVar

from aiohttp import BodyPartReader, WSMsgType, web

from localdiscord import limits, validate
from localdiscord.payloads import JsonObject, Upload
from localdiscord.records import (
    Attachment,
    Channel,
    Guild,
    Interaction,
    Message,
    Snowflakes,
    User,
    shard_of,
)
from localdiscord.spec import error_tree, spec

ALL_PERMISSIONS = (1 << 50) - 1
DEFAULT_PERMISSIONS = 0x0000_0000_0006_4C40  # view, send, embed, attach, read history, use app cmds
MANAGE_MESSAGES = 1 << 13
GUILD_MEMBERS_INTENT = 1 << 1
#: guilds per shard Discord recommends (``GET /gateway/bot``); it requires shards past 2,500
GUILDS_PER_SHARD = 1000
TIMESTAMP = "2024-01-01T00:00:00+00:00"

T = TypeVar("T")
#: what a REST handler answers: a JSON body (200), (status, body), or None (204)
Answer = JsonObject | list[JsonObject] | tuple[int, JsonObject] | None
#: a REST handler: ``(request, *the path's groups, body=..., files=...)``; the groups differ by
#: route, hence the ``...``
Handler = Callable[..., Awaitable[Answer]]


class DiscordError(Exception):
    def __init__(self, status: int, code: int, message: str, errors: JsonObject | None = None):
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> JsonObject:
        data: JsonObject = {"message": self.message, "code": self.code}
        if self.errors:
            data["errors"] = self.errors
        return data


class _Session:
    def __init__(self, session_id: str, shard: tuple[int, int] = (0, 1)):
        self.id = session_id
        self.shard = shard  # (shard id, shard count) it identified with
        self.seq = 0
        self.events: list[JsonObject] = []
        self.ws: web.WebSocketResponse | None = None


class LocalDiscord:
    """the local Discord server. ``start()`` it, point discord.py at ``api_base`` / ``gateway_url``."""

    def __init__(
        self, *, response_deadline: float = limits.RESPONSE_DEADLINE, check_responses: bool = False
    ):
        self.response_deadline = response_deadline
        #: check every answer and gateway payload against the spec (problems go to ``errors``)
        self.check_responses = check_responses
        self.spec = spec()
        self.ids = Snowflakes()
        self.token = "localdiscord." + secrets.token_urlsafe(24)
        self.application_id = self.ids.next()
        self.bot = User(id=self.application_id, name="Tabletop", bot=True)
        self.users: dict[int, User] = {self.bot.id: self.bot}
        self.guild_id = self.ids.next()  # the first guild, where users and channels go by default
        self.guild_name = "Local guild"
        self.members: list[int] = [self.bot.id]
        self.guilds: dict[int, Guild] = {
            self.guild_id: Guild(self.guild_id, self.guild_name, self.members)
        }
        #: what ``GET /gateway/bot`` recommends (None: one shard per 1,000 guilds)
        self.recommended_shards: int | None = None
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.interactions: dict[int, Interaction] = {}
        self.global_commands: list[JsonObject] = []
        self.guild_commands: dict[int, list[JsonObject]] = {}
        self.command_puts = 0  # how many bulk upserts the bot made
        self.errors: list[str] = []
        #: every request refused as Discord would refuse it (kept when tests clear ``errors``)
        self.refusals: list[str] = []
        self.unhandled: list[str] = []
        self.requests: list[tuple[str, str]] = []
        self.identifies = 0
        self.intents = 0  # what the bot identified with
        self.resumes = 0
        self._hold: asyncio.Event | None = None
        self._hold_prefixes: tuple[str, ...] = ()
        self._drop_held = False
        self.held = 0
        self._sessions: dict[str, _Session] = {}
        self._active: _Session | None = None  # the connection identified or resumed last
        #: each shard's current session, by (shard id, shard count)
        self._shards: dict[tuple[int, int], _Session] = {}
        self._in_flight = 0
        self._last_activity = 0.0
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._routes = self._build_routes()
        #: called (on the server's loop, no arguments) after every request of the bot and every
        #: failed interaction: something users see may have changed (the browser page listens)
        self.change_listeners: list[Callable[[], None]] = []

    # -- lifecycle ------------------------------------------------------------------------------
    def start(self) -> LocalDiscord:
        started = threading.Event()

        def run() -> None:
            self.loop = loop = asyncio.new_event_loop()
            loop.run_until_complete(self._serve())
            started.set()
            loop.run_forever()
            if self._runner is not None:  # set by ``_serve``
                loop.run_until_complete(self._runner.cleanup())
            loop.close()

        self._thread = threading.Thread(target=run, name="localdiscord", daemon=True)
        self._thread.start()
        if not started.wait(10):
            raise RuntimeError("the local Discord did not start")
        return self

    def stop(self) -> None:
        if self.loop and self._thread:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(10)

    def __enter__(self) -> LocalDiscord:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    async def _serve(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/attachments/{id}/{name}", self._attachment)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        host_port: tuple[str, int] = self._runner.addresses[0]  # the socket's name: (host, port)
        self.port = host_port[1]
        self._last_activity = self.running_loop.time()

    @property
    def running_loop(self) -> asyncio.AbstractEventLoop:
        """The server's loop (everything that needs it runs once ``start`` has made it)."""
        if self.loop is None:
            raise RuntimeError("the local Discord is not started")
        return self.loop

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` must be set to."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """What ``DiscordWebSocket.DEFAULT_GATEWAY`` must be set to (the client adds the query)."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    # -- running code on the server's loop from the test thread -----------------------------------
    def call(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` on the server loop and return its result (state is only touched there)."""
        if threading.current_thread() is self._thread:
            return fn()
        fut = asyncio.run_coroutine_threadsafe(self._call(fn), self.running_loop)
        return fut.result(30)

    @staticmethod
    async def _call(fn: Callable[[], T]) -> T:
        return fn()

    def wait_until(self, predicate: Callable[[], T], timeout: float = 15.0, what: str = "") -> T:
        """Poll ``predicate`` (on the server loop) until it is truthy; return its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.call(predicate)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"timed out after {timeout}s waiting for {what or predicate}")
            time.sleep(0.01)

    def idle_for(self) -> float:
        """Seconds since the bot last talked to the local Discord (0 while a request is in flight)."""
        return self.call(
            lambda: 0.0 if self._in_flight else self.running_loop.time() - self._last_activity
        )

    def settle(self, quiet: float = 0.25, timeout: float = 20.0) -> None:
        """Wait until every interaction has a settled answer and the bot has been quiet a while."""
        self.wait_until(
            lambda: (
                all(i.finished for i in self.interactions.values())
                and (0.0 if self._in_flight else self.running_loop.time() - self._last_activity)
                >= quiet
            ),
            timeout,
            "the bot to finish answering",
        )

    # -- holding the bot's requests (to kill it at a chosen point) --------------------------------
    def hold(self, prefixes: tuple[str, ...] = ("webhooks/", "channels/")) -> None:
        """From now on, requests under these paths wait (unanswered) until ``release``;
        ``held`` counts them. With a kill in between, what the bot was saying never arrives."""

        def go() -> None:
            self._hold = asyncio.Event()
            self._hold_prefixes = prefixes
            self._drop_held = False
            self.held = 0

        self.call(go)

    def release(self, *, drop: bool) -> None:
        """Let held requests through, or (``drop``) fail them without any effect."""

        def go() -> None:
            if self._hold is not None:
                self._drop_held = drop
                self._hold.set()
                self._hold = None

        self.call(go)

    # -- setting up the world -------------------------------------------------------------------
    def add_guild(
        self, name: str, *, shard: int | None = None, shard_count: int | None = None
    ) -> int:
        """A guild with the bot in it (on shard ``shard`` of ``shard_count`` if given);
        returns its id. Connected shards get its GUILD_CREATE, as when the bot is added."""
        if shard is None:
            gid = self.ids.next()
        else:
            if shard_count is None or not 0 <= shard < shard_count:
                raise ValueError(f"shard {shard} of {shard_count} does not exist")
            gid = self.ids.on_shard(shard, shard_count)

        def add() -> None:
            self.guilds[gid] = Guild(gid, name, [self.bot.id])
            for session in self._routed(gid):
                self._send(session, "GUILD_CREATE", self._guild_payload(gid))

        self.call(add) if self.loop else add()
        return gid

    def add_user(
        self,
        name: str,
        *,
        permissions: int = DEFAULT_PERMISSIONS,
        dms_open: bool = True,
        guild_id: int | None = None,
    ) -> User:
        """A member of a guild (the first one by default); ``dms_open=False`` is a user who
        refuses direct messages from bots."""
        user = User(id=self.ids.next(), name=name, permissions=permissions, dms_open=dms_open)
        gid = self.guild_id if guild_id is None else guild_id

        def add() -> None:
            self.users[user.id] = user
            self.guilds[gid].members.append(user.id)
            if self.intents & GUILD_MEMBERS_INTENT:
                self._dispatch(
                    "GUILD_MEMBER_ADD", {**self._member(user), "guild_id": str(gid)}, guild_id=gid
                )

        self.call(add) if self.loop else add()
        return user

    def add_channel(
        self, name: str, *, bot_denied: int = 0, guild_id: int | None = None
    ) -> Channel:
        """A text channel (in the first guild by default); ``bot_denied``: permission bits the
        bot lacks there."""
        gid = self.guild_id if guild_id is None else guild_id
        channel = Channel(id=self.ids.next(), guild_id=gid, name=name, bot_denied=bot_denied)

        def add() -> None:
            self.channels[channel.id] = channel
            self._dispatch("CHANNEL_CREATE", channel.payload(), guild_id=gid)

        self.call(add) if self.loop else add()
        return channel

    # -- queries (safe from the test thread) ------------------------------------------------------
    def channel_messages(
        self, channel_id: int, *, include_ephemeral: bool = False
    ) -> list[Message]:
        return self.call(
            lambda: [
                m
                for m in self.messages.values()
                if m.channel_id == channel_id and not m.deleted and (include_ephemeral or m.public)
            ]
        )

    def dms_to(self, user_id: int) -> list[Message]:
        """The direct messages the bot delivered to a user."""
        return self.call(
            lambda: [
                m
                for m in self.messages.values()
                if not m.deleted
                and (c := self.channels.get(m.channel_id)) is not None
                and c.recipient_id == user_id
            ]
        )

    def ephemeral_to(self, user_id: int) -> list[Message]:
        return self.call(
            lambda: [m for m in self.messages.values() if m.ephemeral and m.visible_to == user_id]
        )

    def all_messages(self) -> list[Message]:
        return self.call(lambda: list(self.messages.values()))

    def commands(self, guild_id: int | None = None) -> list[JsonObject]:
        """The bot's synced commands in a guild (the first by default), guild ones first (as a
        Discord client would see them)."""
        gid = self.guild_id if guild_id is None else guild_id
        return self.call(lambda: [*self.guild_commands.get(gid, []), *self.global_commands])

    def interaction(self, interaction_id: int) -> Interaction:
        return self.call(lambda: self.interactions[interaction_id])

    def bot_connected(self, shard_id: int | None = None) -> bool:
        """Whether the bot has a live gateway connection (for shard ``shard_id``, if given)."""
        return self.call(
            lambda: any(
                s.ws is not None and (shard_id is None or s.shard[0] == shard_id)
                for s in self._shards.values()
            )
        )

    def connected_shards(self) -> list[tuple[int, int]]:
        """(shard id, shard count) of every live gateway connection."""
        return self.call(lambda: sorted(k for k, s in self._shards.items() if s.ws is not None))

    def disconnect_bot(self, *, reconnect_op: bool = True) -> None:
        """Ask the bot to reconnect (op 7) or just drop its sockets, as Discord sometimes does."""

        async def go() -> None:
            for session in list(self._shards.values()):
                if session.ws is None:
                    continue
                if reconnect_op:
                    await session.ws.send_str(json.dumps({"op": 7, "d": None}))
                else:
                    await session.ws.close(code=4000)

        asyncio.run_coroutine_threadsafe(go(), self.running_loop).result(10)

    # -- interactions (called by the driver) ------------------------------------------------------
    def create_interaction(
        self,
        *,
        type: int,
        user: User,
        channel_id: int,
        data: JsonObject,
        message: Message | None = None,
    ) -> int:
        """Dispatch an ``INTERACTION_CREATE`` as Discord would; returns the interaction id."""

        def make() -> int:
            channel = self.channels[channel_id]
            gid = channel.guild_id
            if gid is None:
                raise RuntimeError("interactions in direct messages are not modelled here")
            if not any(s.ws is not None for s in self._routed(gid)):
                raise RuntimeError(
                    f"the bot is not connected to the gateway (for the shard of guild {gid})"
                )
            iid = self.ids.next()
            token = "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(40)
            record = Interaction(
                id=iid,
                token=token,
                type=type,
                user_id=user.id,
                channel_id=channel_id,
                data=data,
                created=self.running_loop.time(),
                message_id=message.id if message else None,
            )
            self.interactions[iid] = record
            payload = {
                "id": str(iid),
                "application_id": str(self.application_id),
                "type": type,
                "data": data,
                "guild_id": str(gid),
                "channel_id": str(channel_id),
                "channel": channel.payload(),
                "member": self._member(user),
                "token": token,
                "version": 1,
                "app_permissions": str(ALL_PERMISSIONS & ~channel.bot_denied),
                "locale": "en-US",
                "guild_locale": "en-US",
                "entitlements": [],
                "authorizing_integration_owners": {"0": str(gid)},
                "context": 0,
                "attachment_size_limit": limits.MAX_FILE_SIZE,
            }
            if message is not None:
                payload["message"] = self._message_payload(message)
            self._dispatch("INTERACTION_CREATE", payload, guild_id=gid)
            self.running_loop.call_later(self.response_deadline, self._check_deadline, iid)
            return iid

        return self.call(make)

    def _check_deadline(self, iid: int) -> None:
        record = self.interactions[iid]
        if not record.acknowledged and not record.failed:
            record.failed = f"not acknowledged within {self.response_deadline:.0f} s"
            self.errors.append(f"interaction {iid} ({_describe(record)}) failed: {record.failed}")
            self._changed()

    # -- gateway ----------------------------------------------------------------------------------
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}}))
        session: _Session | None = None
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                payload = json.loads(msg.data)
                op = payload.get("op")
                data = payload.get("d")
                if op == 1:
                    # acknowledged after a little "network" delay: discord.py records when it
                    # sent a heartbeat only after the send returns, so an instant ack would be
                    # measured against the previous beat ("Can't keep up ... 41.3s behind")
                    self.running_loop.call_later(0.05, self._ack_heartbeat, ws)
                elif op == 2:
                    if data.get("token") != self.token:
                        await ws.close(code=4004, message=b"Authentication failed.")
                        break
                    shard = _shard(data.get("shard"))
                    if shard is None:
                        self.errors.append(f"IDENTIFY with an invalid shard: {data.get('shard')!r}")
                        await ws.close(code=4010, message=b"Invalid shard.")
                        break
                    self.intents = int(data.get("intents") or 0)
                    session = await self._identify(ws, shard, sharded="shard" in data)
                elif op == 6:
                    session = await self._resume(ws, data)
                elif op == 8:
                    await self._members_chunk(ws, data, session)
        finally:
            if session is not None and session.ws is ws:
                session.ws = None
        return ws

    def _ack_heartbeat(self, ws: web.WebSocketResponse) -> None:
        if not ws.closed:
            self.running_loop.create_task(ws.send_str(json.dumps({"op": 11})))

    async def _identify(
        self, ws: web.WebSocketResponse, shard: tuple[int, int], *, sharded: bool
    ) -> _Session:
        """A new session for ``shard``; an older connection of the same shard is closed (one
        bot, one connection per shard). READY and GUILD_CREATE list the shard's guilds only."""
        self.identifies += 1
        session = _Session(secrets.token_hex(16), shard)
        self._sessions[session.id] = session
        old = self._shards.get(shard)
        if old is not None and old.ws is not None and old.ws is not ws:
            await old.ws.close(code=4000)
        self._shards[shard] = session
        self._active = session
        session.ws = ws
        mine = [gid for gid in self.guilds if shard_of(gid, shard[1]) == shard[0]]
        ready = {
            "v": 10,
            "user": {**self.bot.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(gid), "unavailable": True} for gid in mine],
            "session_id": session.id,
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "user_settings": {},
        }
        if sharded:
            ready["shard"] = list(shard)
        self._send(session, "READY", ready)
        for gid in mine:
            self._send(session, "GUILD_CREATE", self._guild_payload(gid))
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: JsonObject) -> _Session | None:
        session = self._sessions.get(data.get("session_id") or "")
        if session is None or data.get("token") != self.token:
            await ws.send_str(json.dumps({"op": 9, "d": False}))
            return None
        self.resumes += 1
        session.ws = ws
        self._active = session
        self._shards[session.shard] = session
        seq = data.get("seq") or 0
        for event in session.events:
            if event["s"] > seq:
                await ws.send_str(json.dumps(event))
        self._send(session, "RESUMED", {})
        return session

    async def _members_chunk(
        self, ws: web.WebSocketResponse, data: JsonObject, session: _Session | None
    ) -> None:
        if session is None:
            return
        wanted = {int(u) for u in data.get("user_ids") or []}
        guild = self.guilds.get(int(data.get("guild_id") or 0))
        if guild is None or shard_of(guild.id, session.shard[1]) != session.shard[0]:
            self.errors.append(f"requested members of a guild not on this shard: {data!r}")
            return
        if not wanted and not self.intents & GUILD_MEMBERS_INTENT:
            # Discord lists a whole guild only to a bot with the members intent
            self.errors.append("requested the member list without the members intent")
            await ws.close(code=4013, message=b"Invalid intent(s).")
            return
        members = [self._member(self.users[u]) for u in guild.members if not wanted or u in wanted]
        self._send(
            session,
            "GUILD_MEMBERS_CHUNK",
            {
                "guild_id": str(guild.id),
                "members": members,
                "chunk_index": 0,
                "chunk_count": 1,
                "nonce": data.get("nonce"),
            },
        )

    def _routed(self, guild_id: int | None) -> list[_Session]:
        """The sessions that get a guild's events: those of its shard (shard 0 for DMs)."""
        return [s for s in self._shards.values() if shard_of(guild_id, s.shard[1]) == s.shard[0]]

    def _dispatch(self, event: str, data: JsonObject, *, guild_id: int | None) -> None:
        """A guild's event (``guild_id`` None: a direct message's), to its shard's session."""
        for session in self._routed(guild_id):
            self._send(session, event, data)

    def _send(self, session: _Session, event: str, data: JsonObject) -> None:
        """An event on one session (kept for a resume if its connection is down)."""
        session.seq += 1
        if self.check_responses:
            self._check_event(event, data)
        frame = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.events.append(frame)
        if session.ws is not None and not session.ws.closed:
            self.running_loop.create_task(session.ws.send_str(json.dumps(frame)))

    def _check_event(self, event: str, data: JsonObject) -> None:
        """Gateway payloads reuse the spec's objects: check the ones the bot reads."""
        checks: list[tuple[str, Any]] = []
        if event == "INTERACTION_CREATE":
            checks.append(("GuildMemberResponse", data["member"]))
            if "message" in data:
                checks.append(("MessageResponse", data["message"]))
        elif event == "THREAD_CREATE":
            checks.append(("ThreadResponse", data))
        elif event == "CHANNEL_CREATE":
            checks.append(("GuildChannelResponse", data))
        elif event == "GUILD_MEMBER_ADD":
            checks.append(("GuildMemberResponse", data))
        elif event == "GUILD_CREATE":
            checks += [("GuildMemberResponse", m) for m in data["members"]]
            checks += [("GuildChannelResponse", c) for c in data["channels"]]
            checks += [("ThreadResponse", c) for c in data["threads"]]
        for name, value in checks:
            for problem in self.spec.shape_errors(name, value):
                self.errors.append(f"the local Discord's {event} ({name}) is off: {problem}")

    def _member(self, user: User) -> JsonObject:
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

    def _guild_payload(self, guild_id: int | None = None) -> JsonObject:
        guild = self.guilds[self.guild_id if guild_id is None else guild_id]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "owner_id": str(self.bot.id),
            "unavailable": False,
            "member_count": len(guild.members),
            "large": False,
            "features": [],
            "emojis": [],
            "stickers": [],
            "roles": [
                {
                    "id": str(guild.id),
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
                c.payload()
                for c in self.channels.values()
                if c.type == 0 and c.guild_id == guild.id
            ],
            "threads": [
                c.payload()
                for c in self.channels.values()
                if c.is_thread and c.guild_id == guild.id
            ],
            # without the members intent Discord sends only the bot's own member
            "members": [
                self._member(self.users[u])
                for u in guild.members
                if self.intents & GUILD_MEMBERS_INTENT or u == self.bot.id
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
            "preferred_locale": "en-US",
            "system_channel_flags": 0,
            "joined_at": "2024-01-01T00:00:00+00:00",
        }

    # -- REST -------------------------------------------------------------------------------------
    def _build_routes(self) -> list[tuple[str, str, re.Pattern[str], Handler]]:
        """(method, the spec's path, the pattern of the local path, handler) per operation."""
        w = "webhooks/{webhook_id}/{webhook_token}"
        r: list[tuple[str, str, str, Handler]] = [
            ("GET", "users/@me", r"users/@me", self._me),
            ("POST", "users/@me/channels", r"users/@me/channels", self._open_dm),
            ("GET", "users/{user_id}", r"users/(\d+)", self._get_user),
            ("GET", "gateway", r"gateway", self._get_gateway),
            ("GET", "gateway/bot", r"gateway/bot", self._get_gateway),
            ("GET", "oauth2/applications/@me", r"oauth2/applications/@me", self._app_info),
            ("GET", "applications/@me", r"applications/@me", self._app_info),
            (
                "PUT",
                "applications/{application_id}/commands",
                r"applications/(\d+)/commands",
                self._put_commands,
            ),
            (
                "GET",
                "applications/{application_id}/commands",
                r"applications/(\d+)/commands",
                self._get_commands,
            ),
            (
                "PUT",
                "applications/{application_id}/guilds/{guild_id}/commands",
                r"applications/(\d+)/guilds/(\d+)/commands",
                self._put_commands,
            ),
            (
                "GET",
                "applications/{application_id}/guilds/{guild_id}/commands",
                r"applications/(\d+)/guilds/(\d+)/commands",
                self._get_commands,
            ),
            (
                "POST",
                "interactions/{interaction_id}/{interaction_token}/callback",
                r"interactions/(\d+)/([^/]+)/callback",
                self._callback,
            ),
            (
                "GET",
                f"{w}/messages/@original",
                r"webhooks/(\d+)/([^/]+)/messages/(@original)",
                self._webhook_get,
            ),
            (
                "PATCH",
                f"{w}/messages/@original",
                r"webhooks/(\d+)/([^/]+)/messages/(@original)",
                self._webhook_edit,
            ),
            (
                "DELETE",
                f"{w}/messages/@original",
                r"webhooks/(\d+)/([^/]+)/messages/(@original)",
                self._webhook_delete,
            ),
            (
                "GET",
                f"{w}/messages/{{message_id}}",
                r"webhooks/(\d+)/([^/]+)/messages/(\d+)",
                self._webhook_get,
            ),
            (
                "PATCH",
                f"{w}/messages/{{message_id}}",
                r"webhooks/(\d+)/([^/]+)/messages/(\d+)",
                self._webhook_edit,
            ),
            (
                "DELETE",
                f"{w}/messages/{{message_id}}",
                r"webhooks/(\d+)/([^/]+)/messages/(\d+)",
                self._webhook_delete,
            ),
            ("POST", w, r"webhooks/(\d+)/([^/]+)", self._followup),
            ("GET", "channels/{channel_id}", r"channels/(\d+)", self._get_channel),
            (
                "POST",
                "channels/{channel_id}/messages",
                r"channels/(\d+)/messages",
                self._post_message,
            ),
            ("GET", "channels/{channel_id}/messages", r"channels/(\d+)/messages", self._history),
            (
                "GET",
                "channels/{channel_id}/messages/{message_id}",
                r"channels/(\d+)/messages/(\d+)",
                self._get_message,
            ),
            (
                "PATCH",
                "channels/{channel_id}/messages/{message_id}",
                r"channels/(\d+)/messages/(\d+)",
                self._edit_message,
            ),
            (
                "DELETE",
                "channels/{channel_id}/messages/{message_id}",
                r"channels/(\d+)/messages/(\d+)",
                self._delete_message,
            ),
            (
                "POST",
                "channels/{channel_id}/threads",
                r"channels/(\d+)/threads",
                self._create_thread,
            ),
            (
                "POST",
                "channels/{channel_id}/messages/{message_id}/threads",
                r"channels/(\d+)/messages/(\d+)/threads",
                self._create_thread,
            ),
            ("POST", "channels/{channel_id}/typing", r"channels/(\d+)/typing", self._typing),
            ("GET", "guilds/{guild_id}", r"guilds/(\d+)", self._get_guild),
            (
                "GET",
                "guilds/{guild_id}/members/{user_id}",
                r"guilds/(\d+)/members/(\d+)",
                self._get_member,
            ),
            (
                "GET",
                "guilds/{guild_id}/channels",
                r"guilds/(\d+)/channels",
                self._get_guild_channels,
            ),
        ]
        for method, path, _, _ in r:
            self.spec.operation(method, "/" + path)  # fails fast on a route the spec lacks
        return [(m, "/" + path, re.compile(p + r"/?$"), h) for m, path, p, h in r]

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        self._in_flight += 1
        self._last_activity = self.running_loop.time()
        tail = request.match_info["tail"]
        self.requests.append((request.method, tail))
        try:
            for method, path, pattern, handler in self._routes:
                m = pattern.match(tail)
                if m and method == request.method:
                    if not tail.startswith(("interactions/", "webhooks/")):
                        auth = request.headers.get("Authorization", "")
                        if auth != f"Bot {self.token}":
                            raise DiscordError(401, 0, "401: Unauthorized")
                    body, files = await _read_body(request)
                    self._validate(method, path, body, files, m.groups())
                    if self._hold is not None and tail.startswith(self._hold_prefixes):
                        self.held += 1
                        await self._hold.wait()
                        if self._drop_held:
                            raise DiscordError(503, 0, "dropped by the local Discord")
                    answer = await handler(request, *m.groups(), body=body, files=files)
                    status, result = answer if isinstance(answer, tuple) else (200, answer)
                    if result is None:
                        status = 204
                    if self.check_responses:
                        for problem in self.spec.response_errors(method, path, status, result):
                            self.errors.append(
                                f"the local Discord's answer to {method} /{tail} is off: {problem}"
                            )
                    if result is None:
                        return web.Response(status=204)
                    return _json(result, status)
            self.unhandled.append(f"{request.method} /{tail}")
            raise DiscordError(
                404, 0, f"404: Not Found (the local Discord has no {request.method} /{tail})"
            )
        except DiscordError as exc:
            return _json(exc.body(), status=exc.status)
        finally:
            self._in_flight -= 1
            self._last_activity = self.running_loop.time()
            self._changed()

    def _changed(self) -> None:
        for listener in list(self.change_listeners):
            listener()

    def _validate(
        self, method: str, path: str, body: Any, files: list[Upload], groups: tuple[str, ...]
    ) -> None:
        """Refuse, as Discord would, a body that breaks the spec's schema or Discord's rules."""
        if method in ("GET", "DELETE"):
            return
        try:
            validate.check_request(method, path, body, _file_list(files))
        except validate.Refused as refused:
            record = None
            if path.startswith(("/interactions/", "/webhooks/")):
                record = next((i for i in self.interactions.values() if i.token == groups[1]), None)
            where = f" (interaction {record.id}, {_describe(record)})" if record else ""
            self._record_refusal(f"{method} {path}: {refused}{where}")
            raise DiscordError(
                400, refused.code, refused.message, error_tree(refused.problems)
            ) from None

    async def _me(
        self, request: web.Request, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        return self._me_payload()

    def _me_payload(self) -> JsonObject:
        return {**self.bot.payload(), "verified": True, "mfa_enabled": False, "locale": "en-US"}

    async def _open_dm(
        self, request: web.Request, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        """Discord opens (or finds) the DM channel whatever the user's settings; closed DMs
        show only when the bot posts in it."""
        user = self.users.get(int(body.get("recipient_id") or 0))
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        if user.bot:
            raise DiscordError(400, 50007, "Cannot send messages to this user")
        channel = next((c for c in self.channels.values() if c.recipient_id == user.id), None)
        if channel is None:
            channel = Channel(
                id=self.ids.next(), guild_id=None, name="", type=1, recipient_id=user.id
            )
            self.channels[channel.id] = channel
        return self._channel_payload(channel)

    def _channel_payload(self, channel: Channel) -> JsonObject:
        if channel.recipient_id is None:
            return channel.payload()
        return {**channel.payload(), "recipients": [self.users[channel.recipient_id].payload()]}

    async def _get_user(
        self, request: web.Request, uid: str, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        user = self.users.get(int(uid))
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        return user.payload()

    async def _get_gateway(
        self, request: web.Request, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        return {
            "url": self.gateway_url,
            "shards": self.recommended_shards or max(1, -(-len(self.guilds) // GUILDS_PER_SHARD)),
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 0,
                "max_concurrency": 1,
            },
        }

    async def _app_info(
        self, request: web.Request, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        return {
            "id": str(self.application_id),
            "name": self.bot.name,
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "type": None,
            "bot": self.bot.payload(),
            "owner": {**self.bot.payload(), "bot": False, "username": "owner"},
            "verify_key": "0" * 64,
            "flags": 0,
            "flags_new": "0",
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "approximate_guild_count": len(self.guilds),
            "approximate_user_install_count": 0,
            "approximate_user_authorization_count": 0,
            "explicit_content_filter": 0,
            "team": None,
            "eligible_oauth2_scopes": ["bot", "applications.commands"],
            "summary": "",
        }

    async def _put_commands(
        self,
        request: web.Request,
        app_id: str,
        guild_id: str | None = None,
        *,
        body: list[JsonObject],
        files: list[Upload],
    ) -> list[JsonObject]:
        self.command_puts += 1
        stored = []
        for cmd in body or []:
            stored.append(
                {
                    **cmd,
                    "id": str(self.ids.next()),
                    "application_id": str(self.application_id),
                    "version": str(self.ids.next()),
                    "type": cmd.get("type") or 1,
                    "description": cmd.get("description") or "",
                    "integration_types": cmd.get("integration_types") or [0],
                    **({"guild_id": guild_id} if guild_id else {}),
                    "default_member_permissions": cmd.get("default_member_permissions"),
                }
            )
        if guild_id:
            self.guild_commands[int(guild_id)] = stored
        else:
            self.global_commands = stored
        return stored

    async def _get_commands(
        self,
        request: web.Request,
        app_id: str,
        guild_id: str | None = None,
        *,
        body: JsonObject,
        files: list[Upload],
    ) -> list[JsonObject]:
        if guild_id:
            return self.guild_commands.get(int(guild_id), [])
        return self.global_commands

    # interaction responses
    def _interaction_by_token(self, token: str) -> Interaction:
        for record in self.interactions.values():
            if record.token == token:
                return record
        raise DiscordError(404, 10015, "Unknown Webhook")

    async def _callback(
        self, request: web.Request, iid: str, token: str, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        record = self.interactions.get(int(iid))
        if record is None or record.token != token:
            raise DiscordError(404, 10062, "Unknown interaction")
        rtype = body.get("type")
        data = body.get("data") or {}
        if record.failed:
            self.errors.append(
                f"interaction {iid} ({_describe(record)}) answered after it had failed"
            )
            raise DiscordError(404, 10062, "Unknown interaction")
        if record.acknowledged:
            self.errors.append(f"interaction {iid} ({_describe(record)}) answered twice")
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        allowed = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}[record.type]
        if rtype not in allowed:
            self._refuse(f"response type {rtype} is not valid for interaction type {record.type}")
        resource: JsonObject | None = None
        if rtype == 8:
            record.choices = data.get("choices") or []
        elif rtype == 9:  # a form the user fills in; sending it is a new interaction (type 5)
            record.modal = data
        elif rtype in (4, 5):
            flags = int(data.get("flags") or 0)
            if rtype == 5:
                data = {"content": "", "flags": (flags & limits.EPHEMERAL) | limits.LOADING}
            msg = self._new_message(record.channel_id, data, files, interaction=record)
            record.original_id = msg.id
            if rtype == 4:  # a deferral's "thinking..." message is not handed back
                resource = {"type": rtype, "message": self._message_payload(msg)}
        elif rtype == 7:
            target = self.messages.get(record.message_id or 0)
            if target is None:
                self._refuse("update-message response without a message")
            self._edit(target, data, files)
            record.original_id = target.id
            resource = {"type": rtype, "message": self._message_payload(target)}
        elif rtype == 6:
            record.original_id = record.message_id
        record.responses.append({"type": rtype, "data": data, "at": self.running_loop.time()})
        original = self.messages.get(record.original_id or 0)
        response = {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "response_message_loading": rtype == 5,
                "response_message_ephemeral": bool(original and original.ephemeral),
            }
        }
        if original is not None:
            response["interaction"]["response_message_id"] = str(original.id)
        if resource is not None:
            response["resource"] = resource
        return response

    def _webhook_target(self, app_id: str, token: str, which: str) -> tuple[Interaction, Message]:
        if int(app_id) != self.application_id:
            raise DiscordError(404, 10015, "Unknown Webhook")
        record = self._interaction_by_token(token)
        if which == "@original":
            msg = self.messages.get(record.original_id or 0)
        else:
            msg = self.messages.get(int(which))
            if msg is not None and msg.id not in record.followups and msg.id != record.original_id:
                msg = None
        if msg is None:
            raise DiscordError(404, 10008, "Unknown Message")
        return record, msg

    async def _webhook_get(
        self,
        request: web.Request,
        app_id: str,
        token: str,
        which: str,
        *,
        body: JsonObject,
        files: list[Upload],
    ) -> JsonObject:
        _, msg = self._webhook_target(app_id, token, which)
        return self._message_payload(msg)

    async def _webhook_edit(
        self,
        request: web.Request,
        app_id: str,
        token: str,
        which: str,
        *,
        body: JsonObject,
        files: list[Upload],
    ) -> JsonObject:
        record, msg = self._webhook_target(app_id, token, which)
        self._edit(msg, body, files)
        if which == "@original" or msg.id == record.original_id:
            record.original_edited = True
        return self._message_payload(msg)

    async def _webhook_delete(
        self,
        request: web.Request,
        app_id: str,
        token: str,
        which: str,
        *,
        body: JsonObject,
        files: list[Upload],
    ) -> None:
        record, msg = self._webhook_target(app_id, token, which)
        msg.deleted = True
        if msg.id == record.original_id:
            record.original_edited = True
        return None

    async def _followup(
        self,
        request: web.Request,
        app_id: str,
        token: str,
        *,
        body: JsonObject,
        files: list[Upload],
    ) -> JsonObject:
        if int(app_id) != self.application_id:
            raise DiscordError(404, 10015, "Unknown Webhook")
        record = self._interaction_by_token(token)
        if not record.acknowledged:
            self.errors.append(
                f"interaction {record.id} ({_describe(record)}): follow-up before any response"
            )
            raise DiscordError(404, 10015, "Unknown Webhook")
        original = self.messages.get(record.original_id or 0)
        if record.response_type == 5 and original is not None and original.loading:
            # Discord: the first follow-up to a deferred response replaces its "thinking..."
            # message, which keeps the deferral's visibility (an ephemeral defer makes it
            # ephemeral whatever its own flags say) and, being an edit, notifies no one
            body = {k: v for k, v in body.items() if k != "flags"}
            self._edit(original, body, files)
            record.original_edited = True
            record.followups.append(original.id)
            return self._message_payload(original)
        msg = self._new_message(record.channel_id, body, files, interaction=record, webhook=True)
        record.followups.append(msg.id)
        return self._message_payload(msg)

    # channels and messages
    def _channel(self, cid: str) -> Channel:
        channel = self.channels.get(int(cid))
        if channel is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        return channel

    async def _get_channel(
        self, request: web.Request, cid: str, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        return self._channel_payload(self._channel(cid))

    async def _post_message(
        self, request: web.Request, cid: str, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        channel = self._channel(cid)
        if channel.recipient_id is not None and not self.users[channel.recipient_id].dms_open:
            raise DiscordError(403, 50007, "Cannot send messages to this user")
        flags = int(body.get("flags") or 0)
        if flags & limits.EPHEMERAL:
            self._refuse("a channel message cannot be ephemeral")
        msg = self._new_message(channel.id, body, files)
        return self._message_payload(msg)

    async def _history(
        self, request: web.Request, cid: str, *, body: JsonObject, files: list[Upload]
    ) -> list[JsonObject]:
        channel = self._channel(cid)
        limit = int(request.query.get("limit", 50))
        msgs = [m for m in self.messages.values() if m.channel_id == channel.id and m.public]
        return [self._message_payload(m) for m in reversed(msgs[-limit:])]

    def _channel_message(self, cid: str, mid: str) -> Message:
        msg = self.messages.get(int(mid))
        if msg is None or msg.channel_id != int(cid) or msg.deleted or msg.ephemeral:
            raise DiscordError(404, 10008, "Unknown Message")
        return msg

    async def _get_message(
        self, request: web.Request, cid: str, mid: str, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        return self._message_payload(self._channel_message(cid, mid))

    async def _edit_message(
        self, request: web.Request, cid: str, mid: str, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        msg = self._channel_message(cid, mid)
        self._edit(msg, body, files)
        return self._message_payload(msg)

    async def _delete_message(
        self, request: web.Request, cid: str, mid: str, *, body: JsonObject, files: list[Upload]
    ) -> None:
        self._channel_message(cid, mid).deleted = True
        return None

    async def _create_thread(
        self,
        request: web.Request,
        cid: str,
        mid: str | None = None,
        *,
        body: JsonObject,
        files: list[Upload],
    ) -> tuple[int, JsonObject]:
        parent = self._channel(cid)
        name = body["name"]
        kind = 11 if mid is not None else int((body or {}).get("type") or 12)
        thread = Channel(
            id=self.ids.next(),
            guild_id=parent.guild_id,
            name=name,
            type=kind,
            parent_id=parent.id,
            owner_id=self.bot.id,
        )
        self.channels[thread.id] = thread
        self._dispatch(
            "THREAD_CREATE",
            {**thread.payload(), "newly_created": True},
            guild_id=parent.guild_id,
        )
        return 201, thread.payload()

    async def _typing(
        self, request: web.Request, cid: str, *, body: JsonObject, files: list[Upload]
    ) -> None:
        return None

    async def _get_guild(
        self, request: web.Request, gid: str, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        if int(gid) not in self.guilds:
            raise DiscordError(404, 10004, "Unknown Guild")
        return self._guild_payload(int(gid))

    async def _get_member(
        self, request: web.Request, gid: str, uid: str, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        guild = self.guilds.get(int(gid))
        if guild is None or int(uid) not in guild.members:
            raise DiscordError(404, 10007, "Unknown Member")
        return self._member(self.users[int(uid)])

    async def _get_guild_channels(
        self, request: web.Request, gid: str, *, body: JsonObject, files: list[Upload]
    ) -> list[JsonObject]:
        if int(gid) not in self.guilds:
            raise DiscordError(404, 10004, "Unknown Guild")
        return [
            c.payload() for c in self.channels.values() if c.type == 0 and c.guild_id == int(gid)
        ]

    async def _attachment(self, request: web.Request) -> web.Response:
        aid = int(request.match_info["id"])
        for msg in self.messages.values():
            for a in msg.attachments:
                if a.id == aid:
                    return web.Response(
                        body=a.data, content_type=a.content_type or "application/octet-stream"
                    )
        raise web.HTTPNotFound()

    # -- messages -----------------------------------------------------------------------------
    def _refuse(self, problem: str) -> NoReturn:
        self._record_refusal(problem)
        raise DiscordError(400, 50035, f"Invalid Form Body: {problem}")

    def _record_refusal(self, what: str) -> None:
        self.refusals.append(what)
        self.errors.append(f"Discord would refuse {what}")

    def _new_message(
        self,
        channel_id: int,
        data: JsonObject,
        files: list[Upload],
        *,
        interaction: Interaction | None = None,
        webhook: bool = False,
    ) -> Message:
        flags = int(data.get("flags") or 0)
        msg = Message(
            id=self.ids.next(),
            channel_id=channel_id,
            content=data.get("content") or "",
            embeds=list(data.get("embeds") or []),
            components=_numbered(data.get("components") or []),
            attachments=self._new_attachments(data, files),
            flags=flags,
            allowed_mentions=data.get("allowed_mentions"),
            interaction_id=interaction.id if interaction else None,
            visible_to=interaction.user_id if interaction and flags & limits.EPHEMERAL else None,
            webhook=webhook,
        )
        if not msg.ephemeral:
            msg.pinged = limits.pinged_ids(msg.content, msg.allowed_mentions)
        self.messages[msg.id] = msg
        return msg

    def _new_attachments(self, data: JsonObject, files: list[Upload]) -> list[Attachment]:
        described = {
            str(a.get("id")): a for a in data.get("attachments") or [] if isinstance(a, dict)
        }
        out = []
        for index, filename, ctype, raw in files:
            meta = described.get(str(index), {})
            out.append(
                Attachment(
                    id=self.ids.next(),
                    filename=meta.get("filename") or filename,
                    content_type=ctype,
                    data=raw,
                    description=meta.get("description"),
                )
            )
        return out

    def _edit(self, msg: Message, data: JsonObject, files: list[Upload]) -> None:
        msg.history.append(msg.snapshot())
        for key in ("content", "embeds", "components"):
            if key in data:
                setattr(
                    msg,
                    key,
                    data[key] if data[key] is not None else ([] if key != "content" else ""),
                )
        msg.components = _numbered(msg.components)
        if "allowed_mentions" in data:
            msg.allowed_mentions = data["allowed_mentions"]
        if "flags" in data and data["flags"] is not None:
            # only SUPPRESS_EMBEDS can change; ephemerality is fixed at creation
            msg.flags = (msg.flags & limits.EPHEMERAL) | (int(data["flags"]) & ~limits.EPHEMERAL)
        msg.flags &= ~limits.LOADING
        existing = {str(a.id): a for a in msg.attachments}
        if "attachments" in data and data["attachments"] is not None:
            kept = [
                existing[str(a.get("id"))]
                for a in data["attachments"]
                if str(a.get("id")) in existing
            ]
            msg.attachments = kept + self._new_attachments(data, files)
        elif files:
            msg.attachments = msg.attachments + self._new_attachments(data, files)
        msg.edited = True

    def _message_payload(self, msg: Message) -> JsonObject:
        mentioned = [
            self.users[u].payload() for u in limits.mentioned_ids(msg.content) if u in self.users
        ]
        channel = self.channels.get(msg.channel_id)
        data = {
            "id": str(msg.id),
            "channel_id": str(msg.channel_id),
            **({"guild_id": str(channel.guild_id)} if channel and channel.guild_id else {}),
            "type": 20 if msg.interaction_id and not msg.webhook else 0,
            "content": msg.content,
            "author": self.bot.payload(),
            "attachments": [
                {
                    "id": str(a.id),
                    "filename": a.filename,
                    "size": len(a.data),
                    "url": f"{self.base_url}/attachments/{a.id}/{a.filename}",
                    "proxy_url": f"{self.base_url}/attachments/{a.id}/{a.filename}",
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
            data["application_id"] = str(self.application_id)
            data["webhook_id"] = str(self.application_id)
            data["interaction_metadata"] = self._interaction_metadata(
                msg, self.interactions[msg.interaction_id]
            )
        return data

    def _interaction_metadata(self, msg: Message, record: Interaction) -> JsonObject:
        meta = {
            "id": str(record.id),
            "type": record.type,
            "user": self.users[record.user_id].payload(),
            "authorizing_integration_owners": {
                "0": str(self.channels[record.channel_id].guild_id or self.guild_id)
            },
        }
        if record.message_id is not None:  # a component on this message was used
            meta["interacted_message_id"] = str(record.message_id)
        if msg.id != record.original_id and record.original_id is not None:
            meta["original_response_message_id"] = str(record.original_id)
        return meta


def _shard(value: Any) -> tuple[int, int] | None:
    """IDENTIFY's ``shard`` as (id, count): absent is (0, 1); anything but two integers with
    0 <= id < count is None (Discord closes the connection: 4010 Invalid shard)."""
    if value is None:
        return (0, 1)
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return None
    shard_id, count = value
    return (shard_id, count) if 0 <= shard_id < count else None


def _numbered(rows: list[JsonObject]) -> list[JsonObject]:
    """Components as Discord stores them: each with a numeric ``id`` (1, 2, ... in reading
    order) unless the sender gave one."""
    used = {c["id"] for c in _walk(rows) if isinstance(c.get("id"), int)}
    counter = 0
    out = []
    for row in rows:
        row = {**row}
        if "components" in row:
            row["components"] = [{**c} for c in row["components"]]
        out.append(row)
    for comp in _walk(out):
        if comp.get("id") is None:
            counter += 1
            while counter in used:
                counter += 1
            comp["id"] = counter
    return out


def _walk(rows: list[JsonObject]) -> Iterator[JsonObject]:
    for row in rows:
        yield row
        yield from row.get("components") or []


def _json(data: Any, status: int = 200) -> web.Response:
    # discord.py decodes a body as JSON only when Content-Type is exactly application/json
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


async def _read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """The JSON body (Discord's shape, checked against its spec next) and the uploaded files."""
    files: list[Upload] = []
    if request.content_type.startswith("multipart/"):
        body: Any = {}
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader):  # discord.py never nests multipart bodies
                raise DiscordError(400, 50035, "Invalid Form Body: a nested multipart part")
            name = part.name or ""
            raw = await part.read(decode=False)
            if name == "payload_json":
                body = _parse_json(raw)
            else:
                m = re.fullmatch(r"files\[(\d+)\]", name)
                index = int(m.group(1)) if m else len(files)
                files.append(
                    (
                        index,
                        part.filename or f"file{index}",
                        part.headers.get("Content-Type"),
                        bytes(raw),
                    )
                )
        return body, files
    raw = await request.read()
    return (_parse_json(raw) if raw else {}), files


def _parse_json(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        raise DiscordError(400, 50109, "The request body contains invalid JSON.") from None


def _file_list(files: list[Upload]) -> list[tuple[str, bytes]]:
    return [(name, data) for _, name, _, data in files]


def _describe(record: Interaction) -> str:
    data = record.data or {}
    if record.type in (2, 4):
        parts = [data.get("name", "?")]
        opts = data.get("options") or []
        while opts and opts[0].get("type") in (1, 2):
            parts.append(opts[0]["name"])
            opts = opts[0].get("options") or []
        kind = "autocomplete " if record.type == 4 else ""
        return kind + "/" + " ".join(parts)
    if record.type == 5:
        return f"form {data.get('custom_id')!r} sent"
    return f"click {data.get('custom_id')!r}"
