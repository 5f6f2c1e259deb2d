"""A turn: dice, doubles, the third double, GO salary, buying or auctioning, passing the dice."""

import re

from engines.monopoly.engine import ENGINE

from .helpers import act, dice, ids, new


def test_the_highest_opening_roll_goes_first():
    s = ENGINE.setup(["Ada", "Brook", "Cy"], seed=4)
    assert s.opening.endswith(f"{s.current} goes first.")
    first_round = s.opening.split(": ", 1)[1].split(". ")[0].split("; then ")[0]
    rolls = {p: int(v) for p, v in re.findall(r"(\w+) (\d+)", first_round)}
    assert set(rolls) == {"Ada", "Brook", "Cy"}
    assert rolls[s.current] == max(rolls.values())


def test_go_salary_when_passing_go(monkeypatch):
    s = new()
    s.pos["Ada"] = 38
    dice(monkeypatch, (1, 2))
    s = act(s, "Ada", "roll")
    assert s.pos["Ada"] == 1 and s.cash["Ada"] == 1700


def test_go_salary_when_landing_on_go(monkeypatch):
    s = new()
    s.pos["Ada"] = 37
    dice(monkeypatch, (1, 2))
    s = act(s, "Ada", "roll")
    assert s.pos["Ada"] == 0 and s.cash["Ada"] == 1700


def test_plain_roll_passes_the_dice_to_the_left(monkeypatch):
    s = new(3)
    dice(monkeypatch, (1, 3))  # GO -> 4 Parasites
    s = act(s, "Ada", "roll")
    assert s.current == "Brook" and ENGINE.to_act(s) == ["Brook"]


def test_doubles_roll_again(monkeypatch):
    s = new()
    dice(monkeypatch, (2, 2))  # GO -> 4 Parasites (pays 200)
    s = act(s, "Ada", "roll")
    assert s.current == "Ada" and "roll" in ids(s, "Ada")


def test_third_double_goes_to_jail_without_moving(monkeypatch):
    s = new()
    s.pos["Ada"] = 20  # Free Parking
    s.doubles = 2  # two doubles already rolled this turn
    dice(monkeypatch, (3, 3))
    s = act(s, "Ada", "roll")
    assert s.pos["Ada"] == 10 and "Ada" in s.jail
    assert s.current == "Brook"


def test_third_double_tells_the_table_why_the_player_goes_to_jail(monkeypatch):
    s = new()
    s.pos["Ada"] = 20
    s.doubles = 2
    dice(monkeypatch, (3, 3))
    s, events = ENGINE.apply(s, "Ada", "roll")
    assert [e.text for e in events[:2]] == [
        "Ada rolls 3+3: a third double in a row.",
        "Ada goes to jail (three doubles).",
    ]
    assert s.current == "Brook" and s.stage == "roll" and s.doubles == 0


def test_a_turn_waiting_for_the_buy_decision_survives_saving_and_loading(monkeypatch):
    s = new()
    dice(monkeypatch, (1, 2))  # Needful Things, unowned: the game waits for Ada's decision
    s = act(s, "Ada", "roll")
    assert s.offer == 3 and s.current == "Ada" and s.stage == "move"
    again = ENGINE.load_state(s.model_dump_json())
    assert again.model_dump() == s.model_dump() and again.again is False


def test_go_to_jail_space_sends_to_jail_without_salary(monkeypatch):
    s = new()
    s.pos["Ada"] = 26
    dice(monkeypatch, (1, 3))
    s = act(s, "Ada", "roll")
    assert s.pos["Ada"] == 10 and "Ada" in s.jail and s.cash["Ada"] == 1500
    assert s.current == "Brook"


def test_doubles_then_go_to_jail_ends_the_turn(monkeypatch):
    s = new()
    s.pos["Ada"] = 26
    dice(monkeypatch, (2, 2))
    s = act(s, "Ada", "roll")
    assert "Ada" in s.jail and s.current == "Brook"


def test_buying_unowned_property_at_its_printed_price(monkeypatch):
    s = new()
    dice(monkeypatch, (1, 2))  # Needful Things, 60
    s = act(s, "Ada", "roll")
    assert ids(s, "Ada") >= {"buy", "auction"}
    s = act(s, "Ada", "buy")
    assert s.owner[3] == "Ada" and s.cash["Ada"] == 1440 and s.bank_received == 60


def test_without_the_cash_the_lander_may_only_auction(monkeypatch):
    s = new()
    s.cash["Ada"] = 50
    dice(monkeypatch, (1, 2))
    s = act(s, "Ada", "roll")
    assert "buy" not in ids(s, "Ada") and "auction" in ids(s, "Ada")


def test_the_lander_may_mortgage_to_afford_the_purchase(monkeypatch):
    s = new()
    s.cash["Ada"] = 50
    s.owner[39] = "Ada"
    dice(monkeypatch, (1, 2))
    s = act(s, "Ada", "roll")
    s = act(s, "Ada", "mortgage:39")
    s = act(s, "Ada", "buy")
    assert s.owner[3] == "Ada" and s.cash["Ada"] == 50 + 200 - 60


def test_parasites_and_mortys_insurance_are_paid_to_the_bank(monkeypatch):
    s = new()
    dice(monkeypatch, (1, 3))
    s = act(s, "Ada", "roll")
    assert s.cash["Ada"] == 1300 and s.bank_received == 200
    s.pos["Brook"] = 35
    dice(monkeypatch, (1, 2))
    s = act(s, "Brook", "roll")
    assert s.cash["Brook"] == 1400


def test_tax_amounts_are_options():
    s = new(parasites="150", insurance="75")
    assert s.taxes == {4: 150, 38: 75}
