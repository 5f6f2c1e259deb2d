"""What the command box offers while you type, as Discord's client does: command names, then
subcommands, then option names, then values (an option's fixed choices, or the bot's own
autocomplete answer, which the web app asks for)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.discord_limits import MAX_CHOICES
from localdiscord import slash
from localdiscord.payloads import JsonObject

#: the command box lists as many suggestions as an autocomplete answer may hold
MAX_SUGGESTIONS = MAX_CHOICES


@dataclass
class Suggestion:
    label: str  # what the list shows
    detail: str  # greyed description
    text: str  # the whole box after picking it

    def payload(self) -> dict[str, str]:
        return {"label": self.label, "detail": self.detail, "text": self.text}


@dataclass
class AskBot:
    """The focused option has autocomplete: ask the bot with ``parsed``, ``focused``, ``typed``;
    a picked value replaces the text from ``start`` on."""

    parsed: slash.Parsed
    focused: str
    typed: str
    start: int


def suggest(text: str, commands: list[JsonObject]) -> list[Suggestion] | AskBot:
    if not text.startswith("/"):
        return []
    body = text[1:]
    match = re.match(r"\S*", body)
    first = match.group(0) if match else ""
    defs = [c for c in commands if c.get("type", 1) == 1]
    if len(first) == len(body):  # still typing the command name
        return [
            Suggestion(f"/{c['name']}", c.get("description", ""), f"/{c['name']} ")
            for c in sorted(defs, key=lambda c: c["name"])
            if c["name"].startswith(first.lower())
        ][:MAX_SUGGESTIONS]
    node = next((c for c in defs if c["name"] == first), None)
    if node is None:
        return []
    pos = 1 + len(first)
    while slash._is_group(node):
        m = re.match(r"\s+(\S*)", text[pos:])
        word = m.group(1) if m else ""
        end = pos + (m.end() if m else 0)
        if end == len(text):  # typing the subcommand
            head = text[:pos].rstrip() + " "
            return [
                Suggestion(o["name"], o.get("description", ""), f"{head}{o['name']} ")
                for o in node["options"]
                if o["name"].startswith(word.lower())
            ][:MAX_SUGGESTIONS]
        node = next((o for o in node["options"] if o["name"] == word), None)
        if node is None:
            return []
        pos = end
    try:
        parsed = slash.read(text, commands)
    except slash.SlashError:
        return []
    return _option_suggestions(text, parsed)


def _option_suggestions(text: str, parsed: slash.Parsed) -> list[Suggestion] | AskBot:
    given = {name for name, _ in parsed.values if name}
    last = parsed.values[-1] if parsed.values else None
    if last and last[0] and not (last[1] and last[1][-1].isspace()):
        param = next(p for p in parsed.params if p["name"] == last[0])
        typed = last[1].lstrip()
        start = len(text) - len(typed)
        if param.get("autocomplete"):
            return AskBot(parsed, param["name"], typed, start)
        choices = param.get("choices") or []
        low = typed.lower()
        return [
            Suggestion(str(c["name"]), param["name"], f"{text[:start]}{c['value']} ")
            for c in choices
            if low in str(c["name"]).lower() or low in str(c["value"]).lower()
        ][:MAX_SUGGESTIONS]
    if not parsed.params:
        return []
    base = text if text[-1:].isspace() else text + " "
    free = [p for p in parsed.params if p["name"] not in given]
    free.sort(key=lambda p: not p.get("required"))
    return [
        Suggestion(
            f"{p['name']}:",
            ("required · " if p.get("required") else "") + p["description"],
            base + p["name"] + ":",
        )
        for p in free
    ]


def from_choices(ask: AskBot, text: str, choices: list[JsonObject]) -> list[Suggestion]:
    """The bot's autocomplete answer as suggestions (the value goes in the box)."""
    return [
        Suggestion(str(c.get("name")), ask.focused, f"{text[: ask.start]}{c.get('value')} ")
        for c in choices[:MAX_SUGGESTIONS]
    ]
