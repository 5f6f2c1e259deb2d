"""Every effect on the Time to Schwifty! and Interdimensional Cable TV cards; cards go to the
bottom of their deck, Get Out of Jail Free is kept."""

import pytest

from engines.monopoly import movement
from engines.monopoly.data import CARDS
from engines.monopoly.engine import ENGINE

from .helpers import act, dice, money_total, new, own


def _draw(monkeypatch, card, *, at=7, n=3, extra_dice=(), s=None):
    """Ada lands on the card space ``at`` (7, 22, 36 Schwifty; 2, 17, 33 Cable) and draws."""
    s = s or new(n)
    deck = CARDS[card].deck
    s.decks[deck].remove(card)
    s.decks[deck].insert(0, card)
    s.pos["Ada"] = at - 3
    dice(monkeypatch, (1, 2), *extra_dice)
    return act(s, "Ada", "roll")


def test_a_drawn_card_goes_to_the_bottom_of_its_deck(monkeypatch):
    s = _draw(monkeypatch, "s08")
    assert s.decks["schwifty"][-1] == "s08" and len(s.decks["schwifty"]) == 16


def test_get_out_of_jail_free_is_kept_out_of_the_deck(monkeypatch):
    s = _draw(monkeypatch, "s09")
    assert s.cards["Ada"] == ["s09"] and "s09" not in s.decks["schwifty"]


def test_advance_to_ricks_garage(monkeypatch):
    s = _draw(monkeypatch, "s01")
    assert s.pos["Ada"] == 39 and s.offer == 39 and s.cash["Ada"] == 1500


@pytest.mark.parametrize("card", ["s02", "c01"])
def test_advance_to_go_collects_the_salary(monkeypatch, card):
    s = _draw(monkeypatch, card, at=7 if card[0] == "s" else 2)
    assert s.pos["Ada"] == 0 and s.cash["Ada"] == 1700


def test_advance_to_unitys_planet_collects_when_passing_go(monkeypatch):
    s = _draw(monkeypatch, "s03", at=36)
    assert s.pos["Ada"] == 24 and s.cash["Ada"] == 1700
    s = _draw(monkeypatch, "s03", at=7)
    assert s.pos["Ada"] == 24 and s.cash["Ada"] == 1500


def test_advance_to_blips_and_chitz(monkeypatch):
    s = _draw(monkeypatch, "s04", at=22)
    assert s.pos["Ada"] == 11 and s.cash["Ada"] == 1700


def test_advance_to_the_ghost_train(monkeypatch):
    s = _draw(monkeypatch, "s14", at=7)
    assert s.pos["Ada"] == 5 and s.cash["Ada"] == 1700


@pytest.mark.parametrize("card", ["s05", "s06"])
def test_nearest_transport_pays_twice_the_rent(monkeypatch, card):
    s = new(3)
    own(s, "Brook", 15, 25)
    s = _draw(monkeypatch, card, at=22, s=s)
    assert s.pos["Ada"] == 25 and s.cash["Brook"] == 1500 + 2 * 50


def test_nearest_transport_unowned_may_be_bought(monkeypatch):
    s = _draw(monkeypatch, "s05", at=36)
    assert s.pos["Ada"] == 5 and s.offer == 5 and s.cash["Ada"] == 1700


def test_nearest_utility_pays_ten_times_a_fresh_roll(monkeypatch):
    s = new(3)
    own(s, "Brook", 28)
    s = _draw(monkeypatch, "s07", at=22, s=s, extra_dice=((4, 5),))
    assert s.pos["Ada"] == 28 and s.cash["Brook"] == 1500 + 90


def test_nearest_utility_tells_the_table_the_fresh_roll_and_the_rent(monkeypatch):
    s = new(3)
    own(s, "Brook", 28)
    deck = s.decks["schwifty"]
    deck.remove("s07")
    deck.insert(0, "s07")
    s.pos["Ada"] = 19
    dice(monkeypatch, (1, 2), (4, 5))
    s, events = ENGINE.apply(s, "Ada", "roll")
    assert "Ada rolls 4+5 for the card: 10 times is 90." in [e.text for e in events]
    assert s.current == "Brook"


def test_advancing_to_the_space_one_stands_on_goes_round_the_board_and_collects():
    """Advancing only ever moves forward: to the space one stands on is a whole lap, past GO.
    No card sends a player to a card space today, so this is the rule the helper keeps."""
    s = new()
    s.pos["Ada"] = 24
    events = []
    movement.advance_to(s, events, "Ada", 24)
    assert s.pos["Ada"] == 24 and s.cash["Ada"] == 1700
    assert events[0].text == "Ada passes GO and collects 200."


def test_nearest_utility_unowned_may_be_bought(monkeypatch):
    s = _draw(monkeypatch, "s07", at=7)
    assert s.pos["Ada"] == 12 and s.offer == 12


@pytest.mark.parametrize(
    "card,delta",
    [
        ("s08", 50),
        ("s13", -15),
        ("s16", 150),
        ("c02", 200),
        ("c03", -50),
        ("c04", 50),
        ("c07", 100),
        ("c08", 20),
        ("c10", 100),
        ("c11", -100),
        ("c12", -50),
        ("c13", 25),
        ("c15", 10),
        ("c16", 100),
    ],
)
def test_collect_and_pay_cards(monkeypatch, card, delta):
    s = _draw(monkeypatch, card, at=7 if card[0] == "s" else 17)
    assert s.cash["Ada"] == 1500 + delta
    assert money_total(s) == 4500


def test_go_back_three_spaces_resolves_the_new_space(monkeypatch):
    s = _draw(monkeypatch, "s10", at=7)
    assert s.pos["Ada"] == 4 and s.cash["Ada"] == 1300  # Parasites


@pytest.mark.parametrize("card", ["s11", "c06"])
def test_go_to_jail_cards(monkeypatch, card):
    s = _draw(monkeypatch, card, at=36 if card[0] == "s" else 33)
    assert s.pos["Ada"] == 10 and "Ada" in s.jail and s.cash["Ada"] == 1500
    assert s.current == "Brook"


@pytest.mark.parametrize("card,per_stilt,per_box", [("s12", 25, 100), ("c14", 40, 115)])
def test_repairs_per_stilt_and_box(monkeypatch, card, per_stilt, per_box):
    s = new(3)
    own(s, "Ada", 37, 39, 6, 8, 9)
    s.level = {37: 5, 39: 5, 6: 2, 8: 2, 9: 3}
    s.bank_boxes, s.bank_stilts = 10, 25
    s = _draw(monkeypatch, card, at=7 if card[0] == "s" else 17, s=s)
    assert s.cash["Ada"] == 1500 - 7 * per_stilt - 2 * per_box


def test_pay_each_player_fifty(monkeypatch):
    s = _draw(monkeypatch, "s15", n=4)
    assert s.cash["Ada"] == 1350 and all(s.cash[p] == 1550 for p in ("Brook", "Cy", "Dee"))


def test_collect_ten_from_every_player(monkeypatch):
    s = _draw(monkeypatch, "c09", at=17, n=4)
    assert s.cash["Ada"] == 1530 and all(s.cash[p] == 1490 for p in ("Brook", "Cy", "Dee"))


def test_every_card_is_covered_and_resolves(monkeypatch):
    for card in CARDS:
        s = _draw(monkeypatch, card, at=7 if card[0] == "s" else 17, extra_dice=((2, 3),))
        assert ENGINE.to_act(s)
    assert len(CARDS) == 32
