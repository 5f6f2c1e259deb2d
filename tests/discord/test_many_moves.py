"""Games with more moves than buttons, long ids and private events (the ``wide`` test engine)."""

from __future__ import annotations

import sys

import pytest

import engines
import rendering
from tests.discord import wide
from tests.discord.harness import Harness


@pytest.fixture
async def hw(tmp_path):
    wide.ENGINE.count, wide.ENGINE.long_ids = 60, False
    engines.register(wide.ENGINE)
    rendering.register("wide", sys.modules[wide.__name__])
    try:
        async with Harness.open(tmp_path / "wide.sqlite") as harness:
            yield harness
            assert harness.world.violations == []
    finally:
        engines.unregister("wide")


@pytest.fixture
async def started(hw):
    ada, bob = hw.user("Ada"), hw.user("Bob")
    await hw.slash(ada, "game new", game="wide", choice="red")
    await hw.slash(bob, "game join", choice="colour=blue")
    await hw.slash(ada, "game start")
    return hw.last_public()


def option_value(message, label_start: str) -> str:
    """The (opaque) value of the select option whose label starts so."""
    for select in message.selects():
        for o in select["options"]:
            if o["label"].startswith(label_start):
                return o["value"]
    raise AssertionError(f"no option {label_start!r}")


async def test_more_moves_than_buttons_keep_a_main_button_and_menus_for_the_rest(started):
    assert len(started.buttons()) == 1
    selects = started.selects()
    assert sum(len(s["options"]) for s in selects) == 59
    assert all(o["value"].isdigit() for s in selects for o in s["options"])


async def test_choosing_from_a_select_menu_makes_the_move(started, hw):
    value = option_value(started, "Move number 42 ")
    reply = await hw.choose(hw.user("Ada"), started, value)
    assert "Ada makes move m42" in reply.public[0].content


async def test_the_longest_action_ids_still_fit_a_button_custom_id(hw):
    wide.ENGINE.count, wide.ENGINE.long_ids = 3, True
    ada, bob = hw.user("Ada"), hw.user("Bob")
    await hw.slash(ada, "game new", game="wide")
    await hw.slash(bob, "game join", choice="blue")
    await hw.slash(ada, "game start")
    turn = hw.last_public()
    assert len(turn.buttons()) == 3
    assert all(len(b["custom_id"]) <= 100 for b in turn.buttons())
    reply = await hw.click(ada, turn, custom_id=turn.buttons()[1]["custom_id"])
    assert "makes move very-long-move-name" in reply.public[0].content


async def test_a_turn_message_with_many_long_events_stays_under_2000_characters(started, hw):
    reply = await hw.choose(hw.user("Ada"), started, option_value(started, "Move number 1 "))
    [turn] = reply.public
    assert len(turn.content) <= 2000
    assert "`/game log`" in turn.content
    assert hw.user("Bob").mention in turn.content  # the ping survives truncation


async def test_private_events_reach_only_the_mover_privately(started, hw):
    ada = hw.user("Ada")
    reply = await hw.slash(ada, "play", action="m3")
    assert all(wide.SECRET not in m.content for m in hw.world.messages.values() if m.public)
    [ack] = reply.ephemeral
    assert ack.interaction_user == ada.id and wide.SECRET in ack.content


async def test_private_events_from_a_click_come_as_an_ephemeral_note(started, hw):
    ada = hw.user("Ada")
    reply = await hw.choose(ada, started, option_value(started, "Move number 4 "))
    [note] = reply.ephemeral
    assert note.interaction_user == ada.id and wide.SECRET in note.content
    assert wide.SECRET not in reply.public[0].content


async def test_play_autocomplete_offers_at_most_25_choices(started, hw):
    choices = await hw.autocomplete(hw.user("Ada"), "play", "action", "")
    assert len(choices) == 25


async def test_play_autocomplete_filters_by_what_is_typed(started, hw):
    choices = await hw.autocomplete(hw.user("Ada"), "play", "action", "number 5")
    assert {c["value"] for c in choices} == {"m5"} | {f"m{n}" for n in range(50, 60)}
    assert all(c["name"].startswith("Move number 5") for c in choices)


async def test_join_choice_autocomplete_lists_the_per_player_values(hw):
    ada, bob = hw.user("Ada"), hw.user("Bob")
    await hw.slash(ada, "game new", game="wide", choice="red")
    choices = await hw.autocomplete(bob, "game join", "choice", "")
    assert [c["value"] for c in choices] == ["red", "blue"]


async def test_a_unique_choice_already_taken_is_refused_privately(hw):
    ada, bob = hw.user("Ada"), hw.user("Bob")
    await hw.slash(ada, "game new", game="wide", choice="red")
    reply = await hw.slash(bob, "game join", choice="red")
    assert "red" in reply.only_ephemeral().content


@pytest.mark.parametrize(
    "words", ["Give up and lose 5 points", "Burn down the farm"], ids=["losing words", "plain"]
)
async def test_a_destructive_move_chosen_from_a_select_menu_asks_first(hw, words):
    wide.ENGINE.losing, wide.ENGINE.losing_at, wide.ENGINE.losing_label = True, 40, words
    try:
        ada, bob = hw.user("Ada"), hw.user("Bob")
        await hw.slash(ada, "game new", game="wide")
        await hw.slash(bob, "game join", choice="blue")
        await hw.slash(ada, "game start")
        turn = hw.last_public()
        [option] = [o for s in turn.selects() for o in s["options"] if o["label"] == words]
        assert "confirm" in option["description"]
        game = await hw.table.game(channel_id=turn.channel_id)
        question = (await hw.choose(ada, turn, option["value"])).only_ephemeral()
        assert "Are you sure" in question.content and words in question.content
        assert (await hw.table.game(channel_id=turn.channel_id)).version == game.version
        await hw.click(ada, question, label="Yes, do it")
        assert (await hw.table.game(channel_id=turn.channel_id)).version == game.version + 1
        assert f"Done: **{words}" in question.content and question.buttons() == []
    finally:
        del wide.ENGINE.losing, wide.ENGINE.losing_at, wide.ENGINE.losing_label


async def test_a_losing_move_s_red_button_on_a_private_panel_makes_that_move_once_confirmed(hw):
    """The panel lists the player's own moves, a private one first: the question's "Yes" must
    make the red button's move, not the one at its place among the public message's."""
    engine = wide.ENGINE
    engine.count, engine.losing, engine.losing_at, engine.private_at = 3, True, 2, 0
    try:
        ada, bob = hw.user("Ada"), hw.user("Bob")
        await hw.slash(ada, "game new", game="wide")
        await hw.slash(bob, "game join", choice="blue")
        await hw.slash(ada, "game start")
        turn = hw.last_public()
        game = await hw.table.game(channel_id=turn.channel_id)
        [choose] = [b["custom_id"] for b in turn.buttons() if b["custom_id"].startswith("ttm:")]
        panel = (await hw.click(ada, turn, custom_id=choose)).only_ephemeral()
        question = (await hw.click(ada, panel, label=engine.losing_label)).only_ephemeral()
        assert "Are you sure" in question.content
        await hw.click(ada, question, label="Yes, do it")
        assert (await hw.table.game(channel_id=turn.channel_id)).version == game.version + 1
        assert (await hw.table.last_entry(game.id)).action_id == "m2"
    finally:
        engine.count, engine.losing, engine.losing_at, engine.private_at = 60, False, 0, -1


async def test_a_plain_move_chosen_from_a_select_menu_is_made_at_once(started, hw):
    option = [o for s in started.selects() for o in s["options"]][10]
    assert option.get("description") is None
    reply = await hw.choose(hw.user("Ada"), started, option["value"])
    assert reply.public and "Are you sure" not in reply.text
