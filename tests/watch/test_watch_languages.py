"""The spectator pages in the watcher's language: their browser's ``Accept-Language`` picks the
first language Tabletop ships (else English), and the page's words, the game's stage and its
refusals come in it."""

from __future__ import annotations

import pytest

from bot.watch.words import reader_locale
from i18n import PSEUDO_CODE
from i18n.pseudo import english_left
from tests.watch.test_watch_server import watched  # noqa: F401  (the fixture)


@pytest.mark.parametrize(
    ("header", "locale"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("pt-BR,pt;q=0.9", "pt-BR"),
        ("es-419,es;q=0.9", "es-419"),
        ("es-MX,en;q=0.5", "es"),
        ("en-GB,de;q=0.8", "en-US"),
        ("fr-FR,de;q=0.5", "de"),
        ("fr-FR,fr;q=0.9", "en-US"),
        ("de;q=0.2,pt-BR;q=0.9", "pt-BR"),
        ("de;q=0", "en-US"),
        ("", "en-US"),
        (None, "en-US"),
    ],
)
def test_the_watcher_reads_the_first_shipped_language_their_browser_asks_for(header, locale):
    assert reader_locale(header) == locale


async def data(client, table, game_id, language: str) -> dict:
    token = await table.watch_token(game_id)
    got = await client.get(f"/watch/{token}/game.json", headers={"Accept-Language": language})
    return await got.json()


async def test_the_pages_words_are_in_the_watchers_language(watched):  # noqa: F811
    client, table, game_id = watched
    shown = await data(client, table, game_id, PSEUDO_CODE)
    players = {"Ada", "Bruno"}
    words = [*shown["words"].values(), shown["status_line"], shown["players_line"]]
    assert [w for w in words if english_left(w, players)] == []
    assert shown["lang"] == PSEUDO_CODE


async def test_a_german_watcher_reads_german(watched):  # noqa: F811
    client, table, game_id = watched
    shown = await data(client, table, game_id, "de-DE,de;q=0.9")
    assert shown["status_line"] == "Beendet."
    assert shown["players_line"] == "Spieler: Ada, Bruno"
    assert shown["words"]["turn_of"] == "Zug {n} von {total}: {text}"
    token = await table.watch_token(game_id)
    missing = await client.get(f"/watch/{token}/board/999.png", headers={"Accept-Language": "de"})
    assert missing.status == 404 and await missing.text() == "Diesen Zug gibt es nicht."


async def test_an_english_watcher_reads_the_english_it_always_did(watched):  # noqa: F811
    client, table, game_id = watched
    shown = await data(client, table, game_id, "en-US")
    assert shown["status_line"] == "Finished."
    assert shown["words"]["latest_board"] == "The latest board."


async def test_the_games_log_and_turns_are_in_the_watchers_language(watched):  # noqa: F811
    from tests.discord.languages import proper_names

    client, table, game_id = watched
    shown = await data(client, table, game_id, PSEUDO_CODE)
    said = [*shown["log"], *(turn["text"] for turn in shown["turns"]), shown["result"] or ""]
    known = {"Ada", "Bruno", *proper_names()}
    assert len(shown["log"]) > 10 and [line for line in said if english_left(line, known)] == []
