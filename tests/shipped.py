"""The games the product ships: the packages under ``engines/``, whatever tests registered."""

from __future__ import annotations

import pkgutil

import engines


def shipped_games() -> set[str]:
    return {info.name for info in pkgutil.iter_modules(engines.__path__) if info.ispkg}
