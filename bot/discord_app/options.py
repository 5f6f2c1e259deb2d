"""Reading and suggesting game options typed as ``key=value`` words.

``/game new game:<g> options:"pile=11 mode=quick"`` sets game-wide options (OptionSpec with
``per_player=False``); ``/game join choice:"species=cat"`` (or just ``cat`` when the game has one
per-player option) sets yours. Keys and values match case-insensitively, by key or label; the
engine still validates the result. Autocomplete suggests the next ``key=value`` to add.
"""

from __future__ import annotations

import re

from discord import app_commands

from bot.discord_app.replies import BadInput
from bot.discord_app.text import MAX_CHOICES, clip
from engines import Engine, OptionSpec

SPLIT = re.compile(r"[\s,;]+")


def describe_specs(specs: list[OptionSpec]) -> str:
    if not specs:
        return "none"
    return "; ".join(f"{s.key} ({'|'.join(s.choices)}, default {s.default})" for s in specs)


def game_specs(engine: Engine) -> list[OptionSpec]:
    return [s for s in engine.options if not s.per_player]


def player_specs(engine: Engine) -> list[OptionSpec]:
    return [s for s in engine.options if s.per_player]


def _find_spec(specs: list[OptionSpec], key: str) -> OptionSpec | None:
    key = key.casefold()
    for s in specs:
        if key in (s.key.casefold(), s.label.casefold()):
            return s
    return None


def _find_choice(spec: OptionSpec, value: str) -> str:
    for c in spec.choices:
        if c.casefold() == value.casefold():
            return c
    raise BadInput(
        f"'{value}' is not a choice for {spec.label}. Choose one of: {', '.join(spec.choices)}."
    )


def parse(text: str | None, specs: list[OptionSpec], *, title: str) -> dict[str, str]:
    """``key=value`` words -> {key: value}; a bare value is allowed when only one spec takes it."""
    out: dict[str, str] = {}
    for word in SPLIT.split((text or "").strip()):
        if not word:
            continue
        if "=" in word:
            key, _, value = word.partition("=")
            spec = _find_spec(specs, key.strip())
            if spec is None:
                raise BadInput(
                    f"{title} has no option '{key.strip()}'. Options: {describe_specs(specs)}."
                )
        else:
            value = word
            owners = [s for s in specs if any(c.casefold() == word.casefold() for c in s.choices)]
            if len(owners) != 1:
                raise BadInput(
                    f"Could not read '{word}': write options as key=value. "
                    f"Options for {title}: {describe_specs(specs)}."
                )
            spec = owners[0]
        out[spec.key] = _find_choice(spec, value.strip())
    return out


def suggest(
    current: str, specs: list[OptionSpec], *, bare: bool = False
) -> list[app_commands.Choice[str]]:
    """Completions of ``current``: the words typed so far plus one more ``key=value``.

    ``bare`` offers plain values (for a single per-player option).
    """
    words = [w for w in SPLIT.split(current.strip()) if w]
    done, partial = (
        (words, "") if current.endswith((" ", ",")) or not words else (words[:-1], words[-1])
    )
    done_keys = {w.partition("=")[0].casefold() for w in done}
    prefix = " ".join(done)
    out: list[app_commands.Choice[str]] = []
    for spec in specs:
        if spec.key.casefold() in done_keys:
            continue
        for choice in spec.choices:
            word = choice if bare else f"{spec.key}={choice}"
            if partial and partial.casefold() not in word.casefold():
                continue
            value = f"{prefix} {word}".strip()
            name = f"{spec.label}: {choice}" + (" (default)" if choice == spec.default else "")
            if prefix:
                name = f"{prefix} + {name}"
            out.append(app_commands.Choice(name=clip(name, 100), value=clip(value, 100)))
            if len(out) >= MAX_CHOICES:
                return out
    return out
