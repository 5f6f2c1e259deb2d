"""The gateway: the bot's websocket connections (one per shard), READY and GUILD_CREATE, resumes,
member chunks, and every event routed to the connection of its guild's shard.

Gateway events follow the intents the bot identified with: without the members intent there is
no GUILD_MEMBER_ADD and GUILD_CREATE lists only the bot itself. A bot may open several
connections, each identifying with ``shard: [id, count]`` (checked: a bad one is closed with
4010 "Invalid shard"). Each connection's READY and GUILD_CREATE list only its shard's guilds,
and every guild event goes only to the connection of the guild's shard,
``(guild_id >> 22) % count``; direct messages belong to shard 0. A connection without ``shard``
is shard 0 of 1.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Coroutine
from typing import Any

from aiohttp import WSMsgType, web

from localdiscord import shapes
from localdiscord.payloads import JsonObject
from localdiscord.protocol import GUILD_MEMBERS_INTENT
from localdiscord.records import shard_of
from localdiscord.state import State


class Session:
    """One gateway session: what it was sent (for a resume) and its connection, while open."""

    def __init__(self, session_id: str, shard: tuple[int, int] = (0, 1)):
        self.id = session_id
        self.shard = shard  # (shard id, shard count) it identified with
        self.seq = 0
        self.events: list[JsonObject] = []
        self.ws: web.WebSocketResponse | None = None


class Gateway:
    """The sessions, and sending events to them. Runs on the server's loop."""

    def __init__(self, state: State):
        self.state = state
        self.identifies = 0
        self.resumes = 0
        self._sessions: dict[str, Session] = {}
        self.active: Session | None = None  # the connection identified or resumed last
        #: each shard's current session, by (shard id, shard count)
        self.shards: dict[tuple[int, int], Session] = {}

    async def connect(self, request: web.Request) -> web.WebSocketResponse:
        """``GET /gateway``: one connection, until it closes."""
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}}))
        session: Session | None = None
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
                    asyncio.get_running_loop().call_later(0.05, self._ack_heartbeat, ws)
                elif op == 2:
                    if data.get("token") != self.state.token:
                        await ws.close(code=4004, message=b"Authentication failed.")
                        break
                    shard = parse_shard(data.get("shard"))
                    if shard is None:
                        self.state.errors.append(
                            f"IDENTIFY with an invalid shard: {data.get('shard')!r}"
                        )
                        await ws.close(code=4010, message=b"Invalid shard.")
                        break
                    self.state.intents = int(data.get("intents") or 0)
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
            _later(ws.send_str(json.dumps({"op": 11})))

    async def _identify(
        self, ws: web.WebSocketResponse, shard: tuple[int, int], *, sharded: bool
    ) -> Session:
        """A new session for ``shard``; an older connection of the same shard is closed (one
        bot, one connection per shard). READY and GUILD_CREATE list the shard's guilds only."""
        self.identifies += 1
        session = Session(secrets.token_hex(16), shard)
        self._sessions[session.id] = session
        old = self.shards.get(shard)
        if old is not None and old.ws is not None and old.ws is not ws:
            await old.ws.close(code=4000)
        self.shards[shard] = session
        self.active = session
        session.ws = ws
        state = self.state
        mine = [gid for gid in state.guilds if shard_of(gid, shard[1]) == shard[0]]
        ready = {
            "v": 10,
            "user": {**state.bot.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(gid), "unavailable": True} for gid in mine],
            "session_id": session.id,
            "resume_gateway_url": state.gateway_url,
            "application": {"id": str(state.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "user_settings": {},
        }
        if sharded:
            ready["shard"] = list(shard)
        self.send(session, "READY", ready)
        for gid in mine:
            self.send(session, "GUILD_CREATE", shapes.guild(state, gid))
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: JsonObject) -> Session | None:
        session = self._sessions.get(data.get("session_id") or "")
        if session is None or data.get("token") != self.state.token:
            await ws.send_str(json.dumps({"op": 9, "d": False}))
            return None
        self.resumes += 1
        session.ws = ws
        self.active = session
        self.shards[session.shard] = session
        seq = data.get("seq") or 0
        for event in session.events:
            if event["s"] > seq:
                await ws.send_str(json.dumps(event))
        self.send(session, "RESUMED", {})
        return session

    async def _members_chunk(
        self, ws: web.WebSocketResponse, data: JsonObject, session: Session | None
    ) -> None:
        if session is None:
            return
        state = self.state
        wanted = {int(u) for u in data.get("user_ids") or []}
        guild = state.guilds.get(int(data.get("guild_id") or 0))
        if guild is None or shard_of(guild.id, session.shard[1]) != session.shard[0]:
            state.errors.append(f"requested members of a guild not on this shard: {data!r}")
            return
        if not wanted and not state.intents & GUILD_MEMBERS_INTENT:
            # Discord lists a whole guild only to a bot with the members intent
            state.errors.append("requested the member list without the members intent")
            await ws.close(code=4013, message=b"Invalid intent(s).")
            return
        members = [
            shapes.member(state.users[u]) for u in guild.members if not wanted or u in wanted
        ]
        self.send(
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

    # -- sending --------------------------------------------------------------------------------
    def routed(self, guild_id: int | None) -> list[Session]:
        """The sessions that get a guild's events: those of its shard (shard 0 for DMs)."""
        return [s for s in self.shards.values() if shard_of(guild_id, s.shard[1]) == s.shard[0]]

    def dispatch(self, event: str, data: JsonObject, *, guild_id: int | None) -> None:
        """A guild's event (``guild_id`` None: a direct message's), to its shard's session."""
        for session in self.routed(guild_id):
            self.send(session, event, data)

    def send(self, session: Session, event: str, data: JsonObject) -> None:
        """An event on one session (kept for a resume if its connection is down)."""
        session.seq += 1
        if self.state.check_responses:
            self._check_event(event, data)
        frame = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.events.append(frame)
        if session.ws is not None and not session.ws.closed:
            _later(session.ws.send_str(json.dumps(frame)))

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
            for problem in self.state.spec.shape_errors(name, value):
                self.state.errors.append(f"the local Discord's {event} ({name}) is off: {problem}")

    # -- what tests ask -------------------------------------------------------------------------
    def connected(self, shard_id: int | None = None) -> bool:
        return any(
            s.ws is not None and (shard_id is None or s.shard[0] == shard_id)
            for s in self.shards.values()
        )

    def connected_shards(self) -> list[tuple[int, int]]:
        return sorted(k for k, s in self.shards.items() if s.ws is not None)

    async def disconnect(self, *, reconnect_op: bool) -> None:
        for session in list(self.shards.values()):
            if session.ws is None:
                continue
            if reconnect_op:
                await session.ws.send_str(json.dumps({"op": 7, "d": None}))
            else:
                await session.ws.close(code=4000)


def _later(send: Coroutine[Any, Any, None]) -> None:
    """Send without waiting (events go out in the order they were made)."""
    asyncio.get_running_loop().create_task(send)


def parse_shard(value: Any) -> tuple[int, int] | None:
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
