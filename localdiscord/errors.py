"""Discord's error answers, as the local Discord gives them."""

from __future__ import annotations

from localdiscord.payloads import JsonObject


class DiscordError(Exception):
    """An answer Discord gives with an error status: ``{"message": ..., "code": ...}`` and,
    for a refused body, the ``errors`` tree saying where."""

    def __init__(self, status: int, code: int, message: str, errors: JsonObject | None = None):
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> JsonObject:
        data: JsonObject = {"message": self.message, "code": self.code}
        if self.errors:
            data["errors"] = self.errors
        return data
