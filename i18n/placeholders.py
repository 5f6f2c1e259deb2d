"""Placeholders in a message: ``{name}`` and nothing else.

A translation is a template written by a translator, so it may only name the placeholders its
English names: no attribute access (``{name.__class__}``), no index, no conversion or format
spec. Numbers are formatted for the reader's locale before they are put in
(:func:`i18n.catalogs.fill`), so a template never needs a spec. ``{{`` and ``}}`` are literal
braces, as in ``str.format``.
"""

from __future__ import annotations

import string
from functools import lru_cache

_FORMATTER = string.Formatter()

#: a template cut into (literal text, placeholder name or None) pieces
Pieces = tuple[tuple[str, str | None], ...]


@lru_cache(maxsize=8192)
def parse(template: str) -> Pieces | None:
    """The template's pieces, or ``None`` when it is not a valid template (an unmatched brace,
    or a placeholder that is more than a plain name)."""
    try:
        parsed = list(_FORMATTER.parse(template))
    except ValueError:
        return None
    pieces: list[tuple[str, str | None]] = []
    for literal, field, spec, conversion in parsed:
        if field is not None and (not field.isidentifier() or spec or conversion):
            return None
        pieces.append((literal, field))
    return tuple(pieces)


def names(template: str) -> frozenset[str] | None:
    """The placeholders a template names, or ``None`` when it is not a valid template."""
    pieces = parse(template)
    if pieces is None:
        return None
    return frozenset(field for _, field in pieces if field is not None)
