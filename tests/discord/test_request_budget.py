"""Discord's global request budget is spent only where nothing else can: a turn message is
edited through the token of a click on it (interaction requests are not globally limited),
never edited to show what it shows already, and steps queued behind an edit are folded into
one. (Issue #36: "a move made from a component on the turn message edits that message through
the interaction".)"""

from __future__ import annotations

import asyncio
import datetime

import discord

from bot.discord_app import turns
from bot.discord_app.components import MOVES_LABEL
from tests.discord import wide
from tests.discord.test_turn_messages import label_button, private_steps, two_steps

__all__ = ["private_steps", "two_steps"]  # the fixtures, shared with the turn message tests


def channel_edits(h, since: int) -> list:
    """The channel-route message edits (globally limited) the bot made after request ``since``."""
    return [
        s for s in h.world.sent[since:] if s.method == "PATCH" and s.path.startswith("/channels/")
    ]


def later(minutes: float):
    """A clock ``minutes`` ahead of now."""
    return lambda: discord.utils.utcnow() + datetime.timedelta(minutes=minutes)


async def test_a_click_on_the_turn_message_edits_it_through_the_click(two_steps):
    h = two_steps
    ada = h.user("Ada")
    turn, start = h.last_public(), len(h.world.sent)
    await h.click(ada, turn, custom_id=label_button(turn, "Move number 1"))
    assert "Ada makes move m1" in turn.content
    assert channel_edits(h, start) == []


async def test_a_new_turn_takes_the_old_messages_buttons_off_through_the_click(two_steps):
    h = two_steps
    ada = h.user("Ada")
    first = h.last_public()
    await h.click(ada, first, custom_id=label_button(first, "Move number 1"))
    start = len(h.world.sent)
    reply = await h.click(ada, first, custom_id=label_button(first, "Move number 2"))
    assert len(reply.public) == 1 and first.components == []
    assert channel_edits(h, start) == []


async def test_a_panel_step_edits_the_turn_message_through_the_choose_click(private_steps):
    h = private_steps
    ada = h.user("Ada")
    turn = h.last_public()
    panel = (await h.click(ada, turn, label=MOVES_LABEL)).only_ephemeral()
    start = len(h.world.sent)
    await h.click(ada, panel, custom_id=panel.buttons()[1]["custom_id"])
    assert "Ada makes move m1" in turn.content
    assert channel_edits(h, start) == []


async def test_a_move_without_a_click_on_the_message_edits_through_the_channel(two_steps):
    h = two_steps
    ada = h.user("Ada")
    turn, start = h.last_public(), len(h.world.sent)
    await h.slash(ada, "play", action="m1")
    assert "Ada makes move m1" in turn.content
    assert len(channel_edits(h, start)) == 1


async def test_a_token_near_the_end_of_its_life_is_not_used(two_steps):
    h = two_steps
    ada = h.user("Ada")
    turn = h.last_public()
    await h.click(ada, turn, custom_id=label_button(turn, "Move number 1"))
    h.client.editors.now = later(14.5)  # the click's token dies at 15 minutes
    start = len(h.world.sent)
    await h.slash(ada, "play", action="m2")
    assert len(channel_edits(h, start)) == 1  # the old message's buttons, by the channel


async def test_an_edit_that_would_change_nothing_is_not_sent(two_steps):
    h = two_steps
    ada = h.user("Ada")
    turn = h.last_public()
    await h.click(ada, turn, custom_id=label_button(turn, "Move number 1"))
    now = await h.table.current(channel_id=turn.channel_id)
    start = len(h.world.sent)
    await turns.present(h.client, now)  # the same position shown again
    assert [s for s in h.world.sent[start:] if s.method == "PATCH"] == []


async def test_steps_queued_behind_an_edit_are_folded_into_the_newest(two_steps):
    h = two_steps
    wide.ENGINE.per_turn = 4  # Ada's turn: four steps, each one edit of the same message
    ada = h.user("Ada")
    turn = h.last_public()
    outcomes = [
        await h.table.act(channel_id=turn.channel_id, user_id=ada.id, action_id=f"m{n}")
        for n in (0, 1, 2)
    ]
    entered, release = asyncio.Event(), asyncio.Event()
    real = h.client.http.request

    async def slow_edits(route, **kwargs):  # the first edit stays in flight until released
        if route.method == "PATCH":
            entered.set()
            await release.wait()
        return await real(route, **kwargs)

    h.client.http.request = slow_edits
    start = len(h.world.sent)
    first = asyncio.create_task(turns.present(h.client, outcomes[0]))
    await entered.wait()
    rest = [asyncio.create_task(turns.present(h.client, o)) for o in outcomes[1:]]
    await asyncio.sleep(0)  # both wait for the first edit to land
    release.set()
    await asyncio.gather(first, *rest)
    assert len(channel_edits(h, start)) == 2  # the first step's, then the newest's
    # the newest step's events (the recap keeps the newest whole; older ones go to /game log)
    assert "Ada makes move m2" in turn.content


async def test_a_new_panel_closes_the_players_previous_one(private_steps):
    h = private_steps
    ada = h.user("Ada")
    turn = h.last_public()
    old = (await h.click(ada, turn, label=MOVES_LABEL)).only_ephemeral()
    new = (await h.click(ada, turn, label=MOVES_LABEL)).only_ephemeral()
    assert old.content == "This panel is closed — use the newest one." and old.components == []
    assert len(new.buttons()) == 3


async def test_a_panel_past_its_tokens_life_is_left_as_it_was(private_steps):
    h = private_steps
    ada = h.user("Ada")
    turn = h.last_public()
    old = (await h.click(ada, turn, label=MOVES_LABEL)).only_ephemeral()
    h.client.panels.now = later(15)
    await h.click(ada, turn, label=MOVES_LABEL)
    assert len(old.buttons()) == 3  # Discord no longer lets the bot touch it


async def test_a_click_on_a_closed_panel_is_answered_privately_and_changes_nothing(
    private_steps,
):
    h = private_steps
    ada = h.user("Ada")
    turn = h.last_public()
    old = (await h.click(ada, turn, label=MOVES_LABEL)).only_ephemeral()
    seen = old.buttons()[0]["custom_id"]  # a client that has not redrawn it yet
    await h.click(ada, turn, label=MOVES_LABEL)
    old.components = [
        {"type": 1, "components": [{"type": 2, "style": 2, "custom_id": seen, "label": "m"}]}
    ]
    reply = await h.click(ada, old, custom_id=seen)
    assert "closed" in reply.only_ephemeral().content
    game = await h.table.game(channel_id=turn.channel_id)
    assert game.version == 3  # opened, joined, started: no move made


async def test_the_end_of_the_game_closes_the_panels_still_showing_moves(private_steps):
    h = private_steps
    players = {u.id: u for u in (h.user("Ada"), h.user("Bob"))}
    channel = h.last_public().channel_id

    async def awaited():
        [user_id] = await h.table.waiting_for(channel_id=channel)
        return players[user_id]

    for _ in range(5):
        await h.slash(await awaited(), "play", action="m0")
    last = await awaited()
    panel = (await h.click(last, h.last_public(), label=MOVES_LABEL)).only_ephemeral()
    await h.slash(last, "play", action="m0")  # the sixth move ends the game
    assert panel.content == "This panel is closed — the game is over." and panel.components == []


async def test_an_unanswered_question_is_closed_by_the_next_panel(private_steps):
    h = private_steps
    wide.ENGINE.losing = True  # the first move asks "are you sure?" first
    try:
        ada = h.user("Ada")
        turn = h.last_public()
        panel = (await h.click(ada, turn, label=MOVES_LABEL)).only_ephemeral()
        red = next(b for b in panel.buttons() if b.get("style") == 4)
        question = (await h.click(ada, panel, custom_id=red["custom_id"])).only_ephemeral()
        assert "Are you sure?" in question.content and panel.components == []  # closed
        await h.click(ada, turn, label=MOVES_LABEL)
        assert question.content == "This panel is closed — use the newest one."
        assert question.components == []
    finally:
        del wide.ENGINE.losing
