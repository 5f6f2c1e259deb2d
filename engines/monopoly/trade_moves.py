"""A trade's moves: how their ids name the partner, which ones a player has (start, draft,
propose, answer), why one is refused, and what each does. The trade itself (its checks, its
wording, its exchange) is :mod:`engines.monopoly.trade`.

Ids: ``trade:seat:2`` (start a trade with the player in seat 2) and the ``tr:*`` steps.
"""

from __future__ import annotations

from functools import cache, lru_cache, partial

from engines.core import Action, Amount, Event, IllegalAction
from engines.monopoly import trade
from engines.monopoly.money import say, tell
from engines.monopoly.offered import MANAGE, NORMAL, act, name
from engines.monopoly.property import LOCATION_GROUP, built_groups, properties_of, spendable
from engines.monopoly.state import MonopolyState, Trade

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
    raise IllegalAction(f"There is no seat {key[:40]} in this game.")


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
    return _act(f"tr:give:{i}", f"{verb} {name(i)}", verb, private=True)


@cache
def _take(i: int, verb: str) -> Action:
    return _act(f"tr:take:{i}", f"{verb} {name(i)}", verb.split()[0], private=True)


def answers(s: MonopolyState) -> list[Action]:
    """The partner's answer to a proposed trade: accept or decline."""
    t = s.trade
    assert t is not None and t.proposed
    return [
        _describing(t, "tr:yes", "Accept: ", "Accept"),
        _act("tr:no", f"Decline {t.proposer}'s trade", "Decline"),
    ]


def _describing(t: Trade, id_: str, lead: str, kind: str, *, private: bool = False) -> Action:
    """A move whose label words the whole trade: worded only when something reads it (a search
    lists every move at every step and reads only ids)."""
    return Action(
        id=id_,
        label=lambda: f"{lead}{trade.describe(t)}"[:80],
        role=NORMAL,
        do=do,
        kind=kind,
        private=private,
    )


def trade_actions(
    s: MonopolyState, player: str, built: set[str | None] | None = None
) -> list[Action]:
    """The trade moves ``player`` has besides an answer: start one, or draft, propose or drop
    their own; ``built`` are the groups with buildings (:func:`property.built_groups`)."""
    t = s.trade
    if t is None:
        return [
            _act(
                f"{TRADE_WITH}{player_key(s, p)}",
                f"Start a trade with {p}",
                "Start",
                private=True,
                menu=MANAGE,
            )
            for p in s.alive
            if p != player
        ]
    if t.proposer != player:
        return []
    if t.proposed:
        return [_act("tr:cancel", "Withdraw your trade offer", "Withdraw")]
    out = []  # drafting happens in the drafter's private panel; the table sees the offer
    # property.tradable: only unimproved property changes hands
    built = built_groups(s) if built is None else built
    for i in properties_of(s, player):
        if LOCATION_GROUP.get(i) not in built:
            out.append(_give(i, "Remove" if i in t.give else "Offer"))
    for i in properties_of(s, t.partner):
        if LOCATION_GROUP.get(i) not in built:
            out.append(_take(i, "Stop asking for" if i in t.take else "Ask for"))
    for c in s.cards.get(player, []):
        verb = "Remove" if c in t.give_cards else "Offer"
        out.append(_act(f"tr:gcard:{c}", f"{verb} your {trade.card_label(c)}", verb, private=True))
    for c in s.cards.get(t.partner, []):
        verb = "Stop asking for" if c in t.take_cards else "Ask for"
        label = f"{verb} {t.partner}'s {trade.card_label(c)}"
        out.append(_act(f"tr:tcard:{c}", label, verb.split()[0], private=True))
    mine, theirs = spendable(s, player), spendable(s, t.partner)
    for step in trade.CASH_STEPS:
        if t.cash + step <= mine:
            out.append(_cash_step("pay", step, t.cash))
        if -(t.cash - step) <= theirs:
            out.append(_cash_step("ask", step, t.cash))
    if trade.problem(s, t) is None:
        out.append(
            _describing(t, "tr:propose", f"Propose to {t.partner}: ", "Propose", private=True)
        )
    out.append(_act("tr:cancel", "Cancel this trade draft", "Cancel", private=True))
    return out


@lru_cache(maxsize=4096)
def _cash_step(way: str, step: int, cash: int) -> Action:
    """A fixed step of a trade draft's cash: offer (``pay``) or ask ``step`` more than ``cash``."""
    if way == "pay":
        label, kind, then = f"Offer {step} more shmeckles (now {cash:+})", "Offer", cash + step
    else:
        label, kind, then = f"Ask {step} more shmeckles (now {cash:+})", "Ask", cash - step
    return _act(f"tr:{way}:{step}", label, kind, private=True, step_of=_cash_move(then))


def cash_moves(s: MonopolyState, player: str) -> list[Action]:
    """While ``player`` drafts a trade: the cash they offer or ask for, typed (set outright, up
    to what either side can raise)."""
    t = s.trade
    if t is None or t.proposer != player or t.proposed:
        return []
    now = _cash_now(t.cash)
    return [
        Action(
            id=OFFER_CASH,
            label=f"Offer shmeckles (type an amount; {now})",
            role=NORMAL,
            do=do,
            kind="Offer",
            private=True,
            amount=Amount(low=0, high=spendable(s, player), made="Offer {n} shmeckles"),
        ),
        Action(
            id=ASK_CASH,
            label=f"Ask for shmeckles (type an amount; {now})",
            role=NORMAL,
            do=do,
            kind="Ask",
            private=True,
            amount=Amount(low=0, high=spendable(s, t.partner), made="Ask for {n} shmeckles"),
        ),
    ]


def _cash_move(cash: int) -> str:
    """The typed trade-cash move that sets the draft's cash to ``cash`` (>0: offered)."""
    return f"{OFFER_CASH}:{cash}" if cash >= 0 else f"{ASK_CASH}:{-cash}"


def _cash_now(cash: int) -> str:
    if cash > 0:
        return f"you offer {cash} now"
    if cash < 0:
        return f"you ask for {-cash} now"
    return "no cash in it now"


# -- refusing and doing -------------------------------------------------------------------
def refusal(s: MonopolyState, player: str, action_id: str) -> str | None:
    """Why a trade move is refused when another trade stands in the way or its partner cannot
    trade; None when the reason lies elsewhere."""
    verb = action_id.partition(":")[0]
    t = s.trade
    if verb in ("trade", "tr") and t is not None and t.proposer != player:
        if not t.proposed:  # a draft is its drafter's: not even its partner is named
            return "Another player is drafting a trade; wait until it is proposed or dropped."
        if player == t.partner:
            return f"Answer {t.proposer}'s trade first (accept or decline)."
        return f"{t.proposer} is already trading with {t.partner}; wait for that trade to end."
    if action_id.startswith(TRADE_WITH) and t is None:
        try:
            partner = player_from_key(s, action_id[len(TRADE_WITH) :])
        except IllegalAction as exc:
            return exc.reason
        if partner == player:
            return "You cannot trade with yourself."
        if partner in s.bankrupt:
            return f"{partner} is bankrupt and out of the game."
    return None


def do(s: MonopolyState, player: str, action_id: str, ev: list[Event]) -> None:
    """Carry out a legal trade move: the handler every trade move carries."""
    verb, _, rest = action_id.partition(":")
    if verb == "trade":
        s.trades_this_turn += 1
        trade.start(s, ev, player, player_from_key(s, action_id[len(TRADE_WITH) :]))
        return
    t = s.trade
    assert verb == "tr" and t is not None
    kind, _, arg = rest.partition(":")
    if kind == "yes":
        trade.accept(s, ev)
    elif kind == "no":
        s.trade = None
        say(s, ev, f"{player} declines {t.proposer}'s trade.", "trade")
    elif kind == "cancel":
        s.trade = None
        if t.proposed:
            say(s, ev, f"{player} cancels the trade.", "trade")
        else:
            tell(ev, player, "You drop your trade draft.")
    elif kind == "propose":
        t.proposed = True
        say(s, ev, f"{player} proposes to {t.partner}: {trade.describe(t)}.", "trade")
    elif kind in ("give", "take"):
        bucket = t.give if kind == "give" else t.take
        i = int(arg)
        if i in bucket:
            bucket.remove(i)
        else:
            bucket.append(i)
    elif kind in ("gcard", "tcard"):
        cards = t.give_cards if kind == "gcard" else t.take_cards
        if arg in cards:
            cards.remove(arg)
        else:
            cards.append(arg)
    elif kind == "offer":
        t.cash = int(arg)
    elif kind == "want":
        t.cash = -int(arg)
    elif kind == "pay":
        t.cash += int(arg)
    elif kind == "ask":
        t.cash -= int(arg)


#: every trade move carries :func:`do`, all of them of the normal role
_act = partial(act, do, role=NORMAL)
