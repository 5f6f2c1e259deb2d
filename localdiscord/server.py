"""A local copy of the part of Discord the bot uses: REST under ``/api/v10`` and the gateway.

It runs its own event loop in a background thread, so a test drives it with plain blocking
calls while the bot (a thread or a real subprocess) talks to it over TCP like it would to
Discord. :class:`LocalDiscord` assembles the parts and is what tests and the page hold: the
records (:mod:`~localdiscord.state`), the gateway (:mod:`~localdiscord.gateway`), the REST
routes (:mod:`~localdiscord.rest`) and users' interactions (:mod:`~localdiscord.interactions`).

Deliberate Discord behaviours worth knowing:

* Mentions notify only when a message is created (a channel message, an immediate interaction
  response, a follow-up). Editing a deferred response does not notify anyone, as on Discord
  (discord/discord-api-docs#5497); ``Message.pinged`` records who was really notified.
* Interaction answers follow Discord's rules (:mod:`localdiscord.rest.callbacks`): an
  interaction not acknowledged within ``response_deadline`` seconds fails.
* Gateway events follow the intents and the shard the bot identified with
  (:mod:`localdiscord.gateway`); ``add_guild`` makes a guild on a chosen shard.
* Rate limits are Discord's, global and per route, with its headers and 429 answers
  (:mod:`localdiscord.ratelimits`); ``rate_limits`` lowers them (``Limits.off()``: none).
  ``state.requests`` records every request and whether it counted against the global limit.
* Opening a DM always works; posting to a user whose DMs are closed answers 403 (50007).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import TypeVar

from aiohttp import web

from bot.discord_limits import RESPONSE_DEADLINE
from localdiscord import interactions, shapes
from localdiscord.gateway import Gateway
from localdiscord.payloads import JsonObject
from localdiscord.protocol import DEFAULT_PERMISSIONS, GUILD_MEMBERS_INTENT
from localdiscord.ratelimits import Limits
from localdiscord.records import Channel, Guild, Interaction, Message, User
from localdiscord.rest.callbacks import CallbackRoutes
from localdiscord.rest.channels import ChannelRoutes
from localdiscord.rest.commands import CommandRoutes
from localdiscord.rest.dispatch import Rest
from localdiscord.rest.guilds import GuildRoutes
from localdiscord.rest.users import UserRoutes
from localdiscord.state import State

T = TypeVar("T")


class LocalDiscord:
    """the local Discord server. ``start()`` it, point discord.py at ``api_base`` / ``gateway_url``."""

    def __init__(
        self,
        *,
        response_deadline: float = RESPONSE_DEADLINE,
        check_responses: bool = False,
        rate_limits: Limits | None = None,
    ):
        self.state = state = State(
            response_deadline=response_deadline, check_responses=check_responses
        )
        self.gateway = gateway = Gateway(state)
        self.rest = Rest(
            state,
            [
                *UserRoutes(state).routes(),
                *CommandRoutes(state).routes(),
                *CallbackRoutes(state).routes(),
                *ChannelRoutes(state, gateway).routes(),
                *GuildRoutes(state).routes(),
            ],
            Limits() if rate_limits is None else rate_limits,
        )
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None

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
        app.router.add_get("/gateway", self.gateway.connect)
        app.router.add_get("/attachments/{id}/{name}", self.rest.attachment)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest.handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        host_port: tuple[str, int] = self._runner.addresses[0]  # the socket's name: (host, port)
        self.state.port = host_port[1]
        self.rest.last_activity = self.running_loop.time()

    @property
    def running_loop(self) -> asyncio.AbstractEventLoop:
        """The server's loop (everything that needs it runs once ``start`` has made it)."""
        if self.loop is None:
            raise RuntimeError("the local Discord is not started")
        return self.loop

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` must be set to."""
        return f"{self.state.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """What ``DiscordWebSocket.DEFAULT_GATEWAY`` must be set to (the client adds the query)."""
        return self.state.gateway_url

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
        return self.call(self.rest.idle_for)

    def settle(self, quiet: float = 0.25, timeout: float = 20.0) -> None:
        """Wait until every interaction has a settled answer and the bot has been quiet a while."""
        self.wait_until(
            lambda: (
                all(i.finished for i in self.state.interactions.values())
                and self.rest.idle_for() >= quiet
            ),
            timeout,
            "the bot to finish answering",
        )

    # -- holding the bot's requests (to kill it at a chosen point) --------------------------------
    def hold(self, prefixes: tuple[str, ...] = ("webhooks/", "channels/")) -> None:
        """From now on, requests under these paths wait (unanswered) until ``release``;
        ``rest.held`` counts them. With a kill in between, what the bot was saying never
        arrives."""
        self.call(lambda: self.rest.hold(prefixes))

    def release(self, *, drop: bool) -> None:
        """Let held requests through, or (``drop``) fail them without any effect."""
        self.call(lambda: self.rest.release(drop=drop))

    # -- setting up the world -------------------------------------------------------------------
    def _now_or_on_loop(self, fn: Callable[[], None]) -> None:
        """Before ``start`` there is no loop (and no connection to tell): change it at once."""
        self.call(fn) if self.loop else fn()

    def add_guild(
        self,
        name: str,
        *,
        shard: int | None = None,
        shard_count: int | None = None,
        preferred_locale: str = "en-US",
    ) -> int:
        """A guild with the bot in it (on shard ``shard`` of ``shard_count`` if given), in the
        language ``preferred_locale``; returns its id. Connected shards get its GUILD_CREATE,
        as when the bot is added."""
        state = self.state
        if shard is None:
            gid = state.ids.next()
        else:
            if shard_count is None or not 0 <= shard < shard_count:
                raise ValueError(f"shard {shard} of {shard_count} does not exist")
            gid = state.ids.on_shard(shard, shard_count)

        def add() -> None:
            state.guilds[gid] = Guild(gid, name, [state.bot.id], preferred_locale)
            for session in self.gateway.routed(gid):
                self.gateway.send(session, "GUILD_CREATE", shapes.guild(state, gid))

        self._now_or_on_loop(add)
        return gid

    def add_user(
        self,
        name: str,
        *,
        permissions: int = DEFAULT_PERMISSIONS,
        dms_open: bool = True,
        guild_id: int | None = None,
        locale: str = "en-US",
    ) -> User:
        """A member of a guild (the first one by default); ``dms_open=False`` is a user who
        refuses direct messages from bots; ``locale``, the language their client is set to."""
        state = self.state
        user = User(
            id=state.ids.next(),
            name=name,
            permissions=permissions,
            dms_open=dms_open,
            locale=locale,
        )
        gid = state.guild_id if guild_id is None else guild_id

        def add() -> None:
            state.users[user.id] = user
            state.guilds[gid].members.append(user.id)
            if state.intents & GUILD_MEMBERS_INTENT:
                added = {**shapes.member(user), "guild_id": str(gid)}
                self.gateway.dispatch("GUILD_MEMBER_ADD", added, guild_id=gid)

        self._now_or_on_loop(add)
        return user

    def set_guild_locale(self, locale: str, *, guild_id: int | None = None) -> None:
        """A server's admin changes its language (the first guild by default): the bot gets a
        GUILD_UPDATE, as from Discord."""
        state = self.state
        gid = state.guild_id if guild_id is None else guild_id

        def change() -> None:
            state.guilds[gid].preferred_locale = locale
            self.gateway.dispatch("GUILD_UPDATE", shapes.guild(state, gid), guild_id=gid)

        self._now_or_on_loop(change)

    def set_user_locale(self, user: User, locale: str) -> None:
        """A user switches their Discord client's language (seen in their next interaction)."""
        self._now_or_on_loop(lambda: setattr(user, "locale", locale))

    def add_channel(
        self, name: str, *, bot_denied: int = 0, guild_id: int | None = None
    ) -> Channel:
        """A text channel (in the first guild by default); ``bot_denied``: permission bits the
        bot lacks there."""
        state = self.state
        gid = state.guild_id if guild_id is None else guild_id
        channel = Channel(id=state.ids.next(), guild_id=gid, name=name, bot_denied=bot_denied)

        def add() -> None:
            state.channels[channel.id] = channel
            self.gateway.dispatch("CHANNEL_CREATE", channel.payload(), guild_id=gid)

        self._now_or_on_loop(add)
        return channel

    # -- queries (safe from the test thread) ------------------------------------------------------
    def channel_messages(
        self, channel_id: int, *, include_ephemeral: bool = False
    ) -> list[Message]:
        return self.call(
            lambda: [
                m
                for m in self.state.messages.values()
                if m.channel_id == channel_id and not m.deleted and (include_ephemeral or m.public)
            ]
        )

    def dms_to(self, user_id: int) -> list[Message]:
        """The direct messages the bot delivered to a user."""
        state = self.state
        return self.call(
            lambda: [
                m
                for m in state.messages.values()
                if not m.deleted
                and (c := state.channels.get(m.channel_id)) is not None
                and c.recipient_id == user_id
            ]
        )

    def ephemeral_to(self, user_id: int) -> list[Message]:
        return self.call(
            lambda: [
                m for m in self.state.messages.values() if m.ephemeral and m.visible_to == user_id
            ]
        )

    def all_messages(self) -> list[Message]:
        return self.call(lambda: list(self.state.messages.values()))

    def commands(self, guild_id: int | None = None) -> list[JsonObject]:
        """The bot's synced commands in a guild (the first by default), guild ones first (as a
        Discord client would see them)."""
        state = self.state
        gid = state.guild_id if guild_id is None else guild_id
        return self.call(lambda: [*state.guild_commands.get(gid, []), *state.global_commands])

    def interaction(self, interaction_id: int) -> Interaction:
        return self.call(lambda: self.state.interactions[interaction_id])

    def bot_connected(self, shard_id: int | None = None) -> bool:
        """Whether the bot has a live gateway connection (for shard ``shard_id``, if given)."""
        return self.call(lambda: self.gateway.connected(shard_id))

    def connected_shards(self) -> list[tuple[int, int]]:
        """(shard id, shard count) of every live gateway connection."""
        return self.call(self.gateway.connected_shards)

    def disconnect_bot(self, *, reconnect_op: bool = True) -> None:
        """Ask the bot to reconnect (op 7) or just drop its sockets, as Discord sometimes does."""
        done = self.gateway.disconnect(reconnect_op=reconnect_op)
        asyncio.run_coroutine_threadsafe(done, self.running_loop).result(10)

    # -- users' interactions ----------------------------------------------------------------------
    def dm_channel(self, user: User) -> Channel:
        """The user's direct-message channel with the bot (opened if it is not yet)."""
        state = self.state

        def find() -> Channel:
            found = next((c for c in state.channels.values() if c.recipient_id == user.id), None)
            if found is None:
                found = Channel(
                    id=state.ids.next(), guild_id=None, name="", type=1, recipient_id=user.id
                )
                state.channels[found.id] = found
            return found

        return self.call(find)

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
        return self.call(
            lambda: interactions.create(
                self.state,
                self.gateway,
                type=type,
                user=user,
                channel_id=channel_id,
                data=data,
                message=message,
            )
        )
