"""The commands' answers in their reader's language: a private answer in the asking user's
(their Discord client's locale), a public post in the server's. Read in the pseudo-locale,
nothing of an answer is left in English but names (players, the games' titles, published
components' names) and typed words; a German reader reads German."""

from __future__ import annotations

import pytest

from i18n import PSEUDO_CODE
from i18n.pseudo import english_left
from tests.discord import harness
from tests.discord.languages import proper_names, server_speaks, speaking

TOY = "Race to 21 (test game)"


@pytest.fixture
async def h(tmp_path):
    async with harness.Harness.open(tmp_path / "tabletop.sqlite") as h:
        yield h
        assert h.world.violations == [], "the bot broke a Discord limit"


@pytest.fixture
async def finished(h):
    """Ada and Bob play Race to 21 to its end (Bob takes the last counter and wins); Ada's
    client is in the pseudo-locale, Bob's in German."""
    ada, bob = h.user("Ada"), h.user("Bob")
    await h.slash(ada, "game new", game="toy", options="pile=11")
    await h.slash(bob, "game join")
    await h.slash(ada, "game start")
    for who, take in ((ada, 3), (bob, 3), (ada, 3), (bob, 2)):
        await h.slash(who, "play", action=f"take:{take}")
    speaking(h, {ada: PSEUDO_CODE, bob: "de"})
    return ada, bob


def names(*more: str) -> set[str]:
    return {"Ada", "Bob", *proper_names(), *more}


async def answer(h, user, command: str, **options):
    return (await h.slash(user, command, **options)).only_ephemeral()


async def test_the_leaderboard_its_alt_text_and_its_picture_are_in_the_askers_language(h, finished):
    from rendering.kit import recording_text

    ada, _ = finished
    with recording_text() as drawn:
        said = await answer(h, ada, "game leaderboard", game="toy")
    assert english_left(said.content, names()) == []
    [attachment] = said.attachments
    assert english_left(attachment["description"], names()) == []
    assert drawn and english_left(" ".join(text for _, text in drawn), names()) == []


async def test_my_rating_page_and_its_picture_are_in_my_language(h, finished):
    from rendering.kit import recording_text

    ada, _ = finished
    with recording_text() as drawn:
        said = await answer(h, ada, "me rating")
    assert english_left(said.content, names()) == []
    assert english_left(" ".join(text for _, text in drawn), names()) == []


async def test_hiding_from_other_servers_is_said_in_my_language(h, finished):
    ada, _ = finished
    said = await answer(h, ada, "me leaderboards", show="played")
    assert english_left(said.content, names()) == []


async def test_history_and_stats_are_in_the_askers_language(h, finished):
    ada, _ = finished
    for command, options in (("game history", {}), ("game history", {"scope": "server"})):
        said = await answer(h, ada, command, **options)
        assert english_left(said.content, names()) == [], command
    said = await answer(h, ada, "game stats")
    assert english_left(said.content, names()) == []


async def test_the_rules_guide_and_every_command_are_in_the_askers_language(h, finished):
    import engines

    ada, _ = finished
    toy = engines.get_engine("toy")
    # the guide is the game's own words (its engine's), and the option's key and choices are
    # typed words: only those are English here
    typed = {toy.guide, "pile", "11", "21"}
    guide = await answer(h, ada, "game rules", game="toy")
    assert english_left(guide.content, names(*typed)) == []
    commands = await answer(h, ada, "game rules", page="commands")
    assert english_left(commands.content, names()) == []
    rulings = await answer(h, ada, "game rules", game="toy", page="rulings")
    assert english_left(rulings.content, names()) == []


async def test_the_rules_without_a_game_here_list_the_games_in_the_askers_language(h):
    ada = h.user("Ada")
    speaking(h, {ada: PSEUDO_CODE})
    said = await answer(h, ada, "game rules")
    assert english_left(said.content, names()) == []


async def test_the_log_is_in_the_askers_language(h, finished):
    ada, _ = finished
    said = await answer(h, ada, "game log")
    head, *entries = said.content.splitlines()
    assert english_left(head, names()) == []
    # the table's own entries (opening, joining, starting) are worded for Ada; the test game's
    # moves are its engine's words, which no catalog has
    opened, joined, began = entries[:3]
    assert [english_left(e, names()) for e in (opened, joined, began)] == [[], [], []]


async def test_a_german_reader_gets_german(h, finished):
    _, bob = finished
    board = await answer(h, bob, "game leaderboard", game="toy")
    assert "Dein Platz: " in board.content and "Partie" in board.content
    commands = await answer(h, bob, "game rules", page="commands")
    assert "**/spiel** — " in commands.content and "`beitreten`" in commands.content
    history = await answer(h, bob, "game history")
    assert history.content.startswith("Letzte Partien:") and "gewonnen von Bob" in history.content


async def test_a_private_answer_is_in_the_users_language_not_the_servers(h, finished):
    ada, _ = finished
    server_speaks(h, "de")
    speaking(h, {ada: "en-US"})
    said = await answer(h, ada, "game history")
    assert said.content.startswith("Recent games:")


async def test_ending_a_game_is_said_in_the_servers_language(h):
    ada, bob = h.user("Ada"), h.user("Bob")
    await h.slash(ada, "game new", game="toy")
    await h.slash(bob, "game join")
    server_speaks(h, "de")  # Ada's client stays English: the channel reads German
    reply = await h.slash(ada, "host abort")
    [post] = reply.public
    assert post.content == (
        f"**{TOY}** wurde von Ada beendet. Starte eine neue Partie mit `/spiel neu`."
    )


async def test_the_lobbys_headline_is_in_the_servers_language(h):
    ada, bob = h.user("Ada"), h.user("Bob")
    server_speaks(h, PSEUDO_CODE)
    await h.slash(ada, "game new", game="toy")
    reply = await h.slash(bob, "game join")
    [post] = reply.public
    headline = post.content.splitlines()[0].split(" — ", 1)[1]
    assert english_left(headline, names()) == []


def game_master(h) -> harness.User:
    import discord

    perms = harness.DEFAULT_PERMISSIONS | discord.Permissions(manage_guild=True)
    gina = harness.User(next(harness._user_ids), "Gina", perms)
    h.users["Gina"] = gina
    return gina


async def test_a_leagues_message_is_in_the_servers_language(h):
    gina = game_master(h)
    server_speaks(h, PSEUDO_CODE)
    reply = await h.slash(gina, "league open", game="toy", players=2, rounds=2, clock="none")
    [post] = reply.public
    assert english_left(post.content, names("Gina")) == []


async def test_a_leagues_info_standings_and_sign_up_are_in_the_askers_language(h):
    from rendering.kit import recording_text

    gina = game_master(h)
    await h.slash(gina, "league open", game="toy", players=2, rounds=2, clock="none")
    message = h.last_public()
    ada = h.user("Ada")
    speaking(h, {ada: PSEUDO_CODE})
    signed = (await h.click(ada, message, label="Sign up")).ephemeral
    assert [english_left(m.content, names()) for m in signed] == [[]]
    info = await answer(h, ada, "league info")
    assert english_left(info.content, names()) == []
    with recording_text() as drawn:
        standings = (await h.slash(ada, "league standings")).ephemeral
    for part in standings:
        assert english_left(part.content, names()) == []
        for attachment in part.attachments:
            assert english_left(attachment["description"], names()) == []
    assert english_left(" ".join(text for _, text in drawn), names()) == []
    again = (await h.click(ada, h.last_public(), label="Sign up")).only_ephemeral()
    assert english_left(again.content, names()) == []  # the league's refusal, worded for Ada


async def test_the_replay_is_posted_in_the_servers_language_and_said_in_the_askers(h, finished):
    ada, bob = finished
    server_speaks(h, PSEUDO_CODE)
    reply = await h.slash(bob, "game replay")
    [post] = [m for m in reply.public if m.files]
    assert english_left(post.content, names()) == []
    [attachment] = post.attachments
    assert english_left(attachment["description"], names()) == []
    [done] = reply.ephemeral
    assert done.content == "Die Wiederholung ist im Kanal gepostet."  # Bob reads German


async def test_opening_seating_bots_and_leaving_are_headlined_in_the_servers_language(h):
    ada, bob = h.user("Ada"), h.user("Bob")
    server_speaks(h, PSEUDO_CODE)

    def headline(reply) -> str:
        [post] = reply.public
        return post.content.splitlines()[0].split(" — ", 1)[1]

    opened = await h.slash(ada, "game new", game="toy", options="pile=11")
    assert english_left(headline(opened), names("pile", "11")) == []
    seated = await h.slash(ada, "game join", bots=2)
    assert english_left(headline(seated), names()) == []
    await h.slash(bob, "game join")
    left = await h.slash(bob, "game leave")
    assert english_left(headline(left), names()) == []
    clock = opened.public[0].content.splitlines()[-1]  # the clock the game opened with
    assert clock.startswith("⏱️") and english_left(clock, names()) == []


async def test_starting_looking_and_conceding_are_answered_in_the_askers_language(h):
    ada, bob = h.user("Ada"), h.user("Bob")
    await h.slash(ada, "game new", game="toy")
    await h.slash(bob, "game join")
    speaking(h, {ada: PSEUDO_CODE, bob: PSEUDO_CODE})
    started = await h.slash(ada, "game start")
    assert [english_left(m.content, names()) for m in started.ephemeral] == [[]]
    board = await h.slash(bob, "game board")
    assert [english_left(m.content, names()) for m in board.ephemeral] == [[]]
    conceded = await h.slash(bob, "game concede")
    assert [english_left(m.content, names()) for m in conceded.ephemeral] == [[]]


async def test_a_leagues_game_master_and_player_are_answered_in_their_languages(h):
    gina = game_master(h)
    await h.slash(gina, "league open", game="toy", players=2, rounds=2, clock="none")
    ada, bob = h.user("Ada"), h.user("Bob")
    for who in (ada, bob):
        await h.click(who, h.last_public(), label="Sign up")
    speaking(h, {ada: PSEUDO_CODE})
    refused = await answer(h, ada, "league pause")  # not a game master
    assert english_left(refused.content, names()) == []
    server_speaks(h, "de")
    for command, said in (
        ("league start", "läuft"),
        ("league pause", "ist pausiert"),
        ("league resume", "geht weiter"),
    ):
        reply = await h.slash(gina, command)
        posted = [m.content for m in reply.messages if not m.ephemeral]
        assert any(said in text for text in posted), (command, posted)
    left = await answer(h, ada, "league leave")
    assert english_left(left.content, names()) == []
    reply = await h.slash(gina, "league close")
    assert any("ist geschlossen" in m.content for m in reply.messages if not m.ephemeral)


async def test_the_rulings_page_is_the_readers_translation_or_else_english(h):
    from bot.discord_app.rulings import pages, rulings_text

    bob, cid = h.user("Bob"), h.user("Cid")
    speaking(h, {bob: "de", cid: "pt-BR"})
    german = (await h.slash(bob, "game rules", game="anatomy_park", page="rulings")).ephemeral
    assert [m.content for m in german] == pages(rulings_text("anatomy_park", "de"))
    assert german[0].content != pages(rulings_text("anatomy_park"))[0]  # a translation exists
    # a game whose rulings have no Portuguese page yet: the English one
    english = pages(rulings_text("monopoly"))
    shown = (await h.slash(cid, "game rules", game="monopoly", page="rulings")).ephemeral
    if rulings_text("monopoly", "pt-BR") == rulings_text("monopoly"):
        assert [m.content for m in shown] == english


async def test_the_hand_is_drawn_in_the_askers_language_not_the_servers(h):
    ada, bob = h.user("Ada"), h.user("Bob")
    await h.slash(ada, "game new", game="cemetery")
    await h.slash(bob, "game join")
    await h.slash(ada, "game start")
    server_speaks(h, "es-ES")
    speaking(h, {bob: "de"})
    drawn_in = []
    real = h.table.renderer.hand

    async def hand(engine, view, locale):
        drawn_in.append(locale)
        return await real(engine, view, locale)

    h.table.renderer.hand = hand
    said = await answer(h, bob, "game hand")
    assert drawn_in == ["de"] and said.files
