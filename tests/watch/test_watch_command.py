"""``/game watch`` exists only on a bot whose operator turned the spectator pages on."""

from __future__ import annotations

import pytest

from bot import watch
from bot.discord_app.client import TabletopClient


@pytest.fixture
def pages_on():
    watch.enable(watch.WatchConfig(base_url="https://t.example/"))
    yield
    watch.enable(None)


def _subcommands() -> set[str]:
    return {c.name for c in TabletopClient(None).tree.get_command("game").commands}


def test_without_web_pages_there_is_no_watch_command():
    assert "watch" not in _subcommands()


def test_with_web_pages_watch_is_offered_within_discords_limit(pages_on):
    names = _subcommands()
    assert "watch" in names and len(names) <= 25


def test_a_link_is_the_public_address_and_the_token(pages_on):
    assert watch.config().link("abc") == "https://t.example/watch/abc"
