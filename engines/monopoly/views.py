"""What a player or a spectator sees. Monopoly hides almost nothing (cash, deeds and Get Out of
Jail Free cards are on the table); the order of the two decks stays secret, and a trade draft is
its drafter's alone until proposed (nobody else's view, the board or the log shows it)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, SkipValidation

from engines.last_turn import LastTurn
from engines.monopoly import auction, trade
from engines.monopoly.actions import free_actions
from engines.monopoly.data import DECK_TITLES, FIGURES, SPACES
from engines.monopoly.flow import awaited
from engines.monopoly.money import debt_reason, end_reason, game_over, settling
from engines.monopoly.property import is_box, properties_of, rent, worth_parts
from engines.monopoly.state import Fate, MonopolyState, Trade, TurnRecord
from engines.monopoly.words import building, creditor, listed, read
from i18n.say import Say, say, say_n

#: words a front end shows, kept as they were made: a :class:`i18n.say.Say` stays one (worded
#: for each reader), and its JSON is its English
Words = Annotated[str, SkipValidation]


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
    jail_card_names: list[Words] = []
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
    fate: Words = ""
    #: the same, shorter: when and owing what to whom (and why), then without why
    fate_owing: Words = ""
    fate_short: Words = ""


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
    jail_cards: list[Words]
    can_build: list[Words]
    can_sell: list[Words]
    can_mortgage: list[Words]
    can_lift: list[Words]


class AuctionView(BaseModel):
    item: Words  # the property's name, or "flublet stilt" / "gublet box" in a shortage
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
    text: Words
    proposed: bool


class DebtView(BaseModel):
    debtor: str
    creditor: str | None
    amount: int
    reason: Words


class TurnLine(LastTurn):
    """The last turn, its line in words each reader reads in their own language."""

    line: Words


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
    pending: Words
    auction: AuctionView | None = None
    trade: TradeView | None = None
    debt: DebtView | None = None
    log: list[Words]
    winners: list[str] | None
    end_reason: Words | None
    #: the bankrupt in the order they went out (the first out first)
    out_order: list[str] = []
    #: what the turn in play has changed so far, or else the last finished turn
    last_turn: TurnLine | None = None
    me: HandView | None = None


def _space(obj: str) -> str:
    """A space named in a turn's notes (by its index), as the board prints it."""
    return SPACES[int(obj)].printed if obj.isdigit() and int(obj) < len(SPACES) else obj


def _paid(obj: str) -> Say:
    """ "50 to the Bank", "50 to Bruno" (a note's "50|" or "50|Bruno")."""
    amount, _, to = obj.partition("|")
    return say("{amount} to {creditor}", amount=int(amount or 0), creditor=creditor(to or None))


def _on(space: str) -> Say:
    return say("on {space}", space=space)


def _with(player: str) -> Say:
    return say("with {player}", player=player)


def _at_auction(space: str) -> Say:
    return say("{space} at auction", space=space)


def _doing(verb: str, objs: list[str]) -> Say:
    """One player's doing in a turn's line: ``verb`` (a note's) on its objects, merged."""
    if verb == "to":  # where they ended up
        if objs[-1] == "jail":
            return say("to jail")
        return say("to {space}", space=_space(objs[-1]))
    if verb == "bankrupt":
        return say("went bankrupt")
    n = len(objs)
    if verb == "paid":
        if n > 3:
            return say_n("paid {n} times", "paid {n} times", n)
        paid = listed([_paid(o) for o in objs])
        return say("paid {what}", what=paid)
    if verb == "traded":
        partners = listed([_with(o) for o in objs])
        return say("traded {what}", what=partners)
    if n > 3:
        many = {
            "bought": say_n("bought {n} property", "bought {n} properties", n),
            "mortgaged": say_n("mortgaged {n} property", "mortgaged {n} properties", n),
            "unmortgaged": say_n("unmortgaged {n} property", "unmortgaged {n} properties", n),
            "sold": say_n("sold {n} property", "sold {n} properties", n),
            "built": say_n("built {n} property", "built {n} properties", n),
            "won": say_n("won {n} property", "won {n} properties", n),
        }
        return many.get(verb, say_n("{n} property", "{n} properties", n))
    spaces = [_space(o) for o in objs]
    if verb == "bought":
        return say("bought {what}", what=listed(spaces))
    if verb == "mortgaged":
        return say("mortgaged {what}", what=listed(spaces))
    if verb == "unmortgaged":
        return say("unmortgaged {what}", what=listed(spaces))
    if verb == "sold":
        places = listed([_on(x) for x in spaces])
        return say("sold {what}", what=places)
    if verb == "built":
        places = listed([_on(x) for x in spaces])
        return say("built {what}", what=places)
    if verb == "won":
        won = listed([_at_auction(x) for x in spaces])
        return say("won {what}", what=won)
    return say("{verb} {what}", verb=verb, what=listed(spaces))


def turn_line(record: TurnRecord) -> Say | str:
    """A turn's notes in a few words: each player's doings once, in order, a verb's objects
    merged ("Ada to Pluto, bought Pluto; Bruno mortgaged Gear World and Pluto")."""
    doings: dict[str, list[tuple[str, list[str]]]] = {}
    for who, verb, obj in record.notes:
        mine = doings.setdefault(who, [])
        if mine and mine[-1][0] == verb and obj:
            if obj not in mine[-1][1]:
                mine[-1][1].append(obj)
        else:
            mine.append((verb, [obj] if obj else []))
    line: Say | str = ""
    for who, acts in doings.items():
        words = _doing(*acts[0])
        for verb, objs in acts[1:]:
            words = say("{first}, {next}", first=words, next=_doing(verb, objs))
        part = say("{player} {did}", player=who, did=words)
        line = part if not line else say("{first}; {next}", first=line, next=part)
    return line


def last_turn(s: MonopolyState) -> TurnLine | None:
    """What the board marks as just happened: the turn in play once it has changed something,
    else the last finished turn."""
    record = s.this_turn if s.this_turn is not None and s.this_turn.notes else s.last_turn
    if record is None:
        return None
    return TurnLine(
        player=record.player, line=turn_line(record), marks=[f"space:{i}" for i in record.marks]
    )


def fate_words(f: Fate) -> tuple[str, str, str]:
    """How a bankrupt player went out, from the fullest wording to the shortest: when, owing
    what to whom (why), and where their assets went; when and owing what to whom and why; when
    and owing what to whom. A fate kept as English before fates were facts reads as kept."""
    if f.english:
        owing = f.english.split("; ")[0]
        return f.english, owing, owing
    gone = (
        say("property auctioned by the Bank")
        if f.to is None
        else say("everything to {player}", player=f.to)
    )
    if f.amount is None:
        owing = short = say("turn {turn}, left the game", turn=f.turn)
    else:
        why = read(f.reason_said) if f.reason_said is not None else f.reason
        owing = say(
            "turn {turn}, owing {amount} to {creditor} ({reason})",
            turn=f.turn,
            amount=f.amount,
            creditor=creditor(f.owed_to),
            reason=why,
        )
        short = say(
            "turn {turn}, owing {amount} to {creditor}",
            turn=f.turn,
            amount=f.amount,
            creditor=creditor(f.owed_to),
        )
    return say("{owing}; {gone}", owing=owing, gone=gone), owing, short


def shown_trade(s: MonopolyState, viewer: str | None) -> Trade | None:
    """The trade ``viewer`` may see: a proposed one, or a draft only by its drafter."""
    deal = s.trade
    if deal is None or deal.proposed or (viewer is not None and viewer == deal.proposer):
        return deal
    return None


def pending_line(s: MonopolyState, viewer: str | None = None) -> str:
    """One line saying what the game waits for, as ``viewer`` may see it (None: the table)."""
    if s.over:
        return game_over(s.winners)
    deal = s.trade
    if deal and deal.proposed:
        return say(
            "Trade: {trade}. Waiting for {player}.", trade=trade.describe(deal), player=deal.partner
        )
    if s.debts:
        d = s.debts[0]
        return say(
            "{player} owes {amount} to {creditor} (has {cash}).",
            player=d.debtor,
            amount=d.amount,
            creditor=creditor(d.creditor),
            cash=s.cash[d.debtor],
        )
    if s.fee_choices:
        f = s.fee_choices[0]
        name = SPACES[f.space].name
        if settling(s):
            return say(
                "{player}: lift {space}'s mortgage or pay the 10% fee. Then the quick game's "
                "count.",
                player=f.player,
                space=name,
            )
        return say(
            "{player}: lift {space}'s mortgage or pay the 10% fee.", player=f.player, space=name
        )
    a = s.auction
    if a:
        what = SPACES[a.space].name if a.item == "space" else say("a {item}", item=building(a.item))
        if a.high_bidder:
            lead: str = say("{amount} by {player}", amount=a.high, player=a.high_bidder)
        else:
            lead = say("no bids")
        if a.open:
            return say(
                "Auction for {item}: {lead}; {player} to bid.",
                item=what,
                lead=lead,
                player=a.bidders[a.turn],
            )
        left = auction.unanswered(s)
        mine = a.limits.get(viewer) if viewer is not None else None
        line = say(
            "Auction for {item} ({lead}): waiting for {players} to say the most they will pay.",
            item=what,
            lead=lead,
            players=auction.names(left),
        )
        if mine is None:
            return line
        own = say("You bid up to {amount}.", amount=mine) if mine else say("You do not bid.")
        return say("{first} {next}", first=line, next=own)
    if s.placement:
        return say("{player} places a won building.", player=s.placement.player)
    if s.offer is not None:
        sp = SPACES[s.offer]
        return say(
            "{player} may buy {space} for {price} or auction it.",
            player=s.current,
            space=sp.name,
            price=sp.price or 0,
        )
    if shown_trade(s, viewer):
        assert deal is not None
        return say(
            "You are drafting a trade with {partner}; {player} to roll.",
            partner=deal.partner,
            player=s.current,
        )
    if s.current in s.jail:
        return say("{player} to roll (in jail).", player=s.current)
    return say("{player} to roll.", player=s.current)


def _auction(s: MonopolyState, viewer: str | None) -> AuctionView | None:
    a = s.auction
    if a is None:
        return None
    item: str = SPACES[a.space].name if a.item == "space" else building(a.item)
    return AuctionView(
        item=item,
        high=a.high,
        high_bidder=a.high_bidder,
        bidders=list(a.bidders),
        to_bid=[a.bidders[a.turn]] if a.open else auction.unanswered(s),
        my_limit=a.limits.get(viewer) if viewer is not None else None,
    )


def _debt(s: MonopolyState) -> DebtView | None:
    if not s.debts:
        return None
    d = s.debts[0]
    return DebtView(debtor=d.debtor, creditor=d.creditor, amount=d.amount, reason=debt_reason(d))


def _trade(deal: Trade | None) -> TradeView | None:
    if deal is None:
        return None
    return TradeView(
        proposer=deal.proposer,
        partner=deal.partner,
        text=trade.describe(deal),
        proposed=deal.proposed,
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


def _fate(s: MonopolyState, player: str) -> dict[str, str]:
    f = s.fates.get(player)
    if f is None:
        return {}
    full, owing, short = fate_words(f)
    return {"fate": full, "fate_owing": owing, "fate_short": short}


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
            **_fate(s, p),
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
        debt=_debt(s),
        log=[read(entry) for entry in s.log[-8:]],
        winners=s.winners if s.over else None,
        end_reason=end_reason(s),
        out_order=list(s.bankrupt),
        last_turn=last_turn(s),
        me=me,
    )
