"""Stepping Stones: a fifth game that lives in one folder, as a real game does in ``engines/``.

Its package follows the same convention (``engine.py`` with ``ENGINE``, ``render.py``,
``legend.py``, ``rulings.md``), so ``engines.register_package`` brings all of it at once.
"""
