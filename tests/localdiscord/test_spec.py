"""The vendored Discord spec: where it comes from, that it covers the local Discord's routes, and
that the faster form the validators use gives the spec's own verdicts."""

from __future__ import annotations

from importlib import resources

import pytest

from localdiscord.server import LocalDiscord
from localdiscord.spec import Spec, spec
from tests.localdiscord.test_refused_bodies import INVALID, button, row, select

MESSAGES = "/channels/{channel_id}/messages"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


def test_the_spec_names_its_source_commit_and_carries_its_licence():
    source = spec().source
    assert source["repository"] == "https://github.com/discord/discord-api-spec"
    assert len(source["commit"]) == 40
    assert "MIT License" in (resources.files("localdiscord") / "spec" / "LICENSE").read_text()


def test_every_route_the_local_discord_serves_is_in_the_spec():
    server = LocalDiscord()
    for method, path, _, _ in server.rest.routes:
        assert spec().has(method, path), f"{method} {path}"


VALID = [
    {"content": "hi"},
    {"components": row(button(), button(custom_id="b", label="B"))},
    {"components": row(select(min_values=1, max_values=2))},
    {"embeds": [{"title": "t", "fields": [{"name": "n", "value": "v", "inline": True}]}]},
    {"content": "hi", "allowed_mentions": {"parse": [], "users": [123]}, "flags": 4096},
    {"components": row({"type": 2, "style": 5, "url": "https://example.com", "label": "L"})},
]
CALLBACKS = [
    {"type": 5, "data": {"flags": 64}},
    {"type": 6},
    {"type": 7, "data": {"components": row(button(style=9))}},
    {"type": 8, "data": {"choices": [{"name": "a", "value": "a"}]}},
    {"type": 8, "data": {"choices": [{"name": "a", "value": 1}] * 26}},
    {"type": 3},
    {"type": 4, "data": {"components": [{"type": 99}]}},
]


@pytest.fixture(scope="module")
def verbatim():
    return Spec(fast=False)


@pytest.mark.parametrize("body", VALID + [b for _, _, b, _ in INVALID])
def test_the_fast_form_gives_the_specs_verdict_on_messages(verbatim, body):
    assert (spec().request_errors("POST", MESSAGES, body) == []) == (
        verbatim.request_errors("POST", MESSAGES, body) == []
    )


@pytest.mark.parametrize("body", CALLBACKS)
def test_the_fast_form_gives_the_specs_verdict_on_callbacks(verbatim, body):
    assert (spec().request_errors("POST", CALLBACK, body) == []) == (
        verbatim.request_errors("POST", CALLBACK, body) == []
    )
