"""Numbered state migrations: step N turns a saved state of schema version N into N + 1.

A step works on the state's JSON (a dict), never on the model, so it keeps working after the
model moves on. Add a step (and raise ``MonopolyState.schema_version``) whenever the state's
shape or meaning changes; never edit a step that has shipped.
"""

from __future__ import annotations

from typing import Any

from engines.core import Migration
from engines.monopoly.data import GROUPS
from engines.monopoly.property import even_order
from engines.monopoly.setup import deal_figures


def deal_missing_figures(state: dict[str, Any]) -> dict[str, Any]:
    """0 -> 1: games saved before figures existed have none; each player gets one, dealt as at
    setup with nobody having picked (from the game's seed, on a stream of its own, so the
    dice and decks to come are unchanged)."""
    if not state.get("figures"):
        state["figures"] = deal_figures(list(state["players"]), {}, int(state["rng"]["seed"]))
    return state


def record_who_rolled(state: dict[str, Any]) -> dict[str, Any]:
    """1 -> 2: the state now names who made the last roll. A game saved while its current
    player was still moving (or about to roll again after doubles) shows that player's roll;
    otherwise the roller is not known and the board shows the dice without a name."""
    stage_is_move = state.get("stage") == "move" or state.get("again")
    if state.get("dice") and stage_is_move:
        state["roller"] = state["players"][int(state.get("turn", 0))]
    else:
        state["roller"] = None
    return state


def record_building_order(state: dict[str, Any]) -> dict[str, Any]:
    """2 -> 3: buildings are sold in the reverse of the order they were bought, so the state
    now keeps that order. A saved game never kept it: each group's buildings are taken as
    built layer by layer, each layer in board order (an order the even-building rule allows),
    the groups in board order."""
    level = {int(i): int(n) for i, n in state.get("level", {}).items()}
    state["bought"] = [i for group in GROUPS.values() for i in even_order(level, group)]
    return state


def record_the_end(state: dict[str, Any]) -> dict[str, Any]:
    """3 -> 4: the end of the game was read from ``winners`` being set; every game now stores
    ``over``, and ``winners`` is a list from the start (empty while the game runs)."""
    winners = state.get("winners")
    state["over"] = winners is not None
    state["winners"] = winners if winners is not None else []
    return state


def keep_open_bidding(state: dict[str, Any]) -> dict[str, Any]:
    """4 -> 5: auctions now ask every bidder once for their limit and bid for them. An auction
    saved while it ran was opened for bidding in turn and may have bids and passes already: it
    ends as it began, open (``Auction.open``); the next auction asks for limits."""
    a = state.get("auction")
    if a is not None:
        a["open"] = True
        a["limits"] = {}
    return state


def keep_the_last_turn(state: dict[str, Any]) -> dict[str, Any]:
    """5 -> 6: the state now keeps what the turn so far and the last turn changed, and how
    each bankrupt player went out. A saved game has kept none of it: the board shows no last
    turn until the next turn ends, and its bankrupt players' ends are not known."""
    state.setdefault("this_turn", None)
    state.setdefault("last_turn", None)
    state.setdefault("fates", {})
    return state


def keep_words_as_data(state: dict[str, Any]) -> dict[str, Any]:
    """6 -> 7: the state keeps its words as data, so each reader reads them in their own
    language: the log's lines as messages, each bankrupt player's fate as facts, each turn's
    notes as facts. A saved game's log lines and fates were kept as English and read as they
    were; its turn notes were short English words, which the board no longer reads: the board
    shows no last turn until the next turn changes something."""
    state["log"] = [
        {"english": line} if isinstance(line, str) else line for line in state.get("log", [])
    ]
    state["fates"] = {
        p: {"english": fate} if isinstance(fate, str) else fate
        for p, fate in state.get("fates", {}).items()
    }
    for key in ("this_turn", "last_turn"):
        record = state.get(key)
        if record is not None and any(len(n) != 3 for n in record.get("notes", [])):
            state[key] = None
    return state


MIGRATIONS: list[Migration] = [
    deal_missing_figures,
    record_who_rolled,
    record_building_order,
    record_the_end,
    keep_open_bidding,
    keep_the_last_turn,
    keep_words_as_data,
]
