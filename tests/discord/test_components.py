"""How legal actions become components, within Discord's limits."""

from __future__ import annotations

from bot.discord_app.components import action_layout, button_id
from engines import Action


def actions(n: int, *, id_len: int = 4) -> list[Action]:
    return [Action(id=f"a{i}".ljust(id_len, "x"), label=f"Action {i}") for i in range(n)]


def items(layout):
    return [child.item.to_component_dict() for child in layout.view.children]


def test_up_to_25_actions_are_buttons_in_rows_of_five():
    layout = action_layout(1, 1, actions(25))
    assert [c["type"] for c in items(layout)] == [2] * 25
    rows = [child.row for child in layout.view.children]
    assert max(rows) == 4 and all(rows.count(r) == 5 for r in range(5))
    assert not layout.needs_play


def test_26_actions_become_select_menus_and_point_to_play():
    layout = action_layout(1, 1, actions(26))
    assert [len(c["options"]) for c in items(layout)] == [25, 1]
    assert layout.needs_play


def test_at_most_five_select_menus_of_25():
    layout = action_layout(1, 1, actions(400))
    assert [len(c["options"]) for c in items(layout)] == [25] * 5


def test_an_action_whose_button_id_would_pass_100_characters_goes_to_a_select():
    game_id = 10**40  # absurdly large, to push the custom id over the limit
    assert len(button_id(game_id, 1, "a" * 64)) > 100
    layout = action_layout(game_id, 1, actions(3, id_len=64))
    assert [c["type"] for c in items(layout)] == [3]
    assert all(len(c["custom_id"]) <= 100 for c in items(layout))


def test_button_labels_are_clipped_to_80_characters():
    long = [Action(id="x", label="L" * 200)]
    [button] = items(action_layout(1, 1, long))
    assert len(button["label"]) == 80 and button["label"].endswith("…")


def test_duplicate_actions_of_several_awaited_players_appear_once():
    both = actions(2) + actions(2)
    assert len(items(action_layout(1, 1, both))) == 2


def test_no_actions_means_no_components():
    assert action_layout(1, 1, []).view is None


def test_custom_ids_name_game_version_and_action():
    [button] = items(action_layout(12, 7, [Action(id="take:2", label="Take 2")]))
    assert button["custom_id"] == "tt:12:7:take:2"
