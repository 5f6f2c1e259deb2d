"""Vendor Discord's OpenAPI description, trimmed to the operations the local Discord serves.

Run from the repository root with a clone (or bare mirror) of discord/discord-api-spec::

    python -m localdiscord.vendor_spec /path/to/discord-api-spec [commit]

It writes ``localdiscord/spec/openapi.json`` (those operations and every component they
reach, otherwise verbatim, with the source commit under ``x-vendored-from``) and the spec's MIT
``LICENSE`` beside it. A new route in the local Discord needs its path added to ``OPERATIONS``
and this script run again; the server refuses to start on a route the spec file lacks.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from localdiscord.payloads import JsonObject

REPOSITORY = "https://github.com/discord/discord-api-spec"
SPEC_PATH = "specs/openapi.json"
HERE = Path(__file__).resolve().parent / "spec"

#: (method, path) of every operation the local Discord serves, as the spec names them
OPERATIONS: list[tuple[str, str]] = [
    ("get", "/users/@me"),
    ("get", "/users/{user_id}"),
    ("post", "/users/@me/channels"),
    ("get", "/gateway"),
    ("get", "/gateway/bot"),
    ("get", "/oauth2/applications/@me"),
    ("get", "/applications/@me"),
    ("put", "/applications/{application_id}/commands"),
    ("get", "/applications/{application_id}/commands"),
    ("put", "/applications/{application_id}/guilds/{guild_id}/commands"),
    ("get", "/applications/{application_id}/guilds/{guild_id}/commands"),
    ("post", "/interactions/{interaction_id}/{interaction_token}/callback"),
    ("get", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("patch", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("delete", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("get", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("patch", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("delete", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("post", "/webhooks/{webhook_id}/{webhook_token}"),
    ("get", "/channels/{channel_id}"),
    ("post", "/channels/{channel_id}/messages"),
    ("get", "/channels/{channel_id}/messages"),
    ("get", "/channels/{channel_id}/messages/{message_id}"),
    ("patch", "/channels/{channel_id}/messages/{message_id}"),
    ("delete", "/channels/{channel_id}/messages/{message_id}"),
    ("post", "/channels/{channel_id}/threads"),
    ("post", "/channels/{channel_id}/messages/{message_id}/threads"),
    ("post", "/channels/{channel_id}/typing"),
    ("get", "/guilds/{guild_id}"),
    ("get", "/guilds/{guild_id}/members/{user_id}"),
    ("get", "/guilds/{guild_id}/channels"),
]


def _git(repo: str, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", repo, *args], check=True, capture_output=True, text=True
    ).stdout


def _refs(node: object, found: set[str]) -> None:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str):
            found.add(ref)
        for value in node.values():
            _refs(value, found)
    elif isinstance(node, list):
        for value in node:
            _refs(value, found)


def trim(spec: JsonObject, operations: list[tuple[str, str]]) -> JsonObject:
    """``spec`` with only ``operations`` and the components they reach (transitively)."""
    paths: dict[str, JsonObject] = {}
    for method, path in operations:
        item = spec["paths"][path]
        kept = paths.setdefault(path, {k: v for k, v in item.items() if k == "parameters"})
        kept[method] = item[method]
    components: dict[str, JsonObject] = {}
    pending: set[str] = set()
    _refs(paths, pending)
    seen: set[str] = set()
    while pending:
        ref = pending.pop()
        if ref in seen:
            continue
        seen.add(ref)
        root, kind, key = ref.removeprefix("#/").split("/", 2)
        if root != "components":
            raise ValueError(f"unexpected reference {ref}")
        value = spec["components"][kind][key]
        components.setdefault(kind, {})[key] = value
        _refs(value, pending)
    out = {k: v for k, v in spec.items() if k not in ("paths", "components")}
    out["paths"] = paths
    out["components"] = {
        kind: dict(sorted(entries.items())) for kind, entries in sorted(components.items())
    }
    return out


def main(argv: list[str]) -> None:
    repo = argv[0]
    commit = _git(repo, "rev-parse", argv[1] if len(argv) > 1 else "HEAD").strip()
    spec = json.loads(_git(repo, "show", f"{commit}:{SPEC_PATH}"))
    out = trim(spec, OPERATIONS)
    out["x-vendored-from"] = {
        "repository": REPOSITORY,
        "path": SPEC_PATH,
        "commit": commit,
        "committed": _git(repo, "log", "-1", "--format=%cI", commit).strip(),
        "licence": "MIT (see LICENSE beside this file)",
        "trimmed-by": "python -m localdiscord.vendor_spec",
    }
    HERE.mkdir(exist_ok=True)
    (HERE / "openapi.json").write_text(json.dumps(out, indent=1, sort_keys=False) + "\n")
    (HERE / "LICENSE").write_text(_git(repo, "show", f"{commit}:LICENSE"))
    print(f"wrote {HERE / 'openapi.json'} from {commit}")


if __name__ == "__main__":
    main(sys.argv[1:])
