"""Discord's limits the local Discord enforces, so a bot that breaks one fails a test here first.

Figures are Discord's documented ones. The file size limit is the current default for a guild
without boosts, 10 MiB (Discord lowered it from 25 MiB in 2024; the older 8 MiB figure is
what discord.py's docs still mention). Interactions advertise it as ``attachment_size_limit``.
"""

from __future__ import annotations

import re

RESPONSE_DEADLINE = 3.0  # seconds for the first response to an interaction
MAX_CONTENT = 2000
MAX_FILE_SIZE = 10 * 1024 * 1024
MAX_FILES = 10
MAX_EMBEDS = 10
MAX_EMBED_DESCRIPTION = 4096
MAX_EMBED_TITLE = 256
MAX_EMBED_TOTAL = 6000
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_CUSTOM_ID = 100
MAX_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_SELECT_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_AUTOCOMPLETE_CHOICES = 25
MAX_CHOICE_NAME = 100
MAX_CHOICE_VALUE = 100

EPHEMERAL = 64
LOADING = 128

BUTTON = 2
SELECTS = {3, 5, 6, 7, 8}
ACTION_ROW = 1
TEXT_INPUT = 4

_MENTION = re.compile(r"<@!?(\d+)>")


def mentioned_ids(content: str) -> list[int]:
    """User ids written as mentions in ``content``, in order, without repeats."""
    seen: list[int] = []
    for m in _MENTION.finditer(content or ""):
        uid = int(m.group(1))
        if uid not in seen:
            seen.append(uid)
    return seen


def pinged_ids(content: str, allowed_mentions: dict | None) -> list[int]:
    """The users a message really notifies: its mentions filtered by ``allowed_mentions``
    (no ``allowed_mentions`` at all means Discord's default, every mention pings)."""
    ids = mentioned_ids(content)
    if allowed_mentions is None:
        return ids
    if "users" in (allowed_mentions.get("parse") or []):
        return ids
    allowed = {int(u) for u in allowed_mentions.get("users") or []}
    return [u for u in ids if u in allowed]


def check_components(components: list[dict]) -> list[str]:
    problems: list[str] = []
    if len(components) > MAX_ROWS:
        problems.append(f"{len(components)} action rows (max {MAX_ROWS})")
    seen_ids: set[str] = set()
    for r, row in enumerate(components):
        if row.get("type") != ACTION_ROW:
            # components v2 containers are not used by this bot; treat them as an error so a
            # change of style is noticed rather than silently accepted
            problems.append(f"top-level component {r} is type {row.get('type')}, not an action row")
            continue
        children = row.get("components") or []
        if not children:
            problems.append(f"action row {r} is empty")
        kinds = {c.get("type") for c in children}
        if kinds & SELECTS and len(children) > 1:
            problems.append(f"action row {r} holds a select menu with other components")
        if len([c for c in children if c.get("type") == BUTTON]) > MAX_BUTTONS_PER_ROW:
            problems.append(
                f"action row {r} has {len(children)} buttons (max {MAX_BUTTONS_PER_ROW})"
            )
        for c in children:
            cid = c.get("custom_id")
            if c.get("type") == BUTTON and c.get("style") == 5:
                if not c.get("url"):
                    problems.append(f"link button in row {r} has no url")
            elif c.get("type") in {BUTTON, *SELECTS} and not cid:
                problems.append(f"component in row {r} has no custom_id")
            if cid is not None:
                if len(cid) > MAX_CUSTOM_ID:
                    problems.append(f"custom_id of {len(cid)} chars (max {MAX_CUSTOM_ID}): {cid!r}")
                if cid in seen_ids:
                    problems.append(f"duplicate custom_id {cid!r}")
                seen_ids.add(cid)
            if c.get("type") == BUTTON:
                label = c.get("label")
                if label is not None and len(label) > MAX_LABEL:
                    problems.append(f"button label of {len(label)} chars (max {MAX_LABEL})")
                if not label and not c.get("emoji"):
                    problems.append(f"button in row {r} has neither label nor emoji")
            if c.get("type") in SELECTS:
                options = c.get("options") or []
                if c.get("type") == 3 and not 1 <= len(options) <= MAX_SELECT_OPTIONS:
                    problems.append(f"select with {len(options)} options (1..{MAX_SELECT_OPTIONS})")
                for o in options:
                    for key in ("label", "value", "description"):
                        text = o.get(key)
                        if text is not None and len(text) > MAX_SELECT_OPTION_TEXT:
                            problems.append(
                                f"select option {key} of {len(text)} chars (max {MAX_SELECT_OPTION_TEXT})"
                            )
                ph = c.get("placeholder")
                if ph is not None and len(ph) > MAX_PLACEHOLDER:
                    problems.append(
                        f"select placeholder of {len(ph)} chars (max {MAX_PLACEHOLDER})"
                    )
    return problems


def check_message(payload: dict, files: list[tuple[str, bytes]]) -> list[str]:
    """Everything in a message payload that Discord would refuse (HTTP 400)."""
    problems: list[str] = []
    content = payload.get("content")
    if content is not None and len(content) > MAX_CONTENT:
        problems.append(f"content of {len(content)} chars (max {MAX_CONTENT})")
    embeds = payload.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        problems.append(f"{len(embeds)} embeds (max {MAX_EMBEDS})")
    total = 0
    for e in embeds:
        title, desc = e.get("title") or "", e.get("description") or ""
        if len(title) > MAX_EMBED_TITLE:
            problems.append(f"embed title of {len(title)} chars (max {MAX_EMBED_TITLE})")
        if len(desc) > MAX_EMBED_DESCRIPTION:
            problems.append(f"embed description of {len(desc)} chars (max {MAX_EMBED_DESCRIPTION})")
        total += len(title) + len(desc)
        total += sum(
            len(f.get("name", "")) + len(f.get("value", "")) for f in e.get("fields") or []
        )
    if total > MAX_EMBED_TOTAL:
        problems.append(f"embeds total {total} chars (max {MAX_EMBED_TOTAL})")
    if len(files) > MAX_FILES:
        problems.append(f"{len(files)} files (max {MAX_FILES})")
    for name, data in files:
        if len(data) > MAX_FILE_SIZE:
            problems.append(f"file {name} is {len(data)} bytes (max {MAX_FILE_SIZE})")
    problems += check_components(payload.get("components") or [])
    return problems


def check_choices(choices: list[dict]) -> list[str]:
    problems: list[str] = []
    if len(choices) > MAX_AUTOCOMPLETE_CHOICES:
        problems.append(f"{len(choices)} autocomplete choices (max {MAX_AUTOCOMPLETE_CHOICES})")
    for c in choices:
        name = c.get("name") or ""
        if not 1 <= len(name) <= MAX_CHOICE_NAME:
            problems.append(f"choice name of {len(name)} chars (1..{MAX_CHOICE_NAME})")
        value = c.get("value")
        if isinstance(value, str) and len(value) > MAX_CHOICE_VALUE:
            problems.append(f"choice value of {len(value)} chars (max {MAX_CHOICE_VALUE})")
    return problems
