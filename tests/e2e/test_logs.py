"""The bot's log at its most detailed holds no hidden information: no state, hand or private
answer, whoever logs it (the bot, aiosqlite's statements, discord.py's request bodies), in the
plain format and in JSON (``--log-format json``) alike."""

from __future__ import annotations

import json

import pytest

from tests.e2e.conftest import HAVE_BOT, World
from tests.e2e.session import GameSession


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_a_debug_log_holds_no_state_hand_or_private_answer(tmp_path, log_format):
    assert HAVE_BOT
    world = World(tmp_path, log_level="DEBUG", extra_args=["--log-format", log_format])
    world.bot.start()
    try:
        d = world.driver
        channel = d.channel("debug-log")
        players = [d.user("Ada"), d.user("Bob")]
        session = GameSession(
            d, world.db, channel, "toy_secret", players, spectator=d.user("Eve"), seed=3
        )
        session.open_and_start()
        session.check_hands()
        for _ in range(3):
            session.move()  # private answers name each mover's secret word
        secrets = session.witness.secrets().forbidden_for(None)
        state = json.loads(session.witness.row().state)
    finally:
        world.close()
    log = world.bot.log_path.read_text()
    if log_format == "json":  # each line's message read back too: JSON escapes its quotes
        messages = [json.loads(line)["message"] for line in log.splitlines() if line.strip()]
        log += "\n".join(messages)
    assert secrets
    shown = [s for s in secrets if s in log]
    assert shown == [], f"hidden texts in the log: {shown}"
    assert json.dumps(state["secrets"]) not in log
    assert '"secrets"' not in log
