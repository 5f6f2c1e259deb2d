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


def buttons(layout) -> list[dict]:
    return [c for c in items(layout) if c["type"] == 2]


def test_up_to_five_moves_are_buttons_in_one_row():
    layout = action_layout(1, 1, actions(5))
    assert [c["type"] for c in items(layout)] == [2] * 5
    assert {child.row for child in layout.view.children} == {0}
    assert not layout.needs_play


def test_a_message_shows_at_most_five_buttons_whatever_the_moves():
    """Issue #29: "At most 5 buttons on a public message (the main move first)"."""
    for n in (6, 11, 25, 26, 400):
        assert len(buttons(action_layout(1, 1, actions(n)))) <= 5


def test_the_main_move_is_the_first_button():
    moves = [*actions(3), Action(id="roll", label="Roll the dice", role=ActionRole.MAIN)]
    assert buttons(action_layout(1, 1, moves))[0]["label"] == "Roll the dice"


def test_more_than_five_moves_keep_the_main_action_as_a_button_and_the_rest_in_one_menu():
    layout = action_layout(1, 1, actions(26))
    kinds = [c["type"] for c in items(layout)]
    assert kinds == [2, 3]
    assert sum(len(c.get("options", [])) for c in items(layout)) == 25
    assert not layout.needs_play


def test_the_choose_your_move_button_counts_among_the_five():
    layout = action_layout(1, 1, actions(5), private=True)
    assert len(buttons(layout)) == 2  # the main move and "Choose your move"
    assert [c["type"] for c in items(layout)] == [2, 2, 3]


def test_a_private_panel_shows_at_most_five_buttons_too():
    assert len(buttons(action_layout(1, 1, actions(14), own=True))) <= 5


def test_moves_the_engine_puts_under_one_menu_share_its_entry_whatever_their_kinds():
    moves = [Action(id="roll", label="Roll the dice", role=ActionRole.MAIN)]
    for kind in ("Build", "Mortgage", "Lift"):
        moves += [
            Action(id=f"{kind}{i}", label=f"{kind} {i}", role=NORMAL, kind=kind, menu="Manage")
            for i in range(3)
        ]
    menus = [c for c in items(action_layout(1, 1, moves)) if c["type"] == 3]
    assert [m["placeholder"] for m in menus] == ["Manage (9)"]


def test_a_move_under_a_menu_waits_behind_it_even_where_a_button_is_free():
    moves = [Action(id="roll", label="Roll the dice", role=ActionRole.MAIN)]
    moves += [Action(id="buy", label="Buy it", role=NORMAL, kind="Buy")]
    moves += [
        Action(id=f"m{i}", label=f"Mortgage {i}", role=NORMAL, kind="Mortgage", menu="Manage")
        for i in range(5)
    ]
    layout = action_layout(1, 1, moves)
    assert [b["label"] for b in buttons(layout)] == ["Roll the dice", "Buy it"]
    [menu] = [c for c in items(layout) if c["type"] == 3]
    assert menu["placeholder"] == "Manage (5)"


def test_a_kind_of_moves_is_never_split_between_buttons_and_the_menu():
    moves = [Action(id="take", label="Take 2 tiles", role=ActionRole.MAIN, kind="Take")]
    moves += [Action(id="no", label="Do not move", role=NORMAL, kind="Do")]
    moves += [Action(id=f"p{i}", label=f"Place {i}", role=NORMAL, kind="Place") for i in range(4)]
    layout = action_layout(1, 1, moves)
    assert [b["label"] for b in buttons(layout)] == ["Take 2 tiles", "Do not move"]
    [menu] = [c for c in items(layout) if c["type"] == 3]
    assert menu["placeholder"] == "Place (4)"


def test_one_menu_of_several_kinds_names_them_in_its_heading():
    moves = [Action(id="go", label="Go", role=ActionRole.MAIN)]
    moves += [Action(id=f"w{i}", label=f"Walk {i}", role=NORMAL, kind="Walk") for i in range(5)]
    moves += [Action(id=f"m{i}", label=f"Move {i}", role=NORMAL, kind="Move") for i in range(5)]
    [menu] = [c for c in items(action_layout(1, 1, moves)) if c["type"] == 3]
    assert menu["placeholder"] == "More moves: Walk, Move (10)"


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
    assert styles == [1, 2, 4]  # primary (first), secondary, danger


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
