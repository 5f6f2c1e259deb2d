"""The moves on a player's estate between the turn's steps (build, sell, mortgage, lift, start a
trade) are declared under one menu, "Manage", so a phone shows them behind one entry (issue
#29: "build / mortgage / trade under one Manage entry"); the step's own decision is not."""

from engines.monopoly.engine import ENGINE
from engines.monopoly.offered import MANAGE

from .helpers import new, own


def _menus(s, player: str) -> dict[str, str | None]:
    return {a.id.split(":")[0]: a.menu for a in ENGINE.legal_actions(s, player)}


def test_building_mortgaging_lifting_and_starting_a_trade_are_under_manage():
    s = new()
    own(s, "Ada", 37, 39, 5)
    s.mortgaged = [5]
    menus = _menus(s, "Ada")
    assert {v: menus[v] for v in ("build", "mortgage", "lift", "trade")} == dict.fromkeys(
        ("build", "mortgage", "lift", "trade"), MANAGE
    )


def test_selling_a_building_is_under_manage():
    s = new()
    own(s, "Ada", 37, 39)
    s.level = {37: 1}
    assert _menus(s, "Ada")["sell"] == MANAGE


def test_the_roll_is_under_no_menu():
    s = new()
    own(s, "Ada", 37, 39)
    assert _menus(s, "Ada")["roll"] is None
