"""Discord's limits as the local Discord checks them, one rule per test."""

from __future__ import annotations

from bot.localdiscord import limits


def _row(*buttons: dict) -> dict:
    return {"type": 1, "components": list(buttons)}


def _button(custom_id: str, label: str = "Go") -> dict:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def test_five_rows_of_five_buttons_are_accepted():
    rows = [_row(*[_button(f"b{r}{c}") for c in range(5)]) for r in range(5)]
    assert limits.check_components(rows) == []


def test_a_sixth_row_is_refused():
    rows = [_row(_button(f"b{r}")) for r in range(6)]
    assert any("6 action rows" in p for p in limits.check_components(rows))


def test_a_sixth_button_in_a_row_is_refused():
    assert limits.check_components([_row(*[_button(f"b{c}") for c in range(6)])])


def test_custom_id_over_100_characters_is_refused():
    assert limits.check_components([_row(_button("x" * 101))])
    assert limits.check_components([_row(_button("x" * 100))]) == []


def test_label_over_80_characters_is_refused():
    assert limits.check_components([_row(_button("a", "L" * 81))])


def test_duplicate_custom_ids_are_refused():
    assert any(
        "duplicate" in p for p in limits.check_components([_row(_button("a"), _button("a"))])
    )


def test_select_menu_with_26_options_is_refused():
    menu = {
        "type": 3,
        "custom_id": "s",
        "options": [{"label": str(i), "value": str(i)} for i in range(26)],
    }
    assert limits.check_components([_row(menu)])


def test_select_menu_shares_its_row_with_nothing():
    menu = {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]}
    assert limits.check_components([_row(menu, _button("b"))])


def test_content_over_2000_characters_is_refused():
    assert limits.check_message({"content": "x" * 2001}, [])
    assert limits.check_message({"content": "x" * 2000}, []) == []


def test_file_over_10_mib_is_refused():
    assert limits.check_message({}, [("big.png", b"0" * (limits.MAX_FILE_SIZE + 1))])
    assert limits.check_message({}, [("ok.png", b"0" * 1000)]) == []


def test_26_autocomplete_choices_are_refused():
    choices = [{"name": str(i), "value": str(i)} for i in range(26)]
    assert limits.check_choices(choices)
    assert limits.check_choices(choices[:25]) == []


def test_allowed_mentions_restrict_who_is_pinged():
    content = "<@1> and <@!2>"
    assert limits.pinged_ids(content, None) == [1, 2]
    assert limits.pinged_ids(content, {"parse": [], "users": ["2"]}) == [2]
    assert limits.pinged_ids(content, {"parse": ["users"]}) == [1, 2]
    assert limits.pinged_ids(content, {"parse": []}) == []
