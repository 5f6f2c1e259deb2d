"""``/me turns`` through the local Discord (issue #28): a player awaited in games of two
servers sees both in one private answer, each with a jump link to its latest turn message."""

from __future__ import annotations

import re

from localdiscord.state import Channel


def _open_and_start(d, channel: Channel, host, guest) -> None:
    for user, command, options in (
        (host, "/game new", {"game": "toy", "options": "pile=11"}),
        (guest, "/game join", {}),
        (host, "/game start", {}),
    ):
        reply = d.run(user, channel, command, **options)
        assert not reply.failed, reply
    d.settle()


def test_my_turns_list_the_games_of_two_servers(world):
    d, server = world.driver, world.server
    ada, bo = d.user("Ada"), d.user("Bonnie")
    here = d.channel("turns-here")
    other_guild = server.add_guild("Second server")
    server.call(lambda: server.state.guilds[other_guild].members.extend([ada.id, bo.id]))
    there = server.add_channel("turns-there", guild_id=other_guild)
    _open_and_start(d, here, ada, bo)
    _open_and_start(d, there, ada, bo)

    reply = d.run(ada, here, "/me turns")
    assert reply.ephemeral and not reply.failed, reply
    links = re.findall(r"https://discord\.com/channels/(\d+)/(\d+)/(\d+)", reply.text)
    assert {(int(g), int(c)) for g, c, _ in links} == {
        (here.guild_id, here.id),
        (other_guild, there.id),
    }
    assert reply.text.count("**your turn**, deadline <t:") == 2
