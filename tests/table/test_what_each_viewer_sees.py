"""What the table shows each viewer: the board and the replay from a spectator's view, a hand
from its owner's alone, the log and its pages in public words only, and the lookups the bot
and the clocks use (which games, who is awaited, whether a drawn board still holds)."""

from __future__ import annotations

import dataclasses
import json
import logging
import re
import types

import pytest

import engines
from bot.errors import NotSeated, TableError, WrongStage
from bot.table import Table, looking
from bot.table.looking import log_line, quiet_move, replay_positions, sample
from bot.table.renders import ThreadRenderer
from engines.core import OptionSpec
from storage.shards import Shards
from storage.store import MoveRow
from tests.engines import toy
from tests.table.conftest import ADA, BO, CHANNEL, CY, GUILD, NAMES, lobby, raw, running

TOY = engines.get_engine("toy")
SECRET_CARD = "queen of " + "hearts"
NOTHING_TO_REPLAY = "The game has not started yet, so there is nothing to replay."


class NoPicture(toy.ToyEngine):
    """The toy game with no renderer at all."""

    name = "no_picture_toy"
    title = "Race without pictures (test game)"


engines.register(NoPicture())


class ChosenLuck(toy.ToyEngine):
    """The toy game where each player may choose their lucky number when they join."""

    name = "chosen_luck_toy"
    options = [
        *toy.ToyEngine.options,
        OptionSpec(
            key="luck",
            label="Lucky number",
            choices=list("123456789"),
            default="1",
            per_player=True,
        ),
    ]

    def setup(self, players, *, seed, options=None):
        state = super().setup(players, seed=seed, options=options)
        chosen = self.validate_options(players, options)["luck"]
        state.secrets.update({p: int(n) for p, n in chosen.items()})
        return state


LUCK = engines.register(ChosenLuck())


class Recording(ThreadRenderer):
    """Draws as usual and remembers each view it was asked to draw, board or hand."""

    def __init__(self) -> None:
        super().__init__()
        self.boards: list = []
        self.hands: list = []

    async def board(self, engine, view, notes=(), locale="en-US"):
        self.boards.append(view)
        return await super().board(engine, view, notes)

    async def hand(self, engine, view, locale="en-US"):
        self.hands.append(view)
        return await super().hand(engine, view)


@pytest.fixture
def drawn():
    return Recording()


@pytest.fixture
async def seen(store, drawn):
    return Table(store, now=lambda: 1_700_000_000.0, renderer=drawn)


def exactly(text: str) -> str:
    """A ``match`` for the whole of a refusal's words."""
    return f"^{re.escape(text)}$"


async def secrets(store) -> dict[str, int]:
    game = await store.live_game(CHANNEL)
    return json.loads(game.state)["secrets"]


# -- the board, a hand, a replay -----------------------------------------------------------------


async def test_the_board_is_drawn_from_what_a_spectator_sees(seen, drawn):
    await running(seen)
    drawn.boards.clear()  # the start drew its board too
    _, png, text = await seen.board(channel_id=CHANNEL)
    [view] = drawn.boards
    assert view.my_secret is None and view.pile == 21
    assert png.startswith(b"\x89PNG") and text.startswith("21 counters left.")


async def test_a_hand_is_drawn_from_its_owners_view_alone(seen, drawn, store):
    await running(seen)
    lucky = await secrets(store)
    await seen.hand(channel_id=CHANNEL, user_id=BO)
    await seen.hand(channel_id=CHANNEL, user_id=ADA)
    assert [v.my_secret for v in drawn.hands] == [lucky["Bo"], lucky["Ada"]]


async def test_a_hand_picture_comes_with_words_for_its_owner_alone(seen):
    await running(seen)
    _, png, text = await seen.hand(channel_id=CHANNEL, user_id=ADA)
    assert png.startswith(b"\x89PNG")
    assert text == "Your hand in Race to 21 (test game) (only you can see this)."


async def test_someone_not_seated_is_told_they_have_no_hand(seen):
    await running(seen)
    with pytest.raises(
        NotSeated, match=exactly("You are not playing in this game, so you have no hand to see.")
    ):
        await seen.hand(channel_id=CHANNEL, user_id=CY)


async def test_a_game_aborted_in_its_lobby_has_no_hand_no_board_and_no_replay(seen):
    await lobby(seen)
    await seen.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    with pytest.raises(
        WrongStage, match=exactly("The game has not started yet, so there is nothing in your hand.")
    ):
        await seen.hand(channel_id=CHANNEL, user_id=ADA)
    with pytest.raises(
        WrongStage, match=exactly("That game ended before it started, so it has no board.")
    ):
        await seen.board(channel_id=CHANNEL)
    with pytest.raises(WrongStage, match=exactly(NOTHING_TO_REPLAY)):
        await seen.replay_boards(channel_id=CHANNEL)


async def test_a_lobby_has_no_board_yet_and_says_who_starts_it(seen):
    await lobby(seen)
    refusal = (
        "The game has not started yet, so there is no board. The host starts it with /game start."
    )
    with pytest.raises(WrongStage, match=exactly(refusal)):
        await seen.board(channel_id=CHANNEL)


async def test_a_finished_game_still_shows_its_last_board_and_hands(seen, drawn, store):
    await running(seen, options={"pile": "11"})
    lucky = await secrets(store)
    for user in (ADA, BO, ADA, BO):
        await seen.act(channel_id=CHANNEL, user_id=user, action_id="take:2")
    await seen.act(channel_id=CHANNEL, user_id=ADA, action_id="take:3")
    assert (await seen.game(channel_id=CHANNEL)).status == "finished"
    await seen.board(channel_id=CHANNEL)
    await seen.hand(channel_id=CHANNEL, user_id=BO)
    assert drawn.boards[-1].winner == "Ada" and drawn.boards[-1].my_secret is None
    assert drawn.hands[-1].my_secret == lucky["Bo"]


async def test_the_replay_is_drawn_from_spectator_views_only(seen, drawn):
    await running(seen)
    await seen.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    await seen.act(channel_id=CHANNEL, user_id=BO, action_id="take:2")
    drawn.boards.clear()
    _, boards = await seen.replay_boards(channel_id=CHANNEL)
    assert len(boards) == 3
    assert [v.pile for v in drawn.boards] == [21, 20, 18]
    assert all(v.my_secret is None for v in drawn.boards)


async def test_each_replay_frame_is_captioned_with_its_move_and_whose_turn(seen):
    await running(seen)
    await seen.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    await seen.act(channel_id=CHANNEL, user_id=BO, action_id="take:2")
    _, frames = await seen.replay_boards(channel_id=CHANNEL)
    assert [f.caption for f in frames] == [
        "Start · Ada's turn",
        "Move 1 of 2 · Bo's turn",
        "Move 2 of 2 · Ada's turn",
    ]


async def test_the_last_replay_frame_of_a_finished_game_says_so(seen):
    await running(seen, options={"pile": "11"})
    for user, take in ((ADA, 3), (BO, 3), (ADA, 3), (BO, 2)):
        await seen.act(channel_id=CHANNEL, user_id=user, action_id=f"take:{take}")
    _, frames = await seen.replay_boards(channel_id=CHANNEL)
    assert frames[-1].caption == "Move 4 · game over"


async def test_there_is_no_replay_before_the_game_starts(seen):
    await lobby(seen)
    with pytest.raises(WrongStage, match=exactly(NOTHING_TO_REPLAY)):
        await seen.replay_boards(channel_id=CHANNEL)


async def test_a_game_without_pictures_shows_the_hand_in_words(table):
    await running(table, engine="no_picture_toy")
    _, png, text = await table.hand(channel_id=CHANNEL, user_id=ADA)
    assert png is None and "My secret: " in text


async def test_a_game_without_a_board_picture_has_no_replay(table):
    await running(table, engine="no_picture_toy")
    with pytest.raises(
        TableError,
        match=exactly("Race without pictures (test game) has no board picture to replay."),
    ):
        await table.replay_boards(channel_id=CHANNEL)


async def test_a_game_without_a_board_picture_says_so_when_asked_for_the_board(table):
    await running(table, engine="no_picture_toy")
    with pytest.raises(
        TableError, match=exactly("Race without pictures (test game) has no board picture.")
    ):
        await table.board(channel_id=CHANNEL)


async def test_a_log_that_does_not_replay_is_refused_in_words(table, monkeypatch, caplog):
    await running(table)
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")

    def crash(*args):
        raise ValueError(f"Ada holds the {SECRET_CARD}")

    monkeypatch.setattr(engines.get_engine("toy"), "play", crash)
    with (
        caplog.at_level(logging.ERROR),
        pytest.raises(
            TableError, match=exactly("This game cannot be replayed (its log does not replay).")
        ),
    ):
        await table.replay_boards(channel_id=CHANNEL)
    game = await table.game(channel_id=CHANNEL)
    [record] = [r for r in caplog.records if "replaying" in r.getMessage()]
    assert record.getMessage().startswith(f"toy: replaying game {game.id} failed: ValueError\n")
    assert SECRET_CARD not in caplog.text  # an engine's message may name a secret


# -- the log in public words ----------------------------------------------------------------------


def entry(seq=7, kind="move", player="Ada", events=(), readable=True) -> MoveRow:
    return MoveRow(
        game_id=1,
        seq=seq,
        kind=kind,
        user_id=ADA,
        player=player,
        action_id="take:1",
        events=list(events),
        version=seq,
        created_at=0.0,
        readable=readable,
    )


def test_a_log_line_joins_the_public_events_of_its_entry():
    line = log_line(entry(events=[{"text": "Ada takes 1."}, {"text": ""}, {"text": "Ada passes."}]))
    assert line == "7. Ada takes 1. Ada passes."


def test_a_log_line_leaves_out_an_event_without_words():
    assert log_line(entry(events=[{"kind": "end"}, {"text": "Ada wins."}])) == "7. Ada wins."


def test_a_log_line_never_shows_a_private_event():
    events = [{"text": "Ada draws."}, {"text": "Ada drew the ace.", "private_to": "Ada"}]
    assert log_line(entry(events=events)) == "7. Ada draws."


def test_a_move_with_only_private_events_says_whose_choice_it_was():
    events = [{"text": "Ada keeps the ace.", "private_to": "Ada"}]
    assert log_line(entry(events=events)) == "7. Ada made a choice that only they can see."


def test_an_entry_of_another_kind_without_public_events_names_its_kind():
    assert quiet_move(entry(kind="pause", player=None)) == "Someone: pause."
    assert quiet_move(entry(kind="concede", player="Bo")) == "Bo: concede."


def test_a_damaged_log_entry_says_so():
    assert log_line(entry(readable=False)) == "7. (this log entry is damaged)"


async def test_the_log_keeps_the_last_fifteen_entries_unless_told_otherwise(table):
    await running(table, users=(ADA, BO))
    for _ in range(7):  # with new, join and start: 17 entries
        await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
        await table.act(channel_id=CHANNEL, user_id=BO, action_id="take:1")
    lines = await table.log(channel_id=CHANNEL)
    assert len(lines) == 15 and lines[0].startswith("3. ") and lines[-1].startswith("17. Bo")
    assert len(await table.log(channel_id=CHANNEL, limit=None)) == 17
    assert len(await table.log(channel_id=CHANNEL, limit=3)) == 3


async def test_the_history_holds_public_texts_with_who_made_each_entry(table):
    await running(table, engine="secret_toy")
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    game = await table.game(channel_id=CHANNEL)
    *_, last = await table.history(game.id)
    assert (last.kind, last.user_id, last.player) == ("move", ADA, "Ada")
    assert last.text == "Ada takes 1; 20 left."
    assert last.seq == 4 and last.version == game.version


async def test_the_history_leaves_out_events_without_words(table, monkeypatch):
    await running(table)
    game = await table.game(channel_id=CHANNEL)

    async def moves(game_id, limit=None):
        return [entry(events=[{"text": "Ada takes 1."}, {"kind": "end"}, {"text": "Ada wins."}])]

    monkeypatch.setattr(table.store, "moves", moves)
    [last] = await table.history(game.id)
    assert last.text == "Ada takes 1. Ada wins."


async def test_the_history_marks_a_damaged_entry(table, monkeypatch):
    await running(table)
    game = await table.game(channel_id=CHANNEL)

    async def moves(game_id, limit=None):
        return [entry(events=[{"text": "Ada takes 1."}], readable=False)]

    monkeypatch.setattr(table.store, "moves", moves)
    [last] = await table.history(game.id)
    assert last.text == "(this log entry is damaged)"


async def test_the_history_keeps_the_last_sixty_entries_unless_told_otherwise(table):
    await running(table)
    game = await table.game(channel_id=CHANNEL)
    for k in range(58):  # with new, join and start: 61 entries
        await table.note(game_id=game.id, kind="pause", user_id=None, text=f"note {k}")
    entries = await table.history(game.id)
    assert len(entries) == 60 and entries[-1].text == "note 57"
    assert len(await table.history(game.id, limit=None)) == 61
    assert len(await table.history(game.id, limit=2)) == 2


# -- the log's pages -------------------------------------------------------------------------------


async def game_with_entries(table, count: int):
    """A running game whose log has ``count`` entries (new, join, start, then notes)."""
    game = await running(table)
    for k in range(count - 3):
        await table.note(game_id=game.game.id, kind="pause", user_id=None, text=f"note {k + 4}")
    return game.game


async def test_the_first_page_of_the_log_is_the_newest(table):
    game = await game_with_entries(table, 20)
    info, lines, page, pages = await table.log_page(channel_id=CHANNEL, page=1, per_page=15)
    assert (info.id, page, pages) == (game.id, 1, 2)
    assert lines[0].startswith("6. ") and lines[-1] == "20. note 20"


async def test_the_last_page_of_the_log_holds_the_oldest_entries(table):
    await game_with_entries(table, 20)
    _, lines, page, pages = await table.log_page(channel_id=CHANNEL, page=2, per_page=15)
    assert (page, pages) == (2, 2)
    assert [line.split(".")[0] for line in lines] == ["1", "2", "3", "4", "5"]


async def test_a_page_past_the_end_shows_the_oldest_page(table):
    await game_with_entries(table, 20)
    _, lines, page, _ = await table.log_page(channel_id=CHANNEL, page=9, per_page=15)
    assert page == 2 and lines[0].startswith("1. ")


async def test_a_page_before_the_first_shows_the_newest_page(table):
    await game_with_entries(table, 20)
    _, lines, page, _ = await table.log_page(channel_id=CHANNEL, page=0, per_page=15)
    assert page == 1 and lines[-1] == "20. note 20"


async def test_a_log_of_exactly_one_page_has_one_page(table):
    await game_with_entries(table, 15)
    _, lines, page, pages = await table.log_page(channel_id=CHANNEL, page=1, per_page=15)
    assert (page, pages, len(lines)) == (1, 1, 15)


async def test_the_log_shows_fifteen_entries_a_page_unless_told_otherwise(table):
    await game_with_entries(table, 16)
    _, lines, _, pages = await table.log_page(channel_id=CHANNEL, page=1)
    assert pages == 2 and len(lines) == 15


# -- replaying a game -----------------------------------------------------------------------------


def test_a_sample_keeps_everything_when_there_are_few_enough():
    assert sample([1, 2, 3], 3) == [1, 2, 3]


def test_a_sample_spreads_evenly_and_keeps_the_first_and_the_last():
    assert sample(list(range(10)), 4) == [0, 3, 6, 9]
    assert sample(list(range(11)), 3) == [0, 5, 10]


def test_a_replay_shows_the_start_of_every_turn_and_the_last_position():
    players = ["Ada", "Bo"]
    moves = [("Ada", "take:3"), ("Bo", "take:3"), ("Ada", "take:3"), ("Bo", "take:2")]
    log = [entry(seq=k + 4, player=p, events=[]) for k, (p, _) in enumerate(moves)]
    log = [dataclasses.replace(e, action_id=a) for e, (_, a) in zip(log, moves, strict=True)]
    row = types.SimpleNamespace(
        seats=[types.SimpleNamespace(name=p, choices={}) for p in players],
        options={"pile": "11"},
        seed=5,
    )
    positions = replay_positions(TOY, row, log)
    assert [p.pile for p in positions] == [11, 8, 5, 2, 0]
    assert positions[-1].winner == "Bo"


def test_a_replay_skips_notes_and_takes_concessions_into_account():
    players = ["Ada", "Bo", "Cy"]
    row = types.SimpleNamespace(
        seats=[types.SimpleNamespace(name=p, choices={}) for p in players],
        options={},
        seed=5,
    )
    log = [
        dataclasses.replace(entry(seq=4, player="Ada"), action_id="take:1"),
        entry(seq=5, kind="pause", player=None),
        dataclasses.replace(entry(seq=6, kind="concede", player="Bo"), action_id=None),
        dataclasses.replace(entry(seq=7, player="Cy"), action_id="take:2"),
    ]
    positions = replay_positions(TOY, row, log)
    assert [(p.pile, p.players) for p in positions] == [
        (21, players),
        (20, players),
        (20, ["Ada", "Cy"]),
        (18, ["Ada", "Cy"]),
    ]


def test_a_concession_the_game_could_not_go_on_without_leaves_the_position_as_it_was():
    secret = engines.get_engine("secret_toy")
    row = types.SimpleNamespace(
        seats=[types.SimpleNamespace(name=p, choices={}) for p in ("Ada", "Bo")],
        options={},
        seed=5,
    )
    log = [
        dataclasses.replace(entry(seq=4, player="Ada"), action_id="take:1"),
        dataclasses.replace(entry(seq=5, kind="concede", player="Bo"), action_id=None),
    ]
    positions = replay_positions(secret, row, log)
    assert [(p.pile, p.players) for p in positions] == [(21, ["Ada", "Bo"]), (20, ["Ada", "Bo"])]


def test_a_replay_starts_from_the_options_each_player_chose():
    row = types.SimpleNamespace(
        seats=[
            types.SimpleNamespace(name="Ada", choices={"luck": "7"}),
            types.SimpleNamespace(name="Bo", choices={}),
        ],
        options={"pile": "11"},
        seed=5,
    )
    [start] = replay_positions(LUCK, row, [])
    dealt = LUCK.setup(["Ada", "Bo"], seed=5, options={"pile": "11"})
    assert start.pile == 11
    assert start.secrets == {"Ada": 7, "Bo": dealt.secrets["Bo"]}


async def test_a_replay_of_a_long_game_shows_at_most_120_boards(table, monkeypatch):
    await running(table)
    start = TOY.setup(["Ada", "Bo"], seed=5)
    long_game = [(n, start.model_copy(update={"pile": n})) for n in range(200)]
    monkeypatch.setattr(looking, "replay_turns", lambda *args: long_game)
    _, boards = await table.replay_boards(channel_id=CHANNEL)
    assert len(boards) == 120
    _, boards = await table.replay_boards(channel_id=CHANNEL, most=5)
    assert len(boards) == 5


# -- lookups: which games, who is awaited, whether a board still holds ----------------------------


async def open_in(table, channel: int, host: int = ADA, engine: str = "toy"):
    return await table.new_game(
        guild_id=GUILD, channel_id=channel, user_id=host, user_name=NAMES[host], engine=engine
    )


async def test_a_channels_live_game_is_its_lobby_or_running_game(table):
    assert await table.live_game(CHANNEL) is None
    opened = await lobby(table)
    assert (await table.live_game(CHANNEL)).id == opened.id
    assert (await table.game_by_id(opened.id)).channel_id == CHANNEL


async def test_the_live_games_are_those_in_a_lobby_or_running_everywhere(table):
    running_one = (await running(table)).game
    waiting = await open_in(table, CHANNEL + 1)
    ended = await open_in(table, CHANNEL + 2)
    await table.abort(channel_id=CHANNEL + 2, user_id=ADA, is_moderator=False)
    assert [g.id for g in await table.live_games()] == [running_one.id, waiting.id]
    assert [g.id for g in await table.games(("aborted",))] == [ended.id]
    assert await table.games(guild_id=GUILD + 1) == []


async def test_a_players_games_are_those_they_still_sit_in(table):
    first = (await running(table)).game
    await open_in(table, CHANNEL + 1, host=BO)
    assert [g.id for g in await table.seated_games(GUILD, ADA)] == [first.id]
    assert [g.id for g in await table.seated_games(GUILD, BO)] == [first.id, first.id + 1]


async def test_a_players_games_may_be_asked_for_by_status(table):
    first = (await running(table)).game
    await open_in(table, CHANNEL + 1, host=BO)
    assert [g.id for g in await table.seated_games(GUILD, BO, ("running",))] == [first.id]
    assert [g.id for g in await table.seated_games(GUILD, BO, ("lobby",))] == [first.id + 1]


async def test_a_players_games_come_with_whom_each_awaits(table):
    first = (await running(table)).game
    await open_in(table, CHANNEL + 1, host=BO)
    assert [(g.id, w) for g, w in await table.player_live(BO)] == [
        (first.id, {ADA: "Ada"}),
        (first.id + 1, {}),
    ]


async def test_a_players_turns_are_the_running_games_that_await_them(table):
    first = (await running(table)).game
    await open_in(table, CHANNEL + 1, host=ADA)
    assert [g.id for g, _ in await table.player_live(ADA, awaited_only=True)] == [first.id]
    assert await table.player_live(BO, awaited_only=True) == []


async def test_a_game_whose_state_does_not_load_awaits_no_one(table, db_path, caplog):
    await running(table)
    with raw(db_path) as db:
        db.execute("UPDATE games SET state = ?", (json.dumps({"players": 3}),))
    with caplog.at_level(logging.WARNING):
        [(game, waiting)] = await table.player_live(ADA)
    assert game.status == "running" and waiting == {}
    [record] = [r for r in caplog.records if "cannot be loaded" in r.getMessage()]
    assert record.getMessage() == f"game {game.id} cannot be loaded; it awaits no one"


async def test_the_clocks_hear_of_running_games_that_cannot_be_played(table, db_path):
    broken = (await running(table)).game
    await open_in(table, CHANNEL + 1, host=CY)
    await table.join(channel_id=CHANNEL + 1, user_id=BO, user_name="Bo")
    good = (await table.start(channel_id=CHANNEL + 1, user_id=CY)).game
    with raw(db_path) as db:
        db.execute("UPDATE games SET state = ? WHERE id = ?", ("{}", broken.id))
    found, last = await table.unplayable()
    assert [g.id for g in found] == [broken.id] and last == good.id


async def test_the_clocks_read_running_games_a_page_at_a_time(table, db_path):
    first = (await running(table)).game
    await open_in(table, CHANNEL + 1, host=CY)
    await table.join(channel_id=CHANNEL + 1, user_id=BO, user_name="Bo")
    second = (await table.start(channel_id=CHANNEL + 1, user_id=CY)).game
    assert await table.unplayable(limit=1) == ([], first.id)
    assert await table.unplayable(after_id=first.id) == ([], second.id)
    assert await table.unplayable(after_id=second.id) == ([], None)


async def test_a_shard_reads_only_its_own_servers_games(table):
    await running(table)
    assert await table.unplayable(shards=Shards(2, {1})) == ([], None)


async def test_a_servers_ended_games_come_newest_first(table):
    older = await open_in(table, CHANNEL)
    await table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    newer = await open_in(table, CHANNEL + 1)
    await table.abort(channel_id=CHANNEL + 1, user_id=ADA, is_moderator=False)
    assert [g.id for g in await table.ended_games(GUILD)] == [newer.id, older.id]
    assert [g.id for g in await table.ended_games(GUILD, channel_id=CHANNEL)] == [older.id]
    assert [g.id for g in await table.ended_games(GUILD, limit=1)] == [newer.id]


async def test_the_last_entry_is_the_newest_of_the_log(table):
    game = (await running(table)).game
    last = await table.last_entry(game.id)
    assert (last.kind, last.seq) == ("start", 3)
    assert await table.last_entry(game.id + 1) is None


async def test_where_the_game_stands_names_the_awaited_and_their_moves(table):
    await running(table)
    now = await table.current(channel_id=CHANNEL, board=False)
    assert now.to_act == [ADA] and [a.id for a in now.awaited[ADA]] == [
        "take:1",
        "take:2",
        "take:3",
    ]
    assert now.board_png is None and now.events == [] and now.private_events == {}
    assert (await table.current(channel_id=CHANNEL)).board_png.startswith(b"\x89PNG")


async def test_the_status_of_a_running_game_says_where_it_stands_and_whom_it_awaits(table):
    await running(table)
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:2")
    _, text = await table.status(channel_id=CHANNEL)
    assert "19 counters left." in text and "Waiting for Bo." in text


async def test_the_status_of_a_lobby_says_who_has_joined(table):
    await lobby(table)
    _, text = await table.status(channel_id=CHANNEL)
    assert "In the lobby: 2 of 2-4 players." in text


async def test_a_lobby_has_no_position_to_stand_at(table):
    await lobby(table)
    with pytest.raises(WrongStage, match=exactly("The game has not started yet.")):
        await table.current(channel_id=CHANNEL)


async def test_a_board_stays_current_through_notes(table):
    game = (await running(table)).game
    await table.note(game_id=game.id, kind="pause", user_id=ADA, text="Ada pauses the clock.")
    assert await table.still_current(game_id=game.id, version=game.version)


async def test_a_move_makes_an_earlier_board_out_of_date(table):
    game = (await running(table)).game
    await table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1")
    assert not await table.still_current(game_id=game.id, version=game.version)


async def test_a_concession_makes_an_earlier_board_out_of_date(table):
    game = (await running(table, users=(ADA, BO, CY))).game
    await table.concede(channel_id=CHANNEL, user_id=CY)
    assert (await table.game(channel_id=CHANNEL)).status == "running"
    assert not await table.still_current(game_id=game.id, version=game.version)


async def test_a_version_from_before_the_start_is_out_of_date(table):
    game = (await running(table)).game
    assert not await table.still_current(game_id=game.id, version=game.version - 1)


async def test_an_ended_game_has_no_current_board(table):
    game = (await running(table)).game
    await table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    assert not await table.still_current(game_id=game.id, version=game.version)
