"""Raw HTTP to the local Discord, as a bot would send it, for tests that check its answers."""

from __future__ import annotations

import json
import secrets
import urllib.error
import urllib.request
from email.message import Message

from localdiscord.records import Interaction
from localdiscord.server import LocalDiscord


def send(server: LocalDiscord, method: str, path: str, body=None) -> tuple[int, dict | None]:
    """(status, decoded JSON answer) of one request with the bot's token."""
    status, data, _ = send_raw(server, method, path, body)
    return status, data


def send_raw(
    server: LocalDiscord, method: str, path: str, body=None
) -> tuple[int, dict | None, Message]:
    """(status, decoded JSON answer, headers: read case-insensitively) of one request with the
    bot's token."""
    raw = body if isinstance(body, bytes | None) else json.dumps(body).encode()
    req = urllib.request.Request(
        f"{server.api_base}/{path}",
        data=raw,
        method=method,
        headers={"Content-Type": "application/json", "Authorization": f"Bot {server.state.token}"},
    )
    try:
        with urllib.request.urlopen(req) as answer:
            data = answer.read()
            return answer.status, json.loads(data) if data else None, answer.headers
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read()), err.headers


def interaction(
    server: LocalDiscord, *, kind: int = 2, message_id: int | None = None
) -> Interaction:
    """An interaction as if a user had just run a command (no bot needed to receive it)."""

    def make() -> Interaction:
        record = Interaction(
            id=server.state.ids.next(),
            token=secrets.token_urlsafe(20),
            type=kind,
            user_id=server.ada.id,
            channel_id=server.chan.id,
            data={"name": "demo"},
            created=server.loop.time(),
            message_id=message_id,
        )
        server.state.interactions[record.id] = record
        return record

    return server.call(make)


def callback(server: LocalDiscord, record: Interaction, body) -> tuple[int, dict | None]:
    return send(server, "POST", f"interactions/{record.id}/{record.token}/callback", body)
