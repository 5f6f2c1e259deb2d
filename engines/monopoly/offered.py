"""How a Monopoly move is built: once, and shared. Ids and labels are made from known parts and
actions are frozen, so the listing (``actions``) and the trade moves (``trade_moves``) build each
one through :func:`act`, each giving the handler that carries its moves out."""

from __future__ import annotations

from functools import lru_cache

from engines.core import Action, ActionRole
from engines.monopoly.data import SPACES
from engines.moves import Handler

NORMAL, MAIN, DESTRUCTIVE = ActionRole.NORMAL, ActionRole.MAIN, ActionRole.DESTRUCTIVE

#: the menu of what a player does with their estate between the turn's steps (build, sell,
#: mortgage, lift, start a trade): a front end short of room puts them behind this one entry
MANAGE = "Manage"


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
        kind=kind,
        menu=menu,
        do=do,
    )
