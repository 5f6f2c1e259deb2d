"""Bad input gets a clear private answer and changes nothing; never a stack trace in a channel.

One test per way a command or a click can go wrong that the other files do not cover: refusals
at the wrong stage, a damaged saved game, a game no longer installed, the database refusing a
write, the rules code crashing, stale or foreign components, and Discord refusing a post.
"""

from __future__ import annotations

import copy
import json
import logging
import sqlite3

import discord
import pytest

import engines
from bot.discord_app.commands.looking import BOARD_NOT_POSTED
from bot.discord_app.turns import GONE, NOT_POSTED
from bot.errors import DamagedGame, EngineFailure, SaveFailed, WrongStage


def snapshot(h):
    """Every row of every game table, to prove a refusal changed nothing."""
    with sqlite3.connect(h.db_path) as db:
        return {
            t: db.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall()
            for t in ("games", "seats", "moves")
        }


def refused(reply) -> str:
    """The one private answer of a refusal (nothing public, no stack trace)."""
    text = reply.only_ephemeral().content
    assert "Traceback" not in text and 'File "' not in text
    return text


def damage(h, state: str = '{"players": "not a list"') -> None:
    with sqlite3.connect(h.db_path) as db:
        db.execute("UPDATE games SET state = ?", (state,))


# -- the wrong stage (WrongStage) ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("command", "options"),
    [("play", {"action": "take:1"}), ("game hand", {}), ("game board", {}), ("game concede", {})],
)
async def test_a_running_games_command_in_the_lobby_is_refused_privately(h, ada, command, options):
    await h.slash(ada, "game new", game="toy")
    before = snapshot(h)
    text = refused(await h.slash(ada, command, **options))
    assert "not started" in text
    assert snapshot(h) == before


@pytest.mark.parametrize("command", ["game join", "game leave", "game start"])
async def test_a_lobby_command_on_a_running_game_is_refused_privately(running, h, command):
    eve = h.user("Eve") if command == "game join" else h.user("Ada")
    before = snapshot(h)
    text = refused(await h.slash(eve, command))
    assert WrongStage.default != text  # a specific reason, e.g. "already started"
    assert "started" in text
    assert snapshot(h) == before


# -- a damaged saved game (DamagedGame) --------------------------------------------------------------
@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("play", {"action": "take:1"}),
        ("game board", {}),
        ("game hand", {}),
        ("game status", {}),
        ("game concede", {}),
    ],
)
async def test_a_damaged_game_answers_every_command_privately(running, h, ada, command, options):
    damage(h)
    before = snapshot(h)
    text = refused(await h.slash(ada, command, **options))
    assert text == DamagedGame.default
    assert snapshot(h) == before


async def test_a_click_on_a_damaged_game_is_answered_privately(running, h, ada):
    damage(h)
    before = snapshot(h)
    assert refused(await h.click(ada, running, label="Take 1")) == DamagedGame.default
    assert snapshot(h) == before


async def test_a_damaged_game_offers_no_moves_as_you_type(running, h, ada):
    damage(h)
    assert await h.autocomplete(ada, "play", "action", "") == []


async def test_a_damaged_game_can_still_be_aborted_from_discord(running, h, ada):
    damage(h)
    reply = await h.slash(ada, "host abort")
    assert "was ended by Ada" in reply.public[0].content
    assert (await h.table.game(channel_id=running.channel_id)).status == "aborted"


async def test_a_damaged_state_never_reaches_the_log(running, h, ada, caplog):
    secret = "queen of " + "hearts"
    damage(h, json.dumps({"players": secret}))
    with caplog.at_level(logging.DEBUG):
        await h.slash(ada, "game status")
        await h.click(ada, running, label="Take 1")
    assert secret not in caplog.text


# -- a game no longer installed ---------------------------------------------------------------------
async def test_joining_a_lobby_whose_game_is_no_longer_installed_says_so(h, ada, bob):
    await h.slash(ada, "game new", game="toy")
    with sqlite3.connect(h.db_path) as db:
        db.execute("UPDATE games SET engine = 'retired_game'")
    before = snapshot(h)
    assert "not installed" in refused(await h.slash(bob, "game join"))
    assert snapshot(h) == before


async def test_rules_for_an_unknown_game_list_the_games(h, ada):
    text = refused(await h.slash(ada, "game rules", game="chess"))
    assert "'chess' is not a game on this bot" in text
    assert engines.get_engine("toy").title in text


# -- the database or the rules code failing ----------------------------------------------------------
async def test_a_refused_write_is_answered_privately_and_nothing_moves(
    running, h, ada, monkeypatch
):
    async def locked(*args, **kwargs):
        raise sqlite3.OperationalError("database is locked")

    before = snapshot(h)
    monkeypatch.setattr(h.store, "save", locked)
    assert refused(await h.click(ada, running, label="Take 1")) == SaveFailed.default
    assert snapshot(h) == before


async def test_a_crash_in_the_rules_is_answered_privately_and_nothing_moves(
    running, h, ada, monkeypatch
):
    def crash(*args):
        raise ZeroDivisionError("bug")

    before = snapshot(h)
    monkeypatch.setattr(engines.get_engine("toy"), "play", crash)
    assert refused(await h.slash(ada, "play", action="take:1")) == EngineFailure.default
    assert snapshot(h) == before


# -- stale and foreign components ----------------------------------------------------------------
async def test_a_click_on_a_finished_game_says_it_has_ended(running, h, ada, bob):
    old = copy.deepcopy(running)  # a client still showing the first board's buttons
    for user, action in ((ada, "take:3"), (bob, "take:3"), (ada, "take:3"), (bob, "take:2")):
        await h.slash(user, "play", action=action)
    assert (await h.table.game(channel_id=running.channel_id)).status == "finished"
    before = snapshot(h)
    assert refused(await h.click(ada, old, label="Take 1")) == GONE
    assert snapshot(h) == before


async def test_a_button_of_an_earlier_game_does_not_touch_the_new_one(running, h, ada, bob):
    old = copy.deepcopy(running)  # a client still showing the first game's buttons
    await h.slash(ada, "host abort")
    await h.slash(ada, "game new", game="toy")
    await h.slash(bob, "game join")
    await h.slash(ada, "game start")
    before = snapshot(h)
    assert refused(await h.click(ada, old, label="Take 1")) == GONE
    assert snapshot(h) == before


async def test_a_button_for_a_game_the_database_no_longer_has_is_answered(running, h, ada):
    with sqlite3.connect(h.db_path) as db:  # e.g. the database was replaced by another one
        db.execute("UPDATE games SET channel_id = 1")
    assert refused(await h.click(ada, running, label="Take 1")) == GONE


# -- Discord refusing a post ------------------------------------------------------------------------
def refuse_public_followups(h, error: type[discord.HTTPException]) -> None:
    """Discord answers every public follow-up and channel post with ``error`` (403 missing
    permission, 404 the channel is gone); private ones still go through."""
    real = h.adapter.request

    async def request(route, *args, payload=None, multipart=None, **kwargs):
        body = payload or {}
        if multipart:
            body = next((p for p in multipart if p.get("name") == "payload_json"), {})
            body = json.loads(body.get("value", "{}")) if body else {}
        public = not int(body.get("flags") or 0) & 64
        if route.method == "POST" and not route.path.endswith("/callback") and public:
            status, code = (403, 50013) if error is discord.Forbidden else (404, 10003)
            response = type("R", (), {"status": status, "reason": error.__name__})()
            raise error(response, {"code": code, "message": "refused"})
        return await real(route, *args, payload=payload, multipart=multipart, **kwargs)

    h.adapter.request = request
    real_http = h.client.http.request

    async def channel_request(route, **kwargs):
        if route.method == "POST" and route.path == "/channels/{channel_id}/messages":
            status, code = (403, 50013) if error is discord.Forbidden else (404, 10003)
            response = type("R", (), {"status": status, "reason": error.__name__})()
            raise error(response, {"code": code, "message": "refused"})
        return await real_http(route, **kwargs)

    h.client.http.request = channel_request


@pytest.mark.parametrize("error", [discord.Forbidden, discord.NotFound])
async def test_a_move_whose_board_cannot_be_posted_is_saved_and_the_mover_told(
    running, h, ada, bob, error
):
    heard = []

    async def listener(outcome, message):
        heard.append((outcome.game.version, message))

    h.client.outcome_listeners.append(listener)
    refuse_public_followups(h, error)
    reply = await h.click(ada, running, label="Take 1")
    assert refused(reply) == NOT_POSTED
    game = await h.table.game(channel_id=running.channel_id)
    assert await h.table.waiting_for(channel_id=running.channel_id) == [bob.id]
    assert heard == [(game.version, None)]  # the clocks still hear of the move


async def test_a_board_that_cannot_be_posted_is_answered_privately(running, h, bob):
    refuse_public_followups(h, discord.Forbidden)
    reply = await h.slash(bob, "game board")
    assert not reply.public
    assert BOARD_NOT_POSTED in reply.text


async def test_a_post_discord_forbids_inside_a_command_gets_a_clear_private_answer(h, ada):
    async def forbidden(*args, **kwargs):
        response = type("R", (), {"status": 403, "reason": "Forbidden"})()
        raise discord.Forbidden(response, {"code": 50013, "message": "Missing Permissions"})

    h.client.table.new_game = forbidden  # as if the public lobby notice were refused
    text = refused(await h.slash(ada, "game new", game="toy"))
    assert "missing a permission" in text
