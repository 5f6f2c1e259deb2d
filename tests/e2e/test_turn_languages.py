"""A game's turn in two languages at once, through the local Discord and the real bot process:
the server prefers German, so the channel's turn messages are German; a player whose Discord
client is Portuguese gets their own answers in Portuguese, and one in English in English."""

from __future__ import annotations

import re


def _awaited(content: str) -> int:
    found = re.search(r"➡️ Du bist am Zug: <@(\d+)>", content)
    assert found, content
    return int(found[1])


def test_a_german_server_plays_in_german_while_each_player_reads_their_own(world):
    d, server = world.driver, world.server
    server.set_guild_locale("de")
    ana = server.add_user("Ana", locale="pt-BR")
    ben = d.user("Ben")
    players = {ana.id: ana, ben.id: ben}
    channel = d.channel("zwei-sprachen")
    assert not d.run(ana, channel, "/game new", game="toy").failed
    assert not d.run(ben, channel, "/game join").failed
    before = d.last_message_id()
    d.run(ana, channel, "/game start")
    turn = d.wait_for_public(channel, before, lambda m: "➡️" in m.content)
    first = players[_awaited(turn.content)]
    before = d.last_message_id()
    played = d.run(first, channel, "/play", action="take:1")
    own = "Você jogou **Take 1**." if first is ana else "You played **Take 1**."
    assert played.ephemeral and played.messages[0].content.startswith(own), played
    turn = d.wait_for_public(channel, before, lambda m: "Seit deinem letzten Zug" in m.content)
    second = players[_awaited(turn.content)]
    assert second is not first
    played = d.run(second, channel, "/play", action="take:1")
    own = "Você jogou **Take 1**." if second is ana else "You played **Take 1**."
    assert played.messages[0].content.startswith(own), played
    assert world.bot.log_errors() == []
