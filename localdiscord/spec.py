"""Discord's own OpenAPI description of its HTTP API, as JSON-schema validators.

The file in ``spec/`` is discord/discord-api-spec trimmed to the operations the local Discord
serves (``python -m localdiscord.vendor_spec`` makes it; the commit is under
``x-vendored-from``). Validators are compiled once per operation, on first use.

Requests are checked with snowflakes as Discord reads them: a decimal string or a JSON integer
(discord.py sends some ids as integers, and Discord accepts them). Responses are checked
strictly, as the spec describes what Discord sends.

Problems come back as :class:`FieldError` with the path and the error code Discord gives in the
``errors`` tree of a 50035 "Invalid Form Body" answer.
"""

from __future__ import annotations

import copy
import functools
import json
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from localdiscord.payloads import JsonObject

#: package data, so that an installed copy (a wheel, not only a checkout) has it
SPEC_FILE: Traversable = resources.files("localdiscord") / "spec" / "openapi.json"

_SNOWFLAKE_STRING = {"type": "string", "pattern": "^(0|[1-9][0-9]*)$"}
_SNOWFLAKE_LENIENT = {"anyOf": [_SNOWFLAKE_STRING, {"type": "integer", "minimum": 0}]}


#: where in a body: keys and list indexes, from the top
FieldPath = tuple[str | int, ...]


@dataclass(frozen=True)
class FieldError:
    """One entry of Discord's ``errors`` tree: where, Discord's code, and its sentence."""

    path: FieldPath
    code: str
    message: str

    def where(self) -> str:
        return ".".join(str(p) for p in self.path) or "(body)"

    def __str__(self) -> str:
        return f"{self.where()}: {self.message} ({self.code})"


def error_tree(problems: list[FieldError]) -> JsonObject:
    """Discord's nested ``errors`` object: ``{"content": {"_errors": [{code, message}]}}``."""
    tree: JsonObject = {}
    for p in problems:
        node = tree
        for part in p.path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": p.code, "message": p.message})
    return tree


class Spec:
    """The vendored spec; ``request_errors`` / ``response_errors`` check one operation."""

    def __init__(self, path: Traversable = SPEC_FILE, *, fast: bool = True):
        self.document: JsonObject = json.loads(path.read_text(encoding="utf-8"))
        self.source = self.document.get("x-vendored-from", {})
        components = self.document["components"]
        lenient = copy.deepcopy(components)
        lenient["schemas"]["SnowflakeType"] = _SNOWFLAKE_LENIENT
        speed = _discriminated if fast else (lambda c: c)  # same verdicts either way
        self._requests_root = {"components": speed(lenient)}
        self._responses_root = {"components": speed(copy.deepcopy(components))}
        #: by ("request", method, path), ("response", method, path, status) or ("schema", name)
        self._cache: dict[tuple[str | int, ...], Draft202012Validator | None] = {}

    def has(self, method: str, path: str) -> bool:
        return method.lower() in self.document["paths"].get(path, {})

    def operation(self, method: str, path: str) -> JsonObject:
        try:
            found: JsonObject = self.document["paths"][path][method.lower()]
            return found
        except KeyError:
            raise KeyError(f"the vendored Discord spec has no {method} {path}") from None

    def _compiled(
        self, key: tuple[str | int, ...], schema: JsonObject | None, root: JsonObject
    ) -> Draft202012Validator | None:
        if key not in self._cache:
            self._cache[key] = None if schema is None else Draft202012Validator({**root, **schema})
        return self._cache[key]

    def request_validator(self, method: str, path: str) -> Draft202012Validator | None:
        body = self.operation(method, path).get("requestBody")
        schema = body["content"]["application/json"]["schema"] if body else None
        return self._compiled(("request", method, path), schema, self._requests_root)

    def response_validator(
        self, method: str, path: str, status: int
    ) -> Draft202012Validator | None:
        response = self.operation(method, path)["responses"].get(str(status))
        content = (response or {}).get("content", {}).get("application/json")
        schema = content["schema"] if content else None
        return self._compiled(("response", method, path, status), schema, self._responses_root)

    def schema_validator(self, name: str) -> Draft202012Validator:
        """A strict validator for one named component (for gateway payloads, which reuse them)."""
        return self._compiled(
            ("schema", name),
            {"$ref": f"#/components/schemas/{name}"},
            self._responses_root,
        )

    def request_errors(self, method: str, path: str, body: Any) -> list[FieldError]:
        validator = self.request_validator(method, path)
        if validator is None:
            return []
        return [d for e in validator.iter_errors(body) for d in _discord_errors(e)]

    def response_errors(self, method: str, path: str, status: int, body: Any) -> list[str]:
        validator = self.response_validator(method, path, status)
        if validator is None:
            return [] if body is None else [f"no {status} body is described for {method} {path}"]
        return [str(d) for e in validator.iter_errors(body) for d in _discord_errors(e)]

    def shape_errors(self, name: str, data: Any) -> list[str]:
        return [
            str(d)
            for e in self.schema_validator(name).iter_errors(data)
            for d in _discord_errors(e)
        ]


@functools.cache
def spec() -> Spec:
    """The one vendored spec (loaded once per process)."""
    return Spec()


# -- speed: unions of component kinds checked by their "type" ------------------------------------
def _tag(schema: JsonObject) -> int | str | None:
    """The single ``type`` value an object schema allows (its kind number), if it has one."""
    prop = (schema.get("properties") or {}).get("type") or {}
    if "const" in prop:
        const: int | str = prop["const"]
        return const
    enum = prop.get("enum")
    return enum[0] if isinstance(enum, list) and len(enum) == 1 else None


def _discriminated(components: JsonObject) -> JsonObject:
    """The same verdicts, found faster (a message full of buttons: from 23 ms to a few): unions
    whose branches are object schemas told apart by one ``type`` value (message components,
    callback kinds) become "the branch of this type"; enumerations of named constants become
    plain enums; "null or X" checks X only when not null. Errors then point into the branch
    the value meant."""
    schemas = components["schemas"]

    def target(branch: JsonObject) -> JsonObject | None:
        ref = branch.get("$ref", "")
        return (
            schemas.get(ref.rsplit("/", 1)[-1]) if ref.startswith("#/components/schemas/") else None
        )

    def rewrite(node: Any) -> Any:
        if isinstance(node, list):
            return [rewrite(x) for x in node]
        if not isinstance(node, dict):
            return node
        node = {k: rewrite(v) for k, v in node.items()}
        one = node.get("oneOf")
        if (
            isinstance(one, list)
            and one
            and all("const" in b and set(b) <= {"title", "description", "const"} for b in one)
        ):
            # an enumeration written as named constants
            del node["oneOf"]
            node["enum"] = [b["const"] for b in one]
        elif isinstance(one, list) and len(one) == 2 and one[0] == {"type": "null"}:
            # "null or X": the same as X unless null
            del node["oneOf"]
            node["if"], node["else"] = {"type": "null"}, one[1]
        for key in ("oneOf", "anyOf"):
            branches = node.get(key)
            if not isinstance(branches, list) or len(branches) < 2:
                continue
            targets = [target(b) if len(b) == 1 else None for b in branches]
            tags = [_tag(t) if t is not None else None for t in targets]
            if None in tags or len(set(tags)) != len(tags):
                continue
            del node[key]
            node["type"] = "object"
            node["required"] = sorted({*node.get("required", []), "type"})
            node.setdefault("properties", {})["type"] = {"enum": tags}
            node["allOf"] = [
                *node.get("allOf", []),
                *(
                    {"if": {"properties": {"type": {"const": tag}}}, "then": branch}
                    for tag, branch in zip(tags, branches, strict=True)
                ),
            ]
        return node

    rewritten: JsonObject = rewrite(components)
    return rewritten


# -- from jsonschema's errors to Discord's ---------------------------------------------------------
def _discriminator_miss(sub: ValidationError, depth: int) -> bool:
    """Whether ``sub`` only says "this branch of a oneOf/anyOf is a different kind of thing":
    another ``type`` number (components, callback types) or another JSON type (the null branch)."""
    rel = list(sub.absolute_path)[depth:]
    if not rel:
        return sub.validator in ("type", "const", "enum")
    return rel == ["type"] and sub.validator in ("enum", "const")


def _leaves(error: ValidationError) -> Iterator[ValidationError]:
    """The errors that say what is wrong: inside a union, those of the branch the value meant."""
    if error.validator in ("oneOf", "anyOf") and error.context:
        depth = len(error.absolute_path)
        branches: dict[Any, list[ValidationError]] = defaultdict(list)
        for sub in error.context:
            branches[sub.schema_path[0]].append(sub)
        live = [
            errs
            for errs in branches.values()
            if not any(_discriminator_miss(s, depth) for s in errs)
        ]
        if len(live) == 1:
            for sub in live[0]:
                yield from _leaves(sub)
            return
        # several kinds fit (autocomplete choices of strings, integers or numbers): what every
        # one of them refuses is what is wrong
        found = [[leaf for sub in errs for leaf in _leaves(sub)] for errs in live]
        common = (
            set.intersection(*({_key(x) for x in leaves} for leaves in found)) if found else set()
        )
        if common:
            yield from (x for x in found[0] if _key(x) in common)
            return
    yield error


def _key(error: ValidationError) -> tuple[FieldPath, str]:
    return tuple(error.absolute_path), error.validator


_TYPE_CODES = {
    "integer": ("NUMBER_TYPE_COERCE", "Value {v} is not int."),
    "number": ("NUMBER_TYPE_COERCE", "Value {v} is not a number."),
    "boolean": ("BASE_TYPE_BOOLEAN", "Must be either true or false."),
    "string": ("BASE_TYPE_STRING", "Could not interpret {v} as string."),
    "array": ("BASE_TYPE_ARRAY", "Must be an array."),
    "object": ("DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"),
}


def _discord_errors(error: ValidationError) -> Iterator[FieldError]:
    for leaf in _leaves(error):
        path = tuple(leaf.absolute_path)
        kind, limit, value = leaf.validator, leaf.validator_value, leaf.instance
        if kind == "required":
            for name in limit:
                if isinstance(value, dict) and name not in value:
                    yield FieldError((*path, name), "BASE_TYPE_REQUIRED", "This field is required")
            continue
        if kind in ("maxLength", "maxItems", "maxProperties"):
            code, text = "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."
        elif kind in ("minLength", "minItems", "minProperties"):
            code, text = "BASE_TYPE_MIN_LENGTH", f"Must be {limit} or more in length."
        elif kind == "maximum":
            code, text = "NUMBER_TYPE_MAX", f"int value should be less than or equal to {limit}."
        elif kind == "minimum":
            code, text = "NUMBER_TYPE_MIN", f"int value should be greater than or equal to {limit}."
        elif kind == "type":
            wanted = [t for t in ([limit] if isinstance(limit, str) else limit) if t != "null"]
            code, text = _TYPE_CODES.get(
                wanted[0] if wanted else "", ("BASE_TYPE_INVALID", "Invalid value {v}.")
            )
            text = text.format(v=json.dumps(value))
        elif kind in ("enum", "const", "oneOf", "anyOf"):
            code, text = "BASE_TYPE_CHOICES", f"Value {json.dumps(value)} is not a valid choice."
        elif kind == "pattern":
            code, text = "NUMBER_TYPE_COERCE", f"Value {json.dumps(value)} is not snowflake."
        elif kind == "uniqueItems":
            code, text = "LIST_ITEM_VALUE_DUPLICATE", "List items must be unique."
        else:
            code, text = "BASE_TYPE_INVALID", leaf.message
        yield FieldError(path, code, text)
