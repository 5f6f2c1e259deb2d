"""Syncing slash commands only when they changed.

Discord rate-limits command uploads, and a blind sync at every start is slow and noisy. We hash
the exact payload ``CommandTree.sync`` would upload (each command as the tree's translator words
it, its names and descriptions in every shipped language included, so a changed translation is
uploaded too; as sorted JSON, plus the dev guild id) and keep the hash in the database's ``meta`` table (:class:`MetaHash`).
Modes: ``auto`` syncs when the hash differs from the stored one, ``always`` at every start, ``never`` not at all. With a dev guild, the global commands are
copied to that guild and synced there (instant for testing) instead of globally.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any, Protocol

import discord
from discord import app_commands

from storage import Store

log = logging.getLogger(__name__)

MODES = ("auto", "always", "never")


class HashKeeper(Protocol):
    """Where the hash of the last synced command tree is kept between runs."""

    async def load(self) -> str | None: ...

    async def save(self, digest: str) -> None: ...


class MetaHash:
    """The hash in the store's ``meta`` table, next to the games it serves."""

    KEY = "discord.commands_hash"

    def __init__(self, store: Store) -> None:
        self.store = store

    async def load(self) -> str | None:
        return await self.store.get_meta(self.KEY)

    async def save(self, digest: str) -> None:
        await self.store.set_meta(self.KEY, digest)


async def command_payload(
    tree: app_commands.CommandTree[discord.Client],
) -> list[dict[str, Any]]:
    """What a global sync would upload, in a stable order: as ``CommandTree.sync`` builds it,
    with the localizations when the tree has a translator."""
    commands = tree._get_all_commands(guild=None)
    translator = tree.translator
    if translator is not None:
        payload = [await command.get_translated_payload(tree, translator) for command in commands]
    else:
        payload = [command.to_dict(tree) for command in commands]
    return sorted(payload, key=lambda c: (c.get("type", 1), c["name"]))


async def payload_hash(
    tree: app_commands.CommandTree[discord.Client], dev_guild_id: int | None = None
) -> str:
    blob = json.dumps(
        {"commands": await command_payload(tree), "dev_guild": dev_guild_id},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(blob.encode()).hexdigest()


def needs_sync(mode: str, digest: str, stored: str | None) -> bool:
    if mode not in MODES:
        raise ValueError(f"sync mode must be one of {', '.join(MODES)}, not {mode!r}")
    if mode == "never":
        return False
    if mode == "always":
        return True
    return stored != digest


async def sync_commands(
    tree: app_commands.CommandTree[discord.Client],
    *,
    mode: str,
    keeper: HashKeeper,
    dev_guild_id: int | None = None,
) -> bool:
    """Sync the tree if ``mode`` says so; returns whether it synced."""
    digest = await payload_hash(tree, dev_guild_id)
    if not needs_sync(mode, digest, await keeper.load() if mode == "auto" else None):
        log.info("Slash commands not synced (mode %s; unchanged or disabled)", mode)
        return False
    if dev_guild_id:
        guild = discord.Object(id=dev_guild_id)
        tree.copy_global_to(guild=guild)
        synced = await tree.sync(guild=guild)
        log.info("Synced %d commands to dev guild %s", len(synced), dev_guild_id)
    else:
        synced = await tree.sync()
        log.info("Synced %d global commands", len(synced))
    await keeper.save(digest)
    return True
