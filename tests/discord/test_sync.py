"""Slash commands are synced only when their payload changed (or when told to)."""

from __future__ import annotations

import contextlib
import tempfile
from dataclasses import replace
from pathlib import Path

import discord
import pytest

from bot.discord_app.client import TabletopClient
from bot.discord_app.sync import MetaHash, needs_sync, payload_hash
from bot.discord_app.translator import CatalogTranslator
from i18n import catalogs
from i18n.languages import GERMAN
from tests.discord.harness import Harness


@contextlib.asynccontextmanager
async def bot_at(tmp_path, mode="auto", **kw):
    if tmp_path is None:
        with tempfile.TemporaryDirectory() as folder:
            async with bot_at(Path(folder), mode, **kw) as h:
                yield h
        return
    async with Harness.open(tmp_path / "db.sqlite", sync_mode=mode, **kw) as h:
        yield h


@contextlib.asynccontextmanager
async def bot(tmp_path, mode="auto", **kw):
    async with Harness.open(tmp_path / "db.sqlite", sync_mode=mode, **kw) as h:
        yield h


async def test_first_start_in_auto_mode_syncs_and_stores_the_hash(tmp_path):
    async with bot(tmp_path) as h:
        [(guild, payload)] = h.world.synced
        assert guild is None and {c["name"] for c in payload} == {
            "game",
            "host",
            "me",
            "play",
            "tabletop",
            "league",
        }
        assert await MetaHash(h.store).load() == await payload_hash(h.client.tree)


async def test_auto_mode_skips_the_sync_when_nothing_changed(tmp_path):
    async with bot(tmp_path):
        pass
    async with bot(tmp_path) as h:
        assert h.world.synced == []


async def test_auto_mode_syncs_again_when_the_commands_changed(tmp_path):
    async with bot(tmp_path) as h:
        await MetaHash(h.store).save("the hash of an older command tree")
    async with bot(tmp_path) as h:
        assert len(h.world.synced) == 1
        assert await MetaHash(h.store).load() == await payload_hash(h.client.tree)


async def test_the_hash_changes_when_a_command_is_added():
    client = TabletopClient(table=None)
    before = await payload_hash(client.tree)

    @client.tree.get_command("game").command(name="extra", description="A new subcommand")
    async def extra(interaction: discord.Interaction):
        await interaction.response.send_message("hi")

    assert await payload_hash(client.tree) != before


async def test_the_hash_is_stable_across_builds():
    assert await payload_hash(TabletopClient(None).tree) == await payload_hash(
        TabletopClient(None).tree
    )


async def test_the_synced_payload_carries_every_shipped_language():
    """The translator is set before the sync: what is uploaded (and hashed) has the words."""
    async with bot_at(None) as h:
        [(_, payload)] = h.world.synced
        game = next(c for c in payload if c["name"] == "game")
        assert game["name_localizations"] == {"de": "spiel", "pt-BR": "jogo", "es-ES": "partida",
                                              "es-419": "partida"}  # fmt: skip
        assert await MetaHash(h.store).load() == await payload_hash(h.client.tree)


async def test_the_hash_changes_when_a_translation_changes(monkeypatch):
    """A new or changed translation is uploaded at the next start: it changes the hash."""
    client = TabletopClient(None)
    await client.tree.set_translator(CatalogTranslator())
    before = await payload_hash(client.tree)
    shipped = catalogs.words
    german = shipped(GERMAN)
    changed = {**german.singular, ("description", "Post the current board in the channel."): "X"}

    def words(language):
        return replace(german, singular=changed) if language is GERMAN else shipped(language)

    monkeypatch.setattr(catalogs, "words", words)
    assert await payload_hash(client.tree) != before
    monkeypatch.undo()
    assert await payload_hash(client.tree) == before


async def test_always_mode_syncs_at_every_start(tmp_path):
    async with bot(tmp_path, "always"):
        pass
    async with bot(tmp_path, "always") as h:
        assert len(h.world.synced) == 1


async def test_never_mode_never_syncs(tmp_path):
    async with bot(tmp_path, "never") as h:
        assert h.world.synced == []
        assert await MetaHash(h.store).load() is None


async def test_a_dev_guild_gets_the_commands_instead_of_a_global_sync(tmp_path):
    async with bot(tmp_path, dev_guild_id=4242) as h:
        [(guild, payload)] = h.world.synced
        assert guild == 4242 and {c["name"] for c in payload} == {
            "game",
            "host",
            "me",
            "play",
            "tabletop",
            "league",
        }


async def test_switching_away_from_a_dev_guild_resyncs_globally(tmp_path):
    async with bot(tmp_path, dev_guild_id=4242):
        pass
    async with bot(tmp_path) as h:
        assert [g for g, _ in h.world.synced] == [None]


def test_an_unknown_sync_mode_is_rejected():
    with pytest.raises(ValueError):
        needs_sync("sometimes", "x", None)
