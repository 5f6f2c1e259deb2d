"""The questions Monopoly asks a player again and again whose answer they may know for the
whole game: a trade offered to them, the jail fine, a jail card, an auction, the 10% fee on
mortgaged property received (see :mod:`engines.standing`)."""

from __future__ import annotations

from typing import Any

from engines.monopoly.actions import legal
from engines.monopoly.flow import awaited
from engines.monopoly.state import MonopolyState
from engines.standing import StandingAnswer
from i18n.say import say

DECLINE_ALL = "decline-trades"
DECLINE_FROM = "decline-trades-from:"  # + the proposer's seat number (1-based)
JAIL_PAY = "jail-pay"
JAIL_CARD = "jail-card"
NO_BIDS = "no-bids"
KEEP_FEE = "keep-mortgaged"


def _answer(**fields: Any) -> StandingAnswer:
    """A standing answer built without validation, so its words keep their
    :class:`i18n.say.Say` (worded for each reader from this game's catalogs; validation would
    keep only the English)."""
    return StandingAnswer.model_construct(**fields)


def offered(s: MonopolyState, player: str) -> list[StandingAnswer]:
    """Every standing answer ``player`` may give in this game."""
    out = [
        _answer(id=DECLINE_ALL, words=say("Decline every trade offer"), answers=("tr:no",)),
        *(
            _answer(
                id=f"{DECLINE_FROM}{seat}",
                words=say("Decline every trade offer from {player}", player=other),
                answers=("tr:no",),
            )
            for seat, other in enumerate(s.players, 1)
            if other != player
        ),
        _answer(id=JAIL_PAY, words=say("Pay the jail fine at once"), answers=("pay",)),
        _answer(
            id=JAIL_CARD,
            words=say("Use a Get Out of Jail Free card at once"),
            answers=("usecard",),
        ),
        _answer(id=NO_BIDS, words=say("Never bid at auctions"), answers=("limit:0",)),
        _answer(
            id=KEEP_FEE,
            words=say("Keep mortgaged property received mortgaged (pay the 10% fee)"),
            answers=("keep",),
        ),
    ]
    return out


def move(s: MonopolyState, player: str, answer_id: str) -> str | None:
    """The move ``answer_id`` makes for ``player`` now, if its question is asked of them."""
    main = awaited(s)
    if player not in main:
        return None
    ids = [a.id for a in legal(s, player, main)]
    t = s.trade
    offered_to_me = t is not None and t.proposed and t.partner == player and "tr:no" in ids
    if answer_id == DECLINE_ALL:
        return "tr:no" if offered_to_me else None
    if answer_id.startswith(DECLINE_FROM):
        seat = answer_id[len(DECLINE_FROM) :]
        if offered_to_me and t is not None and seat.isdigit():
            n = int(seat)
            if 1 <= n <= len(s.players) and s.players[n - 1] == t.proposer:
                return "tr:no"
        return None
    in_jail_to_roll = player in s.jail and main[0] == player and "roll" in ids
    if answer_id == JAIL_PAY:
        return "pay" if in_jail_to_roll and "pay" in ids else None
    if answer_id == JAIL_CARD:
        cards = [i for i in ids if i.startswith("usecard:")]
        return cards[0] if in_jail_to_roll and cards else None
    if answer_id == NO_BIDS:
        return "limit:0" if "limit:0" in ids else None
    if answer_id == KEEP_FEE:
        keeps = [i for i in ids if i.startswith("keep:")]
        return keeps[0] if keeps else None
    return None
