"""The whole game as one pydantic model: JSON round-trippable, random generator included.

Pending decisions are fields (a trade awaiting an answer, debts, fee choices, an auction, a
building to place, a property offer); whoever must decide next follows from which is set, in that
order of priority (see ``flow.awaited``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from engines.core import GameState


class Debt(BaseModel):
    """Money ``debtor`` owes; ``creditor`` None is the Bank."""

    debtor: str
    creditor: str | None
    amount: int
    #: why, in English (as games saved before messages were kept as data read it)
    reason: str
    #: why, as a message's data (:meth:`i18n.say.Say.data`), worded for each reader
    reason_said: dict[str, Any] | None = None


class Fate(BaseModel):
    """How a bankrupt player went out, in public facts the board words for its reader: the
    turn, the debt that broke them (none: they left the game), and who took their assets
    (``to`` None: the Bank, which auctions their property). ``english`` is a fate kept as
    words before fates were kept as facts (then the rest is unknown)."""

    turn: int = 0
    amount: int | None = None
    owed_to: str | None = None
    reason: str = ""
    reason_said: dict[str, Any] | None = None
    to: str | None = None
    english: str = ""


class Auction(BaseModel):
    """A running auction: bidders in table order, each asked once, all at the same time, for
    the most they will pay (``limits``, private to each bidder until it resolves); the bot then
    bids for them (see ``auction.resolve``).

    ``item`` is ``space`` (a property, ``space`` is its index) or ``stilt``/``box`` (a shortage
    auction; ``space`` is where the requester wanted to build). ``high``/``high_bidder`` is
    the bid standing when it opened (a shortage's asker at the printed cost), ``turn`` who
    would bid next in an open auction. ``open`` marks an auction of a game saved before limits
    (or replayed from such a move log): bidders bid in turn and a pass is final.
    """

    item: Literal["space", "stilt", "box"]
    space: int
    bidders: list[str]
    turn: int = 0
    high: int = 0
    high_bidder: str | None = None
    #: bidder -> the most they will pay (0: no bid), once they have answered
    limits: dict[str, int] = Field(default_factory=dict)
    open: bool = False


class Placement(BaseModel):
    """A building won at a shortage auction that its winner must place."""

    player: str
    item: Literal["stilt", "box"]
    paid: int  # refunded if no spot is left to place it on


class FeeChoice(BaseModel):
    """A mortgaged property just received: its new owner lifts it now or pays the 10% fee."""

    player: str
    space: int


class Trade(BaseModel):
    """A trade drafted by ``proposer`` with ``partner``; ``cash`` > 0 is paid by the proposer."""

    proposer: str
    partner: str
    give: list[int] = Field(default_factory=list)
    take: list[int] = Field(default_factory=list)
    give_cards: list[str] = Field(default_factory=list)
    take_cards: list[str] = Field(default_factory=list)
    cash: int = 0
    proposed: bool = False


class RentClaim(BaseModel):
    """Rent the owner may still ask for (only when the 'owner must ask' option is on)."""

    owner: str
    payer: str
    amount: int
    space: int


class TurnRecord(BaseModel):
    """What one turn changed, for the board's last-move marks: public only. ``notes`` say who
    did what, as facts the board words for its reader; ``marks`` are the
    spaces changed (moved to, bought, built or sold on, mortgaged or lifted, traded, lost)."""

    player: str
    #: (who, verb, what): ("Ada", "to", "18"), ("Bruno", "mortgaged", "13"), ("Ada", "paid",
    #: "50|Bruno") (see ``views.turn_line``)
    notes: list[tuple[str, str, str]] = Field(default_factory=list)
    marks: list[int] = Field(default_factory=list)


class MonopolyState(GameState):
    mode: Literal["classic", "quick"] = "classic"
    rent_mode: Literal["auto", "ask"] = "auto"
    taxes: dict[int, int]
    cash: dict[str, int]
    pos: dict[str, int]
    #: player -> the id of their figure
    figures: dict[str, str]
    jail: dict[str, int] = Field(default_factory=dict)  # in jail -> failed rolls so far
    cards: dict[str, list[str]] = Field(default_factory=dict)  # Get Out of Jail Free held
    bankrupt: list[str] = Field(default_factory=list)
    owner: dict[int, str] = Field(default_factory=dict)
    level: dict[int, int] = Field(default_factory=dict)  # stilts; max_stilts + 1 means a box
    #: the buildings standing, in the order they were bought: a location's index once per stilt
    #: and once for its box (so it appears ``level`` times); a group sells its last one first
    bought: list[int] = Field(default_factory=list)
    mortgaged: list[int] = Field(default_factory=list)
    bank_stilts: int = 32
    bank_boxes: int = 12
    decks: dict[str, list[str]]
    turn: int = 0
    stage: Literal["roll", "move"] = "roll"
    doubles: int = 0
    again: bool = False
    dice: list[int] = Field(default_factory=list)
    #: who made the roll in ``dice`` (the board shows it by their name, not the next player's)
    roller: str | None = None
    offer: int | None = None
    auction: Auction | None = None
    auction_queue: list[int] = Field(default_factory=list)
    placement: Placement | None = None
    debts: list[Debt] = Field(default_factory=list)
    fee_choices: list[FeeChoice] = Field(default_factory=list)
    trade: Trade | None = None
    trades_this_turn: int = 0
    claims: list[RentClaim] = Field(default_factory=list)
    bank_paid: int = 0
    bank_received: int = 0
    opening: str = ""
    #: the latest public events, each as its message's data (``words.kept``)
    log: list[dict[str, Any]] = Field(default_factory=list)
    winners: list[str] = Field(default_factory=list)
    scores: dict[str, float] = Field(default_factory=dict)
    end_reason: str | None = None
    turns: int = 0
    #: what the turn being played has changed so far (None until something has)
    this_turn: TurnRecord | None = None
    #: what the last finished turn changed
    last_turn: TurnRecord | None = None
    #: each bankrupt player's end: when, owing what to whom, and where their assets went
    #: (players who went out before it was kept have none)
    fates: dict[str, Fate] = Field(default_factory=dict)
    #: the shape of this model: the number of steps in ``migrations.MIGRATIONS``
    schema_version: int = 7

    @property
    def current(self) -> str:
        return self.players[self.turn]

    @property
    def max_stilts(self) -> int:
        """Stilts a location holds before its box: 4 classic, 3 in the quick game."""
        return 3 if self.mode == "quick" else 4

    @property
    def alive(self) -> list[str]:
        return [p for p in self.players if p not in self.bankrupt]
