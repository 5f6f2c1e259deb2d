"""A recording stand-in for the two doors through which discord.py talks to Discord's REST API.

discord.py sends bot requests through :class:`discord.http.HTTPClient` (channel messages,
command sync) and interaction answers through the webhook adapter
(:class:`discord.webhook.async_.AsyncWebhookAdapter`: callbacks, follow-ups, edits of the
original response). We subclass both and override only their lowest method, ``request``, so
every real code path of discord.py above it runs; what reaches ``request`` is exactly what would
go over the wire. The fake answers like Discord (message payloads, callback responses), keeps
the messages it has seen (with attachments, components, flags and allowed mentions), and records
any breach of Discord's limits in ``violations`` instead of silently accepting it.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import HTTPClient
from discord.webhook.async_ import AsyncWebhookAdapter

EPHEMERAL = 64
LOADING = 128
MAX_FILE = 10 * 1024 * 1024  # Discord's upload limit for a bot without boosts
BOT_ID = 900_000_000_000_000_001
APP_ID = 900_000_000_000_000_002

DISCORD_EPOCH_MS = 1_420_070_400_000
_last_id = 0


def snowflake() -> int:
    """A Discord-style id whose timestamp part is now (an interaction's token lives 15
    minutes from it), increasing."""
    global _last_id
    _last_id = max((int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22, _last_id + 1)
    return _last_id


def user_payload(user_id: int, name: str, *, bot: bool = False) -> dict:
    return {
        "id": str(user_id),
        "username": name.lower(),
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
    }


@dataclass
class Message:
    """A message as the fake Discord holds it."""

    id: int
    channel_id: int
    content: str
    flags: int = 0
    components: list = field(default_factory=list)
    files: list[tuple[str, bytes]] = field(default_factory=list)
    attachments: list[dict] = field(default_factory=list)  # as sent (filename, description)
    allowed_mentions: dict | None = None
    via: str = ""  # "channel", "response", "followup", "original"
    interaction_user: int | None = None  # who triggered it, for interaction messages
    deleted: bool = False
    loading: bool = False

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def public(self) -> bool:
        return not self.ephemeral and not self.deleted and not self.loading

    def buttons(self) -> list[dict]:
        return [c for row in self.components for c in row.get("components", []) if c["type"] == 2]

    def selects(self) -> list[dict]:
        return [c for row in self.components for c in row.get("components", []) if c["type"] == 3]

    def mentioned_user_ids(self) -> set[int]:
        """The users Discord would actually ping: mentioned in the text AND allowed."""
        import re

        in_text = {int(m) for m in re.findall(r"<@!?([0-9]+)>", self.content)}
        allowed = self.allowed_mentions
        if allowed is None:
            return in_text
        if "users" in allowed.get("parse", []):
            return in_text
        return in_text & {int(u) for u in allowed.get("users", [])}

    def payload(self) -> dict:
        return {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": user_payload(BOT_ID, "Tabletop", bot=True),
            "content": self.content,
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [
                {
                    "id": str(i + 1),
                    "filename": name,
                    "size": len(data),
                    "url": f"https://cdn.invalid/{self.id}/{name}",
                    "proxy_url": f"https://cdn.invalid/{self.id}/{name}",
                }
                for i, (name, data) in enumerate(self.files)
            ],
            "embeds": [],
            "pinned": False,
            "type": 0,
            "flags": self.flags,
            "components": self.components,
        }


@dataclass
class Sent:
    """One request the bot made, as it would have gone over the wire."""

    method: str
    path: str
    body: dict | None
    files: list[tuple[str, bytes]]
    interaction_id: int | None = None


@dataclass
class InteractionRecord:
    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    component_message: int | None = None
    callback_type: int | None = None
    original: int | None = None
    autocomplete: list[dict] | None = None
    modal: dict | None = None  # the form the bot answered with (callback type 9)


class FakeDiscord:
    """The shared world: messages by id, interactions by token, every request in order."""

    def __init__(self) -> None:
        self.messages: dict[int, Message] = {}
        self.sent: list[Sent] = []
        self.interactions: dict[str, InteractionRecord] = {}
        self.violations: list[str] = []
        self.synced: list[tuple[int | None, list[dict]]] = []
        self.http_errors: dict[str, int] = {}

    # -- limits Discord enforces --------------------------------------------------------------
    def check_message(self, body: dict) -> None:
        content = body.get("content") or ""
        if len(content) > 2000:
            self.violations.append(f"message of {len(content)} characters")
        rows = body.get("components") or []
        if len(rows) > 5:
            self.violations.append(f"{len(rows)} component rows")
        for row in rows:
            items = row.get("components", [])
            if len(items) > 5:
                self.violations.append(f"{len(items)} components in a row")
            for item in items:
                cid = item.get("custom_id", "")
                if len(cid) > 100:
                    self.violations.append(f"custom id of {len(cid)} characters")
                if item["type"] == 2 and len(item.get("label") or "") > 80:
                    self.violations.append("button label over 80 characters")
                if item["type"] == 3:
                    opts = item.get("options", [])
                    if not 1 <= len(opts) <= 25:
                        self.violations.append(f"select with {len(opts)} options")
                    for o in opts:
                        if len(o["label"]) > 100 or len(o["value"]) > 100:
                            self.violations.append("select option over 100 characters")

    def check_files(self, files) -> None:
        for name, data in files:
            if len(data) > MAX_FILE:
                self.violations.append(f"attachment {name} of {len(data)} bytes")

    def new_message(self, channel_id: int, body: dict, files, *, via: str, user=None) -> Message:
        self.check_message(body)
        self.check_files(files)
        msg = Message(
            id=snowflake(),
            channel_id=channel_id,
            content=body.get("content") or "",
            flags=int(body.get("flags") or 0),
            components=body.get("components") or [],
            files=list(files),
            attachments=list(body.get("attachments") or []),
            allowed_mentions=body.get("allowed_mentions"),
            via=via,
            interaction_user=user,
        )
        self.messages[msg.id] = msg
        return msg

    def edit_message(self, msg: Message, body: dict, files) -> Message:
        self.check_message(body)
        self.check_files(files)
        if "content" in body:
            msg.content = body["content"] or ""
        if "components" in body:
            msg.components = body["components"] or []
        if "allowed_mentions" in body:
            msg.allowed_mentions = body["allowed_mentions"]
        if files:
            msg.files = list(files)
        elif "attachments" in body and not body["attachments"]:
            msg.files = []
        msg.loading = False
        return msg


def _files(files) -> list[tuple[str, bytes]]:
    out = []
    for f in files or []:
        f.reset()
        out.append((f.filename, f.fp.read()))
    return out


def _body(payload, multipart) -> dict | None:
    if payload is not None:
        return payload
    for part in multipart or []:
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return None


class RecordingWebhookAdapter(AsyncWebhookAdapter):
    """Interaction callbacks, follow-ups and original-response edits."""

    def __init__(self, world: FakeDiscord):
        super().__init__()
        self.world = world

    async def request(self, route, session=None, *, payload=None, multipart=None, files=None, **_):
        world = self.world
        body = _body(payload, multipart)
        files = _files(files)
        token = route.webhook_token
        record = world.interactions.get(token)
        world.sent.append(
            Sent(route.method, route.path, body, files, record.id if record else None)
        )
        if record is None:
            raise AssertionError(f"unknown interaction token {token!r}")
        path = route.path
        if path.endswith("/callback"):
            return self._callback(record, body or {}, files)
        if route.method == "POST":  # follow-up
            return self._followup(record, body or {}, files).payload()
        if "@original" in path:
            target = record.original
            if target is None:
                raise self._not_found()
            msg = world.messages[target]
            if route.method == "GET":
                return msg.payload()
            if route.method == "DELETE":
                msg.deleted = True
                return None
            return world.edit_message(msg, body or {}, files).payload()
        last = route.url.rstrip("/").rsplit("/", 1)[-1]
        message_id = int(last) if last.isdigit() else None
        msg = world.messages.get(message_id) if message_id else None
        if msg is None:
            raise self._not_found()
        if route.method == "DELETE":
            msg.deleted = True
            return None
        return world.edit_message(msg, body or {}, files).payload()

    def _not_found(self):
        response = type("R", (), {"status": 404, "reason": "Not Found"})()
        return discord.NotFound(response, {"code": 10008, "message": "Unknown Message"})

    def _callback(self, record: InteractionRecord, body: dict, files) -> dict:
        world = self.world
        if record.callback_type is not None:
            world.violations.append(f"interaction {record.id} answered twice")
        kind = body.get("type")
        record.callback_type = kind
        data = body.get("data") or {}
        resource: dict | None = None
        if kind == 4:  # message
            msg = world.new_message(
                record.channel_id, data, files, via="response", user=record.user_id
            )
            record.original = msg.id
            resource = {"type": 4, "message": msg.payload()}
        elif kind == 5:  # deferred message: a "thinking" placeholder the first follow-up fills
            msg = world.new_message(
                record.channel_id, data, [], via="original", user=record.user_id
            )
            msg.loading = True
            record.original = msg.id
            resource = {"type": 5, "message": msg.payload()}
        elif kind in (6, 7):  # deferred update / update of the clicked message
            record.original = record.component_message
            if kind == 7 and record.original:
                world.edit_message(world.messages[record.original], data, files)
            resource = {"type": kind}
        elif kind == 8:
            choices = data.get("choices", [])
            if len(choices) > 25:
                world.violations.append(f"{len(choices)} autocomplete choices")
            for c in choices:
                if len(c["name"]) > 100 or len(str(c["value"])) > 100:
                    world.violations.append("autocomplete choice over 100 characters")
            record.autocomplete = choices
            resource = {"type": 8}
        elif kind == 9 and record.type in (2, 3):  # a form (modal)
            if not data.get("custom_id") or not 1 <= len(data.get("title") or "") <= 45:
                world.violations.append("a modal without a custom id or with a bad title")
            record.modal = data
            resource = None
        else:
            world.violations.append(f"unexpected callback type {kind}")
        interaction = {
            "id": str(record.id),
            "type": record.type,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(int(data.get("flags") or 0) & EPHEMERAL),
        }
        if record.original and kind in (4, 5):
            interaction["response_message_id"] = str(record.original)
        out: dict[str, Any] = {"interaction": interaction}
        if resource is not None:
            out["resource"] = resource
        return out

    def _followup(self, record: InteractionRecord, body: dict, files) -> Message:
        world = self.world
        if record.callback_type is None:
            world.violations.append("follow-up before the interaction was answered")
        original = world.messages.get(record.original) if record.original else None
        if original is not None and original.loading:
            # Discord: the first follow-up after a deferred message replaces the placeholder,
            # keeping the placeholder's visibility (an ephemeral defer stays ephemeral).
            body = dict(body)
            body["flags"] = original.flags
            return world.edit_message(original, body, files)
        return world.new_message(
            record.channel_id, body, files, via="followup", user=record.user_id
        )


class RecordingHTTP(HTTPClient):
    """Bot requests: channel messages and command sync."""

    def __init__(self, world: FakeDiscord, loop=None):
        super().__init__(loop)
        self.world = world

    async def request(self, route, *, files=None, form=None, **kwargs):
        world = self.world
        body = kwargs.get("json")
        if body is None and form:
            body = _body(None, form)
        files = _files(files)
        world.sent.append(Sent(route.method, route.path, body, files))
        path = route.path
        if path == "/channels/{channel_id}/messages" and route.method == "POST":
            return world.new_message(
                int(route.channel_id), body or {}, files, via="channel"
            ).payload()
        if path == "/channels/{channel_id}/messages/{message_id}" and route.method == "PATCH":
            msg = world.messages[int(route.url.rsplit("/", 1)[-1])]
            return world.edit_message(msg, body or {}, files).payload()
        if (
            path
            in (
                "/applications/{application_id}/commands",
                "/applications/{application_id}/guilds/{guild_id}/commands",
            )
            and route.method == "PUT"
        ):
            guild = getattr(route, "guild_id", None)
            world.synced.append((int(guild) if guild else None, list(body or [])))
            return [
                {
                    **cmd,
                    "id": str(snowflake()),
                    "application_id": str(APP_ID),
                    "version": "1",
                    **({"guild_id": str(guild)} if guild else {}),
                }
                for cmd in body or []
            ]
        if path == "/channels/{channel_id}/threads" and route.method == "POST":
            return _thread(int(route.channel_id), body or {})
        raise AssertionError(f"the fake Discord does not serve {route.method} {path}")


def _thread(parent_id: int, body: dict) -> dict:
    """A public thread made in ``parent_id`` (what Discord answers to creating one): its
    messages are posted to its own id like any channel's."""
    return {
        "id": str(snowflake()),
        "type": 11,
        "parent_id": str(parent_id),
        "owner_id": str(BOT_ID),
        "name": body.get("name", "thread"),
        "message_count": 0,
        "member_count": 1,
        "rate_limit_per_user": 0,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": body.get("auto_archive_duration", 10080),
            "archive_timestamp": "2026-01-01T00:00:00+00:00",
            "locked": False,
        },
    }
