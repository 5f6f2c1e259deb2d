"""A fifth game in one folder (``stones/``), registered by one call, is a game like the
others: the bot offers it, draws its board and legend, sends its rulings, saves it, replays it
from its move log, and bots play it, with no generic file naming it."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import engines
import rendering
from bot.ai_seats.driver import AiSeatDriver
from bot.ai_seats.thinker import Thinker
from bot.discord_app import TabletopClient
from bot.simulate import CHANNEL, DB_NAME, simulate
from bot.table import Table
from bot.table.history import replay
from engines.ai.levels import LEVELS
from engines.ai.matches import play_match
from storage import Store

PNG = b"\x89PNG\r\n\x1a\n"
ROOT = Path(__file__).resolve().parents[2]


def test_its_package_is_found_by_the_convention_the_games_in_engines_follow(stones):
    assert "stones" in engines.names()
    assert engines.package_of("stones") == "tests.fifth_game.stones"
    assert engines.registered_at_run_time("stones")
    assert rendering.registered_at_run_time("stones")


def test_the_bot_offers_it_in_game_new(stones):
    new = TabletopClient(None).tree.get_command("game").get_command("new")
    choices = {c.value: c.name for c in new._params["game"].choices}
    assert choices["stones"] == "Stepping Stones"


async def test_a_game_of_it_opens_starts_and_shows_its_board(h):
    ada, bob = h.user("Ada"), h.user("Bob")
    await h.slash(ada, "game new", game="stones")
    await h.slash(bob, "game join")
    await h.slash(ada, "game start")
    turn = h.last_public()
    [(_, png)] = turn.files
    assert png.startswith(PNG)
    assert {b["label"] for b in turn.buttons()} >= {"Step", "Hop"}


async def test_its_rules_come_with_its_legend_and_its_rulings(h):
    ada = h.user("Ada")
    answer = (await h.slash(ada, "game rules", game="stones")).only_ephemeral()
    [(name, data)] = answer.files
    assert name == "legend.png" and data.startswith(PNG)
    assert answer.attachments[0]["description"].startswith("Stepping Stones — the board")
    rulings = await h.slash(ada, "game rules", game="stones", page="rulings")
    assert "## Sent back to the bank" in "\n".join(m.content for m in rulings.ephemeral)


async def test_a_whole_game_is_saved_and_replays_to_the_saved_state(stones, tmp_path):
    await simulate("stones", players=3, seed=5, out=tmp_path, images=True)
    store = await Store.open(tmp_path / DB_NAME)
    try:
        row = await store.latest_game(CHANNEL)
        moves = await store.moves(row.id)
    finally:
        await store.close()
    assert row.status == "finished"
    saved = stones.load_state(row.state)
    played = replay(stones, row, saved, moves)
    assert played.complete
    assert played.turns[-1].state.model_dump_json() == saved.model_dump_json()


def test_bots_of_every_level_play_it_to_the_end(stones):
    for level in LEVELS:
        match = play_match("stones", [level, level], seed=3)
        assert match.finished and match.winners, level


async def test_bots_seated_at_a_table_play_it_through_the_move_path(stones, tmp_path):
    store = await Store.open(tmp_path / "bots.sqlite3")
    table = Table(store, now=lambda: 1_700_000_000.0)
    try:
        await table.new_game(
            guild_id=1, channel_id=5, user_id=11, user_name="Ada", engine="stones", seed=2
        )
        await table.add_ai_seats(channel_id=5, user_id=11, count=2, level="normal")
        start = outcome = await table.start(channel_id=5, user_id=11)
        if outcome.to_act == [11]:  # Ada opens: she steps, then the bots are awaited
            outcome = await table.act(channel_id=5, user_id=11, action_id="step")
        driver = AiSeatDriver(table, Thinker(ThreadPoolExecutor(max_workers=1)), _ignore)
        await driver.on_outcome(outcome)
        await asyncio.wait_for(driver.running[start.game.id], 30)
        await driver.close()
        moves = await store.moves(start.game.id)
        assert any(m.kind == "move" and m.user_id is not None and m.user_id < 0 for m in moves)
    finally:
        await store.close()


async def _ignore(outcome):
    return None


def test_no_generic_file_names_it():
    products = ("bot", "engines", "rendering", "storage", "pyproject.toml", "README.md", "docs")
    for top in products:
        paths = [ROOT / top] if (ROOT / top).is_file() else (ROOT / top).rglob("*")
        for path in paths:
            if path.is_file() and path.suffix in (".py", ".md", ".toml", ".json", ".js"):
                text = path.read_text(encoding="utf-8", errors="replace")
                assert "Stepping Stones" not in text and "stones" not in text.lower().split(), path
