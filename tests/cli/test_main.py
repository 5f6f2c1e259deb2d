"""``python -m bot``: the token check, the help, the settings and the hand-over to Discord."""

from __future__ import annotations

import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.config import ConfigError, load_config

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = (
    "DISCORD_TOKEN",
    "TABLETOP_DB",
    "TABLETOP_SYNC",
    "TABLETOP_DEV_GUILD",
    "TABLETOP_LOG_LEVEL",
    "TABLETOP_MEMBERS_INTENT",
)


@pytest.fixture
def clean_env(monkeypatch):
    """No setting comes from the environment of the test run."""
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def run_bot(*args, cwd):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TABLETOP_"))}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_without_a_token_the_bot_exits_with_status_2_and_says_what_to_set(tmp_path):
    done = run_bot(cwd=tmp_path)
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr and ".env" in done.stderr
    assert "https://discord.com/developers/applications" in done.stderr
    assert "Reset Token" in done.stderr
    assert "Traceback" not in done.stderr


def help_text(capsys, *args):
    with pytest.raises(SystemExit) as exit_:
        main([*args, "--help"])
    assert exit_.value.code == 0
    return capsys.readouterr().out


def test_help_documents_every_option_and_the_simulate_command(capsys):
    text = help_text(capsys)
    for option in (
        "--db",
        "--sync",
        "--dev-guild",
        "--log-level",
        "simulate",
        "DISCORD_TOKEN",
        "TABLETOP_DB",
        "TABLETOP_SYNC",
        "TABLETOP_DEV_GUILD",
        "TABLETOP_LOG_LEVEL",
        "auto,always,never",
        "toy",
    ):
        assert option in text


def test_help_says_a_dev_guild_is_synced_instead_of_globally(capsys):
    # the Discord layer syncs to the dev guild only (tests/discord/test_sync.py)
    text = " ".join(help_text(capsys).split())
    assert "also sync" not in text
    assert "--dev-guild ID sync the commands to this server id only, instead of globally" in text


def test_simulate_help_documents_its_options(capsys):
    text = help_text(capsys, "simulate")
    for option in ("--players", "--seed", "--out", "--max-moves", "--no-images"):
        assert option in text


def test_a_bad_sync_mode_in_the_environment_is_a_clear_usage_error(monkeypatch, capsys):
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("TABLETOP_SYNC", "sometimes")
    assert main([]) == 2
    assert "TABLETOP_SYNC must be one of auto, always, never" in capsys.readouterr().err


@pytest.fixture
def fake_discord_app(monkeypatch):
    calls = []
    module = types.ModuleType("bot.discord_app")
    module.run = lambda config, sync, ops_socket=None: calls.append((config, sync))
    monkeypatch.setitem(sys.modules, "bot.discord_app", module)
    return calls


def test_with_a_token_in_dotenv_the_bot_runs_with_the_config(
    tmp_path, monkeypatch, fake_discord_app
):
    for name in ("DISCORD_TOKEN", "TABLETOP_DB", "TABLETOP_SYNC", "TABLETOP_DEV_GUILD"):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc.def\nTABLETOP_SYNC=never\n")
    monkeypatch.chdir(tmp_path)
    assert main(["--db", "games.db", "--dev-guild", "1234"]) == 0
    [(config, sync)] = fake_discord_app
    assert sync == "never"
    assert config.token == "abc.def"
    assert config.db_path == tmp_path / "games.db"
    assert config.dev_guild == 1234
    assert "abc.def" not in repr(config)


def test_the_bot_command_runs_the_bot_with_the_same_options(
    tmp_path, monkeypatch, fake_discord_app
):
    """``tabletop bot ...`` (an installed copy) is ``./tabletop bot ...`` (the checkout)."""
    monkeypatch.setenv("DISCORD_TOKEN", "abc.def")
    monkeypatch.chdir(tmp_path)
    assert main(["bot", "--db", "games.db", "--dev-guild", "1234"]) == 0
    [(config, _)] = fake_discord_app
    assert (config.db_path, config.dev_guild) == (tmp_path / "games.db", 1234)


def test_flags_win_over_the_environment_which_wins_over_dotenv(tmp_path, clean_env):
    (tmp_path / ".env").write_text("TABLETOP_SYNC=never\nTABLETOP_DB=from-file.db\n")
    clean_env.setenv("TABLETOP_SYNC", "always")
    config = load_config(cwd=tmp_path)
    assert (config.sync, config.db_path.name) == ("always", "from-file.db")
    config = load_config(cwd=tmp_path, sync="auto")
    assert config.sync == "auto"


def test_an_empty_value_counts_as_unset(tmp_path, clean_env):
    (tmp_path / ".env").write_text("TABLETOP_SYNC=never\n")
    clean_env.setenv("TABLETOP_SYNC", "")
    assert load_config(cwd=tmp_path).sync == "never"


def test_defaults_are_auto_sync_and_a_database_in_the_working_directory(tmp_path, clean_env):
    config = load_config(cwd=tmp_path)
    assert config.token is None
    assert config.db_path == tmp_path / "tabletop.sqlite3"
    assert (config.sync, config.dev_guild, config.log_level) == ("auto", None, "INFO")


def test_a_postgresql_url_is_kept_as_given_and_shown_without_its_password(tmp_path, clean_env):
    clean_env.setenv("TABLETOP_DB", "postgresql://bot:s3cret@db.example:5432/tabletop")
    config = load_config(cwd=tmp_path)
    assert config.db_path == "postgresql://bot:s3cret@db.example:5432/tabletop"
    assert "s3cret" not in repr(config)
    assert "postgresql://bot:***@db.example:5432/tabletop" in repr(config)


def test_a_dev_guild_must_be_a_number(tmp_path, clean_env):
    clean_env.setenv("TABLETOP_DEV_GUILD", "my server")
    with pytest.raises(ConfigError, match="server id"):
        load_config(cwd=tmp_path)


def test_dotenv_understands_comments_quotes_and_export(tmp_path, clean_env):
    (tmp_path / ".env").write_text(
        "# a comment\n\nexport DISCORD_TOKEN='a#b c'\nTABLETOP_DB = games.db  # trailing\n"
        'TABLETOP_LOG_LEVEL="debug"\nSOMETHING_ELSE=1\n'
    )
    config = load_config(cwd=tmp_path)
    assert config.token == "a#b c"
    assert config.db_path == tmp_path / "games.db"
    assert config.log_level == "DEBUG"
    assert config.env_file == tmp_path / ".env"


def test_an_unreadable_dotenv_is_a_clear_configuration_error(tmp_path, clean_env):
    (tmp_path / ".env").write_bytes(b"DISCORD_TOKEN=\xff\xfe\n")
    with pytest.raises(ConfigError, match="Could not read"):
        load_config(cwd=tmp_path)


def test_a_database_path_that_cannot_work_is_a_clear_usage_error(
    tmp_path, monkeypatch, capsys, fake_discord_app
):
    (tmp_path / "a-file").write_text("not a folder")
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    assert main(["--db", str(tmp_path / "a-file" / "games.sqlite3")]) == 2
    assert "cannot use the database" in capsys.readouterr().err
    assert fake_discord_app == []


def test_the_database_is_created_and_migrated_before_the_bot_starts(
    tmp_path, monkeypatch, fake_discord_app
):
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    assert main(["--db", str(tmp_path / "new" / "games.sqlite3")]) == 0
    assert (tmp_path / "new" / "games.sqlite3").is_file()


def test_a_read_only_database_is_refused_at_start(tmp_path, monkeypatch, capsys, fake_discord_app):
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    db = tmp_path / "games.sqlite3"
    assert main(["--db", str(db)]) == 0
    make_read_only(db)
    assert main(["--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert "cannot use the database" in err and "readonly" in err
    assert len(fake_discord_app) == 1  # the bot ran the first time only


def make_read_only(db: Path) -> None:
    """Read-only to SQLite whoever runs the test (file modes do not stop root): a header whose
    file format write version is newer than SQLite knows is opened for reading only."""
    header = bytearray(db.read_bytes())
    header[18] = 3
    db.write_bytes(bytes(header))
    db.chmod(0o444)


def test_the_members_intent_is_off_unless_turned_on(tmp_path, clean_env):
    assert load_config(cwd=tmp_path).members_intent is False
    assert load_config(cwd=tmp_path, members_intent=True).members_intent is True
    clean_env.setenv("TABLETOP_MEMBERS_INTENT", "on")
    assert load_config(cwd=tmp_path).members_intent is True


def test_a_members_intent_that_is_not_on_or_off_is_a_clear_usage_error(tmp_path, clean_env):
    clean_env.setenv("TABLETOP_MEMBERS_INTENT", "maybe")
    with pytest.raises(ConfigError, match="on or off"):
        load_config(cwd=tmp_path)


def test_the_client_asks_for_the_members_intent_only_when_turned_on():
    from bot.discord_app.client import intents

    assert not intents().members and intents().guilds
    assert intents(members=True).members
