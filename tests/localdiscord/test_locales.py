"""The local Discord knows languages as Discord does: a guild's preferred locale and each
user's client locale, which a server admin or a user may change."""

from __future__ import annotations

import pytest

from localdiscord import shapes
from localdiscord.server import LocalDiscord


@pytest.fixture(scope="module")
def server():
    with LocalDiscord() as s:
        yield s


def test_a_guild_is_english_until_its_admin_chooses(server):
    assert shapes.guild(server.state)["preferred_locale"] == "en-US"


def test_a_guild_added_in_a_language_says_so(server):
    gid = server.add_guild("Mesa", preferred_locale="pt-BR")
    assert server.call(lambda: shapes.guild(server.state, gid))["preferred_locale"] == "pt-BR"


def test_an_admin_changes_the_guilds_language(server):
    gid = server.add_guild("Spieltisch")
    server.set_guild_locale("de", guild_id=gid)
    assert server.call(lambda: shapes.guild(server.state, gid))["preferred_locale"] == "de"


def test_a_user_is_in_their_clients_language(server):
    user = server.add_user("Lía", locale="es-419")
    assert user.locale == "es-419"
    server.set_user_locale(user, "es-ES")
    assert server.call(lambda: user.locale) == "es-ES"
