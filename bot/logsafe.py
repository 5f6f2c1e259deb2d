"""Log lines about failures that never quote game content.

An exception's message can quote hidden information: an engine's ``KeyError`` may name a card
in a hand, pydantic's validation errors repeat the offending input (a saved state), a refusal's
reason may name the card a stand-in tried. Log lines are read by whoever runs the bot, so they
get the exception's type and where it was raised (file, line, function, the source line), never
its message or its arguments. Use :func:`failure` instead of ``log.exception``.
"""

from __future__ import annotations

import traceback


def failure(exc: BaseException) -> str:
    """``"KeyError"`` plus the traceback's frames, without the exception's message."""
    frames = "".join(traceback.format_list(traceback.extract_tb(exc.__traceback__)))
    kind = type(exc).__name__
    cause = exc.__cause__ or (None if exc.__suppress_context__ else exc.__context__)
    if cause is not None:
        kind += f" (from {type(cause).__name__})"
    return f"{kind}\n{frames}".rstrip()
