"""How a Monopoly move is built: once, and shared. Ids and labels are made from known parts and
actions are frozen, so the listing (``actions``) and the trade moves (``trade_moves``) build each
one through :func:`act`, each giving the handler that carries its moves out."""

from __future__ import annotations

from functools import lru_cache

from engines.core import Action, ActionRole
from engines.monopoly.data import SPACES
from engines.moves import Handler
from i18n.say import Say, say

NORMAL, MAIN, DESTRUCTIVE = ActionRole.NORMAL, ActionRole.MAIN, ActionRole.DESTRUCTIVE

#: the menu of what a player does with their estate between the turn's steps (build, sell,
#: mortgage, lift, start a trade): a front end short of room puts them behind this one entry
# Translators: a menu heading over the moves of a player's estate (build, sell, mortgage, trade)
MANAGE = say("Manage")

#: the kinds of moves, as the menu headings a front end shows (a kind is its English, said)
KINDS: dict[str, Say] = {
    str(kind): kind
    for kind in (
        # Translators: a menu heading over moves of one kind (a verb, short)
        say("Build"),
        say("Mortgage"),
        # Translators: a menu heading: lifting mortgages
        say("Lift"),
        # Translators: a menu heading: declaring bankruptcy
        say("Declare"),
        # Translators: a menu heading: keeping a received property mortgaged
        say("Keep mortgaged"),
        say("Bid"),
        say("No bid"),
        # Translators: a menu heading: placing a building won at auction
        say("Place"),
        say("Buy"),
        say("Auction"),
        say("Roll"),
        say("Pay"),
        say("Use"),
        say("Sell"),
        say("Ask"),
        say("Accept"),
        say("Decline"),
        # Translators: a menu heading: starting a trade with a player
        say("Start"),
        say("Withdraw offer"),
        say("Propose"),
        say("Cancel"),
        say("Offer"),
        say("Remove"),
        # Translators: a menu heading: no longer asking for something in a trade
        say("Stop asking"),
    )
}


def name(i: int) -> str:
    return SPACES[i].name


@lru_cache(maxsize=8192)
def act(
    do: Handler,
    id_: str,
    label: str,
    kind: str,
    role: ActionRole,
    *,
    private: bool = False,
    step_of: str | None = None,
    menu: str | None = None,
) -> Action:
    """The move, carrying the handler ``do``, built the first time it is asked for; the kind
    and the role are declared by each caller, and a move of the player's estate the menu
    :data:`MANAGE`. A module that builds moves binds its own handler
    (``partial(act, do)``)."""
    return Action(
        id=id_,
        label=label if len(label) <= 80 else label[:80],
        private=private,
        step_of=step_of,
        role=role,
        kind=KINDS.get(kind, kind),
        menu=menu,
        do=do,
    )
