"""Slash commands typed as text (``/game new game:<name>``), read the way Discord's client
reads them: against the commands the bot synced, into an interaction's ``data``.

Discord's client never sends a command the bot did not register, an unknown option or a
missing required one; neither does this. ``name:value`` pairs may come in any order and a value
runs until the next ``name:`` of the same command, so values may hold spaces. Words without a
``name:`` fill the options not given yet, in order (a shortcut Discord's box also offers by
tabbing through them). The page (:mod:`localdiscord.web.page`) and the tests' driver both type
commands through here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.discord_limits import MAX_STRING_OPTION
from localdiscord import shapes
from localdiscord.payloads import JsonObject
from localdiscord.state import State

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


class SlashError(ValueError):
    """What Discord's client would stop you sending, in words for the user."""


@dataclass
class Parsed:
    """A typed command: the command path, its option definitions and the values typed."""

    root: JsonObject
    path: list[JsonObject]  # the root, then any subcommand group and subcommand
    params: list[JsonObject]  # the option definitions of the innermost command
    values: list[tuple[str, str]] = field(default_factory=list)  # (option name, raw text)
    rest: str = ""  # the text after the command path
    words_done: bool = True  # the command path is complete (a space after it)

    @property
    def name(self) -> str:
        return " ".join(n["name"] for n in self.path)


def _is_group(node: JsonObject) -> bool:
    return any(o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in node.get("options") or [])


def read(text: str, commands: list[JsonObject]) -> Parsed:
    """Split ``text`` into a command path and option values (no conversion yet)."""
    body = text.strip("\n")
    if not body.startswith("/"):
        raise SlashError("Commands start with /.")
    body = body[1:]
    defs = {c["name"]: c for c in commands if c.get("type", 1) == 1}
    match = re.match(r"\S*", body)
    first = match.group(0) if match else ""
    if first not in defs:
        raise SlashError(f"There is no command /{first}." if first else "Type a command name.")
    node = defs[first]
    path = [node]
    pos = len(first)
    while _is_group(node):
        tail = body[pos:]
        m = re.match(r"\s+(\S+)", tail)
        if not m:
            subs = ", ".join(o["name"] for o in node["options"])
            raise SlashError(f"/{' '.join(n['name'] for n in path)} needs one of: {subs}.")
        sub = next((o for o in node["options"] if o["name"] == m.group(1)), None)
        if sub is None:
            raise SlashError(f"/{' '.join(n['name'] for n in path)} has no {m.group(1)!r}.")
        node = sub
        path.append(node)
        pos += m.end()
    rest = body[pos:]
    params = [o for o in node.get("options") or [] if o.get("type") not in (1, 2)]
    return Parsed(
        root=path[0],
        path=path,
        params=params,
        values=_split_values(rest, params),
        rest=rest,
        words_done=rest[:1].isspace(),
    )


def _split_values(rest: str, params: list[JsonObject]) -> list[tuple[str, str]]:
    names = [re.escape(p["name"]) for p in params]
    if not names:
        return [("", rest)] if rest.strip() else []
    marker = re.compile(r"(?:^|(?<=\s))(" + "|".join(names) + r"):")
    out: list[tuple[str, str]] = []
    found = list(marker.finditer(rest))
    head = rest[: found[0].start()] if found else rest
    for word in head.split():
        out.append(("", word))
    for i, m in enumerate(found):
        end = found[i + 1].start() if i + 1 < len(found) else len(rest)
        out.append((m.group(1), rest[m.end() : end]))
    return out


def assign(parsed: Parsed, given: dict[str, str] | None = None) -> dict[str, str]:
    """Option name -> raw text; words without a name fill the options not named (in the text
    or in ``given``), in order, the last text option taking the rest (``/play take 1``)."""
    named = {name: value.strip() for name, value in parsed.values if name}
    named.update(given or {})
    loose = [value for name, value in parsed.values if not name]
    free = [p for p in parsed.params if p["name"] not in named]
    if len(loose) > len(free) and free and free[-1]["type"] == STRING:
        loose = [*loose[: len(free) - 1], " ".join(loose[len(free) - 1 :])]
    free_names = [p["name"] for p in free]
    if len(loose) > len(free_names):
        raise SlashError(f"Too many values for /{parsed.name}: {' '.join(loose)}")
    for name, value in zip(free_names, loose, strict=False):
        named[name] = value
    return named


class Resolver:
    """Turns typed users (``@Ada``, ``Ada``) and channels (``#games``) into ids."""

    def __init__(
        self,
        users: dict[str, JsonObject],
        channels: dict[str, JsonObject],
        member_of: Callable[[int], JsonObject],
    ):
        self.users = users  # lower-case name -> user payload
        self.channels = channels  # lower-case name -> channel payload
        self.member_of = member_of  # user id -> member payload (without "user")


def resolver(state: State, guild_id: int | None) -> Resolver:
    """A guild's members and the channels, by name, as Discord's client offers them (in
    direct messages, none: nobody and nothing there to name)."""
    if guild_id is None:
        users: dict[str, JsonObject] = {}
        channels: dict[str, JsonObject] = {}
    else:
        guild = state.guilds[guild_id]
        users = {
            u.name.lower(): u.payload() for uid, u in state.users.items() if uid in guild.members
        }
        channels = {c.name.lower(): c.payload() for c in state.channels.values()}

    def member_of(uid: int) -> JsonObject:
        member = shapes.member(state.users[uid])
        return {k: v for k, v in member.items() if k != "user"}

    return Resolver(users, channels, member_of)


def convert(param: JsonObject, raw: str, resolver: Resolver, resolved: JsonObject) -> object:
    """The value of one option typed as ``raw``, as the client sends it (users and channels
    also go into ``resolved``)."""
    kind = param["type"]
    name = param["name"]
    if kind == STRING:
        value: object = raw
        if len(raw) < param.get("min_length", 0):
            raise SlashError(f"{name} must be at least {param['min_length']} characters.")
        if len(raw) > param.get("max_length", MAX_STRING_OPTION):
            raise SlashError(f"{name} can be at most {param['max_length']} characters.")
    elif kind in (INTEGER, NUMBER):
        try:
            value = int(raw) if kind == INTEGER else float(raw)
        except ValueError:
            raise SlashError(f"{name} must be a number.") from None
        if "min_value" in param and value < param["min_value"]:
            raise SlashError(f"{name} must be at least {param['min_value']}.")
        if "max_value" in param and value > param["max_value"]:
            raise SlashError(f"{name} must be at most {param['max_value']}.")
    elif kind == BOOLEAN:
        low = raw.lower()
        if low not in ("true", "false", "yes", "no"):
            raise SlashError(f"{name} must be True or False.")
        value = low in ("true", "yes")
    elif kind in (USER, MENTIONABLE):
        user = resolver.users.get(raw.lstrip("@").lower())
        if user is None:
            raise SlashError(f"{name}: no member called {raw!r} here.")
        resolved.setdefault("users", {})[user["id"]] = user
        resolved.setdefault("members", {})[user["id"]] = resolver.member_of(int(user["id"]))
        value = user["id"]
    elif kind == CHANNEL:
        channel = resolver.channels.get(raw.lstrip("#").lower())
        if channel is None:
            raise SlashError(f"{name}: no channel called {raw!r} here.")
        resolved.setdefault("channels", {})[channel["id"]] = {
            "id": channel["id"],
            "name": channel["name"],
            "type": channel["type"],
            "permissions": str((1 << 50) - 1),
        }
        value = channel["id"]
    else:
        raise SlashError(f"{name}: this page cannot send that kind of option.")
    choices = param.get("choices")
    if choices:
        by_name = {str(c["name"]).lower(): c["value"] for c in choices}
        values = [c["value"] for c in choices]
        if value not in values:
            if str(raw).lower() not in by_name:
                listing = ", ".join(str(c["name"]) for c in choices)
                raise SlashError(f"{name} must be one of: {listing}.")
            value = by_name[str(raw).lower()]
    return value


def interaction_data(
    parsed: Parsed,
    resolver: Resolver,
    *,
    focused: str | None = None,
    typed: str = "",
    given: dict[str, str] | None = None,
) -> JsonObject:
    """The ``data`` of an application command interaction (type 2), or of an autocomplete
    (type 4) with ``focused`` holding ``typed`` (other options sent as far as they read).
    ``given``: option values typed apart from the text (option name -> text)."""
    values = assign(parsed, given)
    root = parsed.root
    data: JsonObject = {"id": root["id"], "name": root["name"], "type": root.get("type", 1)}
    if "guild_id" in root:
        data["guild_id"] = root["guild_id"]
    holder = data
    for node in parsed.path[1:]:
        inner = {"type": node["type"], "name": node["name"], "options": []}
        holder.setdefault("options", []).append(inner)
        holder = inner
    known = {p["name"] for p in parsed.params}
    unknown = [n for n in values if n not in known]
    if unknown:
        raise SlashError(f"/{parsed.name} has no option {unknown[0]!r}.")
    out = []
    resolved: JsonObject = {}
    for param in parsed.params:
        name = param["name"]
        if name == focused:
            out.append({"type": param["type"], "name": name, "value": typed, "focused": True})
            continue
        if name not in values or values[name] == "":
            if param.get("required") and focused is None:
                raise SlashError(f"/{parsed.name} needs {name}: {param.get('description', '')}")
            continue
        try:
            value = convert(param, values[name], resolver, resolved)
        except SlashError:
            if focused is None:
                raise
            continue  # while typing, Discord sends what it can
        out.append({"type": param["type"], "name": name, "value": value})
    holder.setdefault("options", []).extend(out)
    if resolved:
        data["resolved"] = resolved
    return data
