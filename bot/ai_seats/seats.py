"""Who is an AI seat: a seat whose user id is negative (no Discord user has one). The id
carries the AI seat's number and level, so no table or migration is needed to remember them."""

from __future__ import annotations

from engines.ai.levels import LEVELS

_CODES = {name: i + 1 for i, name in enumerate(LEVELS)}
_NAMES = {code: name for name, code in _CODES.items()}


def ai_seat_id(number: int, level: str) -> int:
    """The seat id of AI seat ``number`` (1, 2, ...) playing at ``level``."""
    return -(number * 10 + _CODES[level])


def is_ai_seat(user_id: int) -> bool:
    return user_id < 0


def ai_seat_level(user_id: int) -> str:
    """The level an AI seat plays at."""
    return _NAMES[(-user_id) % 10]


def ai_seat_number(user_id: int) -> int:
    return (-user_id) // 10


def ai_seat_name(number: int, level: str) -> str:
    """How an AI seat is called in the game: plainly a bot (the players' word), with its level."""
    return f"🤖 Bot {number} ({level})"
