"""One ``./tabletop local`` session (local Discord, real bot process, page) and one headless
Chromium per module. Without Chromium installed (``apt-get install chromium``; ``.ci/run`` does
it) the browser tests are skipped, not failed, except in CI (CI=true), where they must run."""

from __future__ import annotations

import os

import pytest

from bot.playground.launcher import LocalSession
from tests.e2e import secret_toy  # a short game with private move labels (here and in the bot)
from tests.playground.browser import Chromium, find_chromium


@pytest.fixture(scope="module")
def local():
    session = LocalSession(seats=3, port=0, preload=(secret_toy.__name__,)).start()
    yield session
    session.stop()


@pytest.fixture(scope="module")
def chromium():
    binary = find_chromium()
    if binary is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI must run the browser tests: .ci/run installs Chromium")
        pytest.skip("no Chromium installed (apt-get install chromium)")
    browser = Chromium.launch(binary)
    yield browser
    browser.close()


@pytest.fixture(autouse=True)
def _show_bot_on_failure(request):
    yield
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed and "local" in request.fixturenames:
        local = request.getfixturevalue("local")
        for record in list(local.server.state.interactions.values())[-4:]:
            print(
                "interaction",
                record.type,
                record.data.get("custom_id"),
                record.responses,
                record.failed,
            )
        print("--- bot log (tail) ---\n" + local.log_tail(4000))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, "rep_" + rep.when, rep)
