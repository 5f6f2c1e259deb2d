"""Discord's rules on a message as the local Discord checks them (schema and the rules beside
it), one rule per test."""

from __future__ import annotations

import pytest

from bot.discord_limits import MAX_FILE_SIZE
from localdiscord import protocol, validate

POST = ("POST", "/channels/{channel_id}/messages")


def _row(*buttons: dict) -> dict:
    return {"type": 1, "components": list(buttons)}


def _button(custom_id: str, label: str = "Go") -> dict:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def _refused(body: dict, files=()) -> list[str]:
    """Where Discord's answer says the problems are (empty when the body is accepted)."""
    try:
        validate.check_request(*POST, body, list(files))
    except validate.Refused as refused:
        return [p.where() for p in refused.problems] or [str(refused.code)]
    return []


def test_five_rows_of_five_buttons_are_accepted():
    rows = [_row(*[_button(f"b{r}{c}") for c in range(5)]) for r in range(5)]
    assert _refused({"components": rows}) == []


def test_a_sixth_row_is_refused():
    rows = [_row(_button(f"b{r}")) for r in range(6)]
    assert _refused({"components": rows}) == ["components"]


def test_a_sixth_button_in_a_row_is_refused():
    assert _refused({"components": [_row(*[_button(f"b{c}") for c in range(6)])]}) == [
        "components.0.components"
    ]


def test_custom_id_over_100_characters_is_refused():
    assert _refused({"components": [_row(_button("x" * 101))]}) == [
        "components.0.components.0.custom_id"
    ]
    assert _refused({"components": [_row(_button("x" * 100))]}) == []


def test_label_over_80_characters_is_refused():
    assert _refused({"components": [_row(_button("a", "L" * 81))]}) == [
        "components.0.components.0.label"
    ]


def test_duplicate_custom_ids_are_refused():
    problems = validate.check_components([_row(_button("a"), _button("a"))])
    assert [p.code for p in problems] == ["COMPONENT_CUSTOM_ID_DUPLICATED"]


def test_select_menu_with_26_options_is_refused():
    menu = {
        "type": 3,
        "custom_id": "s",
        "options": [{"label": str(i), "value": str(i)} for i in range(26)],
    }
    assert _refused({"components": [_row(menu)]}) == ["components.0.components.0.options"]


def test_select_menu_shares_its_row_with_nothing():
    menu = {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]}
    assert _refused({"components": [_row(menu, _button("b"))]}) == ["components.0.components"]


def test_content_over_2000_characters_is_refused():
    assert _refused({"content": "x" * 2001}) == ["content"]
    assert _refused({"content": "x" * 2000}) == []


def test_file_over_10_mib_is_refused():
    assert _refused({}, [("big.png", b"0" * (MAX_FILE_SIZE + 1))]) == ["files[0]"]
    assert _refused({}, [("ok.png", b"0" * 1000)]) == []


def test_a_message_with_nothing_in_it_is_empty():
    with pytest.raises(validate.Refused) as refused:
        validate.check_request(*POST, {"content": ""}, [])
    assert refused.value.code == 50006


def test_26_autocomplete_choices_are_refused():
    choices = [{"name": str(i), "value": str(i)} for i in range(26)]
    assert validate.check_choices(choices)
    assert validate.check_choices(choices[:25]) == []


def test_integer_snowflakes_are_accepted_as_discord_does():
    mentions = {"parse": [], "users": [123456789012345678, "23"]}
    assert _refused({"content": "hi", "allowed_mentions": mentions}) == []


def test_allowed_mentions_restrict_who_is_pinged():
    content = "<@1> and <@!2>"
    assert protocol.pinged_ids(content, None) == [1, 2]
    assert protocol.pinged_ids(content, {"parse": [], "users": ["2"]}) == [2]
    assert protocol.pinged_ids(content, {"parse": ["users"]}) == [1, 2]
    assert protocol.pinged_ids(content, {"parse": []}) == []
