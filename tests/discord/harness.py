"""Drive the real bot through discord.py's own objects: "user U in channel C runs /game new toy".

A :class:`Harness` builds the product client (:class:`bot.discord_app.TabletopClient`) on a real
:class:`bot.table.Table` over a real SQLite file, swaps the client's HTTP client and the webhook
adapter for recording fakes (see :mod:`tests.discord.fake_discord`), and feeds interaction
payloads (type 2 slash command, 3 component click, 4 autocomplete) to discord.py's
``ConnectionState.parse_interaction_create`` -- the very method the gateway calls -- then waits
for every task that spawned. What the bot sent is in ``harness.world``.

Typical use (see tests/discord/test_game_flow.py)::

    async with Harness.open(tmp_path / "db.sqlite") as h:
        ada, bob = h.user("Ada"), h.user("Bob")
        await h.slash(ada, "game new", game="toy")
        await h.slash(bob, "game join")
        await h.slash(ada, "game start")
        turn = h.last_public()                 # the turn message (board, mention, buttons)
        r = await h.click(ada, turn, label="Take 2")
        choices = await h.autocomplete(bob, "play", "action", "take")

Each call returns a :class:`Reply`: the messages created (``messages``; ``public`` and
``ephemeral`` views of them, ``only_ephemeral()`` for a refusal) and the ones edited
(``edited``) while it ran, plus the autocomplete choices. API in short:

- ``Harness.open(db_path, sync_mode=None, dev_guild_id=None, now=None)`` (async context)
- ``h.user(name, manage_messages=False) -> User``; ``User.id``, ``User.mention``
- ``await h.slash(user, "game new", channel=CHANNEL_ID, **options) -> Reply``
- ``await h.autocomplete(user, "play", "action", "typed", **other_options) -> [choice dicts]``
- ``await h.click(user, message, label=... | custom_id=...) -> Reply``
- ``await h.choose(user, message, value, index=None) -> Reply`` (select menus)
- ``h.public_messages(channel)``, ``h.last_public(channel)``, ``h.ephemeral_for(user)``
- ``await h.restart()``: a new client/store/table on the same file; old messages stay;
  then ``await h.catch_up()`` does what the bot does once connected (announce missed moves)
- ``h.world``: every request (``sent``), every message (``messages``: content, flags, files,
  components, allowed_mentions, ``mentioned_user_ids()``), command syncs (``synced``) and
  breaches of Discord's limits (``violations``; the ``h`` fixture asserts it stays empty)
- ``h.table`` / ``h.store`` / ``h.client``: the real objects, e.g. to move outside Discord
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from dataclasses import dataclass, field
from pathlib import Path

import discord
from discord.webhook.async_ import async_context

from tests.discord.fake_discord import (
    APP_ID,
    BOT_ID,
    FakeDiscord,
    Message,
    RecordingHTTP,
    RecordingWebhookAdapter,
    snowflake,
    user_payload,
)

GUILD_ID = 700_000_000_000_000_001
CHANNEL_ID = 700_000_000_000_000_010
DEFAULT_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, read_message_history=True, use_application_commands=True
)
MODERATOR_PERMISSIONS = DEFAULT_PERMISSIONS | discord.Permissions(manage_messages=True)
_user_ids = itertools.count(800_000_000_000_000_001)


@dataclass(frozen=True)
class User:
    id: int
    name: str
    permissions: discord.Permissions = DEFAULT_PERMISSIONS
    roles: tuple[int, ...] = ()  # role ids the member has

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class Reply:
    """What the bot did in answer to one interaction."""

    messages: list[Message] = field(default_factory=list)  # created while it ran
    edited: list[Message] = field(default_factory=list)  # existing ones it changed
    autocomplete: list[dict] | None = None
    callback_type: int | None = None
    modal: dict | None = None  # the form the bot opened (callback type 9)

    @property
    def public(self) -> list[Message]:
        return [m for m in self.messages if m.public]

    @property
    def ephemeral(self) -> list[Message]:
        return [m for m in self.messages if m.ephemeral and not m.deleted]

    @property
    def text(self) -> str:
        """Every visible text of this reply, public and ephemeral, one message a line."""
        return "\n".join(m.content for m in self.messages if not m.deleted and not m.loading)

    def only_ephemeral(self) -> Message:
        """The single ephemeral answer of a refusal; fails if anything public was posted."""
        assert not self.public, (
            f"expected no public message, got {[m.content for m in self.public]}"
        )
        assert len(self.ephemeral) == 1, f"expected one ephemeral answer, got {self.ephemeral}"
        return self.ephemeral[0]


def _is_view_timer(task: asyncio.Task) -> bool:
    """discord.py gives views on ephemeral messages a 15-minute expiry timer; not work to wait for."""
    return "timeout_task" in getattr(task.get_coro(), "__qualname__", "")


class Harness:
    def __init__(self, client, world: FakeDiscord, store, table, db_path=None, now=None):
        self.client = client
        self.world = world
        self.store = store
        self.table = table
        self.db_path = db_path
        self.now = now
        self.adapter = RecordingWebhookAdapter(world)
        self.state = client._connection
        self.users: dict[str, User] = {}

    # -- lifecycle -----------------------------------------------------------------------------
    @classmethod
    @contextlib.asynccontextmanager
    async def open(
        cls,
        db_path: Path,
        *,
        sync_mode: str | None = None,
        dev_guild_id: int | None = None,
        now=None,
        own_shards=None,
    ):
        """A running bot (setup_hook done) over a real SQLite file; closed on exit.

        ``sync_mode`` (auto|always|never) runs the command sync at start, keeping its hash in
        the database as the product does; ``None`` leaves sync out entirely. ``now`` (a
        zero-argument callable returning seconds) is handed to the Table, for tests of time.
        ``own_shards`` (a :class:`storage.shards.Shards`) makes it one process of a sharded bot.
        """
        from bot.discord_app import TabletopClient
        from bot.discord_app.resume import Announcements
        from bot.discord_app.sync import MetaHash
        from bot.table import Table
        from storage import Store

        store = await Store.open(db_path)
        table = Table(store, now=now) if now else Table(store)
        world = FakeDiscord()
        client = TabletopClient(
            table,
            sync_mode=sync_mode or "never",
            command_hash=MetaHash(store) if sync_mode else None,
            dev_guild_id=dev_guild_id,
            announcements=Announcements(store),
            own_shards=own_shards,
        )
        harness = cls(client, world, store, table, db_path, now)
        await harness._install()
        try:
            yield harness
        finally:
            for task in asyncio.all_tasks():
                if _is_view_timer(task):
                    task.cancel()
            await harness.client.close_services()
            await harness.store.close()

    async def _install(self) -> None:
        client = self.client
        http = RecordingHTTP(self.world, asyncio.get_running_loop())
        client.http = http
        self.state.http = http
        client.tree._http = http  # the tree keeps the client's HTTP client from its creation
        await client._async_setup_hook()
        self.state.application_id = APP_ID
        self.state.user = discord.ClientUser(
            state=self.state,
            data={**user_payload(BOT_ID, "Tabletop", bot=True), "mfa_enabled": False},
        )
        async_context.set(self.adapter)
        await client.setup_hook()

    async def restart(self, *, own_shards=None) -> Harness:
        """Like a new bot process on the same database file: a new client, store and table,
        nothing kept in memory; Discord's side (``world``: messages, buttons) stays. The
        harness drives the new process from now on (it is also returned, for convenience).
        ``own_shards``: the new process runs only those shards."""
        from bot.discord_app import TabletopClient
        from bot.discord_app.resume import Announcements
        from bot.table import Table
        from storage import Store

        await self.client.close_services()
        await self.store.close()
        self.store = await Store.open(self.db_path)
        self.table = Table(self.store, now=self.now) if self.now else Table(self.store)
        self.client = TabletopClient(
            self.table, announcements=Announcements(self.store), own_shards=own_shards
        )
        self.state = self.client._connection
        await self._install()
        return self

    async def catch_up(self) -> int:
        """What the bot does once connected (``on_ready``): announce unannounced moves."""
        from bot.discord_app.resume import catch_up

        return await catch_up(self.client, self.client.announcements)

    # -- people --------------------------------------------------------------------------------
    def user(self, name: str, *, manage_messages: bool = False) -> User:
        if name not in self.users:
            perms = MODERATOR_PERMISSIONS if manage_messages else DEFAULT_PERMISSIONS
            self.users[name] = User(next(_user_ids), name, perms)
        return self.users[name]

    # -- payloads ------------------------------------------------------------------------------
    def _base(self, kind: int, user: User, channel_id: int, data: dict) -> tuple[dict, object]:
        from tests.discord.fake_discord import InteractionRecord

        iid = snowflake()
        token = f"token-{iid}"
        payload = {
            "id": str(iid),
            "application_id": str(APP_ID),
            "type": kind,
            "token": token,
            "version": 1,
            "guild_id": str(GUILD_ID),
            "channel_id": str(channel_id),
            "channel": {
                "id": str(channel_id),
                "type": 0,
                "guild_id": str(GUILD_ID),
                "name": f"games-{channel_id % 1000}",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
            },
            "member": {
                "user": user_payload(user.id, user.name),
                "roles": [str(r) for r in user.roles],
                "joined_at": "2026-01-01T00:00:00+00:00",
                "deaf": False,
                "mute": False,
                "flags": 0,
                "nick": None,
                "permissions": str(user.permissions.value),
            },
            "app_permissions": str(discord.Permissions.all().value),
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
            "data": data,
        }
        record = InteractionRecord(iid, token, kind, user.id, channel_id)
        self.world.interactions[token] = record
        return payload, record

    def _command_data(self, path: str, options: dict, focused: str | None = None) -> dict:
        names = path.split()
        leaf = []
        for name, value in options.items():
            if value is None:
                continue
            if isinstance(value, bool):
                kind = 5
            elif isinstance(value, int):
                kind = 4
            else:
                kind = 3
            opt = {"type": kind, "name": name, "value": value}
            if name == focused:
                opt["focused"] = True
            leaf.append(opt)
        for name in reversed(names[1:]):
            leaf = [{"type": 1, "name": name, "options": leaf}]
        return {"id": str(snowflake()), "name": names[0], "type": 1, "options": leaf}

    async def _dispatch(self, payload: dict, record) -> Reply:
        before_ids = set(self.world.messages)
        before_state = {
            mid: (m.content, m.flags, str(m.components), m.loading)
            for mid, m in self.world.messages.items()
        }
        before_tasks = asyncio.all_tasks()
        async_context.set(self.adapter)
        self.state.parsers["INTERACTION_CREATE"](payload)  # what the gateway calls
        errors: list[BaseException] = []
        while True:
            pending = [
                t
                for t in asyncio.all_tasks() - before_tasks
                if not t.done() and not _is_view_timer(t)
            ]
            if not pending:
                break
            done, _ = await asyncio.wait(pending)
            for task in done:
                if not task.cancelled() and task.exception() is not None:
                    errors.append(task.exception())
            before_tasks |= done
        if errors:
            raise errors[0]
        created = [m for mid, m in self.world.messages.items() if mid not in before_ids]
        edited = [
            m
            for mid, m in self.world.messages.items()
            if mid in before_ids
            and before_state[mid] != (m.content, m.flags, str(m.components), m.loading)
        ]
        return Reply(created, edited, record.autocomplete, record.callback_type, record.modal)

    # -- what users do -------------------------------------------------------------------------
    async def slash(
        self, user: User, command: str, *, channel: int = CHANNEL_ID, dm: bool = False, **options
    ) -> Reply:
        """``user`` runs ``/command`` (e.g. ``"game new"``) with these option values (``dm``:
        in their direct messages with the bot, outside any server)."""
        payload, record = self._base(2, user, channel, self._command_data(command, options))
        if dm:
            in_dms(payload, user)
        return await self._dispatch(payload, record)

    async def autocomplete(
        self,
        user: User,
        command: str,
        option: str,
        current: str = "",
        *,
        channel: int = CHANNEL_ID,
        **others,
    ) -> list[dict]:
        """The choices shown while ``user`` types ``current`` into ``option`` of ``/command``."""
        data = self._command_data(command, {**others, option: current}, focused=option)
        payload, record = self._base(4, user, channel, data)
        reply = await self._dispatch(payload, record)
        assert reply.callback_type == 8, "autocomplete must be answered with choices"
        return reply.autocomplete or []

    async def click(
        self,
        user: User,
        message: Message,
        *,
        label: str | None = None,
        custom_id: str | None = None,
    ) -> Reply:
        """``user`` clicks a button of ``message`` (by its label or custom id)."""
        for button in message.buttons():
            if (label is not None and button.get("label") == label) or (
                custom_id is not None and button.get("custom_id") == custom_id
            ):
                return await self._component(user, message, button["custom_id"], 2, None)
        raise AssertionError(f"no button {label or custom_id!r} on message {message.content!r}")

    async def choose(
        self, user: User, message: Message, value: str, *, index: int | None = None
    ) -> Reply:
        """``user`` picks the option whose value is ``value`` in a select menu of ``message``."""
        for i, select in enumerate(message.selects()):
            if index is not None and i != index:
                continue
            if any(o["value"] == value for o in select["options"]):
                return await self._component(user, message, select["custom_id"], 3, [value])
        raise AssertionError(f"no select option {value!r} on message {message.content!r}")

    async def submit(self, user: User, opened: Reply, message: Message, **values: str) -> Reply:
        """``user`` fills in and sends the form the bot opened in ``opened`` (from a component
        of ``message``): each text field by its custom id."""
        form = opened.modal
        assert form is not None, "the bot opened no form"
        rows = []
        for comp in form["components"]:
            field = comp.get("component") or (comp.get("components") or [{}])[0]
            typed = {"type": field["type"], "custom_id": field["custom_id"]}
            typed["value"] = values.get(field["custom_id"], "")
            rows.append(
                {"type": comp["type"], "component": typed}
                if comp["type"] == 18
                else {"type": 1, "components": [typed]}
            )
        data = {"custom_id": form["custom_id"], "components": rows}
        payload, record = self._base(5, user, message.channel_id, data)
        payload["message"] = message.payload()
        record.component_message = message.id
        return await self._dispatch(payload, record)

    async def _component(self, user, message: Message, custom_id: str, kind: int, values) -> Reply:
        data = {"custom_id": custom_id, "component_type": kind}
        if values is not None:
            data["values"] = values
        payload, record = self._base(3, user, message.channel_id, data)
        payload["message"] = message.payload()
        record.component_message = message.id
        return await self._dispatch(payload, record)

    # -- what the channel shows ----------------------------------------------------------------
    def public_messages(self, channel: int = CHANNEL_ID) -> list[Message]:
        return [m for m in self.world.messages.values() if m.channel_id == channel and m.public]

    def last_public(self, channel: int = CHANNEL_ID) -> Message:
        return self.public_messages(channel)[-1]

    def ephemeral_for(self, user: User) -> list[Message]:
        return [
            m for m in self.world.messages.values() if m.ephemeral and m.interaction_user == user.id
        ]


def in_dms(payload: dict, user: User) -> None:
    """Make an interaction's payload one sent in ``user``'s direct messages with the bot."""
    from tests.discord.fake_discord import user_payload

    payload.pop("guild_id")
    payload.pop("member")
    payload["user"] = user_payload(user.id, user.name)
    payload["channel"] = {"id": payload["channel_id"], "type": 1, "recipients": []}
    payload["context"] = 1
    payload["authorizing_integration_owners"] = {"0": str(user.id)}
