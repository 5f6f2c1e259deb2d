"""When a deadline passes: the stand-in plays, missed turns are counted, the others may vote."""

import pytest

from bot.discord_app import clock_texts as words
from bot.errors import NotAllowed, TableError
from tests.clock.conftest import ADA, BO, CHANNEL, CY, HOUR
from tests.table.conftest import raw


async def miss(world, times: int, clock: float = 24 * HOUR):
    """Ada misses ``times`` turns in a row while Bo (and Cy) move at once."""
    for _ in range(times):
        await world.after(clock)
        while (await world.waiting()) and (await world.waiting())[0] != ADA:
            await world.move((await world.waiting())[0])


async def test_the_stand_in_plays_a_legal_move_through_the_table(world):
    await world.game(ADA, BO)
    await world.after(24 * HOUR)
    [move] = [m for m in await world.store.moves(1) if m.kind == "move"]
    assert move.user_id == ADA and move.action_id in {"take:1", "take:2", "take:3"}


async def test_the_stand_in_is_named_in_the_log_and_on_the_turn_message(world):
    await world.game(ADA, BO)
    await world.after(24 * HOUR)
    log = await world.table.log(channel_id=CHANNEL)
    assert "Ada's time ran out (1 missed turn in a row); a stand-in plays" in log[-2]
    [(_, outcome, headline)] = world.notifier.turns
    assert headline == "Ada ran out of time; a stand-in played for them"
    assert outcome.to_act == [BO]
    assert outcome.by_standin
    with raw(world.path) as db:
        marked = db.execute("SELECT version FROM days_log WHERE kind = 'standin'").fetchall()
    assert [tuple(r) for r in marked] == [(outcome.game.version,)]


async def test_missed_turns_are_counted_in_a_row(world):
    await world.game(ADA, BO)
    await miss(world, 2)
    assert (await world.clocks.seat(1, ADA)).missed == 2


async def test_moving_yourself_resets_the_missed_turns(world):
    await world.game(ADA, BO)
    await miss(world, 2)
    await world.move(ADA)
    assert (await world.clocks.seat(1, ADA)).missed == 0


async def test_the_stand_ins_own_moves_do_not_count_as_the_player_coming_back(world):
    await world.game(ADA, BO)
    await miss(world, 1)
    assert len(world.notifier.turns) == 1  # the stand-in's turn, heard by the clock as a change
    assert (await world.clocks.seat(1, ADA)).missed == 1


async def test_after_the_missed_turn_limit_the_others_are_asked_to_vote(world):
    await world.game(ADA, BO, CY)
    await miss(world, 3)
    assert (await world.clocks.seat(1, ADA)).vote_open
    [(_, text, mention)] = [t for t in world.notifier.texts if "🗳️" in t[1]]
    assert "missed 3 turns in a row" in text
    assert set(mention) == {BO, CY}


async def test_no_vote_can_be_cast_before_one_is_open(world):
    await world.game(ADA, BO, CY)
    with pytest.raises(TableError, match="No vote is open"):
        await world.service.votes.vote(channel_id=CHANNEL, user_id=BO, target_id=ADA, choice="kick")


async def test_a_player_cannot_vote_about_their_own_seat(world):
    await world.game(ADA, BO, CY)
    await miss(world, 3)
    with pytest.raises(NotAllowed):
        await world.service.votes.vote(
            channel_id=CHANNEL, user_id=ADA, target_id=ADA, choice="keep"
        )


async def test_a_majority_voting_keep_gives_the_seat_to_the_stand_in_for_good(world):
    await world.game(ADA, BO, CY)
    await miss(world, 3)
    said = words.vote(
        await world.service.votes.vote(channel_id=CHANNEL, user_id=BO, target_id=ADA, choice="keep")
    )
    assert "1 keep, 0 kick; 2 needed" in said.text
    said = words.vote(
        await world.service.votes.vote(channel_id=CHANNEL, user_id=CY, target_id=ADA, choice="keep")
    )
    assert "keeps Ada's seat for good" in said.text
    assert (await world.clocks.seat(1, ADA)).standin_for_good
    # from now on the stand-in plays at once on Ada's turn, with no reminders
    while (await world.waiting()) != [ADA]:
        await world.move((await world.waiting())[0])
    before = len(world.notifier.turns)
    await world.after(0)
    assert len(world.notifier.turns) == before + 1
    assert world.notifier.turns[-1][2] == "Ada's stand-in played"


async def test_a_majority_voting_kick_removes_the_player_through_the_concede_path(world):
    await world.game(ADA, BO, CY)
    await miss(world, 3)
    await world.service.votes.vote(channel_id=CHANNEL, user_id=BO, target_id=ADA, choice="kick")
    said = words.vote(
        await world.service.votes.vote(channel_id=CHANNEL, user_id=CY, target_id=ADA, choice="kick")
    )
    assert "Ada leaves the game" in said.text
    info = await world.table.game(channel_id=CHANNEL)
    assert [s.name for s in info.seats if s.active] == ["Bo", "Cy"]
    assert ADA not in {d.user_id for d in await world.clocks.deadlines(1)}


async def test_kicking_one_of_two_players_ends_the_game_for_the_other(world):
    await world.game(ADA, BO)
    await miss(world, 3)
    said = words.vote(
        await world.service.votes.vote(channel_id=CHANNEL, user_id=BO, target_id=ADA, choice="kick")
    )
    assert "That ends the game" in said.text
    info = await world.table.game(channel_id=CHANNEL)
    assert info.status == "finished" and info.result.winners == ["Bo"]


async def test_moving_again_ends_the_vote(world):
    await world.game(ADA, BO, CY)
    await miss(world, 3)
    await world.move(ADA)
    with pytest.raises(TableError, match="No vote is open"):
        await world.service.votes.vote(channel_id=CHANNEL, user_id=BO, target_id=ADA, choice="kick")


async def test_the_host_chooses_how_many_missed_turns_open_a_vote(world):
    await world.game(ADA, BO, CY)
    await world.service.host.set_clock(
        channel_id=CHANNEL, user_id=ADA, can_manage=False, turn_seconds=24 * HOUR, missed_limit=1
    )
    await miss(world, 1)
    assert (await world.clocks.seat(1, ADA)).vote_open


async def test_a_seat_the_stand_in_keeps_is_named_in_the_public_note(world):
    await world.game(ADA, BO, CY)
    await miss(world, 3)
    game = await world.table.game(channel_id=CHANNEL)
    assert await world.service.standins.note(game) == []
    for voter in (BO, CY):
        await world.service.votes.vote(
            channel_id=CHANNEL, user_id=voter, target_id=ADA, choice="keep"
        )
    game = await world.table.game(channel_id=CHANNEL)
    [note] = await world.service.standins.note(game)
    assert "A stand-in plays for Ada (kept seat" in note
    assert "Bo" not in note and "Cy" not in note


async def test_a_finished_game_has_no_stand_in_note(world):
    await world.game(ADA, BO)
    await world.clocks.update_seat(1, ADA, standin_for_good=1)
    await world.table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    assert await world.service.standins.note(await world.table.game(channel_id=CHANNEL)) == []


async def test_a_stand_ins_private_events_never_reach_the_channel(world):
    from bot.discord_app.posts import turn_post
    from tests.table.conftest import SECRET  # the toy game with a private event per move

    info = await world.table.new_game(
        guild_id=1, channel_id=CHANNEL, user_id=ADA, user_name="Ada", engine=SECRET.name, seed=3
    )
    await world.service.deadlines.configure(info.id, turn_seconds=int(24 * HOUR))
    await world.table.join(channel_id=CHANNEL, user_id=BO, user_name="Bo")
    await world.table.start(channel_id=CHANNEL, user_id=ADA)
    await world.after(24 * HOUR)
    [(_, outcome, headline)] = world.notifier.turns
    assert "stand-in" in headline
    posted = turn_post(outcome, headline=headline).content
    assert "lucky number" not in posted
    assert all("lucky number" not in text for _, text, _ in world.notifier.texts)
    assert all(e.private_to is None for e in outcome.events)


async def test_a_refused_stand_in_move_is_logged_without_the_reason(world, caplog):
    import logging

    from bot.errors import IllegalMove

    secret = "the ace of " + "spades"
    await world.game(ADA, BO)

    async def refuse(**kwargs):
        raise IllegalMove(f"You cannot play {secret} now.")

    world.table.play_for = refuse
    with caplog.at_level(logging.DEBUG):
        await world.after(24 * HOUR)
    assert "stand-in in game 1 refused: IllegalMove" in caplog.text
    assert secret not in caplog.text


async def _thinking(world) -> list[str]:
    """Stand-ins think through a recording search that plays the first legal move."""
    asked: list[str] = []

    async def think(game, state_json, player, level, seed):
        asked.append(level)
        return "take:1"

    world.service.detach()
    world.think = think
    world.build_services()
    return asked


async def test_a_stand_in_plays_at_normal_unless_the_host_says_otherwise(world):
    asked = await _thinking(world)
    await world.game(ADA, BO)
    await world.after(24 * HOUR)
    assert asked == ["normal"]


async def test_the_host_sets_the_level_stand_ins_play_at_and_it_is_kept(world):
    asked = await _thinking(world)
    await world.game(ADA, BO)
    setting = await world.service.host.set_clock(
        channel_id=CHANNEL,
        user_id=ADA,
        can_manage=False,
        turn_seconds=24 * 3600,
        standin_level="hard",
    )
    assert setting.standin_level == "hard"
    await world.restart()
    asked = await _thinking(world)
    await world.after(24 * HOUR)
    assert asked == ["hard"]
    info = await world.service.host.clock_info(channel_id=CHANNEL)
    assert "**hard** level" in words.clock_info(info)


async def test_only_the_host_sets_the_stand_ins_level(world):
    await world.game(ADA, BO)
    with pytest.raises(NotAllowed):
        await world.service.host.set_clock(
            channel_id=CHANNEL,
            user_id=BO,
            can_manage=False,
            turn_seconds=3600,
            standin_level="easy",
        )
    info = await world.service.host.clock_info(channel_id=CHANNEL)
    assert info.setting.standin_level == "normal"


async def test_an_unknown_stand_in_level_is_refused_with_the_valid_ones(world):
    await world.game(ADA, BO)
    with pytest.raises(TableError, match="easy, normal, hard"):
        await world.service.host.set_clock(
            channel_id=CHANNEL,
            user_id=ADA,
            can_manage=False,
            turn_seconds=3600,
            standin_level="god",
        )
    assert (
        await world.service.host.clock_info(channel_id=CHANNEL)
    ).setting.standin_level == "normal"
