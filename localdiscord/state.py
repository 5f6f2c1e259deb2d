"""What the local Discord knows and remembers, shared by its parts (the gateway, the REST
routes, the page): the guilds, users, channels, messages and interactions, the bot's commands,
and every problem found with what the bot sent. It is touched only on the server's loop.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from typing import NoReturn

from bot.discord_limits import RESPONSE_DEADLINE
from localdiscord.errors import DiscordError
from localdiscord.payloads import JsonObject, Upload
from localdiscord.protocol import EPHEMERAL, LOADING, pinged_ids
from localdiscord.records import (
    ApiRequest,
    Attachment,
    Channel,
    Guild,
    Interaction,
    Message,
    Snowflakes,
    User,
)
from localdiscord.spec import Spec, spec


class State:
    """The records, and the changes to messages every route shares (create, edit)."""

    def __init__(
        self, *, response_deadline: float = RESPONSE_DEADLINE, check_responses: bool = False
    ):
        self.response_deadline = response_deadline
        #: check every answer and gateway payload against the spec (problems go to ``errors``)
        self.check_responses = check_responses
        self.spec: Spec = spec()
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
        #: every REST request, in order, with its status and whether it counted globally
        self.requests: list[ApiRequest] = []
        self.intents = 0  # what the bot identified with
        self.port = 0  # once started
        #: called (on the server's loop, no arguments) after every request of the bot and every
        #: failed interaction: something users see may have changed (the browser page listens)
        self.change_listeners: list[Callable[[], None]] = []

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def gateway_url(self) -> str:
        """What ``DiscordWebSocket.DEFAULT_GATEWAY`` must be set to (the client adds the query)."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    def changed(self) -> None:
        for listener in list(self.change_listeners):
            listener()

    # -- problems ---------------------------------------------------------------------------------
    def refuse(self, problem: str) -> NoReturn:
        self.record_refusal(problem)
        raise DiscordError(400, 50035, f"Invalid Form Body: {problem}")

    def record_refusal(self, what: str) -> None:
        self.refusals.append(what)
        self.errors.append(f"Discord would refuse {what}")

    # -- finding records as Discord's answers name them ------------------------------------------
    def channel(self, cid: str) -> Channel:
        channel = self.channels.get(int(cid))
        if channel is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        return channel

    def interaction_by_token(self, token: str) -> Interaction:
        for record in self.interactions.values():
            if record.token == token:
                return record
        raise DiscordError(404, 10015, "Unknown Webhook")

    # -- messages ---------------------------------------------------------------------------------
    def new_message(
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
            components=numbered(data.get("components") or []),
            attachments=self._new_attachments(data, files),
            flags=flags,
            allowed_mentions=data.get("allowed_mentions"),
            interaction_id=interaction.id if interaction else None,
            visible_to=interaction.user_id if interaction and flags & EPHEMERAL else None,
            webhook=webhook,
        )
        if not msg.ephemeral:
            msg.pinged = pinged_ids(msg.content, msg.allowed_mentions)
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

    def edit(self, msg: Message, data: JsonObject, files: list[Upload]) -> None:
        msg.history.append(msg.snapshot())
        for key in ("content", "embeds", "components"):
            if key in data:
                setattr(
                    msg,
                    key,
                    data[key] if data[key] is not None else ([] if key != "content" else ""),
                )
        msg.components = numbered(msg.components)
        if "allowed_mentions" in data:
            msg.allowed_mentions = data["allowed_mentions"]
        if "flags" in data and data["flags"] is not None:
            # only SUPPRESS_EMBEDS can change; ephemerality is fixed at creation
            msg.flags = (msg.flags & EPHEMERAL) | (int(data["flags"]) & ~EPHEMERAL)
        msg.flags &= ~LOADING
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


def numbered(rows: list[JsonObject]) -> list[JsonObject]:
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
