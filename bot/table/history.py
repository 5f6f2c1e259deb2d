"""Every turn's state of a game, rebuilt from its saved move log (for the spectator pages,
through :mod:`bot.table.watching`, which hands out only the public views of these states).

Engines are deterministic (their randomness lives in the state, seeded from the game's seed),
so the game's seed, options and seats, set up as the table does at ``/game start``, and then
each logged move applied in order give back every board the channel saw. The rebuilt final
state is compared with the saved one: if they differ (a log entry this replay does not know how
to apply), only the latest board is offered, never a wrong one.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from pydantic import BaseModel

from bot.logsafe import failure
from engines import Engine, IllegalAction, undo
from engines.core import GameState
from i18n import t
from i18n.say import event_text
from storage import GameRow, MoveRow

log = logging.getLogger("tabletop.table")

CHANGES_STATE = ("start", "move", "concede", "undo")
#: a Discord mention (a user's ``<@id>`` or ``<@!id>``, a role's ``<@&id>``, a channel's
#: ``<#id>``), as older log lines wrote the person who used a host power
MENTION = re.compile(r"<(@!?|@&|#)([0-9]+)>")


@dataclass(frozen=True)
class Turn:
    seq: int  # the log entry after which this board stood (0 for the saved state alone)
    text: str  # the public words of that entry
    state: BaseModel


@dataclass(frozen=True)
class Replay:
    turns: list[Turn] = field(default_factory=list)
    complete: bool = True  # False: only the latest board (the log could not be replayed)


def plain_mentions(text: str, names: Mapping[int, str], locale: str = "en-US") -> str:
    """``text`` with every Discord mention in words (``locale``'s): a user as their seat's name
    in ``names`` (user id -> name), else "someone"; a role or a channel as such. Only Discord
    shows a mention as a name; anywhere else (the spectator page) it would show the id
    itself."""

    def words(m: re.Match[str]) -> str:
        if m[1] == "@&":
            return t(locale, "a role")
        if m[1] == "#":
            return t(locale, "a channel")
        return names.get(int(m[2])) or t(locale, "someone")

    return MENTION.sub(words, text)


def public_text(
    move: MoveRow, names: Mapping[int, str] | None = None, locale: str = "en-US"
) -> str:
    """What the channel was told about one log entry (private events left out), in
    ``locale``'s language, with the mentions of older entries in words (``names``: user id ->
    seat name; see :func:`plain_mentions`). An event stored before it was said reads as its
    English."""
    if not move.readable:
        return t(locale, "(this log entry is damaged)")
    texts = [
        event_text(e, locale) for e in move.events if e.get("private_to") is None and e.get("text")
    ]
    said = " ".join(x for x in texts if x)
    if not said:
        said = (
            t(locale, "{player} moves.", player=move.player)
            if move.player
            else t(locale, "Someone moves.")
        )
    return plain_mentions(said, names or {}, locale)


def seat_names(row: GameRow) -> dict[int, str]:
    """Each seated user's name in ``row`` (those who left included)."""
    return {s.user_id: s.name for s in row.seats}


def _setup(eng: Engine[Any], row: GameRow) -> BaseModel:
    """The opening state, made the way ``Table.start`` makes it."""
    players = [s.name for s in sorted(row.seats, key=lambda s: s.seat)]
    merged: dict[str, Any] = dict(row.options)
    for spec in eng.options:
        if spec.per_player:
            merged[spec.key] = {
                s.name: s.choices[spec.key] for s in row.seats if spec.key in s.choices
            }
    options = eng.validate_options(players, merged)
    state: BaseModel = eng.setup(players, seed=row.seed, options=options)
    return state


def replay_entry(eng: Engine[Any], state: BaseModel, move: MoveRow) -> BaseModel:
    """The state after one logged move, concession or undo, made as the table made it.

    A move keeps the takeback stack (:func:`engines.undo.apply`), so an undo entry takes back
    the same step the player took back. The table records no stand-in's step for taking back,
    which a log does not tell apart: a replayed stack may hold such older steps below the
    live one's, never on top of it, so every undo restores the same state, and the replayed
    and saved states are compared without their stacks (:func:`engines.undo.snapshot`).
    """
    if move.kind in ("move", "undo") and move.player is None:
        raise ValueError(f"log entry {move.seq} names no player")
    if move.kind == "move":
        if move.player is None or move.action_id is None:
            raise ValueError(f"log entry {move.seq} names no player or no move")
        return undo.apply(eng, cast(GameState, state), move.player, move.action_id)[0]
    if move.kind == "undo":
        assert move.player is not None
        return undo.take_back(eng, cast(GameState, state), move.player)[0]
    if move.kind == "concede":
        if move.player is None:
            raise ValueError(f"log entry {move.seq} names no player")
        # when the game could not go on without them it ended there, the state as it was
        with contextlib.suppress(IllegalAction):
            state, _ = eng.remove_player(state, move.player)
    return state


def replay(
    eng: Engine[Any],
    row: GameRow,
    saved: BaseModel | None,
    moves: list[MoveRow],
    locale: str = "en-US",
) -> Replay:
    """Every turn of ``row`` (whose loaded state is ``saved``; ``None`` before the start),
    its words in ``locale``'s language."""
    if saved is None:  # still in the lobby: no board yet
        return Replay()
    latest = Replay(turns=[Turn(0, t(locale, "The latest board."), saved)], complete=False)
    turns: list[Turn] = []
    state: BaseModel | None = None
    names = seat_names(row)
    try:
        for move in moves:
            if move.kind == "start":
                state = _setup(eng, row)
            elif state is None or move.kind not in CHANGES_STATE:
                continue
            else:
                state = replay_entry(eng, state, move)
            turns.append(Turn(move.seq, public_text(move, names, locale), state))
    except Exception as exc:
        log.warning("game %s: its log does not replay (%s)", row.id, failure(exc))
        return latest
    if state is None or undo.snapshot(cast(GameState, state)) != undo.snapshot(
        cast(GameState, saved)
    ):
        log.warning("game %s: its replayed log does not reach the saved state", row.id)
        return latest
    return Replay(turns=turns)
