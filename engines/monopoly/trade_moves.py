"""A trade's moves: how their ids name the partner, which ones a player has (start, draft,
propose, answer), why one is refused, and what each does. The trade itself (its checks, its
wording, its exchange) is :mod:`engines.monopoly.trade`.

Ids: ``trade:seat:2`` (start a trade with the player in seat 2) and the ``tr:*`` steps.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache, partial

from engines.core import MAX_ACTION_LABEL, Action, Amount, Event, IllegalAction
from engines.monopoly import trade
from engines.monopoly.money import announce, tell
from engines.monopoly.offered import KINDS, MANAGE, NORMAL, act, name
from engines.monopoly.property import LOCATION_GROUP, built_groups, properties_of, spendable
from engines.monopoly.state import MonopolyState, Trade
from i18n.say import Say, marked, say

#: the typed-amount moves of a trade draft's cash, either way
OFFER_CASH, ASK_CASH = "tr:offer", "tr:want"

#: how a trade is started: ``trade:seat:<seat>`` (before seat numbers: ``trade:new:<key>``)
TRADE_WITH, LEGACY_TRADE_WITH = "trade:seat:", "trade:new:"


def player_key(s: MonopolyState, player: str) -> str:
    """How an action id names a player: their seat number (1-based), never their name, so no
    two players share a key (a player named "3" and the player in seat 3) and ids stay short
    ASCII whatever the display names are."""
    return str(s.players.index(player) + 1)


def player_from_key(s: MonopolyState, key: str) -> str:
    if key.isascii() and key.isdigit() and 1 <= int(key) <= len(s.players):
        return s.players[int(key) - 1]
    raise IllegalAction(say("There is no seat {seat} in this game.", seat=key[:40]))


def _legacy_key(s: MonopolyState, player: str) -> str:
    """How ids named a player before seat numbers: the name when short plain ASCII, else the
    seat. Kept only to read old move logs; never changes."""
    ok = player.isascii() and ":" not in player and " " not in player and len(player) <= 40
    return player if ok else str(s.players.index(player) + 1)


def current_id(s: MonopolyState, action_id: str) -> str:
    """``action_id`` as the engine words it now: an old ``trade:new:<key>`` from a saved move
    log becomes ``trade:seat:<seat>``, the key read as it was then (the first player, in seat
    order, it named); every other id is unchanged."""
    if not action_id.startswith(LEGACY_TRADE_WITH):
        return action_id
    key = action_id[len(LEGACY_TRADE_WITH) :]
    for p in s.players:
        if _legacy_key(s, p) == key:
            return TRADE_WITH + player_key(s, p)
    return action_id


# -- listing ------------------------------------------------------------------------------
@cache
def _give(i: int, verb: str) -> Action:
    """Offer a property of one's own, or take it back out of the draft (``verb`` "Remove")."""
    if verb == "Remove":
        label = say("Remove {space}", space=name(i))
    else:
        label = say("Offer {space}", space=name(i))
    return _act(f"tr:give:{i}", label, verb, private=True)


@cache
def _take(i: int, verb: str) -> Action:
    """Ask for a property of the partner's, or stop asking for it (``verb`` "Stop asking for")."""
    if verb == "Stop asking for":
        label = say("Stop asking for {space}", space=name(i))
    else:
        label = say("Ask for {space}", space=name(i))
    return _act(
        f"tr:take:{i}", label, "Stop asking" if verb.startswith("Stop") else "Ask", private=True
    )


@lru_cache(maxsize=256)
def _start_trade(key: str, partner: str) -> Action:
    return _act(
        f"{TRADE_WITH}{key}",
        say("Start a trade with {player}", player=partner),
        "Start",
        private=True,
        menu=MANAGE,
    )


def answers(s: MonopolyState) -> list[Action]:
    """The partner's answer to a proposed trade: accept or decline."""
    deal = s.trade
    assert deal is not None and deal.proposed
    return [
        _describing(
            deal,
            "tr:yes",
            lambda: say("Accept: {trade}", trade=trade.describe(deal)),
            lambda: say("Accept {player}'s trade", player=deal.proposer),
            "Accept",
        ),
        _act("tr:no", say("Decline {player}'s trade", player=deal.proposer), "Decline"),
    ]


def _describing(
    deal: Trade,
    id_: str,
    full: Callable[[], Say],
    short: Callable[[], Say],
    kind: str,
    *,
    private: bool = False,
) -> Action:
    """A move whose label words the whole trade (``full``; ``short`` where the English of the
    whole trade is longer than a label): worded only when something reads it (a search lists
    every move at every step and reads only ids)."""

    def label() -> Say:
        words = full()
        return words if len(words) <= MAX_ACTION_LABEL else short()

    return Action(
        id=id_,
        label=label,
        role=NORMAL,
        do=do,
        kind=KINDS.get(kind, kind),
        private=private,
    )


def trade_actions(
    s: MonopolyState, player: str, built: set[str | None] | None = None
) -> list[Action]:
    """The trade moves ``player`` has besides an answer: start one, or draft, propose or drop
    their own; ``built`` are the groups with buildings (:func:`property.built_groups`)."""
    deal = s.trade
    if deal is None:
        return [_start_trade(player_key(s, p), p) for p in s.alive if p != player]
    if deal.proposer != player:
        return []
    if deal.proposed:
        return [_WITHDRAW]
    out = []  # drafting happens in the drafter's private panel; the table sees the offer
    # property.tradable: only unimproved property changes hands
    built = built_groups(s) if built is None else built
    for i in properties_of(s, player):
        if LOCATION_GROUP.get(i) not in built:
            out.append(_give(i, "Remove" if i in deal.give else "Offer"))
    for i in properties_of(s, deal.partner):
        if LOCATION_GROUP.get(i) not in built:
            out.append(_take(i, "Stop asking for" if i in deal.take else "Ask for"))
    for c in s.cards.get(player, []):
        card = trade.card_label(c)
        if c in deal.give_cards:
            verb, label = "Remove", say("Remove your {card}", card=card)
        else:
            verb, label = "Offer", say("Offer your {card}", card=card)
        out.append(_act(f"tr:gcard:{c}", label, verb, private=True))
    for c in s.cards.get(deal.partner, []):
        card = trade.card_label(c)
        if c in deal.take_cards:
            label = say("Stop asking for {player}'s {card}", player=deal.partner, card=card)
            verb = "Stop asking"
        else:
            label = say("Ask for {player}'s {card}", player=deal.partner, card=card)
            verb = "Ask"
        out.append(_act(f"tr:tcard:{c}", label, verb, private=True))
    mine, theirs = spendable(s, player), spendable(s, deal.partner)
    for step in trade.CASH_STEPS:
        if deal.cash + step <= mine:
            out.append(_cash_step("pay", step, deal.cash))
        if -(deal.cash - step) <= theirs:
            out.append(_cash_step("ask", step, deal.cash))
    if trade.problem(s, deal) is None:
        out.append(
            _describing(
                deal,
                "tr:propose",
                lambda: say(
                    "Propose to {player}: {trade}", player=deal.partner, trade=trade.describe(deal)
                ),
                lambda: say("Propose this trade to {player}", player=deal.partner),
                "Propose",
                private=True,
            )
        )
    out.append(_CANCEL_DRAFT)
    return out


@lru_cache(maxsize=4096)
def _cash_step(way: str, step: int, cash: int) -> Action:
    """A fixed step of a trade draft's cash: offer (``pay``) or ask ``step`` more than ``cash``."""
    now = f"{cash:+}"  # the draft's cash as it stands, signed (an identifier: never grouped)
    if way == "pay":
        label = say("Offer {step} more shmeckles (now {now})", step=step, now=now)
        kind, then = "Offer", cash + step
    else:
        label = say("Ask {step} more shmeckles (now {now})", step=step, now=now)
        kind, then = "Ask", cash - step
    return _act(f"tr:{way}:{step}", label, kind, private=True, step_of=_cash_move(then))


def cash_moves(s: MonopolyState, player: str) -> list[Action]:
    """While ``player`` drafts a trade: the cash they offer or ask for, typed (set outright, up
    to what either side can raise)."""
    deal = s.trade
    if deal is None or deal.proposer != player or deal.proposed:
        return []
    now = _cash_now(deal.cash)
    return [
        Action(
            id=OFFER_CASH,
            label=say("Offer shmeckles (type an amount; {now})", now=now),
            role=NORMAL,
            do=do,
            kind=KINDS["Offer"],
            private=True,
            amount=Amount(low=0, high=spendable(s, player), made=marked("Offer {n} shmeckles")),
        ),
        Action(
            id=ASK_CASH,
            label=say("Ask for shmeckles (type an amount; {now})", now=now),
            role=NORMAL,
            do=do,
            kind=KINDS["Ask"],
            private=True,
            amount=Amount(
                low=0, high=spendable(s, deal.partner), made=marked("Ask for {n} shmeckles")
            ),
        ),
    ]


def _cash_move(cash: int) -> str:
    """The typed trade-cash move that sets the draft's cash to ``cash`` (>0: offered)."""
    return f"{OFFER_CASH}:{cash}" if cash >= 0 else f"{ASK_CASH}:{-cash}"


def _cash_now(cash: int) -> Say:
    if cash > 0:
        return say("you offer {amount} now", amount=cash)
    if cash < 0:
        return say("you ask for {amount} now", amount=-cash)
    return say("no cash in it now")


# -- refusing and doing -------------------------------------------------------------------
def refusal(s: MonopolyState, player: str, action_id: str) -> str | None:
    """Why a trade move is refused when another trade stands in the way or its partner cannot
    trade; None when the reason lies elsewhere."""
    verb = action_id.partition(":")[0]
    deal = s.trade
    if verb in ("trade", "tr") and deal is not None and deal.proposer != player:
        if not deal.proposed:  # a draft is its drafter's: not even its partner is named
            return say("Another player is drafting a trade; wait until it is proposed or dropped.")
        if player == deal.partner:
            return say("Answer {player}'s trade first (accept or decline).", player=deal.proposer)
        return say(
            "{player} is already trading with {partner}; wait for that trade to end.",
            player=deal.proposer,
            partner=deal.partner,
        )
    if action_id.startswith(TRADE_WITH) and deal is None:
        try:
            partner = player_from_key(s, action_id[len(TRADE_WITH) :])
        except IllegalAction as exc:
            return exc.reason
        if partner == player:
            return say("You cannot trade with yourself.")
        if partner in s.bankrupt:
            return say("{player} is bankrupt and out of the game.", player=partner)
    return None


def do(s: MonopolyState, player: str, action_id: str, ev: list[Event]) -> None:
    """Carry out a legal trade move: the handler every trade move carries."""
    verb, _, rest = action_id.partition(":")
    if verb == "trade":
        s.trades_this_turn += 1
        trade.start(s, ev, player, player_from_key(s, action_id[len(TRADE_WITH) :]))
        return
    deal = s.trade
    assert verb == "tr" and deal is not None
    kind, _, arg = rest.partition(":")
    if kind == "yes":
        trade.accept(s, ev)
    elif kind == "no":
        s.trade = None
        announce(
            s,
            ev,
            say("{player} declines {proposer}'s trade.", player=player, proposer=deal.proposer),
            "trade",
        )
    elif kind == "cancel":
        s.trade = None
        if deal.proposed:
            announce(s, ev, say("{player} cancels the trade.", player=player), "trade")
        else:
            tell(ev, player, say("You drop your trade draft."))
    elif kind == "propose":
        deal.proposed = True
        announce(
            s,
            ev,
            say(
                "{player} proposes to {partner}: {trade}.",
                player=player,
                partner=deal.partner,
                trade=trade.describe(deal),
            ),
            "trade",
        )
    elif kind in ("give", "take"):
        bucket = deal.give if kind == "give" else deal.take
        i = int(arg)
        if i in bucket:
            bucket.remove(i)
        else:
            bucket.append(i)
    elif kind in ("gcard", "tcard"):
        cards = deal.give_cards if kind == "gcard" else deal.take_cards
        if arg in cards:
            cards.remove(arg)
        else:
            cards.append(arg)
    elif kind == "offer":
        deal.cash = int(arg)
    elif kind == "want":
        deal.cash = -int(arg)
    elif kind == "pay":
        deal.cash += int(arg)
    elif kind == "ask":
        deal.cash -= int(arg)


#: every trade move carries :func:`do`, all of them of the normal role
_act = partial(act, do, role=NORMAL)
_WITHDRAW = _act("tr:cancel", say("Withdraw your trade offer"), "Withdraw offer")
_CANCEL_DRAFT = _act("tr:cancel", say("Cancel this trade draft"), "Cancel", private=True)
