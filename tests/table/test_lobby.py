"""The lobby: opening a game, joining, leaving, options and starting."""

from __future__ import annotations

import pytest

from bot.errors import (
    AlreadySeated,
    BadOptions,
    GameExists,
    GameFull,
    NoGame,
    NotAllowed,
    NotSeated,
    TooFewPlayers,
    UnknownGameName,
    WrongStage,
)
from bot.table import MAX_NAME, player_name
from tests.table.conftest import (
    ADA,
    BO,
    CHANNEL,
    CY,
    DEE,
    EVE,
    GUILD,
    lobby,
    raw,
    running,
    snapshot,
)


async def test_the_host_takes_the_first_seat(table):
    game = await table.new_game(
        guild_id=GUILD, channel_id=CHANNEL, user_id=ADA, user_name="Ada", engine="toy"
    )
    assert (game.status, game.host_id, game.title) == ("lobby", ADA, "Race to 21 (test game)")
    assert [(s.index, s.user_id, s.name) for s in game.seats] == [(0, ADA, "Ada")]


async def test_an_unknown_game_lists_the_valid_ones(table):
    with pytest.raises(UnknownGameName, match="Valid games: .*toy"):
        await table.new_game(
            guild_id=GUILD, channel_id=CHANNEL, user_id=ADA, user_name="Ada", engine="chess"
        )


async def test_game_options_are_validated_and_defaults_filled(table):
    with pytest.raises(BadOptions, match="not a choice for Pile size"):
        await lobby(table, options={"pile": "99"})
    game = await lobby(table)
    assert game.options == {"pile": "21"}


async def test_an_unknown_option_is_refused(table):
    with pytest.raises(BadOptions, match="Unknown option"):
        await lobby(table, options={"colour": "red"})


async def test_no_seed_given_means_a_random_one_is_stored(table):
    game = await table.new_game(
        guild_id=GUILD, channel_id=CHANNEL, user_id=ADA, user_name="Ada", engine="toy"
    )
    assert isinstance(game.seed, int) and game.seed >= 0
    assert (await table.game(channel_id=CHANNEL)).seed == game.seed


async def test_a_channel_with_a_live_game_refuses_a_second(table, db_path):
    await lobby(table)
    before = snapshot(db_path)
    with pytest.raises(GameExists):
        await lobby(table, users=(CY,))
    assert snapshot(db_path) == before


async def test_joining_takes_the_next_seat(table):
    game = await lobby(table, users=(ADA, BO, CY))
    assert [s.name for s in game.seats] == ["Ada", "Bo", "Cy"]
    assert [s.index for s in game.seats] == [0, 1, 2]


async def test_joining_twice_is_refused(table, db_path):
    await lobby(table)
    before = snapshot(db_path)
    with pytest.raises(AlreadySeated):
        await table.join(channel_id=CHANNEL, user_id=BO, user_name="Bo")
    assert snapshot(db_path) == before


async def test_a_full_game_refuses_another_player(table, db_path):
    await lobby(table, users=(ADA, BO, CY, DEE))
    before = snapshot(db_path)
    with pytest.raises(GameFull, match="at most 4"):
        await table.join(channel_id=CHANNEL, user_id=EVE, user_name="Eve")
    assert snapshot(db_path) == before


async def test_joining_a_running_game_is_refused(table, db_path):
    await running(table)
    before = snapshot(db_path)
    with pytest.raises(WrongStage, match="already started"):
        await table.join(channel_id=CHANNEL, user_id=CY, user_name="Cy")
    assert snapshot(db_path) == before


async def test_joining_where_there_is_no_game_says_how_to_start_one(table):
    with pytest.raises(NoGame, match="/game new"):
        await table.join(channel_id=CHANNEL, user_id=BO, user_name="Bo")


async def test_leaving_frees_the_seat_and_renumbers(table):
    await lobby(table, users=(ADA, BO, CY))
    game = await table.leave(channel_id=CHANNEL, user_id=BO)
    assert [(s.index, s.name) for s in game.seats] == [(0, "Ada"), (1, "Cy")]


async def test_the_host_leaving_hands_the_lobby_to_the_next_seat(table):
    await lobby(table, users=(ADA, BO))
    game = await table.leave(channel_id=CHANNEL, user_id=ADA)
    assert game.host_id == BO and game.status == "lobby"


async def test_the_last_player_leaving_closes_the_lobby(table):
    await lobby(table, users=(ADA,))
    game = await table.leave(channel_id=CHANNEL, user_id=ADA)
    assert game.status == "aborted"
    await lobby(table, users=(BO,))  # the channel is free again


async def test_leaving_without_a_seat_is_refused(table, db_path):
    await lobby(table)
    before = snapshot(db_path)
    with pytest.raises(NotSeated):
        await table.leave(channel_id=CHANNEL, user_id=CY)
    assert snapshot(db_path) == before


async def test_leaving_a_running_game_points_to_concede(table):
    await running(table)
    with pytest.raises(WrongStage, match="/game concede"):
        await table.leave(channel_id=CHANNEL, user_id=BO)


async def test_only_the_host_starts_the_game(table, db_path):
    await lobby(table)
    before = snapshot(db_path)
    with pytest.raises(NotAllowed, match="Only the host, Ada"):
        await table.start(channel_id=CHANNEL, user_id=BO)
    assert snapshot(db_path) == before


async def test_starting_with_too_few_players_is_refused(table, db_path):
    await lobby(table, users=(ADA,))
    before = snapshot(db_path)
    with pytest.raises(TooFewPlayers, match="at least 2"):
        await table.start(channel_id=CHANNEL, user_id=ADA)
    assert snapshot(db_path) == before


async def test_starting_twice_is_refused(table):
    await running(table)
    with pytest.raises(WrongStage, match="already started"):
        await table.start(channel_id=CHANNEL, user_id=ADA)


async def test_starting_sets_up_the_game_and_names_who_acts(table):
    outcome = await running(table, users=(ADA, BO, CY), options={"pile": "11"})
    assert outcome.game.status == "running"
    assert outcome.to_act == [ADA]
    assert outcome.board_png.startswith(b"\x89PNG")
    assert "Ada, Bo, Cy" in outcome.events[0].text
    _, text = await table.status(channel_id=CHANNEL)
    assert "11 counters left" in text and "Waiting for Ada" in text


# -- per-player choices ------------------------------------------------------------------------------
@pytest.fixture
def species_toy():
    """The toy game with a per-player, unique option (like a species)."""
    import engines
    from engines.core import OptionSpec
    from tests.engines.toy import ToyEngine

    class SpeciesToy(ToyEngine):
        name = "species_toy"
        options = [
            *ToyEngine.options,
            OptionSpec(
                key="animal",
                label="Animal",
                choices=["fox", "owl"],
                default="fox",
                per_player=True,
                unique=True,
            ),
        ]

    engine = engines.register(SpeciesToy())
    yield engine
    engines.unregister("species_toy")


async def test_a_per_player_choice_is_made_when_joining(table, species_toy):
    await lobby(table, users=(ADA,), engine="species_toy", choices={"animal": "owl"})
    game = await table.join(
        channel_id=CHANNEL, user_id=BO, user_name="Bo", choices={"animal": "fox"}
    )
    assert [s.choices for s in game.seats] == [{"animal": "owl"}, {"animal": "fox"}]


async def test_a_unique_choice_already_taken_is_refused(table, species_toy, db_path):
    await lobby(table, users=(ADA,), engine="species_toy", choices={"animal": "owl"})
    before = snapshot(db_path)
    with pytest.raises(BadOptions, match="Ada has already chosen owl"):
        await table.join(channel_id=CHANNEL, user_id=BO, user_name="Bo", choices={"animal": "owl"})
    assert snapshot(db_path) == before


async def test_a_per_player_choice_is_not_a_game_option(table, species_toy):
    with pytest.raises(BadOptions, match="chosen by each player"):
        await lobby(table, engine="species_toy", options={"animal": "fox"})


async def test_a_choice_the_game_does_not_offer_is_refused(table, species_toy):
    await lobby(table, users=(ADA,), engine="species_toy")
    with pytest.raises(BadOptions, match="not a choice for Animal"):
        await table.join(channel_id=CHANNEL, user_id=BO, user_name="Bo", choices={"animal": "cat"})
    with pytest.raises(BadOptions, match="not something you choose"):
        await table.join(channel_id=CHANNEL, user_id=BO, user_name="Bo", choices={"hat": "red"})


# -- names ------------------------------------------------------------------------------------------
def test_player_names_are_trimmed_and_whitespace_collapsed():
    assert player_name("  Ada \t  Lovelace \n") == "Ada Lovelace"


def test_player_names_are_short():
    assert len(player_name("A" * 60)) == MAX_NAME


def test_player_names_clashing_get_a_number():
    assert player_name("ada", ["Ada"]) == "ada 2"
    assert player_name("Ada", ["Ada", "Ada 2"]) == "Ada 3"
    assert len(player_name("B" * 40, ["B" * MAX_NAME])) == MAX_NAME


def test_player_names_cannot_mention_or_be_empty():
    assert player_name("@everyone") == "everyone"
    assert player_name(" \u200b\x00 ") == "Player"


async def test_two_players_with_the_same_display_name_get_distinct_names(table):
    await table.new_game(
        guild_id=GUILD, channel_id=CHANNEL, user_id=ADA, user_name="Sam", engine="toy"
    )
    game = await table.join(channel_id=CHANNEL, user_id=BO, user_name="Sam")
    assert [s.name for s in game.seats] == ["Sam", "Sam 2"]


async def test_a_start_racing_a_join_starts_with_the_lobby_as_it_is_then(table, monkeypatch):
    """Start re-checks against the newer lobby instead of refusing the host."""
    await lobby(table)
    real_save = table.store.save
    raced = []

    async def join_first(*args, **kwargs):
        if not raced:
            raced.append(True)
            await table.join(channel_id=CHANNEL, user_id=CY, user_name="Cy")
        return await real_save(*args, **kwargs)

    monkeypatch.setattr(table.store, "save", join_first)
    outcome = await table.start(channel_id=CHANNEL, user_id=ADA)
    assert outcome.game.status == "running"
    assert [s.name for s in outcome.game.seats] == ["Ada", "Bo", "Cy"]


async def test_monopoly_figures_are_each_player_s_pick_at_join(table, db_path):
    import json

    await lobby(table, users=(ADA,), engine="monopoly", choices={"figure": "Plumbus"})
    with pytest.raises(BadOptions):
        await table.join(
            channel_id=CHANNEL, user_id=BO, user_name="Bo", choices={"figure": "Plumbus"}
        )
    await table.join(
        channel_id=CHANNEL, user_id=BO, user_name="Bo", choices={"figure": "Portal Gun"}
    )
    await table.join(channel_id=CHANNEL, user_id=CY, user_name="Cy")
    await table.start(channel_id=CHANNEL, user_id=ADA)
    with raw(db_path) as db:
        [(state,)] = db.execute("SELECT state FROM games").fetchall()
    figures = json.loads(state)["figures"]
    assert figures["Ada"] == "plumbus" and figures["Bo"] == "portalgun"
    assert figures["Cy"] not in ("plumbus", "portalgun")
