"""Game engines and their registry.

A game is one package. Every subpackage of ``engines`` that exposes ``ENGINE`` (an
:class:`engines.core.Engine` instance) in its ``engine`` module is registered by its ``name``, so
a new game needs no glue; :func:`register_package` registers a game package that lives
elsewhere (a test's) by the same convention, and :func:`register` a bare engine. Generic code
finds everything else a game brings through :func:`package_of`: its renderer, its legend, its
rulings page.

Every game package has the same files for the same roles, so a reader of one knows where to
look in another:

    engine.py   the Engine subclass: the contract, and the ``step``, ``leave`` and ``pick`` that
                the template in ``core.py`` calls
    state.py    the whole game as one pydantic model (``over`` once it has ended)
    data.py     the component data, loaded from ``data/*.json`` and validated
    setup.py    a new game
    flow.py     whose decision the game awaits (``awaited``) and moving on
    actions.py  the legal actions and what each one does
    views.py    what a player or a spectator sees (``view``)
    policy.py   the stand-in's choice (``suggest``)
    rulings.md  the house rulings ``/game rules`` sends (package data)
    render.py   the board (and hand) images: ``render_board(view)``, ``render_hand(view)``, over
                the drawing kit ``rendering.kit`` (``render_*.py`` helpers beside it)
    legend.py   ``plan()``: the board's areas named, for ``/game rules`` (``rendering.legend``)

Only ``render*.py`` and ``legend.py`` draw: the rules modules never import Pillow.

Rules that fill more than these live in modules named after them (``auction.py``,
``behaviours.py``, ``movement.py``).
"""

from __future__ import annotations

import importlib
import pkgutil
from importlib import resources
from typing import Any

from engines.core import (
    Action,
    ActionRole,
    Amount,
    Engine,
    Event,
    IllegalAction,
    OptionSpec,
    Result,
    Rng,
    UnreadableState,
)
from i18n import catalogs

__all__ = [
    "Action",
    "ActionRole",
    "Amount",
    "Engine",
    "Event",
    "IllegalAction",
    "OptionSpec",
    "Result",
    "Rng",
    "UnknownGame",
    "UnreadableState",
    "get_engine",
    "names",
    "package_of",
    "register",
    "register_package",
    "registered_at_run_time",
    "rulings",
]


class UnknownGame(LookupError):
    """No engine has that name; the message lists the valid ones."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


_registry: dict[str, Engine[Any]] = {}
#: each game's package (a module name), where its renderer, legend and rulings live
_packages: dict[str, str] = {}
#: games registered by a call in this process (not found in ``engines/``): a fresh process
#: (a drawing worker) does not know them
_run_time: set[str] = set()
_discovered = False


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg:
            continue
        package = f"{__name__}.{info.name}"
        try:
            module = importlib.import_module(f"{package}.engine")
        except ModuleNotFoundError as exc:
            if exc.name == f"{package}.engine":
                continue
            raise
        engine = getattr(module, "ENGINE", None)
        if engine is not None and engine.name not in _registry:
            _registry[engine.name] = engine
            _packages[engine.name] = package
            _read_words_of(package)


def register(engine: Engine[Any]) -> Engine[Any]:
    """Register a bare engine (tests' own engines): no package, so no renderer or rulings
    found by convention."""
    _discover()
    _registry[engine.name] = engine
    _packages.pop(engine.name, None)
    _run_time.add(engine.name)
    return engine


def register_package(package: str) -> Engine[Any]:
    """Register the game package ``package`` (a module name, such as ``tests.fifth_game.toy``)
    by the convention the games in ``engines/`` follow: ``ENGINE`` in its ``engine`` module,
    and its renderer, legend and rulings beside it."""
    engine: Engine[Any] = importlib.import_module(f"{package}.engine").ENGINE
    register(engine)
    _packages[engine.name] = package
    _read_words_of(package)
    return engine


def _read_words_of(package: str) -> None:
    """A game package's own catalogs (its ``locales`` folder), where it has them, are read
    beside the shared ones: its words travel with it."""
    if catalogs.has_catalogs(package):
        catalogs.add_domain(package)


def unregister(name: str) -> None:
    _registry.pop(name, None)
    _packages.pop(name, None)
    _run_time.discard(name)


def package_of(name: str) -> str | None:
    """The package (module name) of game ``name``, or None for a bare engine."""
    get_engine(name)
    return _packages.get(name)


def registered_at_run_time(name: str) -> bool:
    """Whether ``name`` was registered by a call in this process rather than found in
    ``engines/`` (so a fresh process, such as a drawing worker, does not know it)."""
    return name in _run_time


def rulings(name: str) -> str | None:
    """Game ``name``'s rulings page (``rulings.md`` in its package), or None when it has none.
    Read as package data, so that an installed bot (not only a checkout) has it."""
    package = package_of(name)
    if package is None:
        return None
    page = resources.files(package).joinpath("rulings.md")
    return page.read_text(encoding="utf-8") if page.is_file() else None


def names() -> list[str]:
    """The registered engine names, sorted."""
    _discover()
    return sorted(_registry)


def get_engine(name: str) -> Engine[Any]:
    """The engine called ``name``; a clear error listing the valid names otherwise."""
    _discover()
    try:
        return _registry[name]
    except KeyError:
        valid = ", ".join(sorted(_registry)) or "none"
        raise UnknownGame(f"Unknown game '{name}'. Valid games: {valid}.") from None
