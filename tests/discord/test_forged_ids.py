"""Custom ids come back from anyone's client: a forged one (a number that is 0 where none may
be, negative, huge or not a number) is answered privately as no longer valid and changes
nothing, for every kind of custom id the bot makes."""

from __future__ import annotations

import logging

import pytest

from bot.discord_app.client import TabletopClient
from bot.discord_app.custom_ids import FORGED, LOG_PER_PAGE
from tests.discord.fake_discord import Message, snowflake
from tests.discord.harness import CHANNEL_ID

#: each kind of custom id and its numbers, in order
KINDS = {
    "tt": ("game", "version", "index"),
    "ttp": ("game", "version", "index"),
    "tts": ("game", "version", "index"),
    "ttq": ("game", "version", "index"),
    "ttm": ("game", "version"),
    "ttr": ("game",),
    "ttg": ("page", "per"),
    "ttc": ("game", "version", "index"),
    "ttcp": ("game", "version", "index"),
    "tta": ("game", "version", "index"),
    "ttap": ("game", "version", "index"),
    "ttn": ("game", "version", "index"),
    "ttnp": ("game", "version", "index"),
}
#: numbers for which 0 is a real value (the first version, the first move or menu)
ZERO_IS_REAL = {"version", "index"}
HUGE = "9" * 25
BAD = ["0", "-1", HUGE, "x1"]


def forged_ids(kind: str, good: dict[str, str]) -> list[str]:
    """Every id of ``kind`` with one of its numbers forged, the others as a real one has."""
    ids = []
    for field in KINDS[kind]:
        for bad in BAD:
            if bad == "0" and field in ZERO_IS_REAL:
                continue
            parts = [bad if f == field else good[f] for f in KINDS[kind]]
            ids.append(f"{kind}:{':'.join(parts)}")
    return [*ids, f"{kind}:{':'.join(good[f] for f in KINDS[kind])}:7"]  # a part too many


def message_with(custom_id: str, *, menu: bool) -> Message:
    """A message of the bot's as a forger's client would show it, carrying ``custom_id``."""
    if menu:
        item = {
            "type": 3,
            "custom_id": custom_id,
            "options": [{"label": "Take 1", "value": "0"}],
            "min_values": 1,
            "max_values": 1,
        }
    else:
        item = {"type": 2, "style": 2, "label": "Take 1", "custom_id": custom_id}
    return Message(
        snowflake(), CHANNEL_ID, "A board", components=[{"type": 1, "components": [item]}]
    )


async def submit_form(h, user, custom_id: str):
    """``user`` sends an amount form whose custom id is ``custom_id``."""
    field = {"type": 4, "custom_id": "amount", "value": "5"}
    data = {"custom_id": custom_id, "components": [{"type": 18, "component": field}]}
    message = message_with("tta:1:0:0", menu=False)
    payload, record = h._base(5, user, CHANNEL_ID, data)
    payload["message"] = message.payload()
    return await h._dispatch(payload, record)


@pytest.mark.parametrize("kind", sorted(KINDS))
async def test_a_forged_custom_id_is_answered_privately_and_changes_nothing(
    kind, running, h, ada, caplog
):
    game = await h.table.game(channel_id=CHANNEL_ID)
    good = {"game": str(game.id), "version": str(game.version), "index": "0"}
    good |= {"page": "1", "per": "15"}
    before = len(h.public_messages())
    with caplog.at_level(logging.WARNING):
        for custom_id in forged_ids(kind, good):
            if kind.startswith("ttn"):
                reply = await submit_form(h, ada, custom_id)
            elif kind in ("tts", "ttq"):
                reply = await h.choose(ada, message_with(custom_id, menu=True), "0")
            else:
                reply = await h.click(ada, message_with(custom_id, menu=False), custom_id=custom_id)
            assert reply.only_ephemeral().content == FORGED, custom_id
    assert (await h.table.game(channel_id=CHANNEL_ID)).version == game.version
    assert len(h.public_messages()) == before
    assert [r.getMessage() for r in caplog.records] == []


@pytest.mark.parametrize("value", ["-1", "10000", HUGE, "x"])
async def test_a_forged_menu_option_is_answered_privately_and_changes_nothing(
    value, running, h, ada
):
    game = await h.table.game(channel_id=CHANNEL_ID)
    menu = message_with(f"tts:{game.id}:{game.version}:0", menu=True)
    menu.components[0]["components"][0]["options"].append({"label": "Forged", "value": value})
    reply = await h.choose(ada, menu, value)
    assert reply.only_ephemeral().content == FORGED
    assert (await h.table.game(channel_id=CHANNEL_ID)).version == game.version


async def test_a_real_log_page_button_still_works(running, h, ada):
    """The range-check lets real ids through: /game log's pages, at its largest count."""
    reply = await h.slash(ada, "game log", count=LOG_PER_PAGE[-1])
    assert "the log" in reply.only_ephemeral().content


def test_the_log_buttons_range_is_the_log_commands_count():
    log = TabletopClient(None).tree.get_command("game").get_command("log")
    count = log._params["count"]
    assert range(count.min_value, count.max_value + 1) == LOG_PER_PAGE
