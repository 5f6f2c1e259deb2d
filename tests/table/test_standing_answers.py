"""Standing answers (issue 30): a player answers a recurring question once, privately, and
the table makes that move for them whenever the game asks them it; nobody else can tell."""

from __future__ import annotations

import types

import pytest

import engines
import rendering
from bot.errors import IllegalMove
from engines.standing import StandingAnswer
from tests.engines import toy

from .conftest import ADA, BO, CHANNEL, running, snapshot

TAKE_ONE = StandingAnswer(id="take-one", words="Always take 1", answers=("take:1",))


class AnsweringToy(toy.ToyEngine):
    """The toy race, offering every player one standing answer: always take 1."""

    name = "answering_toy"
    title = "Race of habits (test game)"

    def standing_answers(self, state, player):
        return [TAKE_ONE]

    def standing_move(self, state, player, answer_id):
        asked = player in self.to_act(state)
        return "take:1" if answer_id == TAKE_ONE.id and asked else None


engines.register(AnsweringToy())
rendering.register("answering_toy", types.SimpleNamespace(render_board=toy.render_board))


async def _game(table):
    start = await running(table, engine="answering_toy")
    first = start.to_act[0]
    return start, first, BO if first == ADA else ADA


async def _set(table, user, on=True):
    return await table.set_standing(channel_id=CHANNEL, user_id=user, answer_id=TAKE_ONE.id, on=on)


async def test_the_table_makes_a_standing_answer_when_its_player_is_asked(table, store):
    _, first, other = await _game(table)
    said, made = await _set(table, other)
    assert made is None and "Always take 1" in said  # not asked yet: nothing made
    outcome = await table.act(channel_id=CHANNEL, user_id=first, action_id="take:2")
    moves = await store.moves(outcome.game.id)
    assert [(m.user_id, m.action_id) for m in moves if m.kind == "move"][-2:] == [
        (first, "take:2"),
        (other, "take:1"),
    ]
    assert outcome.to_act == [first] and outcome.action.id == "take:2"


async def test_a_standing_answer_is_told_only_to_its_player(table, store):
    _, first, other = await _game(table)
    await _set(table, other)
    outcome = await table.act(channel_id=CHANNEL, user_id=first, action_id="take:2")
    name = "Bo" if other == BO else "Ada"
    assert outcome.private_events[other] == [f"{name}'s standing answer: Always take 1."]
    public = " ".join(e.text for e in outcome.events)
    assert "standing" not in public and f"{name} takes 1" in public
    log = " ".join(await table.log(channel_id=CHANNEL, limit=None))
    assert "standing" not in log and "Always take 1" not in log


async def test_setting_an_answer_while_asked_makes_the_move_at_once(table, store):
    _, first, _ = await _game(table)
    _, made = await _set(table, first)
    assert made is not None and made.action.id == "take:1" and first not in made.to_act


async def test_a_removed_standing_answer_is_asked_again(table, store):
    _, first, other = await _game(table)
    await _set(table, other)
    await _set(table, other, on=False)
    outcome = await table.act(channel_id=CHANNEL, user_id=first, action_id="take:2")
    assert outcome.to_act == [other]


async def test_a_standing_answer_the_game_does_not_offer_is_refused_and_changes_nothing(
    table, store, db_path
):
    _, first, _ = await _game(table)
    before = snapshot(db_path)
    with pytest.raises(IllegalMove, match="not a standing answer"):
        await table.set_standing(channel_id=CHANNEL, user_id=first, answer_id="x", on=True)
    assert snapshot(db_path) == before and await store.standing_answers(1) == {}


async def test_only_its_player_sees_a_standing_answer_in_their_hand(table, store):
    _, first, other = await _game(table)
    await _set(table, other)
    _, _, mine = await table.hand(channel_id=CHANNEL, user_id=other)
    _, _, theirs = await table.hand(channel_id=CHANNEL, user_id=first)
    assert "- Always take 1" in mine and "Always take 1" not in theirs
