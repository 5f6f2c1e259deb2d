"""The real bot process uploads its commands with every shipped language's words, and the local
Discord, which checks every request against Discord's spec and rules (localized names valid and
unique among their siblings in each locale), accepts them (the autouse check in conftest)."""

from __future__ import annotations

from i18n import discord_locales


def test_the_bot_syncs_its_commands_in_every_shipped_language(world):
    commands = {c["name"]: c for c in world.server.commands()}
    game = commands["game"]
    assert game["name_localizations"] == {
        "de": "spiel",
        "pt-BR": "jogo",
        "es-ES": "partida",
        "es-419": "partida",
    }
    new = next(o for o in game["options"] if o["name"] == "new")
    assert new["description_localizations"]["de"] == (
        "Eröffne eine neue Partie in diesem Kanal; du trittst als Gastgeber bei."
    )
    for command in commands.values():
        assert set(command["name_localizations"]) == set(discord_locales()), command["name"]
