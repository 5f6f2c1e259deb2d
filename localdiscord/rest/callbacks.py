"""Answers to interactions: the callback (the first answer), then the interaction's webhook:
reading, editing and deleting ``@original`` or a follow-up, and sending follow-ups.

* A component click answered with type 6/7 makes ``@original`` the clicked message.
* The first follow-up to a deferred (type 5) response replaces the "thinking..." message and
  keeps the deferral's ephemerality, as Discord does.
* An interaction not acknowledged in time has failed: a late answer gets 404 "Unknown
  interaction" (10062); a second answer gets 400 (40060).
* A form (type 9) is kept on the interaction, for the user to fill in and send
  (:mod:`localdiscord.forms`).
"""

from __future__ import annotations

import asyncio

from aiohttp import web

from localdiscord import shapes
from localdiscord.errors import DiscordError
from localdiscord.payloads import JsonObject, Upload
from localdiscord.protocol import EPHEMERAL, LOADING
from localdiscord.records import Interaction, Message
from localdiscord.rest.dispatch import Route
from localdiscord.state import State

#: the response types Discord takes for each interaction type
ALLOWED = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}


class CallbackRoutes:
    def __init__(self, state: State):
        self.state = state

    def routes(self) -> list[Route]:
        w = "webhooks/{webhook_id}/{webhook_token}"
        one = r"webhooks/(\d+)/([^/]+)/messages/"
        return [
            (
                "POST",
                "interactions/{interaction_id}/{interaction_token}/callback",
                r"interactions/(\d+)/([^/]+)/callback",
                self.callback,
            ),
            ("GET", f"{w}/messages/@original", one + "(@original)", self.message),
            ("PATCH", f"{w}/messages/@original", one + "(@original)", self.message),
            ("DELETE", f"{w}/messages/@original", one + "(@original)", self.message),
            ("GET", f"{w}/messages/{{message_id}}", one + r"(\d+)", self.message),
            ("PATCH", f"{w}/messages/{{message_id}}", one + r"(\d+)", self.message),
            ("DELETE", f"{w}/messages/{{message_id}}", one + r"(\d+)", self.message),
            ("POST", w, r"webhooks/(\d+)/([^/]+)", self.followup),
        ]

    async def callback(
        self, request: web.Request, iid: str, token: str, *, body: JsonObject, files: list[Upload]
    ) -> JsonObject:
        state = self.state
        record = state.interactions.get(int(iid))
        if record is None or record.token != token:
            raise DiscordError(404, 10062, "Unknown interaction")
        rtype = body.get("type")
        data = body.get("data") or {}
        if record.failed:
            state.errors.append(
                f"interaction {iid} ({record.describe()}) answered after it had failed"
            )
            raise DiscordError(404, 10062, "Unknown interaction")
        if record.acknowledged:
            state.errors.append(f"interaction {iid} ({record.describe()}) answered twice")
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        if rtype not in ALLOWED[record.type]:
            state.refuse(f"response type {rtype} is not valid for interaction type {record.type}")
        resource: JsonObject | None = None
        if rtype == 8:
            record.choices = data.get("choices") or []
        elif rtype == 9:  # a form the user fills in; sending it is a new interaction (type 5)
            record.modal = data
        elif rtype in (4, 5):
            flags = int(data.get("flags") or 0)
            if rtype == 5:
                data = {"content": "", "flags": (flags & EPHEMERAL) | LOADING}
            msg = state.new_message(record.channel_id, data, files, interaction=record)
            record.original_id = msg.id
            if rtype == 4:  # a deferral's "thinking..." message is not handed back
                resource = {"type": rtype, "message": shapes.message(state, msg)}
        elif rtype == 7:
            target = state.messages.get(record.message_id or 0)
            if target is None:
                state.refuse("update-message response without a message")
            state.edit(target, data, files)
            record.original_id = target.id
            resource = {"type": rtype, "message": shapes.message(state, target)}
        elif rtype == 6:
            record.original_id = record.message_id
        now = asyncio.get_running_loop().time()
        record.responses.append({"type": rtype, "data": data, "at": now})
        original = state.messages.get(record.original_id or 0)
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

    def _target(self, app_id: str, token: str, which: str) -> tuple[Interaction, Message]:
        state = self.state
        if int(app_id) != state.application_id:
            raise DiscordError(404, 10015, "Unknown Webhook")
        record = state.interaction_by_token(token)
        if which == "@original":
            msg = state.messages.get(record.original_id or 0)
        else:
            msg = state.messages.get(int(which))
            if msg is not None and msg.id not in record.followups and msg.id != record.original_id:
                msg = None
        if msg is None:
            raise DiscordError(404, 10008, "Unknown Message")
        return record, msg

    async def message(
        self,
        request: web.Request,
        app_id: str,
        token: str,
        which: str,
        *,
        body: JsonObject,
        files: list[Upload],
    ) -> JsonObject | None:
        """``@original`` or a follow-up, read (GET), edited (PATCH) or deleted (DELETE)."""
        record, msg = self._target(app_id, token, which)
        if request.method == "DELETE":
            msg.deleted = True
            if msg.id == record.original_id:
                record.original_edited = True
            return None
        if request.method == "PATCH":
            self.state.edit(msg, body, files)
            if which == "@original" or msg.id == record.original_id:
                record.original_edited = True
        return shapes.message(self.state, msg)

    async def followup(
        self,
        request: web.Request,
        app_id: str,
        token: str,
        *,
        body: JsonObject,
        files: list[Upload],
    ) -> JsonObject:
        state = self.state
        if int(app_id) != state.application_id:
            raise DiscordError(404, 10015, "Unknown Webhook")
        record = state.interaction_by_token(token)
        if not record.acknowledged:
            state.errors.append(
                f"interaction {record.id} ({record.describe()}): follow-up before any response"
            )
            raise DiscordError(404, 10015, "Unknown Webhook")
        original = state.messages.get(record.original_id or 0)
        if record.response_type == 5 and original is not None and original.loading:
            # Discord: the first follow-up to a deferred response replaces its "thinking..."
            # message, which keeps the deferral's visibility (an ephemeral defer makes it
            # ephemeral whatever its own flags say) and, being an edit, notifies no one
            body = {k: v for k, v in body.items() if k != "flags"}
            state.edit(original, body, files)
            record.original_edited = True
            record.followups.append(original.id)
            return shapes.message(state, original)
        msg = state.new_message(record.channel_id, body, files, interaction=record, webhook=True)
        record.followups.append(msg.id)
        return shapes.message(state, msg)
