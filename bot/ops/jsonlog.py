"""``--log-format json``: one JSON object a line, for log shippers (journald, Loki, Vector...).

Each line has ``time`` (UTC, ISO 8601), ``level``, ``logger`` and ``message``, and ``game_id``
and ``guild_id`` where the line is about a game: given with ``extra=`` or, failing that, the
game the task is working on (:mod:`bot.ops.context`). The message is the same text the plain
format writes, cut by the same filter (:func:`bot.logsafe.hide_exception_message`): what is
kept out of one is kept out of the other.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

from bot.ops import context


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        when = datetime.fromtimestamp(record.created, UTC)
        line: dict[str, Any] = {
            "time": when.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        game = context.current()
        for key, known in (
            ("game_id", game.game_id if game else None),
            ("guild_id", game.guild_id if game else None),
        ):
            value = getattr(record, key, None) or known
            if value is not None:
                line[key] = value
        if record.exc_info and record.exc_info[0] is not None:  # a handler without the filter
            line["exception"] = record.exc_info[0].__name__
        return json.dumps(line, ensure_ascii=False)
