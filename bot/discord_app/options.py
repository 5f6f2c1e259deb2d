"""Reading and suggesting game options typed as ``key=value`` pieces.

``/game new game:<g> options:"pile=11 mode=quick"`` sets game-wide options (OptionSpec with
``per_player=False``); ``/game join choice:"species=cat"`` (or just ``cat`` when the game has one
per-player option) sets yours. Keys and values match case-insensitively, by key or label; a
value may be part of a choice's name when it names only that one (``cat`` is Leopard Cat), and
may contain spaces (``species=Hot Dog``); the table still validates the result. Autocomplete
suggests the next ``key=value`` to add. Keys and values are typed in English in every
language (the engines' words); the refusals and suggestions are worded for the typing user's
``locale``, an option's label with :func:`i18n.say.word`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from discord import app_commands

from bot.discord_app.locales import DEFAULT_LOCALE
from bot.discord_app.replies import BadInput
from bot.discord_app.text import clip
from bot.discord_limits import MAX_CHOICE_NAME, MAX_CHOICE_VALUE, MAX_CHOICES
from engines import Engine, OptionSpec
from i18n import t
from i18n.say import word

SEPARATORS = " ,;"


def describe_specs(specs: list[OptionSpec], locale: str = DEFAULT_LOCALE) -> str:
    if not specs:
        return t(locale, "none")
    return "; ".join(_described(s, locale) for s in specs)


def _described(spec: OptionSpec, locale: str) -> str:
    """One option with its choices and what a player gets when they leave it out: a game-wide
    option its default, a per-player pick a random one (the engines deal one, never the listed
    default)."""
    choices = "|".join(spec.choices)
    if spec.per_player:
        return t(locale, "{key} ({choices}, a random one if none)", key=spec.key, choices=choices)
    return t(
        locale,
        "{key} ({choices}, default {default})",
        key=spec.key,
        choices=choices,
        default=str(spec.default),
    )


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


def _find_choice(spec: OptionSpec, value: str, locale: str = DEFAULT_LOCALE) -> str:
    """The choice ``value`` names, when it names exactly one; else a refusal listing the
    candidates it could be, or every choice when it names none."""
    found = matching_choices(spec, value)
    if len(found) == 1:
        return found[0]
    label = word(spec.label, locale)
    if found:
        raise BadInput(
            t(
                locale,
                "'{value}' could be more than one {option}: {found}. Type more of the name.",
                value=value,
                option=label,
                found=", ".join(found),
            )
        )
    raise BadInput(
        t(
            locale,
            "'{value}' is not a choice for {option}. Choose one of: {choices}.",
            value=value,
            option=label,
            choices=", ".join(spec.choices),
        )
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


def _bare(text: str, specs: list[OptionSpec], title: str, locale: str) -> dict[str, str]:
    """Values typed without keys: the whole text as one choice, else word by word."""
    whole = [s for s in specs if any(c.casefold() == text.casefold() for c in s.choices)]
    whole = whole or [s for s in specs if matching_choices(s, text)]
    if len(whole) == 1:
        return {whole[0].key: _find_choice(whole[0], text, locale)}
    out: dict[str, str] = {}
    for typed in re.split(r"[\s,;]+", text):
        owners = [s for s in specs if any(c.casefold() == typed.casefold() for c in s.choices)]
        if len(owners) != 1:
            raise BadInput(
                t(
                    locale,
                    "Could not read '{typed}': write options as key=value. "
                    "Options for {title}: {options}.",
                    typed=clip(text, 60),
                    title=title,
                    options=describe_specs(specs, locale),
                )
            )
        out[owners[0].key] = _find_choice(owners[0], typed, locale)
    return out


def parse(
    text: str | None, specs: list[OptionSpec], *, title: str, locale: str = DEFAULT_LOCALE
) -> dict[str, str]:
    """``key=value`` pieces -> {key: value}; bare values are allowed when only one spec takes
    them. Values may contain spaces; a key must be one of the game's (by key or label). A
    refusal is worded for ``locale`` (the typing user's)."""
    text = (text or "").strip()
    out: dict[str, str] = {}
    for piece in _pieces(text, specs):
        spec, value = piece.spec, piece.value
        if spec is None:
            if "=" in value:
                unknown = value.partition("=")[0].strip(SEPARATORS) or value
                raise BadInput(
                    t(
                        locale,
                        "{title} has no option '{unknown}'. Options: {options}.",
                        title=title,
                        unknown=unknown,
                        options=describe_specs(specs, locale),
                    )
                )
            out.update(_bare(value, specs, title, locale))
        else:
            if not value:
                raise BadInput(
                    t(
                        locale,
                        "Give a value for {option}: {choices}.",
                        option=word(spec.label, locale),
                        choices=", ".join(spec.choices),
                    )
                )
            out[spec.key] = _find_choice(spec, value, locale)
    return out


def suggest(
    current: str, specs: list[OptionSpec], *, bare: bool = False, locale: str = DEFAULT_LOCALE
) -> list[app_commands.Choice[str]]:
    """Completions of ``current``: what was typed so far plus one more ``key=value``, named
    for the typing user (``locale``).

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
        label = word(spec.label, locale)
        for choice in spec.choices:
            typed = choice if bare else f"{spec.key}={choice}"
            if partial and partial.casefold() not in typed.casefold():
                continue
            value = f"{prefix} {typed}".strip()
            # a per-player pick left out is dealt at random, so none of its choices is a default
            if choice == spec.default and not spec.per_player:
                name = t(locale, "{option}: {choice} (default)", option=label, choice=choice)
            else:
                name = f"{label}: {choice}"
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
