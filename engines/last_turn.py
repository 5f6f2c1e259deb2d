"""What the last finished turn changed, for the board (public only)."""

from __future__ import annotations

from pydantic import BaseModel


class LastTurn(BaseModel):
    """What the last finished turn changed, for the board: public only."""

    player: str
    line: str
    marks: list[str] = []
