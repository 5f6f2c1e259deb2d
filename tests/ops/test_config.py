"""``--metrics-port`` / ``TABLETOP_METRICS_PORT`` and ``--metrics-host``: off by default, on
this machine only unless told, and a port that cannot be used stops the bot at once, saying why."""

from __future__ import annotations

import socket
import sys
import types

import pytest

from bot.__main__ import main
from bot.config import load_config


@pytest.fixture
def fake_discord_app(monkeypatch, tmp_path):
    """The bot's Discord part replaced by a recorder; a token and a working folder of its own."""
    calls = []
    module = types.ModuleType("bot.discord_app")
    module.run = lambda config, sync, ops_socket=None: calls.append((config, ops_socket))
    monkeypatch.setitem(sys.modules, "bot.discord_app", module)
    for name in ("TABLETOP_METRICS_PORT", "TABLETOP_METRICS_HOST", "TABLETOP_LOG_FORMAT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "abc.def")
    monkeypatch.chdir(tmp_path)
    return calls


def test_metrics_are_off_by_default_and_listen_on_this_machine_only(tmp_path, monkeypatch):
    for name in ("TABLETOP_METRICS_PORT", "TABLETOP_METRICS_HOST"):
        monkeypatch.delenv(name, raising=False)
    config = load_config(cwd=tmp_path)
    assert config.metrics_port is None
    assert config.metrics_host == "127.0.0.1"


def test_the_metrics_port_is_served_on_127_0_0_1_when_asked_for(fake_discord_app):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert main(["--metrics-port", str(port)]) == 0
    [(config, sock)] = fake_discord_app
    try:
        assert config.metrics_port == port
        assert sock.getsockname() == ("127.0.0.1", port)
    finally:
        sock.close()


def test_a_metrics_port_that_is_not_a_port_number_is_a_clear_usage_error(
    fake_discord_app, monkeypatch, capsys
):
    monkeypatch.setenv("TABLETOP_METRICS_PORT", "nine")
    assert main([]) == 2
    assert "TABLETOP_METRICS_PORT must be a port number (1-65535), not 'nine'" in (
        capsys.readouterr().err
    )
    assert fake_discord_app == []


def test_a_metrics_port_in_use_stops_the_bot_at_once_saying_why(fake_discord_app, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["--metrics-port", str(port)]) == 2
    assert f"cannot serve the metrics on 127.0.0.1:{port}" in capsys.readouterr().err
    assert fake_discord_app == []


def test_an_unknown_log_format_is_a_clear_usage_error(fake_discord_app, monkeypatch, capsys):
    monkeypatch.setenv("TABLETOP_LOG_FORMAT", "xml")
    assert main([]) == 2
    assert "TABLETOP_LOG_FORMAT must be one of text, json, not 'xml'" in capsys.readouterr().err
