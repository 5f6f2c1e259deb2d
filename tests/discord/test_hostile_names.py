"""Display names are the text members choose that reaches public messages: none of them may
become a link, markdown or a mention there (lobby notices, turn messages, headlines, the log)."""

from __future__ import annotations

import pytest

from bot.table.names import MARKUP

HOSTILE = [
    "[free nitro](https://evil.example)",
    "**loud** __under__",
    "||spoiler|| ~~gone~~",
    "# Heading",
    "> quoted",
    "-# small print",
    "@everyone",
    "<@123456789012345678>",
    "`code`",
    "https://evil.example/x",
]


@pytest.mark.parametrize("name", HOSTILE)
async def test_a_hostile_display_name_is_plain_text_in_every_public_message(h, name):
    host, guest = h.user(name), h.user("Bob")
    await h.slash(host, "game new", game="toy")
    await h.slash(guest, "game join")
    await h.slash(host, "game start")
    await h.slash(host, "play", action="Take 1")
    await h.slash(guest, "game concede")
    public = [m.content for m in h.public_messages()]
    assert len(public) >= 4
    for text in public:
        # the bot's own markup (bold titles, mentions of ids it chose) stays; the name's goes
        assert "](" not in text and "://" not in text, text
        assert "@everyone" not in text and "<@123456789012345678>" not in text, text
        for line in text.splitlines():
            assert not line.startswith(("# ", "> ", "-# ")), text
        for marker in ("||", "~~", "__", "`code"):
            assert marker not in text, text


def test_no_markup_character_survives_in_a_player_name():
    from bot.table import player_name

    for name in HOSTILE:
        assert not set(player_name(name)) & MARKUP, name
