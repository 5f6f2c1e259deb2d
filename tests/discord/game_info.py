"""A running game's ``GameInfo`` for tests that build public messages without a table."""

from __future__ import annotations

from bot.table import GameInfo, Seat

TITLE = "Race to 21 (test game)"


def game(**kw) -> GameInfo:
    """Ada (11) and Bob (22) playing the toy game; ``kw`` overrides any field."""
    seats = [Seat(0, 11, "Ada"), Seat(1, 22, "Bob")]
    base = dict(
        id=5,
        guild_id=1,
        channel_id=2,
        engine="toy",
        title=TITLE,
        status="running",
        version=9,
        host_id=11,
        options={},
        seats=seats,
        created_at=0.0,
        updated_at=0.0,
    )
    return GameInfo(**{**base, **kw})
