"""A failed scenario shows its bot's log: the report is the only place a reader sees it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: the scenarios' own conftest, as a plugin; the test file's fixture stands in for a real bot
CONFTEST = 'pytest_plugins = ["tests.e2e.conftest"]\n'
SCENARIO = """
import types
from pathlib import Path

import pytest


@pytest.fixture()
def fresh_world(tmp_path):
    log = tmp_path / "bot.log"
    log.write_text("INFO bot: the-bot-said-this\\n")
    bot = types.SimpleNamespace(log_path=log, log_tail=lambda chars: log.read_text()[-chars:])
    server = types.SimpleNamespace(call=lambda f: f(), state=types.SimpleNamespace(refusals=[]))
    yield types.SimpleNamespace(bot=bot, server=server)


def test_a_scenario_that_fails(fresh_world):
    assert False, "the scenario failed"
"""


def test_a_failed_scenario_report_shows_the_bot_log(tmp_path):
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_scenario.py").write_text(SCENARIO)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "1 failed" in done.stdout, done.stdout + done.stderr
    assert "bot log (tail)" in done.stdout
    assert "the-bot-said-this" in done.stdout
    assert "not available" not in done.stdout
