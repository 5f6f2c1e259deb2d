"""The games the product ships: the packages under ``engines/`` with an engine module,
whatever tests registered."""

from __future__ import annotations

import pkgutil
from pathlib import Path

import engines


def shipped_games() -> set[str]:
    root = Path(engines.__path__[0])
    return {
        info.name
        for info in pkgutil.iter_modules(engines.__path__)
        if info.ispkg and (root / info.name / "engine.py").exists()
    }
