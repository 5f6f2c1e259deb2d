"""Action ids, their labels, and what each one does.

Ids are short and stable: ``roll``, ``pay``, ``usecard:s09``, ``buy``, ``auction``, ``bid:10``,
``pass``, ``limit:0``, ``limit:to:150``, ``place:39``, ``keep:5``, ``build:39``, ``sell:39``, ``mortgage:5``, ``lift:5``,
``rent:5``, ``bankrupt``; the trade moves (``trade:seat:2``, ``tr:*``) are
:mod:`engines.monopoly.trade_moves`, listed here among the others.
"""

from __future__ import annotations

from functools import cache, partial

from engines.core import Action, Amount, Event, IllegalAction
from engines.monopoly import auction, movement, trade, trade_moves
from engines.monopoly.auction import lowest_limit
from engines.monopoly.data import JAIL_FINE, SPACES
from engines.monopoly.money import announce, charge, go_bankrupt, note, settling, transfer
from engines.monopoly.offered import DESTRUCTIVE, KINDS, MAIN, MANAGE, NORMAL, act
from engines.monopoly.offered import name as _name
from engines.monopoly.property import (
    LOCATION_GROUP,
    built_groups,
    can_build_here,
    can_lift,
    can_mortgage,
    can_raise,
    can_sell_here,
    fee,
    group_of,
    is_box,
    level_down_target,
    lift_cost,
    next_item,
    owns_group,
    properties_of,
    spendable,
)
from engines.monopoly.state import MonopolyState
from engines.monopoly.words import BOX, STILT, creditor, group_name, listed
from i18n.say import Say, marked, say

VERBS = frozenset(
    [
        "roll",
        "pay",
        "usecard",
        "buy",
        "auction",
        "bid",
        "pass",
        "limit",
        "place",
        "keep",
        "build",
        "sell",
        "mortgage",
        "lift",
        "rent",
        "bankrupt",
        "trade",
        "tr",
    ]
)


#: the typed-amount move of an open auction: a bid (the new highest bid)
BID_TO = "bid:to"
#: the typed-amount move of an auction of limits: the most the bidder will pay
LIMIT_TO = "limit:to"
#: the limits a bot may answer with, as parts of what is auctioned (its price, or its
#: building's cost): quarters from a half to one and a half
LIMIT_STEPS = (2, 3, 4, 5, 6)


# the free actions on one property read alike in every game: each is worded once
@cache
def _build(i: int, word: Say) -> Action:
    return _act(
        f"build:{i}",
        say(
            "Build a {item} on {space} ({cost})",
            item=word,
            space=_name(i),
            cost=SPACES[i].build_cost or 0,
        ),
        "Build",
        NORMAL,
        menu=MANAGE,
    )


@cache
def _mortgage(i: int) -> Action:
    return _act(
        f"mortgage:{i}",
        say("Mortgage {space} (+{amount})", space=_name(i), amount=SPACES[i].mortgage_value),
        "Mortgage",
        NORMAL,
        menu=MANAGE,
    )


@cache
def _lift(i: int) -> Action:
    return _act(
        f"lift:{i}",
        say("Lift the mortgage on {space} (-{amount})", space=_name(i), amount=lift_cost(i)),
        "Lift",
        NORMAL,
        menu=MANAGE,
    )


@cache
def _sell_down(i: int, target: int) -> Action:
    label = say(
        "Sell the {group} group down to {n} stilts each",
        group=group_name(SPACES[i].group),
        n=target,
    )
    return _act(f"sell:{i}", label, "Sell", NORMAL, menu=MANAGE)


@cache
def _sell_one(i: int, box: bool) -> Action:
    half = (SPACES[i].build_cost or 0) // 2
    if box:
        label = say("Sell a box on {space} (+{amount})", space=_name(i), amount=half)
    else:
        label = say("Sell a stilt on {space} (+{amount})", space=_name(i), amount=half)
    return _act(f"sell:{i}", label, "Sell", NORMAL, menu=MANAGE)


# -- listing ------------------------------------------------------------------------------
def awaited_actions(s: MonopolyState, player: str, awaited: list[str]) -> list[Action]:
    """The decision the game waits for from ``player`` (empty if it waits for someone else).
    ``awaited[0]`` is the one main decision (with every bidder asked for a limit at once);
    any others are owners who may ask for rent."""
    if player in auction.unanswered(s) and player in awaited and _auction_first(s):
        return _limit_moves(s, player)
    if not awaited or player != awaited[0]:
        return []
    deal = s.trade
    if deal and deal.proposed:
        return trade_moves.answers(s)
    if s.debts:
        d = s.debts[0]
        out = []
        if can_raise(s, player) < d.amount:
            out.append(
                _act(
                    "bankrupt",
                    say("Declare bankruptcy (owe {amount})", amount=d.amount),
                    "Declare",
                    DESTRUCTIVE,
                )
            )
        return out
    if s.fee_choices:
        f = s.fee_choices[0]
        out = [
            _act(
                f"keep:{f.space}",
                say(
                    "Keep {space} mortgaged: pay 10% ({amount})",
                    space=_name(f.space),
                    amount=fee(f.space),
                ),
                "Keep mortgaged",
                NORMAL,
            )
        ]
        return out
    a = s.auction
    if a:
        out = [
            _act(
                f"bid:{step}",
                say("Bid {amount} (+{step})", amount=a.high + step, step=step),
                "Bid",
                NORMAL,
                step_of=f"{BID_TO}:{a.high + step}",
            )
            for step in auction.BID_STEPS
            if a.high + step <= s.cash[player]
        ]
        out.append(_PASS)
        return out
    if s.placement:
        item = s.placement.item
        return [
            _act(
                f"place:{i}",
                (
                    say("Place the box on {space}", space=_name(i))
                    if item == "box"
                    else say("Place the stilt on {space}", space=_name(i))
                ),
                "Place",
                NORMAL,
            )
            for i in auction.buildable_free(s, player, item)
        ]
    if s.offer is not None:
        sp = SPACES[s.offer]
        out = []
        if s.cash[player] >= (sp.price or 0):
            out.append(_buy(s.offer))
        out.append(_auction(s.offer))
        return out
    if player in s.jail:
        out = [_ROLL_FOR_DOUBLES]
        if s.cash[player] >= JAIL_FINE:
            out.append(_PAY_FINE)
        for c in dict.fromkeys(s.cards.get(player, [])):
            out.append(_use_card(c))
        return out
    return [_ROLL]


def _auction_first(s: MonopolyState) -> bool:
    """Whether the auction is the decision waited for (nothing of higher priority pends)."""
    return not (s.trade and s.trade.proposed) and not s.debts and not s.fee_choices


def _limit_moves(s: MonopolyState, player: str) -> list[Action]:
    """Not bidding, and (for bots and ``/play``) a few limits in quarters of the item's value
    that stand for the typed amount; panels offer the typed amount instead."""
    a = s.auction
    assert a is not None
    value = _item_value(a.item, a.space)
    low, cash = lowest_limit(a, player), s.cash[player]
    steps = sorted({value * q // 4 for q in LIMIT_STEPS} | {cash})
    out = [
        _act(
            f"limit:{n}",
            say("Bid up to {amount}", amount=n),
            "Bid",
            NORMAL,
            step_of=f"{LIMIT_TO}:{n}",
        )
        for n in steps
        if low <= n <= cash
    ]
    # the asker of a shortage auction who does not bid more stays at the cost they asked at
    out.append(_NO_BID)
    return out


def _item_value(item: str, space: int) -> int:
    return (SPACES[space].price if item == "space" else SPACES[space].build_cost) or 1


def free_actions(s: MonopolyState, player: str) -> list[Action]:
    """What the rules let a player do at any time, in turn or not, even in jail. Once the quick
    game has had its bankruptcy, only a player paying the fee on mortgaged property received may
    still act, and only to pay it: lift, or sell and mortgage to raise it."""
    out: list[Action] = []
    debtor = bool(s.debts) and s.debts[0].debtor == player
    ending = settling(s)
    if ending and not (debtor or any(f.player == player for f in s.fee_choices)):
        return out
    mine = properties_of(s, player)
    built = built_groups(s)
    # no building while the Bank is auctioning or a won building waits to be placed
    if not debtor and not ending and s.auction is None and s.placement is None:
        whole: dict[str | None, bool] = {}  # the player owns the whole group, by group
        for i in mine:
            # the cheap conditions first: the refusals word a reason nobody reads here
            sp = SPACES[i]
            if sp.kind != "location":
                continue
            owns = whole.get(sp.group)
            if owns is None:
                owns = whole[sp.group] = owns_group(s, player, i)
            if owns and can_build_here(s, player, i, words=False) is None:
                out.append(_build(i, BOX if next_item(s, i) == "box" else STILT))
    level = s.level
    for i in mine:
        if level and level.get(i, 0) and can_sell_here(s, player, i, words=False) is None:
            if is_box(s, i) and s.bank_stilts < s.max_stilts:
                out.append(_sell_down(i, level_down_target(s, i)))
            else:
                out.append(_sell_one(i, is_box(s, i)))
    mortgaged = s.mortgaged
    for i in mine:
        # can_mortgage's conditions, the player owning ``i``: not mortgaged, no buildings
        if i not in mortgaged and LOCATION_GROUP.get(i) not in built:
            out.append(_mortgage(i))
    if not debtor:
        cash = spendable(s, player)
        for i in mine:
            # can_lift's conditions, the player owning ``i``: mortgaged, the cost affordable
            if i in mortgaged and cash >= lift_cost(i):
                out.append(_lift(i))
        for c in s.claims:
            if c.owner == player:
                out.append(
                    _act(
                        f"rent:{c.space}",
                        say(
                            "Ask {player} for {amount} rent ({space})",
                            player=c.payer,
                            amount=c.amount,
                            space=_name(c.space),
                        ),
                        "Ask",
                        NORMAL,
                    )
                )
    if not ending:
        out.extend(trade_moves.trade_actions(s, player, built))
    return out


def amount_moves(s: MonopolyState, player: str, awaited: list[str]) -> list[Action]:
    """The moves whose number the player types: the most they will pay when an auction asks
    them (or raising it while others are still to answer), their bid in an open auction (any
    amount above the highest bid they can pay), and while drafting a trade, the cash they offer
    or ask for (set outright, up to what either side can raise)."""
    if s.over or player not in s.players or player in s.bankrupt:
        return []
    out: list[Action] = []
    a = s.auction
    steps = {x.step_of.rpartition(":")[0] for x in awaited_actions(s, player, awaited) if x.step_of}
    asked = LIMIT_TO in steps
    raising = a is not None and player in a.limits and bool(auction.unanswered(s))
    if a is not None and (asked or raising) and lowest_limit(a, player) <= s.cash[player]:
        low = lowest_limit(a, player)
        if raising:
            label = say("Bid up to (raise the most you will pay, at least {low})", low=low)
        else:
            label = say("Bid up to (the most you will pay, at least {low})", low=low)
        out.append(
            Action(
                id=LIMIT_TO,
                label=label,
                role=NORMAL if raising else MAIN,
                do=do,
                kind=KINDS["Bid"],
                amount=Amount(low=low, high=s.cash[player], made=marked("Bid up to {n}")),
            )
        )
    if a is not None and BID_TO in steps:
        low = a.high + 1
        out.append(
            Action(
                id=BID_TO,
                label=say("Bid (type an amount, at least {low})", low=low),
                role=MAIN,
                do=do,
                kind=KINDS["Bid"],
                amount=Amount(low=low, high=s.cash[player], made=marked("Bid {n}")),
            )
        )
    out.extend(trade_moves.cash_moves(s, player))
    return out


def legal(s: MonopolyState, player: str, awaited: list[str]) -> list[Action]:
    if s.over or player not in s.players or player in s.bankrupt:
        return []
    unique: dict[str, Action] = {}
    for a in awaited_actions(s, player, awaited) + free_actions(s, player):
        unique.setdefault(a.id, a)  # the first of two moves with one id
    return list(unique.values())


# -- doing --------------------------------------------------------------------------------
def explain(s: MonopolyState, player: str, action_id: str, awaited: list[str]) -> str:
    """A reason a person can read for refusing ``action_id``."""
    verb, _, rest = action_id.partition(":")
    if settling(s) and verb not in ("sell", "mortgage", "lift", "keep", "bankrupt"):
        owing = list(dict.fromkeys(f.player for f in s.fee_choices)) or (
            [s.debts[0].debtor] if s.debts else []
        )
        if not owing:
            return say("The quick game is over: only the count remains.")
        return say(
            "The quick game is over: only {players}'s 10% fee on mortgaged property received "
            "remains before the count.",
            players=listed(owing),
        )
    if rest.isdigit() and 0 <= int(rest) < 40:
        i = int(rest)
        if verb == "build":
            if s.auction is not None or s.placement is not None:
                return say(
                    "No building while the Bank is auctioning or a won building waits to be placed."
                )
            return can_build_here(s, player, i) or say("You cannot build now.")
        if verb == "sell":
            return can_sell_here(s, player, i) or say("You cannot sell now.")
        if verb == "mortgage":
            return can_mortgage(s, player, i) or say("You cannot mortgage now.")
        if verb == "lift":
            return can_lift(s, player, i) or say("You cannot lift that mortgage now.")
    if s.debts and s.debts[0].debtor == player:
        d = s.debts[0]
        if action_id == "bankrupt":
            return say(
                "You can still raise {amount} shmeckles by selling buildings or mortgaging: "
                "bankruptcy only when you cannot pay.",
                amount=d.amount,
            )
        return say(
            "You owe {amount} to {creditor}: sell buildings, mortgage or trade first.",
            amount=d.amount,
            creditor=creditor(d.creditor),
        )
    why = trade_moves.refusal(s, player, action_id)
    if why is not None:
        return why
    if (not awaited or player != awaited[0]) and verb in (
        "roll",
        "buy",
        "auction",
        "bid",
        "pass",
        "pay",
        "usecard",
    ):
        if not awaited:
            return say("The game is waiting for nobody, not you.")
        return say("The game is waiting for {player}, not you.", player=awaited[0])
    return say("'{move}' is not a move you can make now.", move=action_id[:40])


def do(s: MonopolyState, player: str, action_id: str, ev: list[Event]) -> None:
    """Carry out a legal action (already checked against the legal list): the handler every
    Monopoly move carries, by the verb its id starts with."""
    verb, _, rest = action_id.partition(":")
    num = int(rest) if rest.isdigit() else -1
    if verb == "roll":
        movement.roll(s, ev, player)
    elif verb == "pay":
        movement.pay_jail_fine(s, ev, player)
    elif verb == "usecard":
        movement.use_jail_card(s, ev, player, rest)
    elif verb == "buy":
        i = s.offer
        assert i is not None
        s.offer = None
        transfer(s, player, None, SPACES[i].price or 0)
        s.owner[i] = player
        announce(
            s,
            ev,
            say(
                "{player} buys {space} for {price}.",
                player=player,
                space=_name(i),
                price=SPACES[i].price or 0,
            ),
            "buy",
        )
        note(s, player, "bought", str(i), i)
    elif verb == "auction":
        i = s.offer
        assert i is not None
        s.offer = None
        announce(s, ev, say("{player} does not buy {space}.", player=player, space=_name(i)))
        auction.start_property_auction(s, ev, i, player)
    elif verb == "bid":
        a = s.auction
        assert a is not None
        # a typed bid ("bid:to:N") is the new highest bid; a fixed step raises it by that much
        auction.bid(s, ev, player, int(rest[3:]) - a.high if rest.startswith("to:") else num)
    elif verb == "pass":
        auction.pass_bid(s, ev, player)
    elif verb == "limit":
        auction.set_limit(s, ev, player, int(rest[3:]) if rest.startswith("to:") else num)
    elif verb == "place":
        s.placement = None
        auction.place(s, ev, player, num, paid=True, reserved=True)
    elif verb == "keep":
        s.fee_choices = [f for f in s.fee_choices if not (f.player == player and f.space == num)]
        charge(
            s,
            ev,
            player,
            None,
            fee(num),
            say("10% fee to keep {space} mortgaged", space=_name(num)),
        )
    elif verb == "build":
        item = next_item(s, num)
        if auction.is_shortage(s, item):
            auction.start_shortage_auction(s, ev, player, num)
        else:
            auction.place(s, ev, player, num, paid=False)
    elif verb == "sell":
        _sell(s, ev, player, num)
    elif verb == "mortgage":
        s.mortgaged.append(num)
        s.mortgaged.sort()
        transfer(s, None, player, SPACES[num].mortgage_value)
        announce(
            s,
            ev,
            say(
                "{player} mortgages {space} for {amount}.",
                player=player,
                space=_name(num),
                amount=SPACES[num].mortgage_value,
            ),
            "mortgage",
        )
        note(s, player, "mortgaged", str(num), num)
    elif verb == "lift":
        s.mortgaged.remove(num)
        transfer(s, player, None, lift_cost(num))
        s.fee_choices = [f for f in s.fee_choices if not (f.player == player and f.space == num)]
        announce(
            s,
            ev,
            say(
                "{player} lifts the mortgage on {space} for {amount}.",
                player=player,
                space=_name(num),
                amount=lift_cost(num),
            ),
            "mortgage",
        )
        note(s, player, "unmortgaged", str(num), num)
    elif verb == "rent":
        claim = next(c for c in s.claims if c.owner == player and c.space == num)
        s.claims.remove(claim)
        charge(s, ev, claim.payer, player, claim.amount, say("rent on {space}", space=_name(num)))
    elif verb == "bankrupt":
        go_bankrupt(s, ev, player, s.debts[0].creditor)
    elif verb in ("trade", "tr"):
        trade_moves.do(s, player, action_id, ev)
    else:
        raise IllegalAction(say("'{move}' is not a move you can make now.", move=action_id[:40]))


#: every move listed here carries :func:`do`
_act = partial(act, do)


# the moves that read the same in every game, worded once
_PASS = _act("pass", say("Pass (final)"), "No bid", NORMAL)
_ROLL_FOR_DOUBLES = _act("roll", say("Roll for doubles"), "Roll", MAIN)
_ROLL = _act("roll", say("Roll the dice"), "Roll", MAIN)
_NO_BID = _act("limit:0", say("Do not bid"), "No bid", NORMAL)
_PAY_FINE = _act("pay", say("Pay {amount} to leave jail", amount=JAIL_FINE), "Pay", NORMAL)


@cache
def _buy(i: int) -> Action:
    sp = SPACES[i]
    return _act(
        "buy", say("Buy {space} for {price}", space=sp.name, price=sp.price or 0), "Buy", NORMAL
    )


@cache
def _auction(i: int) -> Action:
    return _act("auction", say("Auction {space}", space=SPACES[i].name), "Auction", NORMAL)


@cache
def _use_card(c: str) -> Action:
    return _act(f"usecard:{c}", say("Use {card}", card=trade.card_label(c)), "Use", NORMAL)


def _sell(s: MonopolyState, ev: list[Event], player: str, i: int) -> None:
    half = (SPACES[i].build_cost or 0) // 2
    k = s.max_stilts
    if is_box(s, i) and s.bank_stilts < k:
        target = level_down_target(s, i)
        total = 0
        for j in group_of(i):
            lvl = s.level.get(j, 0)
            if lvl > k:
                s.bank_boxes += 1
                s.bank_stilts -= target
            else:
                s.bank_stilts += lvl - target
            total += (lvl - target) * half
            _set_level(s, j, target)
        _keep_first_bought(s, group_of(i), target)
        transfer(s, None, player, total)
        announce(
            s,
            ev,
            say(
                "{player} sells the {group} group down to {n} stilts each (+{amount}).",
                player=player,
                group=group_name(SPACES[i].group),
                n=target,
                amount=total,
            ),
            "build",
        )
        note(s, player, "sold", str(i), *group_of(i))
        return
    if is_box(s, i):
        s.bank_boxes += 1
        s.bank_stilts -= k
        _set_level(s, i, k)
        word = BOX
    else:
        s.bank_stilts += 1
        _set_level(s, i, s.level[i] - 1)
        word = STILT
    _unbuy_last(s, i)
    transfer(s, None, player, half)
    announce(
        s,
        ev,
        say(
            "{player} sells a {item} on {space} (+{amount}).",
            player=player,
            item=word,
            space=_name(i),
            amount=half,
        ),
        "build",
    )
    note(s, player, "sold", str(i), i)


def _unbuy_last(s: MonopolyState, i: int) -> None:
    """Forget the last building bought on ``i`` (the one just sold)."""
    for k in range(len(s.bought) - 1, -1, -1):
        if s.bought[k] == i:
            del s.bought[k]
            return


def _keep_first_bought(s: MonopolyState, group: list[int], target: int) -> None:
    """A group sold down to ``target`` on every location keeps the ``target`` buildings bought
    first on each (the later ones were sold, in reverse order)."""
    seen: dict[int, int] = {}
    kept = []
    for i in s.bought:
        if i in group:
            seen[i] = seen.get(i, 0) + 1
            if seen[i] > target:
                continue
        kept.append(i)
    s.bought = kept


def _set_level(s: MonopolyState, i: int, lvl: int) -> None:
    if lvl:
        s.level[i] = lvl
    else:
        s.level.pop(i, None)
