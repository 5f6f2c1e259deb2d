"""Views and images: the public board shows everything on the table but never the decks' order;
a player's own view lists their deeds, cards and what they could build or mortgage."""

import io

from PIL import Image

from engines.monopoly import views
from engines.monopoly.engine import ENGINE
from rendering import render_board, render_hand

from .helpers import act, dice, new, own


def _midgame():
    s = new(4)
    own(s, "Ada", 16, 18, 19, 5)
    own(s, "Brook", 37)
    s.level = {16: 2, 18: 1, 19: 1}
    s.bank_stilts = 28
    s.mortgaged = [37]
    s.cards["Cy"] = ["c05"]
    s.decks["cable"].remove("c05")
    s.jail["Dee"] = 0
    s.pos["Dee"] = 10
    return s


def test_public_view_shows_the_table_but_not_the_deck_order():
    s = _midgame()
    v = ENGINE.view(s, None)
    data = v.model_dump_json()
    assert v.spaces[16].owner == "Ada" and v.spaces[16].stilts == 2 and v.spaces[37].mortgaged
    assert v.players[2].jail_cards == 1 and v.players[3].in_jail
    assert v.deck_counts == {"Time to Schwifty!": 16, "Interdimensional Cable TV": 15}
    assert s.decks["schwifty"][0] not in data and v.me is None


def test_a_players_own_view_lists_deeds_cards_and_options():
    v = ENGINE.view(_midgame(), "Ada")
    me = v.me
    assert [p.index for p in me.properties] == [5, 16, 18, 19]
    assert any("Pluto" in label for label in me.can_build)
    assert any("Ghost Train" in label for label in me.can_mortgage)
    assert ENGINE.view(_midgame(), "Cy").me.jail_cards


def test_the_pending_line_names_the_awaited_decision():
    s = new(3)
    own(s, "Ada", 1)
    s = act(s, "Ada", "trade:seat:3")
    s = act(s, "Ada", "tr:give:1")
    s = act(s, "Ada", "tr:propose")
    assert "Waiting for Cy" in ENGINE.view(s, None).pending


def test_summary_is_one_public_line():
    text = ENGINE.summary(_midgame())
    assert "Ada to roll" in text and "Cash:" in text


def test_summary_names_the_rules_the_turn_and_the_cash_of_players_still_in():
    s = _midgame()
    s.bankrupt = ["Cy"]
    s.turns = 6
    assert ENGINE.summary(s).startswith(
        f"Monopoly (classic), turn 7. {views.pending_line(s)} Cash: Ada 1,500, Brook 1,500, Dee 1,500."
    )


def test_summary_gives_what_the_phone_board_leaves_out_net_worth_bank_and_decks():
    text = ENGINE.summary(_midgame())
    assert "Net worth (mortgaged deeds at half): Ada 2,660, Brook 1,675" in text
    assert "Bank: 28 flublet stilts, 12 gublet boxes" in text
    assert "Time to Schwifty! 16, Interdimensional Cable TV 15" in text


def test_summary_of_a_quick_game_says_quick():
    assert ENGINE.summary(new(2, mode="quick")).startswith("Monopoly (quick), turn 1. ")


def test_the_dice_name_who_rolled_them_after_the_turn_passes(monkeypatch):
    s = new(3)
    dice(monkeypatch, (1, 3))
    s = act(s, "Ada", "roll")
    v = ENGINE.view(s, None)
    assert v.current == "Brook"
    assert (v.dice, v.roller) == ([1, 3], "Ada")


def test_before_anyone_rolls_the_dice_name_nobody():
    assert ENGINE.view(new(3), None).roller is None


def test_board_image_is_a_square_png_under_300_kb_sized_for_a_phone():
    from engines.monopoly.render_layout import WIDTH

    png = render_board("monopoly", ENGINE.view(_midgame(), None))
    image = Image.open(io.BytesIO(png))
    assert image.size == (WIDTH, WIDTH) and len(png) < 300_000


def test_board_image_marks_the_owner_colour_on_owned_spaces():
    from engines.monopoly.render import layout
    from rendering.kit import player_colour

    png = render_board("monopoly", ENGINE.view(_midgame(), None))
    image = Image.open(io.BytesIO(png)).convert("RGB")
    _bar, band, _box = layout(5, "transport")
    x, y = band[0] + 3, band[1] + 3
    got = image.getpixel((x, y))
    assert all(abs(a - b) <= 4 for a, b in zip(got, player_colour(0), strict=True))


def test_hand_image_renders_for_a_player_and_a_spectator():
    for viewer in ("Ada", None):
        png = render_hand("monopoly", ENGINE.view(_midgame(), viewer))
        assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_view_carries_the_running_auction():
    s = new(3)
    s.offer = 3
    s = act(s, "Ada", "auction")
    s = act(s, "Ada", "limit:to:10")
    a = ENGINE.view(s, None).auction
    assert a.item == "Needful Things" and a.high == 0 and a.high_bidder is None
    assert a.to_bid == ["Brook", "Cy"] and a.my_limit is None


def test_jail_cards_held_are_public_by_deck_since_trades_name_them():
    v = ENGINE.view(_midgame(), None)
    cy = next(p for p in v.players if p.name == "Cy")
    assert cy.jail_cards == 1
    assert cy.jail_card_names == ["Get Out of Jail Free (Cable TV)"]
