"""How legal actions become components, within Discord's limits."""

from __future__ import annotations

from bot.discord_app.components import LOSING_NOTE, action_layout
from engines import Action, ActionRole

NORMAL = ActionRole.NORMAL


def actions(n: int, *, id_len: int = 4) -> list[Action]:
    return [
        Action(id=f"a{i}".ljust(id_len, "x"), label=f"Action {i}", role=ActionRole.NORMAL)
        for i in range(n)
    ]


def items(layout):
    return [child.item.to_component_dict() for child in layout.view.children]


def test_up_to_25_moves_are_buttons_in_rows_of_five():
    layout = action_layout(1, 1, actions(25))
    assert [c["type"] for c in items(layout)] == [2] * 25
    rows = [child.row for child in layout.view.children]
    assert max(rows) == 4 and all(rows.count(r) == 5 for r in range(5))
    assert not layout.needs_play


def test_more_than_25_moves_keep_the_main_action_as_a_button_and_the_rest_in_menus():
    layout = action_layout(1, 1, actions(26))
    kinds = [c["type"] for c in items(layout)]
    assert kinds == [2, 3]
    assert sum(len(c.get("options", [])) for c in items(layout)) == 25
    assert not layout.needs_play


def test_menus_group_moves_by_the_kind_their_engine_declares():
    moves = [
        Action(id=f"b{i}", label=f"Lot {i}: put a house on it", role=NORMAL, kind="Build")
        for i in range(30)
    ]
    moves += [
        Action(id=f"m{i}", label=f"Lot {i} to the bank", role=NORMAL, kind="Mortgage")
        for i in range(5)
    ]
    moves.insert(0, Action(id="roll", label="Roll the dice", role=ActionRole.MAIN))
    menus = [c for c in items(action_layout(1, 1, moves)) if c["type"] == 3]
    assert [m["placeholder"] for m in menus] == ["Build (25)", "Build (more) (5)", "Mortgage (5)"]


def test_moves_of_no_declared_kind_share_the_more_moves_menu_whatever_their_words():
    moves = [Action(id=f"b{i}", label=f"Build on lot {i}", role=NORMAL) for i in range(30)]
    menus = [c for c in items(action_layout(1, 1, moves)) if c["type"] == 3]
    assert [m["placeholder"] for m in menus] == ["More moves (25)", "More moves (more) (4)"]


def test_at_most_four_select_menus_beside_the_main_button():
    layout = action_layout(1, 1, actions(400))
    assert [c["type"] for c in items(layout)] == [2, 3, 3, 3, 3]
    assert layout.needs_play


def test_every_custom_id_is_short_whatever_the_action_ids():
    layout = action_layout(10**20, 1, actions(30, id_len=64))
    assert all(len(c["custom_id"]) <= 100 for c in items(layout))
    assert all(o["value"].isdigit() for c in items(layout) for o in c.get("options", []))


def test_button_labels_are_clipped_to_80_characters():
    long = [Action(id="x", label="L" * 200, role=ActionRole.NORMAL)]
    [button] = items(action_layout(1, 1, long))
    assert len(button["label"]) == 80 and button["label"].endswith("…")


def test_duplicate_actions_of_several_awaited_players_appear_once():
    both = actions(2) + actions(2)
    assert len(items(action_layout(1, 1, both))) == 2


def test_no_actions_means_no_components():
    assert action_layout(1, 1, []).view is None


def test_custom_ids_name_game_version_and_index_never_the_action():
    [button] = items(
        action_layout(12, 7, [Action(id="take:2", label="Take 2", role=ActionRole.NORMAL)])
    )
    assert button["custom_id"] == "tt:12:7:0"


def test_a_private_panel_has_its_own_ids():
    [button] = items(
        action_layout(
            12, 7, [Action(id="take:2", label="Take 2", role=ActionRole.NORMAL)], own=True
        )
    )
    assert button["custom_id"] == "ttp:12:7:0"


def test_the_move_declared_main_is_primary_and_the_one_declared_destructive_red():
    moves = [
        Action(id="b", label="Buy it", role=NORMAL),
        Action(id="r", label="Stir the cauldron", role=ActionRole.MAIN),
        Action(id="x", label="Burn down the farm", role=ActionRole.DESTRUCTIVE),
    ]
    styles = [c["style"] for c in items(action_layout(1, 1, moves))]
    assert styles == [2, 1, 4]  # secondary, primary, danger


def test_words_alone_make_no_move_main_or_red():
    moves = [
        Action(id="b", label="Buy it", role=NORMAL),
        Action(id="r", label="Roll the dice", role=NORMAL),
        Action(id="x", label="Declare bankruptcy and lose everything", role=NORMAL),
    ]
    styles = [c["style"] for c in items(action_layout(1, 1, moves))]
    assert styles == [1, 2, 2]  # no main declared: the first move is the primary one


def test_a_move_whose_role_was_never_declared_is_red_so_it_asks_first():
    undeclared = Action.model_construct(id="x", label="Plant a tree")
    [button] = items(action_layout(1, 1, [undeclared]))
    assert button["style"] == 4


def test_a_destructive_move_in_a_select_menu_carries_the_confirmation_note():
    moves = actions(30)
    moves[27] = Action(id="farm", label="Burn down the farm", role=ActionRole.DESTRUCTIVE)
    options = [o for c in items(action_layout(1, 1, moves)) for o in c.get("options", [])]
    noted = [o["label"] for o in options if o.get("description") == LOSING_NOTE]
    assert noted == ["Burn down the farm"]
