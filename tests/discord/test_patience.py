"""Discord's 429s waited out past discord.py's five tries (:mod:`bot.discord_app.patience`)."""

from __future__ import annotations

import io
from types import SimpleNamespace

import discord
import pytest
from discord.http import Route

from bot.discord_app import patience

ROUTE = Route("POST", "/channels/{channel_id}/messages", channel_id=1)


def refusal(status: int = 429) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason="", headers={"Retry-After": "0"})
    return discord.HTTPException(response, {"message": "You are being rate limited.", "code": 0})


class Http:
    """discord.py's HTTPClient as far as ``install`` sees it: ``request`` fails ``refused``
    times (as discord.py does after its own five 429s), then answers."""

    def __init__(self, refused: int, status: int = 429):
        self.refused, self.status, self.calls = refused, status, 0
        self.read: list[bytes] = []

    async def request(self, route, *, files=None, form=None, **kwargs):
        self.calls += 1
        self.read = [f.fp.read() for f in files or ()]
        if self.calls <= self.refused:
            raise refusal(self.status)
        return {"id": "1"}


async def test_a_request_discord_py_gave_up_on_for_429s_is_sent_again():
    http = Http(refused=2)
    patience.install(http)  # type: ignore[arg-type]
    assert await http.request(ROUTE, json={"content": "hi"}) == {"id": "1"}
    assert http.calls == 3


async def test_an_uploaded_file_is_sent_whole_again():
    http = Http(refused=1)
    patience.install(http)  # type: ignore[arg-type]
    board = discord.File(io.BytesIO(b"PNG bytes"), filename="board.png")
    await http.request(ROUTE, files=[board])
    assert http.read == [b"PNG bytes"]


async def test_other_refusals_stand_at_once():
    http = Http(refused=1, status=403)
    patience.install(http)  # type: ignore[arg-type]
    with pytest.raises(discord.HTTPException):
        await http.request(ROUTE)
    assert http.calls == 1


async def test_the_429s_stand_after_the_last_round():
    http = Http(refused=patience.ROUNDS)
    patience.install(http)  # type: ignore[arg-type]
    with pytest.raises(discord.HTTPException):
        await http.request(ROUTE)
    assert http.calls == patience.ROUNDS
