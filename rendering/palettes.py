"""Each game's board palette: 256 colours, so boards are written as 8-bit PNGs.

Deflating the pixels is most of the cost of a board, and an 8-bit image has a third of the bytes
of an RGB one (and Pillow writes it without trying row filters): about half the encoding time,
and half the file. The palette is fixed per game, built once per process from the same boards
every time (an opening board and a board of a game the engine plays against itself from seed 0,
with the most players), so a board looks the same in every worker. The game's named colours
(its renderer's colour constants and the players' colours) are always in it, and drawn exactly:
no other entry comes near them. The other places go to the colours those boards use most
(mostly the edges of letters), one per cube of Pillow's colour cache; any colour not in the
palette is drawn as its nearest.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterable
from types import ModuleType

from PIL import Image

import engines
import rendering
from i18n.speaking import speaking
from rendering import DEFAULT_LOCALE, family, kit

Colour = tuple[int, int, int]
_palettes: dict[str, Image.Image] = {}
#: moves of the self-played game before its second sample board
PLAYOUT = 120
#: no other entry within this many cache cubes of a named colour, whose pixels might else be
#: drawn as that entry (Pillow finds the nearest entry for a cube, not for each colour)
NEAR = 2


def board_palette(game: str) -> Image.Image:
    """The palette image of ``game``'s boards (built on first use in this process, about a
    fifth of a second; the render workers build theirs while they warm up)."""
    palette = _palettes.get(game)
    if palette is None:
        # from boards drawn in English, whatever the language asked for first: every
        # process has the same palette, so a board is the same image wherever it is drawn
        with speaking(DEFAULT_LOCALE):
            palette = _palettes[game] = _build(game)
    return palette


def _build(game: str) -> Image.Image:
    module = rendering.renderer(game)
    counts: Counter[Colour] = Counter()
    for image in _sample_boards(game, module):
        # every other row and column (nearest: the colours stay exact) is sample enough
        half = image.convert("RGB").resize(
            (image.width // 2, image.height // 2), Image.Resampling.NEAREST
        )
        found: list[tuple[int, Colour]] = half.getcolors(maxcolors=1 << 22) or []  # type: ignore[assignment]  # RGB: colours are triples
        counts.update({colour: n for n, colour in found})
    named = list(dict.fromkeys(named_colours([kit, family, module])))[:256]
    ordered = list(named)
    taken = {_slot(c) for c in ordered}
    near_named = {
        (r + dr, g + dg, b + db)
        for r, g, b in taken
        for dr in range(-NEAR, NEAR + 1)
        for dg in range(-NEAR, NEAR + 1)
        for db in range(-NEAR, NEAR + 1)
    }
    for colour, _n in counts.most_common():
        if len(ordered) == 256:
            break
        slot = _slot(colour)
        if slot in taken or slot in near_named:
            continue
        ordered.append(colour)
        taken.add(slot)
    flat = [v for colour in ordered for v in colour]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + flat[:3] * (256 - len(ordered)))
    return palette


def _sample_boards(game: str, module: ModuleType) -> Iterable[Image.Image]:
    """The opening board and the board after :data:`PLAYOUT` moves of a self-played game."""
    engine = engines.get_engine(game)
    players = [f"Player {k}" for k in range(1, engine.max_players + 1)]
    state = engine.setup(players, seed=0)
    rng = random.Random(0)
    yield module.draw_board(engine.view(state, None))
    yield module.draw_board(engine.view(engine.self_play(state, rng, PLAYOUT), None))


def _slot(colour: Colour) -> Colour:
    """Pillow maps colours to a palette through a cache of 4x4x4 colour cubes: one entry each."""
    r, g, b = colour
    return r >> 2, g >> 2, b >> 2


def _is_colour(value: object) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 3
        and all(isinstance(v, int) and 0 <= v <= 255 for v in value)
    )


def named_colours(modules: Iterable[ModuleType]) -> Iterable[Colour]:
    """Every colour constant of ``modules``: module-level RGB tuples, those held in
    module-level lists and dicts (type colours, player colours), and the colour fields of
    dataclass constants (a family ``Theme``, each ``RuleColour`` of ``RULE_COLOURS``)."""
    for module in modules:
        for name, value in vars(module).items():
            if not name.isupper():
                continue
            yield from _colours_in(value, depth=3)


def _colours_in(value: object, depth: int) -> Iterable[Colour]:
    if _is_colour(value):
        yield value  # type: ignore[misc]  # checked: an RGB triple
    elif depth == 0:
        return
    elif isinstance(value, dict):
        for v in value.values():
            yield from _colours_in(v, depth - 1)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _colours_in(v, depth - 1)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            v = getattr(value, field.name)
            if _is_colour(v):
                yield v
