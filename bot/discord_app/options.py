"""Reading and suggesting game options typed as ``key=value`` pieces.

``/game new game:<g> options:"pile=11 mode=quick"`` sets game-wide options (OptionSpec with
``per_player=False``); ``/game join choice:"species=cat"`` (or just ``cat`` when the game has one
per-player option) sets yours. Keys and values match case-insensitively, by key or label; a
value may be part of a choice's name when it names only that one (``cat`` is Leopard Cat), and
may contain spaces (``species=Hot Dog``); the table still validates the result. Autocomplete
suggests the next ``key=value`` to add.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from discord import app_commands

from bot.discord_app.replies import BadInput
from bot.discord_app.text import clip
from bot.discord_limits import MAX_CHOICE_NAME, MAX_CHOICE_VALUE, MAX_CHOICES
from engines import Engine, OptionSpec

SEPARATORS = " ,;"


def describe_specs(specs: list[OptionSpec]) -> str:
    if not specs:
        return "none"
    return "; ".join(f"{s.key} ({'|'.join(s.choices)}, {_unless_chosen(s)})" for s in specs)


def _unless_chosen(spec: OptionSpec) -> str:
    """What a player gets when they leave ``spec`` out: a game-wide option its default, a
    per-player pick a random one (the engines deal one, never the listed default)."""
    return "a random one if none" if spec.per_player else f"default {spec.default}"


def game_specs(engine: Engine[Any]) -> list[OptionSpec]:
    return [s for s in engine.options if not s.per_player]


def player_specs(engine: Engine[Any]) -> list[OptionSpec]:
    return [s for s in engine.options if s.per_player]


def _find_spec(specs: list[OptionSpec], key: str) -> OptionSpec | None:
    key = key.casefold()
    for s in specs:
        if key in (s.key.casefold(), s.label.casefold()):
            return s
    return None


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", text.casefold())


def _named_by(choice: str, value: str) -> bool:
    """Whether ``value`` names ``choice`` in part: each typed word starts a word of it ("cat"
    names Leopard Cat, "box tur" Yellow-margined Box Turtle), a number typed in full."""
    typed, have = _words(value), _words(choice)
    return bool(typed) and all(
        t in have if t.isdigit() else any(h.startswith(t) for h in have) for t in typed
    )


def matching_choices(spec: OptionSpec, value: str) -> list[str]:
    """The choices of ``spec`` that ``value`` names: the one equal to it (any case), else
    every one it names in part."""
    exact = [c for c in spec.choices if c.casefold() == value.casefold()]
    return exact or [c for c in spec.choices if _named_by(c, value)]


def _find_choice(spec: OptionSpec, value: str) -> str:
    """The choice ``value`` names, when it names exactly one; else a refusal listing the
    candidates it could be, or every choice when it names none."""
    found = matching_choices(spec, value)
    if len(found) == 1:
        return found[0]
    if found:
        raise BadInput(
            f"'{value}' could be more than one {spec.label}: {', '.join(found)}. "
            "Type more of the name."
        )
    raise BadInput(
        f"'{value}' is not a choice for {spec.label}. Choose one of: {', '.join(spec.choices)}."
    )


@dataclass
class Piece:
    """One part of what was typed: ``spec`` is None for values typed without a key."""

    spec: OptionSpec | None
    value: str
    start: int  # where the piece begins in the text


def _split_value(spec: OptionSpec, value: str) -> tuple[str, str]:
    """``value`` as (this option's value, text after it) when a choice is followed by more
    text, e.g. "quick Hot Dog" -> ("quick", "Hot Dog"); else (value, "")."""
    folded = value.casefold()
    if any(c.casefold() == folded for c in spec.choices):
        return value, ""
    for c in sorted(spec.choices, key=len, reverse=True):
        if folded.startswith(c.casefold()) and value[len(c) : len(c) + 1] in SEPARATORS:
            return value[: len(c)], value[len(c) :].strip(SEPARATORS)
    return value, ""


def _pieces(text: str, specs: list[OptionSpec]) -> list[Piece]:
    """Split ``text`` at every ``key=`` that names a spec (by key or label).

    Values run to the next known ``key=``, so they may contain spaces ("species=Hot Dog");
    text after a complete value ("mode=quick Hot Dog") becomes a piece without a key.
    """
    names = sorted({n for s in specs for n in (s.key, s.label)}, key=len, reverse=True)
    pattern = "|".join(re.escape(n) for n in names) or r"(?!)"
    marker = re.compile(r"(?:^|(?<=[\s,;]))(" + pattern + r")\s*=", re.IGNORECASE)
    # a name the pattern matches only by its case-insensitive rules ("specİes") names no spec
    found = [
        (m, spec)
        for m in marker.finditer(text)
        if (spec := _find_spec(specs, m.group(1))) is not None
    ]
    pieces: list[Piece] = []

    def bare(start: int, end: int) -> None:
        chunk = text[start:end]
        stripped = chunk.strip(SEPARATORS)
        if stripped:
            pieces.append(Piece(None, stripped, start + chunk.index(stripped)))

    bare(0, found[0][0].start() if found else len(text))
    for n, (m, spec) in enumerate(found):
        end = found[n + 1][0].start() if n + 1 < len(found) else len(text)
        raw = text[m.end() : end].strip(SEPARATORS)
        value, rest = _split_value(spec, raw)
        pieces.append(Piece(spec, value, m.start()))
        if rest:
            value_end = m.end() + len(text[m.end() : end].rstrip(SEPARATORS))
            bare(value_end - len(rest), end)
    return pieces


def _bare(text: str, specs: list[OptionSpec], title: str) -> dict[str, str]:
    """Values typed without keys: the whole text as one choice, else word by word."""
    whole = [s for s in specs if any(c.casefold() == text.casefold() for c in s.choices)]
    whole = whole or [s for s in specs if matching_choices(s, text)]
    if len(whole) == 1:
        return {whole[0].key: _find_choice(whole[0], text)}
    out: dict[str, str] = {}
    for word in re.split(r"[\s,;]+", text):
        owners = [s for s in specs if any(c.casefold() == word.casefold() for c in s.choices)]
        if len(owners) != 1:
            raise BadInput(
                f"Could not read '{clip(text, 60)}': write options as key=value. "
                f"Options for {title}: {describe_specs(specs)}."
            )
        out[owners[0].key] = _find_choice(owners[0], word)
    return out


def parse(text: str | None, specs: list[OptionSpec], *, title: str) -> dict[str, str]:
    """``key=value`` pieces -> {key: value}; bare values are allowed when only one spec takes
    them. Values may contain spaces; a key must be one of the game's (by key or label)."""
    text = (text or "").strip()
    out: dict[str, str] = {}
    for piece in _pieces(text, specs):
        spec, value = piece.spec, piece.value
        if spec is None:
            if "=" in value:
                unknown = value.partition("=")[0].strip(SEPARATORS) or value
                raise BadInput(
                    f"{title} has no option '{unknown}'. Options: {describe_specs(specs)}."
                )
            out.update(_bare(value, specs, title))
        else:
            if not value:
                raise BadInput(f"Give a value for {spec.label}: {', '.join(spec.choices)}.")
            out[spec.key] = _find_choice(spec, value)
    return out


def suggest(
    current: str, specs: list[OptionSpec], *, bare: bool = False
) -> list[app_commands.Choice[str]]:
    """Completions of ``current``: what was typed so far plus one more ``key=value``.

    ``bare`` offers plain values (for a single per-player option).
    """
    pieces = _pieces(current, specs)
    partial = ""
    kept = current
    if pieces and not current.endswith(tuple(SEPARATORS)):
        last = pieces.pop()
        partial = last.value if last.spec is None else f"{last.spec.key}={last.value}"
        kept = current[: last.start]
    done_keys = {p.spec.key for p in pieces if p.spec is not None}
    prefix = kept.strip(SEPARATORS)
    out: list[app_commands.Choice[str]] = []
    for spec in specs:
        if spec.key in done_keys:
            continue
        for choice in spec.choices:
            word = choice if bare else f"{spec.key}={choice}"
            if partial and partial.casefold() not in word.casefold():
                continue
            value = f"{prefix} {word}".strip()
            # a per-player pick left out is dealt at random, so none of its choices is a default
            default = choice == spec.default and not spec.per_player
            name = f"{spec.label}: {choice}" + (" (default)" if default else "")
            if prefix:
                name = f"{prefix} + {name}"
            out.append(
                app_commands.Choice(
                    name=clip(name, MAX_CHOICE_NAME), value=clip(value, MAX_CHOICE_VALUE)
                )
            )
            if len(out) >= MAX_CHOICES:
                return out
    return out
