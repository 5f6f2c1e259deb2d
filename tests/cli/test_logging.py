"""The bot's logging: DEBUG for Tabletop's own loggers only, and no exception message in any
line, whoever logs it (a library's DEBUG lines quote states and request bodies; an exception's
message can quote a hand), in the plain format and in JSON alike."""

from __future__ import annotations

import io
import logging

import pytest

from bot import logsafe

SECRET = "ace of " + "spades"  # built at run time: only a log line could carry it out


@pytest.fixture(params=["text", "json"])
def debug_log(request):
    """The bot's log at DEBUG, in each format a host can choose (``--log-format``)."""
    root = logging.getLogger()
    levels = {n: logging.getLogger(n).level for n in ("", *logsafe.OWN_LOGGERS)}
    stream = io.StringIO()
    handler = logsafe.configure("DEBUG", stream, log_format=request.param)
    yield stream
    root.removeHandler(handler)
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


def test_debug_is_for_tabletops_own_loggers_not_the_libraries(debug_log):
    logging.getLogger("bot.table").debug("our own detail")
    logging.getLogger("aiosqlite").debug("executing UPDATE games SET state = %s", SECRET)
    logging.getLogger("discord.http").debug("POST /interactions with %s", SECRET)
    text = debug_log.getvalue()
    assert "our own detail" in text
    assert SECRET not in text


def test_a_librarys_traceback_keeps_its_frames_and_loses_its_message(debug_log):
    try:
        raise KeyError(f"Ada's hand: {SECRET}")
    except KeyError:
        logging.getLogger("discord.client").exception("Ignoring exception in on_message")
    text = debug_log.getvalue()
    assert "Ignoring exception in on_message: KeyError" in text
    assert "test_logging.py" in text
    assert SECRET not in text
