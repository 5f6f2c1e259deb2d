"""Games whose move labels name hidden things: the public message hides them.

An engine with ``public_action_labels = False`` gets one "Choose your move" button on the public
turn message; the clicker sees their own moves privately and plays from there.
"""

from __future__ import annotations

import copy
import logging
import sys

import pytest

import engines
import rendering
from bot.discord_app.components import MOVES_LABEL
from bot.errors import IllegalMove
from tests.discord import wide
from tests.discord.harness import Harness


@pytest.fixture
async def hp(tmp_path):
    wide.ENGINE.count, wide.ENGINE.long_ids = 4, False
    wide.ENGINE.public_action_labels = False
    engines.register(wide.ENGINE)
    rendering.register("wide", sys.modules[wide.__name__])
    try:
        async with Harness.open(tmp_path / "private.sqlite") as harness:
            ada, bob = harness.user("Ada"), harness.user("Bob")
            await harness.slash(ada, "game new", game="wide", choice="red")
            await harness.slash(bob, "game join", choice="blue")
            await harness.slash(ada, "game start")
            harness.turn = harness.last_public()
            yield harness
            assert harness.world.violations == []
    finally:
        del wide.ENGINE.public_action_labels
        engines.unregister("wide")


def public_labels(h):
    return [
        c.get("label", "") + " ".join(o["label"] for o in c.get("options", []))
        for m in h.public_messages()
        for row in m.components
        for c in row["components"]
    ]


async def test_the_public_turn_message_shows_no_move_labels(hp):
    turn = hp.last_public()
    assert [b["label"] for b in turn.buttons()] == [MOVES_LABEL]
    assert all("Move number" not in label for label in public_labels(hp))
    assert hp.user("Ada").mention in turn.content


async def test_the_awaited_player_sees_their_moves_privately_and_plays(hp):
    ada = hp.user("Ada")
    menu = (await hp.click(ada, hp.last_public(), label=MOVES_LABEL)).only_ephemeral()
    assert menu.interaction_user == ada.id and len(menu.buttons()) == 4
    reply = await hp.click(ada, menu, custom_id=menu.buttons()[2]["custom_id"])
    assert "Ada makes move m2" in reply.public[0].content
    assert [b["label"] for b in reply.public[0].buttons()] == [MOVES_LABEL]


async def test_a_panel_whose_moves_name_hand_items_shows_the_hand_picture(hp):
    """Issue #29: "A private panel whose moves name hand items shows the hand picture it refers
    to, with the same letters"."""
    wide.ENGINE.hand_moves = True
    try:
        menu = (
            await hp.click(hp.user("Ada"), hp.last_public(), label=MOVES_LABEL)
        ).only_ephemeral()
        assert [name for name, _ in menu.files] == ["hand.png"]
    finally:
        wide.ENGINE.hand_moves = False


async def test_a_panel_whose_moves_name_nothing_in_hand_shows_no_picture(hp):
    menu = (await hp.click(hp.user("Ada"), hp.last_public(), label=MOVES_LABEL)).only_ephemeral()
    assert menu.files == []


async def test_a_player_with_nothing_to_do_is_told_whom_we_wait_for(hp):
    reply = await hp.click(hp.user("Bob"), hp.last_public(), label=MOVES_LABEL)
    assert "waiting for Ada" in reply.only_ephemeral().content


async def test_someone_not_playing_is_refused_privately(hp):
    reply = await hp.click(hp.user("Eve"), hp.last_public(), label=MOVES_LABEL)
    assert "not one of them" in reply.only_ephemeral().content


async def test_the_board_command_hides_the_labels_too(hp):
    await hp.slash(hp.user("Eve"), "game board")
    assert [b["label"] for b in hp.last_public().buttons()] == [MOVES_LABEL]
    assert all("Move number" not in label for label in public_labels(hp))


async def test_play_suggestions_are_only_for_the_awaited_player_themself(hp):
    assert await hp.autocomplete(hp.user("Bob"), "play", "action", "") == []
    assert await hp.autocomplete(hp.user("Eve"), "play", "action", "") == []
    mine = await hp.autocomplete(hp.user("Ada"), "play", "action", "")
    assert mine and all("Move number" in c["name"] for c in mine)


async def test_the_private_move_button_of_an_ended_game_says_so(hp):
    old = copy.deepcopy(hp.turn)  # a client still showing the button
    await hp.slash(hp.user("Ada"), "host abort")
    reply = await hp.click(hp.user("Ada"), old, label=MOVES_LABEL)
    assert "no longer running" in reply.only_ephemeral().content


async def test_a_refused_private_move_is_logged_without_the_move(hp, caplog):
    ada = hp.user("Ada")
    menu = (await hp.click(ada, hp.last_public(), label=MOVES_LABEL)).only_ephemeral()
    custom_id = menu.buttons()[1]["custom_id"]

    async def refuse(**kwargs):
        raise IllegalMove("Not now.")

    hp.table.act = refuse
    with caplog.at_level(logging.DEBUG):
        reply = await hp.click(ada, menu, custom_id=custom_id)
    assert reply.only_ephemeral().content == "Not now."
    assert "Refused" in caplog.text
    assert custom_id not in caplog.text and ":m1" not in caplog.text
