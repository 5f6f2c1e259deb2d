"""Bodies Discord refuses get Discord's answer from the local Discord: one bad body of each kind,
sent over HTTP as a bot would, with the status, the code and where the ``errors`` tree points."""

from __future__ import annotations

import pytest

from localdiscord.ratelimits import Limits
from localdiscord.server import LocalDiscord
from tests.localdiscord.rest import callback, interaction, send


@pytest.fixture(scope="module")
def server():
    """Rate limits off: these raw requests post to one channel faster than its bucket allows,
    and what they check is the answer to the body (the limits have tests of their own)."""
    with LocalDiscord(rate_limits=Limits.off()) as s:
        s.ada = s.add_user("Ada")
        s.chan = s.add_channel("games")
        yield s


def followup(server: LocalDiscord, body) -> tuple[int, dict | None]:
    record = interaction(server)
    assert callback(server, record, {"type": 5})[0] == 200
    return send(server, "POST", f"webhooks/{server.state.application_id}/{record.token}", body)


def post(server: LocalDiscord, body) -> tuple[int, dict | None]:
    return send(server, "POST", f"channels/{server.chan.id}/messages", body)


def row(*components: dict) -> list[dict]:
    return [{"type": 1, "components": list(components)}]


def button(**extra) -> dict:
    return {"type": 2, "style": 1, "custom_id": "go", "label": "Go", **extra}


def select(**extra) -> dict:
    options = [{"label": "A", "value": "a"}, {"label": "B", "value": "b"}]
    return {"type": 3, "custom_id": "pick", "options": options, **extra}


def where(answer: dict | None) -> list[tuple[str, str]]:
    """(path, code) of every entry in a 50035 answer's ``errors`` tree."""
    found: list[tuple[str, str]] = []

    def walk(node: dict, path: list[str]) -> None:
        for key, value in node.items():
            if key == "_errors":
                found.extend((".".join(path), e["code"]) for e in value)
            else:
                walk(value, [*path, key])

    walk((answer or {}).get("errors") or {}, [])
    return found


def modal(server: LocalDiscord, form) -> tuple[int, dict | None]:
    """A form (modal) as the answer to a click."""
    return callback(server, interaction(server, kind=3), {"type": 9, "data": form})


def text_input(**extra) -> dict:
    return {"type": 4, "custom_id": "amount", "style": 1, **extra}


def form(*components: dict, title: str = "Bid") -> dict:
    return {"custom_id": "ttn:1:2:3", "title": title, "components": list(components)}


INVALID = [
    # (what, how to send it, body, [(path, Discord's error code)])
    (
        "a form title over 45 characters",
        modal,
        form({"type": 18, "label": "Amount", "component": text_input()}, title="x" * 46),
        [("data.title", "BASE_TYPE_MAX_LENGTH")],
    ),
    ("a form without fields", modal, form(), [("data.components", "BASE_TYPE_MIN_LENGTH")]),
    (
        "two form fields with one custom id",
        modal,
        form(
            {"type": 18, "label": "A", "component": text_input()},
            {"type": 18, "label": "B", "component": text_input()},
        ),
        [("data.components.1.component.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED")],
    ),
    (
        "a form field at least longer than at most",
        modal,
        form({"type": 18, "label": "A", "component": text_input(min_length=9, max_length=3)}),
        [("data.components.0.component.min_length", "BASE_TYPE_BAD_LENGTH")],
    ),
    (
        "six form fields",
        modal,
        form(
            *(
                {"type": 18, "label": "A", "component": text_input(custom_id=f"f{i}")}
                for i in range(6)
            )
        ),
        [("data.components", "BASE_TYPE_MAX_LENGTH")],
    ),
    (
        "button style 9",
        post,
        {"components": row(button(style=9))},
        [("components.0.components.0.style", "BASE_TYPE_CHOICES")],
    ),
    (
        "a button without a style",
        post,
        {"components": row({"type": 2, "custom_id": "go", "label": "Go"})},
        [("components.0.components.0.style", "BASE_TYPE_REQUIRED")],
    ),
    (
        "a select option without a value",
        post,
        {"components": row(select(options=[{"label": "A"}]))},
        [("components.0.components.0.options.0.value", "BASE_TYPE_REQUIRED")],
    ),
    (
        "max_values 0",
        post,
        {"components": row(select(max_values=0))},
        [("components.0.components.0.max_values", "NUMBER_TYPE_MIN")],
    ),
    (
        "max_values 26",
        post,
        {"components": row(select(max_values=26))},
        [("components.0.components.0.max_values", "NUMBER_TYPE_MAX")],
    ),
    (
        "max_values beyond the options",
        post,
        {"components": row(select(max_values=3))},
        [("components.0.components.0.max_values", "SELECT_COMPONENT_TOO_MANY_VALUES")],
    ),
    (
        "the same custom id twice",
        post,
        {"components": row(button(), button(label="Again"))},
        [("components.0.components.1.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED")],
    ),
    (
        "parse users with a users list",
        post,
        {"content": "hi", "allowed_mentions": {"parse": ["users"], "users": ["1"]}},
        [("allowed_mentions.users", "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE")],
    ),
    (
        "an unknown parse value",
        post,
        {"content": "hi", "allowed_mentions": {"parse": ["members"]}},
        [("allowed_mentions.parse.0", "BASE_TYPE_CHOICES")],
    ),
    (
        "flags as a string",
        post,
        {"content": "hi", "flags": "4096"},
        [("flags", "NUMBER_TYPE_COERCE")],
    ),
    ("tts as a string", post, {"content": "hi", "tts": "yes"}, [("tts", "BASE_TYPE_BOOLEAN")]),
    (
        "26 embed fields",
        post,
        {"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]},
        [("embeds.0.fields", "BASE_TYPE_MAX_LENGTH")],
    ),
    (
        "a 1,025-character field value",
        post,
        {"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]},
        [("embeds.0.fields.0.value", "BASE_TYPE_MAX_LENGTH")],
    ),
    ("content as a number", post, {"content": 5}, [("content", "BASE_TYPE_STRING")]),
    (
        "content as a number in a follow-up",
        followup,
        {"content": 5},
        [("content", "BASE_TYPE_STRING")],
    ),
]


@pytest.mark.parametrize(
    ("send_it", "body", "errors"),
    [pytest.param(s, b, e, id=what) for what, s, b, e in INVALID],
)
def test_an_invalid_body_is_refused_as_discord_refuses_it(server, send_it, body, errors):
    status, answer = send_it(server, body)
    assert (status, answer["code"], answer["message"]) == (400, 50035, "Invalid Form Body")
    assert where(answer) == errors


def test_an_empty_channel_message_is_refused(server):
    status, answer = post(server, {"content": ""})
    assert (status, answer["code"]) == (400, 50006)


def test_an_empty_follow_up_is_refused(server):
    status, answer = followup(server, {"content": "", "embeds": [], "components": []})
    assert (status, answer["code"]) == (400, 50006)


def test_an_empty_immediate_response_is_refused(server):
    record = interaction(server)
    status, answer = callback(server, record, {"type": 4, "data": {}})
    assert (status, answer["code"]) == (400, 50006)
    assert server.interaction(record.id).acknowledged is False


def test_duplicate_command_names_are_refused(server):
    command = {"name": "game", "description": "Play", "type": 1}
    status, answer = send(
        server, "PUT", f"applications/{server.state.application_id}/commands", [command, command]
    )
    assert (status, answer["code"]) == (400, 50035)
    assert where(answer) == [("1.name", "APPLICATION_COMMANDS_DUPLICATE_NAME")]
    assert server.commands() == []


def test_a_body_that_is_not_json_is_refused(server):
    status, answer = send(server, "POST", f"channels/{server.chan.id}/messages", b"{content")
    assert (status, answer["code"]) == (400, 50109)


def test_integer_snowflakes_are_accepted(server):
    status, _ = post(
        server, {"content": "hi", "allowed_mentions": {"parse": [], "users": [server.ada.id]}}
    )
    assert status == 200


def test_a_form_is_recorded_for_the_user_to_fill_in(server):
    record = interaction(server, kind=3)
    body = form({"type": 18, "label": "Amount", "component": text_input(max_length=9)})
    assert callback(server, record, {"type": 9, "data": body})[0] == 200
    assert record.modal == body and record.response_type == 9 and record.finished


def test_a_form_cannot_answer_a_form(server):
    record = interaction(server, kind=5)
    body = form({"type": 18, "label": "Amount", "component": text_input()})
    status, answer = callback(server, record, {"type": 9, "data": body})
    assert status == 400 and record.modal is None


def test_a_refused_body_changes_nothing(server):
    before = len(server.all_messages())
    post(server, {"content": "hi", "tts": "yes"})
    assert len(server.all_messages()) == before


def test_every_refusal_is_recorded_as_a_discord_error(server):
    server.call(server.state.errors.clear)
    post(server, {"components": row(button(style=9))})
    assert server.call(lambda: list(server.state.errors)) == [
        "Discord would refuse POST /channels/{channel_id}/messages: Invalid Form Body: "
        "components.0.components.0.style: Value 9 is not a valid choice. (BASE_TYPE_CHOICES)"
    ]
