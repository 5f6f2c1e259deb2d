"""Leaderboards and a player's page: the top ten and the asker's place, privacy across
servers, and pictures whose alt text carries every number they show."""

from __future__ import annotations

import io
import re

from PIL import Image

from bot.discord_app.commands.ratings import board_picture, page_picture
from bot.ratings.pages import leaderboard, player_page
from rendering.kit import recording_text
from storage.ratings import set_hidden
from tests.ratings.conftest import GUILD, ended

OTHER_GUILD = GUILD + 1
USERS = list(range(101, 113))  # twelve players


async def twelve_ranked(store, ratings):
    """One game of twelve players, the lower id the better (scores 12 down to 1)."""
    players = [(u, f"P{u}") for u in USERS]
    scores = {f"P{u}": float(len(USERS) - i) for i, u in enumerate(USERS)}
    await ended(store, players, winners=["P101"], scores=scores)
    await ratings.catch_up()


async def test_a_leaderboard_shows_the_top_ten_and_the_askers_place(store, ratings):
    await twelve_ranked(store, ratings)
    board = await leaderboard(ratings, "toy", "people", guild_id=GUILD, here=True, asker=112)
    assert [r.user_id for r in board.rows] == USERS[:10]
    assert [r.place for r in board.rows] == list(range(1, 11))
    assert board.asker is not None and board.asker.place == 12
    assert board.lines()[-1].startswith("Your place: 12. P112: ")


async def test_the_asker_in_the_top_ten_is_found_at_their_place(store, ratings):
    await twelve_ranked(store, ratings)
    board = await leaderboard(ratings, "toy", "people", guild_id=GUILD, here=True, asker=103)
    assert board.asker is not None and board.asker.place == 3
    rows, mine = board.table()
    assert mine == 2 and len(rows) == 10


async def test_a_hidden_player_is_left_off_the_board_of_a_server_where_they_never_played(
    store, ratings, rating_store
):
    await twelve_ranked(store, ratings)
    await rating_store.write(set_hidden, 101, True)
    elsewhere = await leaderboard(
        ratings, "toy", "people", guild_id=OTHER_GUILD, here=False, asker=112
    )
    assert 101 not in [r.user_id for r in elsewhere.rows]
    assert elsewhere.rows[0].user_id == 102 and elsewhere.rows[0].place == 1
    assert elsewhere.asker is not None and elsewhere.asker.place == 11  # one above is hidden


async def test_a_hidden_player_stays_on_the_boards_of_the_server_where_they_played(
    store, ratings, rating_store
):
    await twelve_ranked(store, ratings)
    await rating_store.write(set_hidden, 101, True)
    across = await leaderboard(ratings, "toy", "people", guild_id=GUILD, here=False, asker=112)
    assert across.rows[0].user_id == 101
    assert across.asker is not None and across.asker.place == 12


def drawn_numbers(draw) -> set[str]:
    with recording_text() as texts:
        png = draw()
    Image.open(io.BytesIO(png)).verify()
    return {n for _, text in texts for n in re.findall(r"-?\d+(?:\.\d+)?", text)}


async def test_the_leaderboard_picture_renders_and_its_alt_text_has_every_number_it_shows(
    store, ratings
):
    await twelve_ranked(store, ratings)
    board = await leaderboard(ratings, "toy", "people", guild_id=GUILD, here=True, asker=112)
    alt = "\n".join(board.lines())
    numbers = drawn_numbers(lambda: board_picture(board))
    assert numbers and all(n in alt for n in numbers), numbers - set(re.findall(r"[\d.]+", alt))


async def test_the_players_picture_renders_and_its_alt_text_has_every_number_it_shows(
    store, ratings
):
    for at in (100, 200, 300):
        await ended(store, [(101, "Ann"), (102, "Bob")], winners=["Ann"], at=at)
    await ratings.catch_up()
    page = await player_page(ratings, 101, engine=None, guild_id=GUILD)
    assert len(page.line) == 3
    alt = "\n".join(page.lines())
    numbers = drawn_numbers(lambda: page_picture(page))
    assert numbers and all(n in alt for n in numbers), numbers
    assert "100% reliable (3 of 3)" in alt
    assert f"lowest {min(page.line):.1f}, highest {max(page.line):.1f}" in alt
