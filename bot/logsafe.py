"""Log lines about failures that never quote game content.

An exception's message can quote hidden information: an engine's ``KeyError`` may name a card
in a hand, pydantic's validation errors repeat the offending input (a saved state), a refusal's
reason may name the card a stand-in tried. Log lines are read by whoever runs the bot, so they
get the exception's type and where it was raised (file, line, function, the source line), never
its message or its arguments. Use :func:`failure` instead of ``log.exception``. SQLite's own
errors are the exception: their message is SQLite's reason (read-only, disk full, locked), which
names tables and constraints but never the values bound to a statement, and the person running
the bot needs it. PostgreSQL's messages may quote values (a failing row), so its errors give
their condition and SQLSTATE code only (``ReadOnlySqlTransaction: SQLSTATE 25006``).

Libraries log what passes through them at DEBUG: aiosqlite every statement's arguments (whole
state JSON, hands and plans), discord.py every request body (private answers) and gateway
event. :func:`configure` gives DEBUG to Tabletop's own loggers only; every other logger stays
at INFO or above, whatever level was asked for.
"""

from __future__ import annotations

import logging
import sqlite3
import traceback
from typing import TextIO

import psycopg

#: the loggers whose DEBUG lines are Tabletop's own (none of them logs game content)
OWN_LOGGERS = ("bot", "tabletop", "storage", "engines", "rendering", "__main__")
#: the most detail a library's logger may give: its DEBUG lines quote what passes through it
LIBRARY_LEVEL = logging.INFO
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def configure(
    level: str | int, stream: TextIO | None = None, *, log_format: str = "text"
) -> logging.Handler:
    """Log to ``stream`` (stderr by default) at ``level`` for Tabletop's own loggers, libraries
    never below INFO, and every traceback without its message (:func:`hide_exception_message`):
    a library's ``log.exception`` (discord.py's "Ignoring exception in ...") is cut like ours.
    ``log_format`` ``json`` writes each line as a JSON object (:mod:`bot.ops.jsonlog`), Python's
    warnings included."""
    from bot.ops.jsonlog import JsonFormatter

    wanted = logging.getLevelName(level) if isinstance(level, str) else level
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter() if log_format == "json" else logging.Formatter(FORMAT))
    # Python's warnings go to stderr on their own; a shipper expecting JSON gets them as lines
    logging.captureWarnings(log_format == "json")
    handler.addFilter(hide_exception_message)
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(max(wanted, LIBRARY_LEVEL))
    for name in OWN_LOGGERS:
        logging.getLogger(name).setLevel(wanted)
    return handler


def hide_exception_message(record: logging.LogRecord) -> bool:
    """A record's traceback becomes :func:`failure`'s text: type and frames, no message."""
    if record.exc_info and record.exc_info[1] is not None:
        record.msg = f"{record.getMessage()}: {failure(record.exc_info[1])}"
        record.args = ()
        record.exc_info = None
        record.exc_text = None
    return True


def failure(exc: BaseException) -> str:
    """``"KeyError"`` plus the traceback's frames, without the exception's message."""
    frames = "".join(traceback.format_list(traceback.extract_tb(exc.__traceback__)))
    kind = _kind(exc)
    cause = exc.__cause__ or (None if exc.__suppress_context__ else exc.__context__)
    if cause is not None:
        kind += f" (from {_kind(cause)})"
    return f"{kind}\n{frames}".rstrip()


def _kind(exc: BaseException) -> str:
    """The exception's type; for SQLite's errors also SQLite's reason, for PostgreSQL's their
    SQLSTATE code."""
    if isinstance(exc, sqlite3.Error):
        code = getattr(exc, "sqlite_errorname", None)
        return f"{type(exc).__name__}: {code + ' ' if code else ''}{exc}"
    if isinstance(exc, psycopg.Error):
        return f"{type(exc).__name__}: SQLSTATE {exc.sqlstate or 'unknown'}"
    return type(exc).__name__
