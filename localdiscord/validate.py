"""Every request body checked as Discord checks it: the spec's schema, then the documented rules
a schema cannot express (limits across fields, unique custom ids, row rules, mentions).

:func:`check_request` returns the problems of one request; the server turns them into Discord's
answer: 400 with code 50035 "Invalid Form Body" and the ``errors`` tree, or 50006 "Cannot send an
empty message". Which rules apply is chosen by the spec path of the operation.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from bot import discord_limits as limits
from localdiscord import protocol
from localdiscord.payloads import JsonObject
from localdiscord.spec import FieldError, FieldPath, spec

Files = list[tuple[str, bytes]]

EMPTY_MESSAGE = (50006, "Cannot send an empty message")

MESSAGE_CREATES = {
    ("POST", "/channels/{channel_id}/messages"),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
}
MESSAGE_EDITS = {
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
}
CALLBACK = ("POST", "/interactions/{interaction_id}/{interaction_token}/callback")
COMMAND_PUTS = {
    ("PUT", "/applications/{application_id}/commands"),
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"),
}


class Refused(Exception):
    """What Discord answers a body it will not take (always HTTP 400)."""

    def __init__(self, code: int, message: str, problems: list[FieldError] | None = None):
        detail = "; ".join(str(p) for p in problems or [])
        super().__init__(f"{message}: {detail}" if detail else message)
        self.code, self.message, self.problems = code, message, problems or []


def check_request(method: str, path: str, body: Any, files: Files) -> None:
    """Raise :class:`Refused` when Discord would refuse this body for this operation."""
    problems = spec().request_errors(method, path, body)
    if problems:
        raise Refused(50035, "Invalid Form Body", problems)
    key = (method, path)
    if key in MESSAGE_CREATES:
        _message(body, files, (), creating=True)
    elif key in MESSAGE_EDITS:
        _message(body, files, (), creating=False)
    elif key == CALLBACK:
        data = body.get("data") or {}
        if body["type"] == 4:
            _message(data, files, ("data",), creating=True)
        elif body["type"] == 7:
            _message(data, files, ("data",), creating=False)
        elif body["type"] == 8:
            _raise(check_choices(data.get("choices") or [], ("data", "choices")))
        elif body["type"] == 9:
            _raise(check_modal(data, ("data",)))
    elif key in COMMAND_PUTS:
        _raise(check_commands(body or []))


def _raise(problems: list[FieldError]) -> None:
    if problems:
        raise Refused(50035, "Invalid Form Body", problems)


def _message(body: JsonObject, files: Files, at: FieldPath, *, creating: bool) -> None:
    _raise(check_message(body, files, at))
    if creating and is_empty(body, files):
        raise Refused(*EMPTY_MESSAGE)


def is_empty(body: JsonObject, files: Iterable[object]) -> bool:
    """Discord's "empty message": no content, embed, component, sticker, poll or file."""
    return not (
        body.get("content")
        or body.get("embeds")
        or body.get("components")
        or body.get("sticker_ids")
        or body.get("poll")
        or list(files)
    )


def _err(path: FieldPath, code: str, message: str) -> FieldError:
    return FieldError(tuple(path), code, message)


# -- messages ------------------------------------------------------------------------------------
def check_message(body: JsonObject, files: Files, at: FieldPath = ()) -> list[FieldError]:
    """The rules on a message body (create or edit) that its schema does not state."""
    problems: list[FieldError] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > limits.MAX_MESSAGE:
        problems.append(
            _err(
                (*at, "content"),
                "BASE_TYPE_MAX_LENGTH",
                f"Must be {limits.MAX_MESSAGE} or fewer in length.",
            )
        )
    problems += check_embeds(body.get("embeds") or [], (*at, "embeds"))
    problems += check_mentions(body.get("allowed_mentions"), (*at, "allowed_mentions"))
    problems += check_components(body.get("components") or [], (*at, "components"))
    if len(files) > limits.MAX_FILES:
        problems.append(
            _err(at, "BASE_TYPE_MAX_LENGTH", f"{len(files)} files (max {limits.MAX_FILES})")
        )
    for index, (name, data) in enumerate(files):
        if len(data) > limits.MAX_FILE_SIZE:
            problems.append(
                _err(
                    (*at, f"files[{index}]"),
                    "BASE_TYPE_MAX_LENGTH",
                    f"file {name} is {len(data)} bytes (max {limits.MAX_FILE_SIZE})",
                )
            )
    return problems


def check_embeds(embeds: list[JsonObject], at: FieldPath) -> list[FieldError]:
    """Embed fields need a name and a value; all embeds together hold at most 6,000 characters."""
    problems: list[FieldError] = []
    total = 0
    for e, embed in enumerate(embeds):
        total += len(embed.get("title") or "") + len(embed.get("description") or "")
        total += len((embed.get("footer") or {}).get("text") or "")
        total += len((embed.get("author") or {}).get("name") or "")
        for f, field in enumerate(embed.get("fields") or []):
            for key in ("name", "value"):
                text = field.get(key) or ""
                total += len(text)
                if not text.strip():
                    problems.append(
                        _err(
                            (*at, e, "fields", f, key),
                            "BASE_TYPE_REQUIRED",
                            "This field is required",
                        )
                    )
    if total > limits.MAX_EMBED_TOTAL:
        problems.append(
            _err(
                at,
                "MAX_EMBED_SIZE_EXCEEDED",
                f"Embed size exceeds maximum size of {limits.MAX_EMBED_TOTAL}",
            )
        )
    return problems


def check_mentions(allowed: JsonObject | None, at: FieldPath) -> list[FieldError]:
    """``parse: ["users"]`` and a ``users`` list exclude each other (likewise roles)."""
    if not allowed:
        return []
    problems = []
    parse = allowed.get("parse") or []
    for kind in ("users", "roles"):
        if kind in parse and allowed.get(kind):
            problems.append(
                _err(
                    (*at, kind),
                    "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                    f'parse:["{kind}"] and {kind}: [ids...] are mutually exclusive.',
                )
            )
    return problems


def check_components(rows: list[JsonObject], at: FieldPath = ("components",)) -> list[FieldError]:
    """Action rows and what they may hold; custom ids unique in the message."""
    problems: list[FieldError] = []
    if len(rows) > limits.MAX_ROWS:
        problems.append(
            _err(at, "BASE_TYPE_MAX_LENGTH", f"Must be {limits.MAX_ROWS} or fewer in length.")
        )
    seen: set[str] = set()
    for r, row in enumerate(rows):
        here = (*at, r)
        if row.get("type") != protocol.ACTION_ROW:
            # components v2 layouts would need the IS_COMPONENTS_V2 flag and other rules; this
            # bot does not use them, so a change of style is noticed rather than waved through
            problems.append(
                _err(here, "UNION_TYPE_CHOICES", f"component type {row.get('type')} is not served")
            )
            continue
        children = row.get("components") or []
        kinds = [c.get("type") for c in children]
        if not children:
            problems.append(
                _err((*here, "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
            )
        if any(k in protocol.SELECTS for k in kinds) and len(children) > 1:
            problems.append(
                _err(
                    (*here, "components"),
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "The specified component exceeds the maximum width",
                )
            )
        if kinds.count(protocol.BUTTON) > limits.MAX_BUTTONS_PER_ROW:
            problems.append(
                _err(
                    (*here, "components"),
                    "BASE_TYPE_MAX_LENGTH",
                    f"Must be {limits.MAX_BUTTONS_PER_ROW} or fewer in length.",
                )
            )
        for c, comp in enumerate(children):
            where = (*here, "components", c)
            cid = comp.get("custom_id")
            if cid:
                if cid in seen:
                    problems.append(
                        _err(
                            (*where, "custom_id"),
                            "COMPONENT_CUSTOM_ID_DUPLICATED",
                            "Component custom id cannot be duplicated",
                        )
                    )
                seen.add(cid)
            if comp.get("type") == protocol.BUTTON:
                problems += _button(comp, where)
            elif comp.get("type") in protocol.SELECTS:
                problems += _select(comp, where)
    return problems


def modal_fields(form: JsonObject) -> list[tuple[FieldPath, JsonObject]]:
    """The text inputs of a form (modal), each with its path: inside a label (the current
    way) or alone in an action row (the older one)."""
    out: list[tuple[FieldPath, JsonObject]] = []
    for i, comp in enumerate(form.get("components") or []):
        if comp.get("type") == protocol.LABEL and isinstance(comp.get("component"), dict):
            out.append((("components", i, "component"), comp["component"]))
        elif comp.get("type") == protocol.ACTION_ROW:
            for j, child in enumerate(comp.get("components") or []):
                out.append((("components", i, "components", j), child))
    return out


def check_modal(form: JsonObject, at: FieldPath = ()) -> list[FieldError]:
    """A form's rules beyond the schema: at most 5 components, an action row holding exactly
    one text input, text input custom ids unique, lengths that make sense."""
    problems: list[FieldError] = []
    comps = form.get("components") or []
    if len(comps) > limits.MAX_FORM_FIELDS:
        problems.append(
            _err(
                (*at, "components"),
                "BASE_TYPE_MAX_LENGTH",
                f"Must be {limits.MAX_FORM_FIELDS} or fewer in length.",
            )
        )
    for i, comp in enumerate(comps):
        if comp.get("type") == protocol.ACTION_ROW:
            kinds = [c.get("type") for c in comp.get("components") or []]
            if kinds != [protocol.TEXT_INPUT]:
                problems.append(
                    _err(
                        (*at, "components", i, "components"),
                        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                        "An action row in a modal holds exactly one text input",
                    )
                )
    seen: set[str] = set()
    for where, field in modal_fields(form):
        here = (*at, *where)
        if field.get("type") != protocol.TEXT_INPUT:
            continue
        cid = field.get("custom_id") or ""
        if cid in seen:
            problems.append(
                _err(
                    (*here, "custom_id"),
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                )
            )
        seen.add(cid)
        low, high = field.get("min_length"), field.get("max_length")
        if low is not None and high is not None and low > high:
            problems.append(
                _err(
                    (*here, "min_length"),
                    "BASE_TYPE_BAD_LENGTH",
                    "min_length must not be more than max_length",
                )
            )
        value = field.get("value")
        if value is not None and len(value) > (high or limits.MAX_TEXT_INPUT):
            problems.append(
                _err((*here, "value"), "BASE_TYPE_BAD_LENGTH", "The value is longer than allowed")
            )
    return problems


def _button(button: JsonObject, at: FieldPath) -> list[FieldError]:
    problems = []
    style = button.get("style")
    link, premium = style == 5, style == 6
    if link and not button.get("url"):
        problems.append(_err((*at, "url"), "BASE_TYPE_REQUIRED", "This field is required"))
    if not link and button.get("url"):
        problems.append(
            _err((*at, "url"), "BUTTON_URL_NOT_ALLOWED", "A URL is only allowed for link buttons")
        )
    if (link or premium) and button.get("custom_id"):
        problems.append(
            _err(
                (*at, "custom_id"),
                "BUTTON_CUSTOM_ID_NOT_ALLOWED",
                "A custom id is not allowed for link or premium buttons",
            )
        )
    if not (link or premium) and not button.get("custom_id"):
        problems.append(_err((*at, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required"))
    if not premium and not button.get("label") and not button.get("emoji"):
        problems.append(
            _err(
                (*at, "label"), "BUTTON_LABEL_OR_EMOJI_REQUIRED", "A label or an emoji is required"
            )
        )
    return problems


def _select(menu: JsonObject, at: FieldPath) -> list[FieldError]:
    problems = []
    low, high = menu.get("min_values"), menu.get("max_values")
    options = menu.get("options") or []
    if low is not None and high is not None and low > high:
        problems.append(
            _err(
                (*at, "min_values"),
                "SELECT_COMPONENT_MIN_VALUES_GREATER_THAN_MAX",
                "min_values must be less than or equal to max_values",
            )
        )
    if menu.get("type") == 3:
        if high is not None and high > len(options):
            problems.append(
                _err(
                    (*at, "max_values"),
                    "SELECT_COMPONENT_TOO_MANY_VALUES",
                    f"max_values ({high}) exceeds the number of options ({len(options)})",
                )
            )
        values = [o.get("value") for o in options]
        for o, value in enumerate(values):
            if value in values[:o]:
                problems.append(
                    _err(
                        (*at, "options", o, "value"),
                        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                        "Select options values must be unique",
                    )
                )
        defaults = sum(1 for o in options if o.get("default"))
        if defaults > (high if high is not None else 1):
            problems.append(
                _err(
                    (*at, "options"),
                    "SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES",
                    "More default options than max_values",
                )
            )
    return problems


# -- autocomplete --------------------------------------------------------------------------------
def check_choices(
    choices: list[JsonObject], at: FieldPath = ("data", "choices")
) -> list[FieldError]:
    """Autocomplete answers: at most 25 choices, names 1-100 characters (also in the schema)."""
    problems = []
    if len(choices) > limits.MAX_CHOICES:
        problems.append(
            _err(
                at,
                "BASE_TYPE_MAX_LENGTH",
                f"Must be {limits.MAX_CHOICES} or fewer in length.",
            )
        )
    for c, choice in enumerate(choices):
        name = choice.get("name") or ""
        if not 1 <= len(name) <= limits.MAX_CHOICE_NAME:
            problems.append(
                _err(
                    (*at, c, "name"),
                    "BASE_TYPE_BAD_LENGTH",
                    f"Must be between 1 and {limits.MAX_CHOICE_NAME} in length.",
                )
            )
        value = choice.get("value")
        if isinstance(value, str) and len(value) > limits.MAX_CHOICE_VALUE:
            problems.append(
                _err(
                    (*at, c, "value"),
                    "BASE_TYPE_MAX_LENGTH",
                    f"Must be {limits.MAX_CHOICE_VALUE} or fewer in length.",
                )
            )
    return problems


# -- application commands ------------------------------------------------------------------------
_NAME = re.compile(r"^[-_\w]{1,32}$")
#: Discord's locales, the keys a ``*_localizations`` object may have
LOCALES = frozenset(
    [
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    ]
)


def _localizations(node: JsonObject, here: FieldPath, *, chat_input: bool) -> list[FieldError]:
    """A node's name, description (and, for a choice, name) in other languages: known locales,
    and a localized command or option name as valid as the name itself."""
    problems = []
    for key in ("name_localizations", "description_localizations"):
        for locale, text in (node.get(key) or {}).items():
            where = (*here, key, locale)
            if locale not in LOCALES:
                problems.append(_err(where, "INVALID_LOCALE", f"Invalid locale {locale!r}"))
            elif (
                key == "name_localizations"
                and chat_input
                and "value" not in node
                and (not _NAME.match(text) or text != text.lower())
            ):
                problems.append(
                    _err(where, "APPLICATION_COMMAND_INVALID_NAME", f"Invalid name {text!r}")
                )
    return problems


def _localized_duplicates(siblings: list[JsonObject], at: FieldPath) -> list[FieldError]:
    """Siblings whose names, as one locale shows them, are the same."""
    problems = []
    for locale in sorted({k for s in siblings for k in (s.get("name_localizations") or {})}):
        shown = [(s.get("name_localizations") or {}).get(locale, s.get("name")) for s in siblings]
        for i, name in enumerate(shown):
            if name in shown[:i]:
                problems.append(
                    _err(
                        (*at, i, "name_localizations", locale),
                        "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                        f"Localized names must be unique ({locale}: {name!r})",
                    )
                )
    return problems


def check_commands(commands: list[JsonObject]) -> list[FieldError]:
    """A bulk overwrite: names unique per command type, each definition valid."""
    problems: list[FieldError] = []
    seen: set[tuple[int, str]] = set()
    for i, cmd in enumerate(commands):
        key = (cmd.get("type") or 1, cmd.get("name", ""))
        if key in seen:
            problems.append(
                _err(
                    (i, "name"),
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    f"Application command names must be unique ({key[1]!r})",
                )
            )
        seen.add(key)
        problems += check_command(cmd, (i,))
    for kind in sorted({c.get("type") or 1 for c in commands}):
        of_kind = [c for c in commands if (c.get("type") or 1) == kind]
        problems += _localized_duplicates(of_kind, ())
    return problems


def check_command(cmd: JsonObject, at: FieldPath = ()) -> list[FieldError]:
    """Names, descriptions (and their localizations) and option order as Discord checks a
    command definition."""
    problems: list[FieldError] = []

    def walk(node: JsonObject, here: FieldPath, depth: int) -> None:
        name = node.get("name", "")
        chat_input = (cmd.get("type") or 1) == 1
        if chat_input and (not _NAME.match(name) or name != name.lower()):
            problems.append(
                _err((*here, "name"), "APPLICATION_COMMAND_INVALID_NAME", f"Invalid name {name!r}")
            )
        desc = node.get("description") or ""
        if (chat_input or depth > 0) and not 1 <= len(desc) <= 100:
            problems.append(
                _err(
                    (*here, "description"),
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 100 in length.",
                )
            )
        problems.extend(_localizations(node, here, chat_input=chat_input))
        options = node.get("options") or []
        problems.extend(_localized_duplicates(options, (*here, "options")))
        for c, choice in enumerate(node.get("choices") or []):
            problems.extend(_localizations(choice, (*here, "choices", c), chat_input=chat_input))
        names = [o.get("name") for o in options]
        seen_optional = False
        for o, opt in enumerate(options):
            where = (*here, "options", o)
            if opt.get("name") in names[:o]:
                problems.append(
                    _err(
                        (*where, "name"),
                        "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                        "Option names must be unique",
                    )
                )
            if opt.get("type") not in (1, 2):
                if opt.get("required"):
                    if seen_optional:
                        problems.append(
                            _err(
                                (*where, "required"),
                                "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                                "Required options must be placed before non-required options",
                            )
                        )
                else:
                    seen_optional = True
            if opt.get("choices") and opt.get("autocomplete"):
                problems.append(
                    _err(
                        (*where, "autocomplete"),
                        "AUTOCOMPLETE_CHOICES_NOT_ALLOWED",
                        "Autocomplete cannot be set with choices",
                    )
                )
            walk(opt, where, depth + 1)

    walk(cmd, at, 0)
    return problems
