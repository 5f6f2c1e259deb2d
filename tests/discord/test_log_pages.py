"""``/game log`` is lossless: no entry is cut or unreachable, whatever its length, and a player
reads their own private events in words (no one else does)."""

from __future__ import annotations

import pytest

from tests.discord import wide
from tests.discord.test_turn_messages import label_button, steps_game


@pytest.fixture
async def long_entries(tmp_path):
    """The wide test game (every move tells eight long events and one private one), after
    Ada's two steps."""
    async for h in steps_game(tmp_path, public=True):
        ada = h.user("Ada")
        turn = h.last_public()
        await h.click(ada, turn, custom_id=label_button(turn, "Move number 1"))
        await h.click(ada, turn, custom_id=label_button(turn, "Move number 2"))
        yield h


async def whole_log(h, user) -> list[str]:
    """Every page of ``user``'s ``/game log``, the newest first, paged with "Older"."""
    answer = (await h.slash(user, "game log")).only_ephemeral()
    pages = [answer.content]
    while answer.buttons() and not answer.buttons()[0]["disabled"]:
        await h.click(user, answer, label=answer.buttons()[0]["label"])
        pages.append(answer.content)
    return pages


async def test_the_newest_log_page_ends_with_the_newest_event_whole(long_entries):
    h = long_entries
    [page, *_] = await whole_log(h, h.user("Bob"))
    assert page.endswith("Lots happens.") and "…" not in page


async def test_every_event_of_the_log_is_on_some_page_and_none_is_cut(long_entries):
    h = long_entries
    pages = await whole_log(h, h.user("Bob"))
    assert len(pages) > 2 and not [p for p in pages if "…" in p or "more not shown" in p]
    assert all(len(page) <= 2000 for page in pages)
    log = "\n".join(pages)
    # two moves of eight events of forty (a page may end between "Lots" and "happens.")
    assert log.count("happens.") == 2 * 8 * 40
    assert "Ada makes move m1" in log and "Ada makes move m2" in log


async def test_a_player_reads_their_own_private_events_in_their_log(long_entries):
    h = long_entries
    assert wide.SECRET in "\n".join(await whole_log(h, h.user("Ada")))


async def test_another_player_never_reads_them_in_theirs(long_entries):
    h = long_entries
    assert wide.SECRET not in "\n".join(await whole_log(h, h.user("Bob")))
