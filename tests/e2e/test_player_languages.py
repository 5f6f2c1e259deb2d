"""Who reads which language, against the local Discord and the real bot process: a player's
``/me language`` words their private answers in every server and their direct messages; with
no choice their Discord app's locale does; a server's channel reads the server's
``/tabletop settings`` language, else its preferred locale in Discord (played on the toy game,
whose turn notice by direct message falls back to the channel when DMs are closed)."""

from __future__ import annotations

import discord

from localdiscord.protocol import DEFAULT_PERMISSIONS
from localdiscord.records import User
from tests.e2e.session import GameSession

MANAGE_SERVER = discord.Permissions(manage_guild=True).value


def _game_awaiting(
    world, name: str, watcher: User, *, first: User | None = None, locale: str = "en-US"
) -> GameSession:
    """A toy game between ``first`` (Ada by default) and ``watcher`` (who asked for turn
    notices by DM) played until the turn is the watcher's; ``locale``: the language of the
    players' apps and of the channel."""
    d = world.driver
    channel = d.channel(name)
    reply = d.run(watcher, channel, "/me notifications", how="both")
    assert reply.ephemeral and not reply.failed, reply
    players = [first or d.user("Ada"), watcher]
    game = GameSession(d, world.db, channel, "toy", players, spectator=d.user("Eve"), locale=locale)
    game.open_and_start()
    ada = game.players[0]
    for _ in range(6):
        if game.witness.to_act_users() == {ada.id}:
            game.move()
            break
        game.move()
    assert game.witness.to_act_users() == {watcher.id}
    return game


def test_me_language_words_the_answers_in_every_server(world):
    d = world.driver
    lena = world.server.add_user("Lena")  # her Discord app: English
    said = d.run(lena, d.channel("lena"), "/me language", language="de")
    assert said.ephemeral and "jetzt auf **Deutsch**" in said.text, said
    other = world.server.add_guild("Outro servidor", preferred_locale="pt-BR")
    there = world.server.add_channel("outro", guild_id=other)
    said = d.run(lena, there, "/me quiet", hours="off")
    assert said.ephemeral and said.text.startswith("Du hast keine Ruhezeiten."), said


def test_with_no_choice_the_discord_app_words_the_answers(world):
    bia = world.server.add_user("Bia", locale="pt-BR")
    said = world.driver.run(bia, world.driver.channel("bia"), "/me quiet", hours="off")
    assert said.ephemeral and said.text.startswith("Você não tem horas de silêncio."), said


def test_a_turn_notice_by_direct_message_reads_in_the_players_language(world):
    dee = world.server.add_user("Dee")
    world.driver.run(dee, world.driver.channel("dee"), "/me language", language="pt-BR")
    _game_awaiting(world, "notice-pt", dee)
    notices = world.server.wait_until(
        lambda: [m for m in world.server.dms_to(dee.id) if "É a sua vez em" in m.content],
        what="the turn notice by DM, in Portuguese",
    )
    assert "**Race to 21" in notices[-1].content


def test_the_channel_reads_the_servers_language(world):
    world.server.set_guild_locale("de")
    hal = world.server.add_user("Hal", dms_open=False, locale="de")
    anke = world.server.add_user("Anke", locale="de")
    game = _game_awaiting(world, "notice-de", hal, first=anke, locale="de")
    world.server.wait_until(
        lambda: [
            m
            for m in world.server.channel_messages(game.channel.id)
            if "(Ich konnte <@" in m.content and "keine Direktnachricht" in m.content
        ],
        what="the channel told in German that the DM failed",
    )
    boss = world.server.add_user("Boss", permissions=DEFAULT_PERMISSIONS | MANAGE_SERVER)
    said = world.driver.run(boss, game.channel, "/tabletop settings", language="es")
    assert said.ephemeral and "language -> Español" in said.text, said
    ivo = world.server.add_user("Ivo", dms_open=False, locale="es-ES")
    eva = world.server.add_user("Eva", locale="es-ES")
    later = _game_awaiting(world, "notice-es", ivo, first=eva, locale="es-ES")
    world.server.wait_until(
        lambda: [
            m
            for m in world.server.channel_messages(later.channel.id)
            if "(No pude enviar a <@" in m.content
        ],
        what="the channel told in Spanish that the DM failed",
    )
    assert world.bot.log_errors() == []
