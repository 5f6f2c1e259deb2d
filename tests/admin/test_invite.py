"""The invite link asks for the bot's scopes and exactly the permissions in its one list."""

from __future__ import annotations

import base64
from urllib.parse import parse_qs, urlsplit

import discord
import pytest

from bot.__main__ import main
from bot.invite import InviteError, application_id, invite_url
from bot.permissions import NEEDS, missing, permissions


def _query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def test_the_invite_permission_integer_is_the_bits_of_the_permissions_the_code_uses():
    bits = 0
    for need in NEEDS:
        bits |= discord.Permissions.VALID_FLAGS[need.flag]
    query = _query(invite_url(1234))
    assert int(query["permissions"]) == bits == permissions().value
    assert query["client_id"] == "1234"
    assert query["scope"].split() == ["bot", "applications.commands"]


def test_the_thread_permissions_the_new_game_command_checks_are_in_the_list():
    flags = {need.flag for need in NEEDS}
    assert {"create_public_threads", "send_messages_in_threads"} <= flags
    assert {"view_channel", "send_messages", "attach_files"} <= flags


def test_every_needed_permission_says_what_breaks_without_it():
    for need in NEEDS:
        assert need.flag in discord.Permissions.VALID_FLAGS
        assert need.label and len(need.breaks) > 20


def test_in_a_thread_only_send_messages_in_threads_counts_for_posting():
    have = permissions() & ~discord.Permissions(send_messages=True)
    assert [n.flag for n in missing(have)] == ["send_messages"]
    assert missing(have, in_thread=True) == []


def test_the_application_id_is_read_from_a_bot_token():
    first = base64.b64encode(b"123456789012345678").decode().rstrip("=")
    assert application_id(None, f"{first}.Gx1y2z.abcdef") == 123456789012345678
    assert application_id("42", None) == 42


@pytest.mark.parametrize("app_id, token", [(None, None), ("abc", None), (None, "not-a-token")])
def test_without_a_usable_application_id_the_invite_says_where_to_find_one(app_id, token):
    with pytest.raises(InviteError, match="Application ID"):
        application_id(app_id, token)


def test_python_m_bot_invite_prints_the_url(capsys):
    assert main(["invite", "--app-id", "987"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("https://discord.com/oauth2/authorize?client_id=987&")
    assert f"permissions={permissions().value}" in out


def test_python_m_bot_invite_without_an_id_exits_2(capsys, monkeypatch, tmp_path):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    assert main(["invite"]) == 2
    assert "--app-id" in capsys.readouterr().err
