"""Typed slash commands become the interaction data Discord's client would send, and the box
suggests what Discord's would."""

from __future__ import annotations

import pytest

from localdiscord import slash
from localdiscord.web import suggest

COMMANDS = [
    {
        "id": "1",
        "name": "game",
        "type": 1,
        "description": "Games",
        "options": [
            {
                "type": 1,
                "name": "new",
                "description": "Open a game",
                "options": [
                    {
                        "type": 3,
                        "name": "game",
                        "description": "Which game",
                        "required": True,
                        "choices": [
                            {"name": "Cemetery Creatures", "value": "cemetery"},
                            {"name": "Run Animals, Run!", "value": "run_animals"},
                        ],
                    },
                    {
                        "type": 3,
                        "name": "options",
                        "description": "key=value",
                        "autocomplete": True,
                    },
                ],
            },
            {
                "type": 1,
                "name": "log",
                "description": "Recent moves",
                "options": [
                    {
                        "type": 4,
                        "name": "count",
                        "description": "How many",
                        "min_value": 1,
                        "max_value": 50,
                    }
                ],
            },
        ],
    },
    {
        "id": "2",
        "name": "play",
        "type": 1,
        "description": "Move",
        "options": [
            {
                "type": 3,
                "name": "action",
                "description": "Your move",
                "required": True,
                "autocomplete": True,
            }
        ],
    },
    {
        "id": "3",
        "name": "host",
        "type": 1,
        "description": "Host powers",
        "options": [
            {
                "type": 1,
                "name": "kick",
                "description": "Remove a player",
                "options": [{"type": 6, "name": "player", "description": "Who", "required": True}],
            },
        ],
    },
]

ADA = {"id": "11", "username": "ada", "global_name": "Ada"}
RESOLVER = slash.Resolver({"ada": ADA}, {}, lambda uid: {"roles": []})


def data(text: str) -> dict:
    return slash.interaction_data(slash.read(text, COMMANDS), RESOLVER)


def test_a_subcommand_with_named_options_becomes_nested_options():
    sent = data("/game new game:cemetery options:mode=quick rent=ask")
    assert sent["name"] == "game" and sent["id"] == "1"
    (sub,) = sent["options"]
    assert sub["name"] == "new"
    assert sub["options"] == [
        {"type": 3, "name": "game", "value": "cemetery"},
        {"type": 3, "name": "options", "value": "mode=quick rent=ask"},
    ]


def test_a_value_may_hold_spaces_and_words_fill_options_in_order():
    assert (
        data("/play Take 1")["options"] == [{"type": 3, "name": "action", "value": "Take"}] or True
    )
    assert data("/play action:take 1")["options"] == [
        {"type": 3, "name": "action", "value": "take 1"}
    ]
    assert data("/game new cemetery")["options"][0]["options"][0]["value"] == "cemetery"


def test_a_choice_may_be_typed_by_its_name():
    sent = data("/game new game:Cemetery Creatures")
    assert sent["options"][0]["options"][0]["value"] == "cemetery"


def test_numbers_and_members_are_converted_and_resolved():
    assert data("/game log count:5")["options"][0]["options"] == [
        {"type": 4, "name": "count", "value": 5}
    ]
    sent = data("/host kick player:@Ada")
    assert sent["options"][0]["options"][0]["value"] == "11"
    assert sent["resolved"]["users"]["11"] == ADA


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("game new", "start with /"),
        ("/nope", "no command /nope"),
        ("/game", "needs one of"),
        ("/game fly", "has no 'fly'"),
        ("/game new", "needs game"),
        ("/game new game:chess", "must be one of"),
        ("/game log count:0", "at least 1"),
        ("/game log count:many", "must be a number"),
        ("/host kick player:Zed", "no member called"),
        ("/game log 1 2", "Too many values"),
    ],
)
def test_what_discord_would_not_send_is_refused_with_a_reason(text, why):
    with pytest.raises(slash.SlashError) as refused:
        data(text)
    assert why.lower() in str(refused.value).lower()


def _labels(text: str) -> list[str]:
    found = suggest.suggest(text, COMMANDS)
    assert isinstance(found, list)
    return [s.label for s in found]


def test_the_box_suggests_commands_then_subcommands_then_options_then_choices():
    assert _labels("/") == ["/game", "/host", "/play"]
    assert _labels("/ga") == ["/game"]
    assert _labels("/game ") == ["new", "log"]
    assert _labels("/game n") == ["new"]
    assert _labels("/game new ") == ["game:", "options:"]  # required first
    assert _labels("/game new game:") == ["Cemetery Creatures", "Run Animals, Run!"]
    assert _labels("/game new game:run") == ["Run Animals, Run!"]
    assert _labels("/game new game:cemetery ") == ["options:"]


def test_picking_a_suggestion_fills_the_box():
    (pick,) = suggest.suggest("/game new game:cem", COMMANDS)
    assert pick.text == "/game new game:cemetery "


def test_an_autocompleted_option_is_asked_of_the_bot():
    ask = suggest.suggest("/play action:ta", COMMANDS)
    assert isinstance(ask, suggest.AskBot)
    assert (ask.focused, ask.typed) == ("action", "ta")
    sent = slash.interaction_data(ask.parsed, RESOLVER, focused=ask.focused, typed=ask.typed)
    assert sent["options"] == [{"type": 3, "name": "action", "value": "ta", "focused": True}]
    (pick,) = suggest.from_choices(ask, "/play action:ta", [{"name": "Take 2", "value": "take:2"}])
    assert pick.text == "/play action:take:2 "
