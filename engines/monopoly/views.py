"""What a player or a spectator sees. Monopoly hides almost nothing (cash, deeds and Get Out of
Jail Free cards are on the table); the order of the two decks stays secret, and a trade draft is
its drafter's alone until proposed (nobody else's view, the board or the log shows it)."""

from __future__ import annotations

from pydantic import BaseModel

from engines.last_turn import LastTurn
from engines.monopoly import auction, trade
from engines.monopoly.actions import free_actions
from engines.monopoly.data import DECK_TITLES, FIGURES, SPACES
from engines.monopoly.flow import awaited
from engines.monopoly.money import settling
from engines.monopoly.property import is_box, properties_of, rent, worth_parts
from engines.monopoly.state import MonopolyState, Trade, TurnRecord


class SpaceView(BaseModel):
    index: int
    name: str
    #: the name as the board prints it (Tabletop's abbreviation where the name does not fit)
    short: str = ""
    kind: str
    group: str | None
    price: int | None
    owner: str | None = None
    stilts: int = 0
    box: bool = False
    mortgaged: bool = False


class PlayerView(BaseModel):
    name: str
    seat: int
    cash: int
    position: int
    in_jail: bool
    jail_cards: int
    #: which Get Out of Jail Free cards they hold: kept face up, so public (trades name them)
    jail_card_names: list[str] = []
    #: the figure's id and name (None in games saved before figures)
    figure: str | None = None
    figure_name: str | None = None
    properties: int
    bankrupt: bool
    #: net worth, public: cash + each property at its price (a mortgaged one at half, its
    #: mortgage value) + buildings at their cost (the quick game's count)
    worth: int
    #: its parts besides cash: properties at price (mortgaged at half), how many of them are
    #: mortgaged, and buildings at their cost
    estate: int = 0
    mortgaged: int = 0
    buildings: int = 0
    #: how a bankrupt player went out: when, owing what to whom, where their assets went
    fate: str = ""


class HandProperty(BaseModel):
    index: int
    name: str
    group: str | None
    price: int
    mortgaged: bool
    stilts: int
    box: bool
    rent: int  # what a lander pays now (utilities: per pip of a roll of 1, i.e. the multiplier)


class HandView(BaseModel):
    player: str
    cash: int
    properties: list[HandProperty]
    jail_cards: list[str]
    can_build: list[str]
    can_sell: list[str]
    can_mortgage: list[str]
    can_lift: list[str]


class AuctionView(BaseModel):
    item: str  # the property's name, or "flublet stilt" / "gublet box" in a shortage
    high: int
    high_bidder: str | None
    bidders: list[str]
    #: whom the auction waits for: the bidder to bid (open), or those still to give a limit
    to_bid: list[str]
    #: the viewer's own limit once given (never anyone else's: limits are private)
    my_limit: int | None = None


class TradeView(BaseModel):
    proposer: str
    partner: str
    text: str
    proposed: bool


class DebtView(BaseModel):
    debtor: str
    creditor: str | None
    amount: int
    reason: str


class MonopolyView(BaseModel):
    mode: str
    rent_mode: str
    taxes: dict[int, int]
    players: list[PlayerView]
    spaces: list[SpaceView]
    current: str | None
    awaiting: list[str]
    dice: list[int]
    #: who rolled ``dice``: after a turn passes, the dice still show the previous roll
    roller: str | None = None
    bank_stilts: int
    bank_boxes: int
    deck_counts: dict[str, int]
    pending: str
    auction: AuctionView | None = None
    trade: TradeView | None = None
    debt: DebtView | None = None
    log: list[str]
    winners: list[str] | None
    end_reason: str | None
    #: the bankrupt in the order they went out (the first out first)
    out_order: list[str] = []
    #: what the turn in play has changed so far, or else the last finished turn
    last_turn: LastTurn | None = None
    me: HandView | None = None


def turn_line(t: TurnRecord) -> str:
    """A turn's notes in a few words: each player's doings once, in order, a verb's objects
    merged ("Ada: to Pluto, bought Pluto; Bruno: mortgaged Gear World and Pluto")."""
    doings: dict[str, list[tuple[str, list[str]]]] = {}
    for who, what in t.notes:
        verb, _, obj = what.partition(" ")
        mine = doings.setdefault(who, [])
        if mine and mine[-1][0] == verb and obj:
            if obj not in mine[-1][1]:
                mine[-1][1].append(obj)
        else:
            mine.append((verb, [obj] if obj else []))
    parts = []
    for who, acts in doings.items():
        words = []
        for verb, objs in acts:
            if verb == "to":
                words.append(f"to {objs[-1]}")  # where they ended up
            elif len(objs) > 3:
                words.append(
                    f"{verb} {len(objs)} times"
                    if verb == "paid"
                    else f"{verb} {len(objs)} properties"
                )
            else:
                listed = (
                    ", ".join(objs[:-1]) + " and " + objs[-1] if len(objs) > 1 else "".join(objs)
                )
                words.append(f"{verb} {listed}".strip())
        parts.append(f"{who} {', '.join(words)}")
    return "; ".join(parts)


def last_turn(s: MonopolyState) -> LastTurn | None:
    """What the board marks as just happened: the turn in play once it has changed something,
    else the last finished turn."""
    t = s.this_turn if s.this_turn is not None and s.this_turn.notes else s.last_turn
    if t is None:
        return None
    return LastTurn(player=t.player, line=turn_line(t), marks=[f"space:{i}" for i in t.marks])


def shown_trade(s: MonopolyState, viewer: str | None) -> Trade | None:
    """The trade ``viewer`` may see: a proposed one, or a draft only by its drafter."""
    t = s.trade
    if t is None or t.proposed or (viewer is not None and viewer == t.proposer):
        return t
    return None


def pending_line(s: MonopolyState, viewer: str | None = None) -> str:
    """One line saying what the game waits for, as ``viewer`` may see it (None: the table)."""
    if s.over:
        return f"Game over: {' and '.join(s.winners) or 'nobody'} wins."
    t = s.trade
    if t and t.proposed:
        return f"Trade: {trade.describe(t)}. Waiting for {t.partner}."
    if s.debts:
        d = s.debts[0]
        return f"{d.debtor} owes {d.amount} to {d.creditor or 'the Bank'} (has {s.cash[d.debtor]})."
    if s.fee_choices:
        f = s.fee_choices[0]
        then = " Then the quick game's count." if settling(s) else ""
        return f"{f.player}: lift {SPACES[f.space].name}'s mortgage or pay the 10% fee.{then}"
    a = s.auction
    if a:
        what = (
            SPACES[a.space].name
            if a.item == "space"
            else f"a {'gublet box' if a.item == 'box' else 'flublet stilt'}"
        )
        lead = f"{a.high} by {a.high_bidder}" if a.high_bidder else "no bids"
        if a.open:
            return f"Auction for {what}: {lead}; {a.bidders[a.turn]} to bid."
        left = auction.unanswered(s)
        mine = a.limits.get(viewer) if viewer is not None else None
        own = "" if mine is None else f" You bid up to {mine}." if mine else " You do not bid."
        return f"Auction for {what} ({lead}): waiting for {auction.names(left)} to say the most they will pay.{own}"
    if s.placement:
        return f"{s.placement.player} places a won building."
    if s.offer is not None:
        sp = SPACES[s.offer]
        return f"{s.current} may buy {sp.name} for {sp.price} or auction it."
    if shown_trade(s, viewer):
        assert t is not None
        return f"You are drafting a trade with {t.partner}; {s.current} to roll."
    where = " (in jail)" if s.current in s.jail else ""
    return f"{s.current} to roll{where}."


def _auction(s: MonopolyState, viewer: str | None) -> AuctionView | None:
    a = s.auction
    if a is None:
        return None
    if a.item == "space":
        item = SPACES[a.space].name
    else:
        item = "gublet box" if a.item == "box" else "flublet stilt"
    return AuctionView(
        item=item,
        high=a.high,
        high_bidder=a.high_bidder,
        bidders=list(a.bidders),
        to_bid=[a.bidders[a.turn]] if a.open else auction.unanswered(s),
        my_limit=a.limits.get(viewer) if viewer is not None else None,
    )


def _trade(t: Trade | None) -> TradeView | None:
    if t is None:
        return None
    return TradeView(
        proposer=t.proposer, partner=t.partner, text=trade.describe(t), proposed=t.proposed
    )


def hand(s: MonopolyState, player: str) -> HandView:
    props = []
    for i in properties_of(s, player):
        sp = SPACES[i]
        lvl = s.level.get(i, 0)
        now = 0 if i in s.mortgaged else rent(s, i, 1)
        props.append(
            HandProperty(
                index=i,
                name=sp.name,
                group=sp.group,
                price=sp.price or 0,
                mortgaged=i in s.mortgaged,
                stilts=0 if is_box(s, i) else lvl,
                box=is_box(s, i),
                rent=now,
            )
        )
    acts = free_actions(s, player) if player not in s.bankrupt and not s.over else []

    def labels(prefix: str) -> list[str]:
        return [a.label for a in acts if a.id.startswith(prefix)]

    return HandView(
        player=player,
        cash=s.cash[player],
        properties=props,
        jail_cards=[trade.card_label(c) for c in s.cards.get(player, [])],
        can_build=labels("build:"),
        can_sell=labels("sell:"),
        can_mortgage=labels("mortgage:"),
        can_lift=labels("lift:"),
    )


def view(s: MonopolyState, viewer: str | None) -> MonopolyView:
    spaces = []
    for sp in SPACES:
        i = sp.index
        lvl = s.level.get(i, 0)
        spaces.append(
            SpaceView(
                index=i,
                name=sp.name,
                short=sp.printed,
                kind=sp.kind,
                group=sp.group,
                price=sp.price,
                owner=s.owner.get(i),
                stilts=0 if is_box(s, i) else lvl,
                box=is_box(s, i),
                mortgaged=i in s.mortgaged,
            )
        )
    parts = {p: worth_parts(s, p) for p in s.players}
    players = [
        PlayerView(
            name=p,
            seat=k,
            cash=s.cash[p],
            position=s.pos[p],
            in_jail=p in s.jail,
            jail_cards=len(s.cards.get(p, [])),
            jail_card_names=[trade.card_label(c) for c in s.cards.get(p, [])],
            figure=s.figures.get(p),
            figure_name=FIGURES[s.figures[p]].name if p in s.figures else None,
            properties=len(properties_of(s, p)),
            bankrupt=p in s.bankrupt,
            worth=parts[p].total,
            estate=parts[p].estate,
            mortgaged=parts[p].mortgaged,
            buildings=parts[p].buildings,
            fate=s.fates.get(p, ""),
        )
        for k, p in enumerate(s.players)
    ]
    me = hand(s, viewer) if viewer in s.players else None
    return MonopolyView(
        mode=s.mode,
        rent_mode=s.rent_mode,
        taxes=dict(s.taxes),
        players=players,
        spaces=spaces,
        current=None if s.over else s.current,
        awaiting=awaited(s),
        dice=list(s.dice),
        roller=s.roller if s.dice else None,
        bank_stilts=s.bank_stilts,
        bank_boxes=s.bank_boxes,
        deck_counts={DECK_TITLES[k]: len(v) for k, v in s.decks.items()},
        pending=pending_line(s, viewer),
        auction=_auction(s, viewer),
        trade=_trade(shown_trade(s, viewer)),
        debt=DebtView(**s.debts[0].model_dump()) if s.debts else None,
        log=list(s.log[-8:]),
        winners=s.winners if s.over else None,
        end_reason=s.end_reason,
        out_order=list(s.bankrupt),
        last_turn=last_turn(s),
        me=me,
    )
