"""Syncing slash commands only when they changed.

Discord rate-limits command uploads, and a blind sync at every start is slow and noisy. We hash
the exact payload ``CommandTree.sync`` would upload (each command's ``to_dict``, as sorted JSON,
plus the dev guild id) and keep the hash in a small file next to the database
(``<db>.commands-hash``). Modes: ``auto`` syncs when the hash differs from the stored one,
``always`` at every start, ``never`` not at all. With a dev guild, the global commands are
copied to that guild and synced there (instant for testing) instead of globally.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from pathlib import Path

import discord
from discord import app_commands

log = logging.getLogger(__name__)

MODES = ("auto", "always", "never")


def hash_path_for(db_path: str | os.PathLike) -> Path:
    return Path(f"{os.fspath(db_path)}.commands-hash")


def command_payload(tree: app_commands.CommandTree) -> list[dict]:
    """What a global sync would upload, in a stable order."""
    commands = tree._get_all_commands(guild=None)
    payload = [command.to_dict(tree) for command in commands]
    return sorted(payload, key=lambda c: (c.get("type", 1), c["name"]))


def payload_hash(tree: app_commands.CommandTree, dev_guild_id: int | None = None) -> str:
    blob = json.dumps(
        {"commands": command_payload(tree), "dev_guild": dev_guild_id},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(blob.encode()).hexdigest()


def needs_sync(mode: str, digest: str, hash_path: Path) -> bool:
    if mode not in MODES:
        raise ValueError(f"sync mode must be one of {', '.join(MODES)}, not {mode!r}")
    if mode == "never":
        return False
    if mode == "always":
        return True
    try:
        return hash_path.read_text().strip() != digest
    except OSError:
        return True


def store_hash(hash_path: Path, digest: str) -> None:
    tmp = hash_path.with_name(hash_path.name + ".tmp")
    tmp.write_text(digest + "\n")
    os.replace(tmp, hash_path)


async def sync_commands(
    tree: app_commands.CommandTree,
    *,
    mode: str,
    hash_path: Path,
    dev_guild_id: int | None = None,
) -> bool:
    """Sync the tree if ``mode`` says so; returns whether it synced."""
    digest = payload_hash(tree, dev_guild_id)
    if not needs_sync(mode, digest, hash_path):
        log.info("Slash commands unchanged (or sync disabled): not syncing (mode %s)", mode)
        return False
    if dev_guild_id:
        guild = discord.Object(id=dev_guild_id)
        tree.copy_global_to(guild=guild)
        synced = await tree.sync(guild=guild)
        log.info("Synced %d commands to dev guild %s", len(synced), dev_guild_id)
    else:
        synced = await tree.sync()
        log.info("Synced %d global commands", len(synced))
    store_hash(hash_path, digest)
    return True
