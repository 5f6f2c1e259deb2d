"""Anatomy Park images: the park as it grows (public) and a player's hand and plan (private).

Phone first: the board is a landscape or square canvas ``WIDTH`` px wide whose smallest text is
``phone_min_text(WIDTH)`` (9 px once Discord shows it 400 px wide). The family header, the turn
strip and the "last turn" line run across the top; below, the park sits on the left, scaled to
fit however far it grows, and the players' panel on the right. A tile shows its name where the
name fits at that size, else its short code ("Hau"; the alt text pairs codes with names); its
type letter and VP always, and its colour twice: as the fill and as a pattern (``RULE_COLOURS``).
Characters, control markers and diseases have their own row at the tile's foot, never over the
name. Text is pasted from cached glyph masks (see ``render_text``) to stay fast.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.anatomy_park.data import DISEASE_CODES
from engines.anatomy_park.render_text import Box, ascent_offset, layout, stamp, width
from engines.anatomy_park.views import (
    APView,
    CellView,
    DiseaseView,
    PlayerView,
    TileView,
    tile_view,
)
from i18n.speaking import cache_per_language, ordinal, shown, tr, trn
from rendering import family
from rendering.family import Seat, Standing, Theme
from rendering.kit import (
    INK,
    MUTED,
    PAPER,
    WHITE,
    Draw,
    contrast_ink,
    font,
    player_colour,
    text_size,
    to_png,
    wrap,
)
from rendering.palettes import board_palette
from rendering.vision import RuleColour

WIDTH = 1000
#: the smallest text on every image of this width (9 px at a phone's 400 px)
MIN = family.phone_min_text(WIDTH)
SIZES = family.sizes(WIDTH)
MARGIN = 12
GAP = 12
AXIS = MIN + 8  # the coordinates' band above and left of the park
PANEL_W = 372  # the players' column at the right
MAX_CELL = 200
CELL_STEP = 4
#: the least cell height with the chips' row and the foot row apart (in whole steps)
TWO_ROWS = -(-(2 * (MIN + 6) + 12) // CELL_STEP) * CELL_STEP
CHIP = MIN + 6  # the height of a tile's type and VP chips and of its foot row

THEME = Theme(
    title="Rick and Morty: Anatomy Park",
    band=(122, 28, 52),
    ink=(255, 255, 255),
    accent=(240, 150, 170),
    art="organs",
)

TILE_FILL = {
    "red": (196, 52, 60),
    "blue": (62, 112, 196),
    "brown": (128, 86, 52),
    "green": (104, 170, 56),
    "yellow": (236, 190, 64),
    "white": (236, 232, 220),
    "none": (232, 150, 170),
}
#: each colour's second cue, drawn into every tile and card of that colour: a pattern for the
#: three colours every tile type comes in, the type letter for the colours one type owns
PATTERN = {
    "red": "dots",
    "blue": "vertical stripes",
    "brown": "diagonal stripes",
    "closed": "horizontal stripes",
}
PATTERN_INK = {
    "red": (228, 120, 124),
    "blue": (120, 160, 226),
    "brown": (92, 58, 30),
    "closed": (170, 132, 46),
}
CLOSED_FILL = (198, 160, 60)
GUT = (240, 218, 218)
GUT_LINE = (226, 196, 198)
DISEASE_FILL = (110, 30, 130)
HEART = (190, 30, 40)
TYPE_LETTER = {
    "attraction": "A",
    "cafe": "C",
    "slide": "S",
    "exit": "X",
    "transport": "R",
    "entrance": "E",
    "focus": "F",
}


def type_word(tile_type: str) -> str:
    """A tile type's word on a card in the hand, in the language being drawn in."""
    words = {
        "attraction": tr("ATTRACTION"),
        "cafe": tr("CAFE"),
        "slide": tr("SLIDE"),
        "exit": tr("EXIT"),
        "transport": tr("RIDE"),
        "entrance": tr("START"),
        "focus": tr("FOCUS GROUP"),
    }
    return words.get(tile_type, tile_type.upper())


DISEASE_CODE = DISEASE_CODES

#: the colours that carry a rule, each with the second cue drawn with it (rendering.vision)
RULE_COLOURS: dict[str, list[RuleColour]] = {
    "tile colours": [
        RuleColour("red tile", TILE_FILL["red"], "dots"),
        RuleColour("blue tile", TILE_FILL["blue"], "vertical stripes"),
        RuleColour("brown tile", TILE_FILL["brown"], "diagonal stripes"),
        RuleColour("green tile (exit)", TILE_FILL["green"], "letter X (label EXIT in hand)"),
        RuleColour("yellow tile (ride)", TILE_FILL["yellow"], "letter R (label RIDE in hand)"),
        RuleColour("closed ride", CLOSED_FILL, "horizontal stripes"),
        RuleColour("entrance", TILE_FILL["none"], "letter E"),
        RuleColour("focus group card", TILE_FILL["white"], "label FOCUS GROUP"),
    ],
    "diseases": [
        RuleColour("disease lasting (red stand)", HEART, "ring"),
        RuleColour("disease", DISEASE_FILL, "two letters"),
    ],
}


def marks(view: APView) -> dict[str, str]:
    """The letter that stands for each player on the park (their characters and their control
    markers): the family's seat letters."""
    letters = family.seat_letters([p.name for p in view.players])
    return {p.name: letter for p, letter in zip(view.players, letters, strict=True)}


# -- tiles ----------------------------------------------------------------------------------------
@lru_cache(maxsize=256)
def _face(colour: str, w: int, h: int) -> tuple[Image.Image, Image.Image]:
    """A tile's face (fill, pattern, outline) and its rounded mask, drawn once per size."""
    fill = CLOSED_FILL if colour == "closed" else TILE_FILL.get(colour, TILE_FILL["none"])
    face = Image.new("RGB", (w, h), fill)
    d = ImageDraw.Draw(face)
    ink = PATTERN_INK.get(colour)
    pattern = PATTERN.get(colour)
    step = max(12, MIN - 4)
    if pattern == "dots" and ink:
        r = max(3, step // 4)
        for y in range(step // 2, h, step):
            off = step // 2 if (y // step) % 2 else 0
            for x in range(step // 2 + off, w, step):
                d.ellipse((x - r, y - r, x + r, y + r), fill=ink)
    elif pattern == "vertical stripes" and ink:
        for x in range(step // 2, w, step):
            d.line((x, 0, x, h), fill=ink, width=3)
    elif pattern == "diagonal stripes" and ink:
        for k in range(-h, w, step):
            d.line((k, h, k + h, 0), fill=ink, width=3)
    elif pattern == "horizontal stripes" and ink:
        for y in range(step // 2, h, step):
            d.line((0, y, w, y), fill=ink, width=3)
    radius = max(6, min(w, h) // 10)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, outline=INK, width=2)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=255)
    return face, mask


def draw_face(image: Image.Image, box: Box, colour: str) -> None:
    """A tile's background in ``colour`` ("closed" for a face-down ride) with its pattern."""
    x0, y0, x1, y1 = box
    face, mask = _face(colour, x1 - x0, y1 - y0)
    image.paste(face, (x0, y0), mask)


def chip(image: Image.Image, draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str) -> int:
    """White rounded chip with bold text at the smallest size (a type letter, a VP figure);
    returns its width."""
    x, y = xy
    w = max(CHIP, width(text, MIN, True) + 10)
    draw.rounded_rectangle((x, y, x + w, y + CHIP), radius=CHIP // 2, fill=WHITE, outline=INK)
    stamp(image, (x + (w - width(text, MIN, True)) // 2, y + 2), text, MIN, bold=True)
    return w


def control_marker(draw: ImageDraw.ImageDraw, xy: tuple[int, int], letter: str, seat: int) -> None:
    """A control marker: a square in the player's colour carrying their letter (a character is
    a disc, so the two never look alike)."""
    x, y = xy
    colour = player_colour(seat)
    draw.rectangle((x, y, x + CHIP, y + CHIP), fill=colour, outline=INK, width=2)
    draw.text(
        (x + CHIP // 2 + 1, y + CHIP // 2 + 1),
        letter,
        font=font(MIN, True),
        fill=contrast_ink(colour),
        anchor="mm",
    )


def empty_marker(draw: ImageDraw.ImageDraw, xy: tuple[int, int]) -> None:
    """The tile's place for a control marker, still free."""
    x, y = xy
    draw.rectangle((x, y, x + CHIP, y + CHIP), fill=WHITE, outline=INK, width=2)
    draw.line((x + 6, y + CHIP - 6, x + CHIP - 6, y + 6), fill=MUTED, width=2)


def disease_width(effect: str) -> int:
    return width(DISEASE_CODE.get(effect, effect[:2].upper()), MIN, True) + 12


def disease_chip(
    image: Image.Image, draw: ImageDraw.ImageDraw, xy: tuple[int, int], effect: str, lasting: bool
) -> int:
    """A disease token: purple with its two letters; a lasting one (the rulebook's red stands)
    in a thick red ring. Returns its width."""
    code = DISEASE_CODE.get(effect, effect[:2].upper())
    x, y = xy
    w = disease_width(effect)
    ring = HEART if lasting else WHITE
    draw.rounded_rectangle(
        (x, y, x + w, y + CHIP), radius=6, fill=DISEASE_FILL, outline=ring, width=3
    )
    stamp(image, (x + 6, y + 2), code, MIN, bold=True, fill=WHITE)
    return w


FIGURE_R = CHIP // 2 + 1


def figure_radius(letter: str) -> int:
    return FIGURE_R if len(letter) == 1 else FIGURE_R + 6  # two letters where initials clash


def figure(draw: ImageDraw.ImageDraw, centre: tuple[int, int], seat: int, letter: str) -> None:
    """A character: a disc in the player's colour with their letter, as the family's tokens,
    sized for the foot row (its letter at the phone's least size)."""
    x, y = centre
    r = figure_radius(letter)
    colour = player_colour(seat)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK, width=2)
    draw.text((x, y + 1), letter, font=font(MIN, True), fill=contrast_ink(colour), anchor="mm")


#: a name as drawn: its size and lines
Name = tuple[int, tuple[str, ...]]


def line_height(size: int) -> int:
    return int(size * 1.08)


@lru_cache(maxsize=4096)
def fit_name(text: str, w: int, h: int) -> Name | None:
    """``text`` in bold, wrapped whole into a ``w`` x ``h`` box at the largest size from a
    little above the smallest down to the smallest, at most three lines; None when it does not
    fit. Lines are laid out from each word's width (measured once per word and size), not by
    measuring every growing line: a tile's name is laid out again whenever the cells change
    size."""
    for size in (MIN + 2, MIN + 1, MIN):
        room = min(3, h // line_height(size))
        lines = _greedy(text, size, w - 2) if room else None
        if lines is not None and len(lines) <= room:
            return size, lines
    return None


def _greedy(text: str, size: int, w: int) -> tuple[str, ...] | None:
    space = width("a a", size, True) - width("aa", size, True)
    lines: list[str] = []
    line, line_w = "", 0
    for word in text.split():
        ww = width(word, size, True)
        if ww > w:
            return None
        if line and line_w + space + ww <= w:
            line, line_w = f"{line} {word}", line_w + space + ww
        else:
            if line:
                lines.append(line)
            line, line_w = word, ww
    if line:
        lines.append(line)
    return tuple(lines)


#: a character on a tile: (seat, letter); a disease: (effect, lasting); a marker: (letter, seat)
Figure = tuple[int, str]
Sickness = tuple[str, bool]


def _tile(
    image: Image.Image,
    box: Box,
    cell: CellView,
    chars: list[PlayerView],
    diseases: list[DiseaseView],
    letters: dict[str, str],
) -> None:
    """A park space's tile, pasted from a cache of drawn tiles (most tiles look the same from
    one board to the next)."""
    x0, y0, x1, y1 = box
    marker = (
        None
        if cell.controller is None
        else (letters.get(cell.controller, "?"), cell.controller_seat or 0)
    )
    drawn = _cell_image(
        None if cell.tile is None else cell.tile.id,
        cell.closed,
        marker,
        tuple((d.effect, d.ongoing) for d in diseases),
        tuple((p.seat, letters.get(p.name, "?")) for p in chars),
        x1 - x0,
        y1 - y0,
    )
    image.paste(drawn, (x0, y0))


@cache_per_language(maxsize=1024)
def _cell_image(
    tile_id: str | None,
    closed: bool,
    marker: tuple[str, int] | None,
    diseases: tuple[Sickness, ...],
    chars: tuple[Figure, ...],
    w: int,
    h: int,
) -> Image.Image:
    """A tile as drawn in the language being drawn in (each language's kept apart)."""
    image = Image.new("RGB", (w, h), GUT)
    draw_tile(
        image,
        Draw(image),
        (2, 2, w - 2, h - 2),
        None if tile_id is None else tile_view(tile_id),
        closed,
        marker,
        diseases,
        chars,
    )
    return image


def draw_tile(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    inner: Box,
    t: TileView | None,
    closed: bool,
    marker: tuple[str, int] | None = None,
    diseases: tuple[Sickness, ...] = (),
    chars: tuple[Figure, ...] = (),
) -> None:
    """A tile in ``inner``: its face, the type and VP chips, its name or code, and the foot row
    (control marker, diseases, characters) when there is something to show there."""
    ix0, iy0, ix1, iy1 = inner
    draw_face(image, inner, "closed" if closed else (t.colour if t else "none"))
    foot = bool(chars or diseases or marker or (t and t.marker))
    top_y = iy0 + 4
    foot_y = iy1 - 4 - CHIP
    # a tile too low for the chips' row above the foot row keeps only its type letter, and the
    # foot row starts after it
    low = foot and foot_y < top_y + CHIP + 2
    if t is not None:
        if low:
            chip(image, draw, (ix0 + 4, top_y), tile_chips(t)[0])
        else:
            _chips(image, draw, (ix0 + 4, top_y, ix1 - 4), t)
    # the name (or its code) between the chips' row and the foot row
    mid = (ix0 + 3, top_y + CHIP + 2, ix1 - 3, (foot_y - 2) if foot else iy1 - 4)
    label = tr("closed") if closed else (t.name if t else "")
    lines = fit_name(label, mid[2] - mid[0], mid[3] - mid[1]) if label else None
    if lines is None and t is not None and not closed:
        lines = fit_name(t.code, mid[2] - mid[0], mid[3] - mid[1])
    if lines:
        fill = CLOSED_FILL if closed else TILE_FILL.get(t.colour if t else "none", WHITE)
        _plate(image, draw, mid, lines, INK if closed else contrast_ink(fill), fill)
    if not foot:
        return
    # the foot row, left to right: the marker, the diseases, then the characters at the right;
    # on a tile too narrow for all of them they overlap one another (never the name)
    # (width, what): "marker", "free", ("disease", effect, lasting), ("figure", seat, letter)
    items: list[tuple[int, tuple[str, ...] | tuple[str, str, bool] | tuple[str, int, str]]] = []
    if marker is not None:
        items.append((CHIP, ("marker",)))
    elif t is not None and t.marker:
        items.append((CHIP, ("free",)))
    items += [(disease_width(e), ("disease", e, lasting)) for e, lasting in diseases]
    items += [(2 * figure_radius(letter), ("figure", seat, letter)) for seat, letter in chars]
    left = ix0 + 4 + (CHIP + 4 if low and t is not None else 0)
    room = ix1 - 4 - left
    widths = [w for w, _ in items]
    if sum(widths) + 4 * (len(items) - 1) <= room:
        xs, x = [], left
        for w in widths:
            xs.append(x)
            x += w + 4
        shift = ix1 - 4 - x + 4  # the characters stand at the right
        n_chars = len(chars)
        xs = xs[: len(xs) - n_chars] + [v + shift for v in xs[len(xs) - n_chars :]]
    else:
        step = max(0.0, (room - widths[-1]) / max(1, len(items) - 1))
        xs = [int(left + k * step) for k in range(len(items))]
    for x, (w, what) in zip(xs, items, strict=True):
        x = max(ix0 + 2, min(x, ix1 - 4 - w))  # never past the tile's edge
        if what[0] == "marker" and marker is not None:
            control_marker(draw, (x, foot_y), *marker)
        elif what[0] == "free":
            empty_marker(draw, (x, foot_y))
        elif what[0] == "disease":
            disease_chip(image, draw, (x, foot_y), str(what[1]), bool(what[2]))
        elif what[0] == "figure":
            figure(draw, (x + w // 2, foot_y + CHIP // 2), int(what[1]), str(what[2]))


def tile_chips(t: TileView) -> tuple[str, str]:
    """The type letter and the VP figure ("*": it scores more for its neighbours)."""
    letter = TYPE_LETTER.get(t.type, t.type[:1].upper())
    vp = "" if t.type in ("entrance", "focus") else f"{t.vp}" + ("*" if "*" in t.text else "")
    return letter, vp


def _chip_w(text: str) -> int:
    return max(CHIP, width(text, MIN, True) + 10)


def _chips(
    image: Image.Image, draw: ImageDraw.ImageDraw, row: tuple[int, int, int], t: TileView
) -> None:
    """The type letter at the left and the VP at the right; on a narrow tile one chip "A3";
    on the narrowest the letter alone (the hand and the alt text have the VP)."""
    x0, y, x1 = row
    letter, vp = tile_chips(t)
    if not vp:
        chip(image, draw, (x0, y), letter)
    elif _chip_w(letter) + _chip_w(vp) + 4 <= x1 - x0:
        chip(image, draw, (x0, y), letter)
        chip(image, draw, (x1 - _chip_w(vp), y), vp)
    elif _chip_w(letter + vp) <= x1 - x0:
        chip(image, draw, (x0, y), letter + vp)
    else:
        chip(image, draw, (x0, y), letter)


def _plate(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    name: Name,
    ink: tuple[int, ...],
    fill: tuple[int, int, int],
) -> None:
    """The name on a plain plate of the tile's colour (the pattern stops around the words)."""
    x0, y0, x1, y1 = box
    size, lines = name
    line_h = line_height(size)
    total = line_h * len(lines)
    top = y0 + (y1 - y0 - total) // 2
    widest = max(width(ln, size, True) for ln in lines)
    cx = (x0 + x1) // 2
    draw.rounded_rectangle(
        (cx - widest // 2 - 4, top - 2, cx + widest // 2 + 4, top + total + 2), radius=6, fill=fill
    )
    y = top - _cap_offset(size)
    for ln in lines:
        stamp(image, (cx - width(ln, size, True) // 2, y), ln, size, bold=True, fill=ink)
        y += line_h


def _cap_offset(size: int) -> int:
    return ascent_offset(size, True) // 2


# -- the board ------------------------------------------------------------------------------------
def _bounds(view: APView) -> tuple[int, int, int, int]:
    xs = [c.x for c in view.cells] + [p.x for p in view.players if p.x is not None]
    ys = [c.y for c in view.cells] + [p.y for p in view.players if p.y is not None]
    xs += [d.x for d in view.diseases]
    ys += [d.y for d in view.diseases]
    return min(xs), min(ys), max(xs), max(ys)


def seats(view: APView) -> list[Seat]:
    letters = marks(view)
    out = []
    for p in view.players:
        out.append(
            Seat(
                name=p.name,
                colour=player_colour(p.seat),
                letter=letters[p.name],
                score=str(p.score if p.score is not None else p.vp),
                detail=_character(p),
                turn=view.current == p.name,
                acting=p.name in view.waiting_for,
                out=p.removed,
            )
        )
    return out


def _character(p: PlayerView) -> str:
    """A player's character and its ability in a few words."""
    return tr("{character}: {ability}", character=p.character, ability=p.ability)


def _status(view: APView, p: PlayerView) -> str:
    """A player's public counts: tiles in hand, markers left, where they are."""
    words = [
        trn("{n} tile", "{n} tiles", p.hand_count),
        trn("{n} markers", "{n} markers", p.markers_left),
    ]
    if p.removed:
        words.append(tr("left the game"))
    elif p.left:
        words.append(tr("got out"))
    elif p.final_turns_left is not None and not view.over:
        words.append(trn("{n} turns left", "{n} turns left", p.final_turns_left))
    return " · ".join(words)


def _ruben(view: APView) -> str:
    if view.heart_attacks >= 2:
        return tr("Ruben is dead")
    if view.heart_attacks == 1:
        return tr("Ruben had a HEART ATTACK: final rounds!")
    if view.reshuffled:
        return tr("Ruben is fine; the stack was reshuffled")
    return tr("Ruben is fine")


def _notes(view: APView) -> list[tuple[str, bool]]:
    """The panel's notes under the players, as (text, bold red)."""
    notes = [(_ruben(view), view.heart_attacks > 0)]
    if view.diseases:
        words = ", ".join(f"{DISEASE_CODE.get(d.effect, '?')} {d.name}" for d in view.diseases)
        notes.append((tr("Diseases: {diseases}", diseases=words), False))
    if view.ongoing:
        notes.append((tr("In effect: {cards}", cards=", ".join(view.ongoing)), False))
    if view.last_reaction:
        notes.append((tr("Last body reaction: {card}", card=view.last_reaction), False))
    return notes


def _wrapped(
    text: str, w: int, size: int = MIN, bold: bool = False, max_lines: int = 3
) -> tuple[str, ...]:
    return tuple(wrap(text, font(size, bold), w, max_lines=max_lines))


ROW_GAP = 8


NAME_X = 26 + CHIP  # a panel row's words, from the panel's left


def _panel_rows(
    view: APView,
) -> list[tuple[PlayerView, tuple[str, ...], tuple[str, ...]]]:
    """Each player with their name's lines (beside the VP) and the lines under it (character
    and ability, then counts)."""
    w = PANEL_W - NAME_X - 10
    out = []
    for p in view.players:
        score_w = width(tr("{vp} VP", vp=p.vp), SIZES.name, True)
        names = _wrapped(p.name, w - score_w - 12, SIZES.name, True, 2)
        lines = _wrapped(_character(p), w, max_lines=2) + (_status(view, p),)
        out.append((p, names, lines))
    return out


def _row_height(names: tuple[str, ...], lines: tuple[str, ...]) -> int:
    return len(names) * (SIZES.name + 4) + 2 + len(lines) * (MIN + 4) + ROW_GAP


def _note_lines(text: str, bold: bool) -> tuple[str, ...]:
    return _wrapped(text, PANEL_W - 20, bold=bold, max_lines=6)


def _panel_height(view: APView) -> int:
    rows = sum(_row_height(names, lines) for _, names, lines in _panel_rows(view))
    notes = sum(len(_note_lines(t, b)) * (MIN + 5) for t, b in _notes(view))
    return rows + notes + 2 * GAP


def _panel(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: APView) -> None:
    """The players (token, name, VP, character and ability, counts), then Ruben and effects."""
    x0, y0, x1, _ = box
    draw.rectangle(box, fill=WHITE, outline=(210, 200, 190), width=2)
    letters = marks(view)
    y = y0 + GAP
    for p, names, lines in _panel_rows(view):
        h = _row_height(names, lines)
        acting = p.name in view.waiting_for
        if view.current == p.name or acting:
            draw.rectangle((x0 + 3, y - 4, x1 - 3, y + h - ROW_GAP), fill=(255, 240, 190))
        if view.current == p.name:  # the family's turn marker: a triangle at the row's left
            cy = y + SIZES.name // 2 + 2
            draw.polygon([(x0 + 4, cy - 9), (x0 + 4, cy + 9), (x0 + 14, cy)], fill=THEME.band)
        family.token(
            draw,
            (x0 + 18 + CHIP // 2, y + SIZES.name // 2 + 3),
            CHIP // 2 + 1,
            player_colour(p.seat),
            letters[p.name],
            ring=acting,
        )
        nx = x0 + NAME_X
        score = tr("{vp} VP", vp=p.vp)
        stamp(image, (x1 - 12 - width(score, SIZES.name, True), y), score, SIZES.name, bold=True)
        ly = y
        for ln in names:
            stamp(image, (nx, ly), ln, SIZES.name, bold=True, fill=MUTED if p.removed else INK)
            ly += SIZES.name + 4
        ly += 2
        for k, ln in enumerate(lines):
            stamp(image, (nx, ly), ln, MIN, fill=INK if k < len(lines) - 1 else MUTED)
            ly += MIN + 4
        y += h
    for text, red in _notes(view):
        for ln in _note_lines(text, red):
            stamp(image, (x0 + 10, y), ln, MIN, bold=red, fill=HEART if red else INK)
            y += MIN + 5


def _park_size(view: APView, area_w: int, area_h: int) -> tuple[int, int, int, int]:
    """Columns, rows and the cell's width and height: as large as the area allows, up to
    :data:`MAX_CELL`, a cell at most 1.4 times as tall as wide (or wide as tall). Sizes are
    multiples of :data:`CELL_STEP`, so that the next board mostly reuses the tiles drawn for
    this one (a cached tile is one paste)."""
    bx0, by0, bx1, by1 = _bounds(view)
    cols, rows = bx1 - bx0 + 1, by1 - by0 + 1
    cw = max(CHIP + 8, min(MAX_CELL, (area_w - AXIS) // cols))
    ch = max(CHIP + 8, min(MAX_CELL, (area_h - AXIS) // rows))
    # no wider than 1.4 times the height; no taller than 1.4 times the width unless the
    # chips' row and the foot row need it
    cw, ch = min(cw, int(ch * 1.4)), min(ch, max(int(cw * 1.4), TWO_ROWS))
    return cols, rows, cw - cw % CELL_STEP, ch - ch % CELL_STEP


def _top(view: APView) -> int:
    h = family.header_height(WIDTH)
    if not view.over:
        h += family.turn_strip_height(WIDTH)
    if view.last_turn is not None:
        h += family.last_turn_height(WIDTH, len(_last_lines(view)))
    return h


def _last_lines(view: APView) -> tuple[str, ...]:
    """The last turn's words as the family's line wraps them (at most two lines)."""
    if view.last_turn is None:
        return ()
    # the room family.last_turn_line leaves the words, worked out as it does, so that its
    # wrap of the same words is the one already made here (the kit caches wraps)
    s = SIZES.text
    pad = s * 0.4
    words = font(s)
    left = s * 1.4 + text_size(tr("LAST TURN"), font(s, bold=True))[0] + 3 * pad
    room = int(WIDTH - left - pad)
    text = shown(view.last_turn.line)
    n = 1 if text_size(text, words)[0] <= room else 2
    return tuple(wrap(text, words, room, max_lines=n))


def _standing_rows(view: APView) -> list[Standing]:
    """The final ranking: score, then the rulebook's tie-breaks (fewer markers in the park,
    more tiles in hand); each player's parts and revealed master plan."""
    by_seat = {s.name: s for s in seats(view)}
    ranked = sorted(
        (p for p in view.players if not p.removed),
        key=lambda p: (-(p.score or 0), p.markers_in_park, -p.hand_count),
    )
    rows = []
    place = 0
    prev: tuple[int, int, int] | None = None
    for k, p in enumerate(ranked):
        key = (p.score or 0, p.markers_in_park, p.hand_count)
        if key != prev:
            place, prev = k + 1, key
        rows.append(
            Standing(
                place=place,
                seat=by_seat[p.name],
                total=tr("{vp} VP", vp=p.score or 0),
                breakdown=_breakdown(p),
                winner=p.name in view.winners,
            )
        )
    return rows


def _breakdown(p: PlayerView) -> str:
    """A player's final score in parts: VP tokens, controlled tiles, the master plan (named,
    with its patterns), and whether they got out."""
    b = p.breakdown or {}
    tokens, tiles = b.get("tokens", p.vp), b.get("controlled", 0)
    if p.plan_name is None:
        if p.left:
            return tr("{tokens} tokens + {tiles} tiles, got out", tokens=tokens, tiles=tiles)
        return tr("{tokens} tokens + {tiles} tiles, stayed in", tokens=tokens, tiles=tiles)
    plan = {"plan": b.get("plan", 0), "name": p.plan_name, "patterns": p.plan_patterns or 0}
    if p.left:
        return tr(
            "{tokens} tokens + {tiles} tiles + {plan} plan ({name} ×{patterns}, got out)",
            tokens=tokens,
            tiles=tiles,
            **plan,
        )
    return tr(
        "{tokens} tokens + {tiles} tiles + {plan} plan ({name} ×{patterns}, stayed in)",
        tokens=tokens,
        tiles=tiles,
        **plan,
    )


#: the end board's column widths to choose from; the last spans the board, the park below it
STACKED = WIDTH - 2 * MARGIN
END_COLUMNS = (360, 420, 480, 560, 640, STACKED)
#: the least room the park keeps under standings that span the board
LEAST_PARK = AXIS + 2 * CHIP + 16


def _park_area(view: APView, column: int, room: int) -> tuple[int, int]:
    """The park's width and height beside (or, when it spans the board, under) the end
    column ``column`` wide, in ``room`` of height."""
    if column == STACKED:
        return STACKED, room - _column_height(view, column) - GAP
    return WIDTH - 2 * MARGIN - column - GAP, room


def _end_column(view: APView) -> int:
    """The column for the end reason and the standings: among the widths where they fit the
    board's height, the one that leaves the park the largest cells."""
    room = WIDTH - MARGIN - _top(view) - GAP
    fits = [
        w
        for w in END_COLUMNS
        if _column_height(view, w) <= room
        and _names_fit(view, w)
        and _park_area(view, w, room)[1] >= LEAST_PARK
    ] or [STACKED]

    def cells(w: int) -> tuple[int, int]:
        _, _, cw, ch = _park_size(view, *_park_area(view, w, room))
        return cw * ch, w

    return max(fits, key=cells)


def _standings_left(column: int) -> float:
    """Where ``family.standings`` starts a row's name and breakdown, from the column's left."""
    s = SIZES
    pad = s.text * 0.6
    r = max(family.token_radius(WIDTH), round(s.name * 0.7))
    return pad * 2 + text_size(ordinal(10), font(s.big, bold=True))[0] + 2 * r + pad


def _names_fit(view: APView, column: int) -> bool:
    """Whether every standings row shows its whole name (and "· winner") beside its total."""
    s = SIZES
    pad = s.text * 0.6
    for row in _standing_rows(view):
        name = tr("{name}  · winner", name=row.seat.name) if row.winner else row.seat.name
        total = text_size(shown(row.total), font(s.big, bold=True))[0]
        room = column - _standings_left(column) - total - 2 * pad
        if text_size(name, font(s.name, bold=True))[0] > room:
            return False
    return True


def _breakdown_lines(view: APView, column: int) -> int:
    """How many lines the longest breakdown takes in the standings' column (as
    ``family.standings`` lays it out), so none is cut."""
    pad = SIZES.text * 0.6
    room = int(column - _standings_left(column) - pad)
    lines = [
        len(wrap(row.breakdown, font(SIZES.text), room, max_lines=9))
        for row in _standing_rows(view)
    ]
    return max(lines, default=1)


def _end_lines(view: APView, column: int) -> tuple[str, ...]:
    return _wrapped(tr("Game over: {reason}", reason=view.end_reason), column - 20, MIN, True, 6)


def _column_height(view: APView, column: int) -> int:
    """The right-hand column: the players' panel, or at the end the reason and standings."""
    if not view.over:
        return _panel_height(view)
    return (
        len(_end_lines(view, column)) * (MIN + 6)
        + GAP
        + family.standings_height(WIDTH, len(_standing_rows(view)), _breakdown_lines(view, column))
    )


@dataclass(frozen=True)
class Geometry:
    """Where a board's parts lie, in its pixels (the legend points its callouts with it)."""

    height: int
    strip: tuple[int, int]  # the turn strip's top and bottom (equal at the end)
    last: tuple[int, int]  # the last turn line's top and bottom (equal when there is none)
    body: int  # the top of the park and the column
    origin: tuple[int, int]  # the park's top-left cell corner
    cell: tuple[int, int]  # a cell's width and height
    bounds: tuple[int, int, int, int]  # the park's least and greatest column and row
    column: tuple[int, int]  # the right-hand column's left and right edges

    def cell_box(self, x: int, y: int) -> Box:
        """The box of the park's space (x, y)."""
        (ox, oy), (cw, ch) = self.origin, self.cell
        i, j = x - self.bounds[0], y - self.bounds[1]
        return (ox + i * cw, oy + j * ch, ox + (i + 1) * cw, oy + (j + 1) * ch)


def geometry(view: APView) -> Geometry:
    head = family.header_height(WIDTH)
    strip_end = head + (0 if view.over else family.turn_strip_height(WIDTH))
    last_end = strip_end + (
        family.last_turn_height(WIDTH, len(_last_lines(view))) if view.last_turn else 0
    )
    body = last_end + GAP
    column_w = _end_column(view) if view.over else PANEL_W
    column_h = _column_height(view, column_w)
    park_w, park_h = _park_area(view, column_w, WIDTH - MARGIN - body)
    cols, rows, cw, ch = _park_size(view, park_w, park_h)
    grid_w, grid_h = AXIS + cols * cw, AXIS + rows * ch
    park_top = body + (column_h + GAP if column_w == STACKED else 0)
    return Geometry(
        height=min(WIDTH, max(park_top + grid_h, body + column_h) + MARGIN),
        strip=(head, strip_end),
        last=(strip_end, last_end),
        body=body,
        origin=(MARGIN + max(0, (park_w - grid_w) // 2) + AXIS, park_top + AXIS),
        cell=(cw, ch),
        bounds=_bounds(view),
        column=(WIDTH - MARGIN - column_w, WIDTH - MARGIN),
    )


def draw_board(view: APView) -> Image.Image:
    g = geometry(view)
    image = Image.new("RGB", (WIDTH, g.height), PAPER)
    draw = Draw(image)
    family.header(
        draw,
        WIDTH,
        THEME,
        right=tr(
            "Stack {stack} · Discard {discard}",
            stack=view.stack_count,
            discard=view.discard_count,
        ),
    )
    if not view.over:
        family.turn_strip(draw, (0, g.strip[0], WIDTH, g.strip[1]), seats(view), _phase(view))
    if view.last_turn is not None:
        family.last_turn_line(draw, (0, g.last[0], WIDTH, g.last[1]), shown(view.last_turn.line))
    _park(image, draw, view, g)
    x0, x1 = g.column
    if view.over:
        y = g.body
        for ln in _end_lines(view, x1 - x0):
            fill = HEART if view.heart_attacks >= 2 else INK
            stamp(image, (x0 + 10, y), ln, MIN, bold=True, fill=fill)
            y += MIN + 6
        y += GAP
        rows = _standing_rows(view)
        n = _breakdown_lines(view, x1 - x0)
        sh = family.standings_height(WIDTH, len(rows), n)
        family.standings(draw, (x0, y, x1, y + sh), rows, breakdown_lines=n)
    else:
        _panel(image, draw, (x0, g.body, x1, g.height - MARGIN), view)
    return image


def _phase(view: APView) -> str:
    """What the game waits for, without repeating whose turn it is."""
    prompt = shown(view.prompt)
    if view.current and prompt.startswith(f"{view.current}: "):
        prompt = prompt[len(view.current) + 2 :]
    mode = tr("advanced game") if view.mode == "advanced" else tr("basic game")
    return f"{prompt[:1].upper()}{prompt[1:]} · {mode}"


def _park(image: Image.Image, draw: ImageDraw.ImageDraw, view: APView, g: Geometry) -> None:
    bx0, by0, bx1, by1 = g.bounds
    cols, rows = bx1 - bx0 + 1, by1 - by0 + 1
    (ox, oy), (cw, ch) = g.origin, g.cell
    draw.rectangle((ox, oy, ox + cols * cw, oy + rows * ch), fill=GUT)
    for i in range(cols):
        t = str(bx0 + i)
        stamp(
            image,
            (ox + i * cw + (cw - width(t, MIN, True)) // 2, oy - AXIS + 2),
            t,
            MIN,
            bold=True,
            fill=MUTED,
        )
    for j in range(rows):
        t = str(by0 + j)
        stamp(
            image,
            (ox - width(t, MIN, True) - 4, oy + j * ch + ch // 2 - MIN // 2 - 2),
            t,
            MIN,
            bold=True,
            fill=MUTED,
        )
    letters = marks(view)
    chars: dict[tuple[int, int], list[PlayerView]] = {}
    for p in view.players:
        if p.x is not None and p.y is not None:
            chars.setdefault((p.x, p.y), []).append(p)
    sick: dict[tuple[int, int], list[DiseaseView]] = {}
    for d in view.diseases:
        sick.setdefault((d.x, d.y), []).append(d)
    for c in view.cells:
        box = g.cell_box(c.x, c.y)
        _tile(image, box, c, chars.get((c.x, c.y), []), sick.get((c.x, c.y), []), letters)
    for i in range(cols + 1):  # the grid, in the gaps between the tiles
        draw.line((ox + i * cw, oy, ox + i * cw, oy + rows * ch), fill=GUT_LINE)
    for j in range(rows + 1):
        draw.line((ox, oy + j * ch, ox + cols * cw, oy + j * ch), fill=GUT_LINE)
    changed = set(view.last_turn.marks) if view.last_turn else set()
    for c in view.cells:
        if f"cell:{c.x},{c.y}" in changed:
            family.mark_changed(draw, g.cell_box(c.x, c.y))


def render_board(view: APView) -> bytes:
    """The public board as an 8-bit PNG in the game's palette."""
    return to_png(draw_board(view), palette=board_palette("anatomy_park"))


# -- the hand -------------------------------------------------------------------------------------
CARD_H = 300  # the least card height; a long text makes all the hand's cards taller
NAME_H = 2 * (MIN + 6)
CARD_TOP = CHIP + 14


def _card_text(t: TileView, w: int) -> tuple[int, tuple[str, ...], int]:
    """A card's rule text, whole, at the smallest size, in a box ``w`` wide."""
    return layout(shown(t.text) or tr("No effect."), w, 10_000, MIN, False, 12)


def card_height(hand: list[TileView], card_w: int) -> int:
    """The height at which every card of the hand shows its whole text."""
    need = [len(_card_text(t, card_w - 28)[1]) * int(MIN * 1.14) for t in hand]
    return max([CARD_H] + [CARD_TOP + NAME_H + 6 + n + 12 + 52 for n in need])


def card(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, t: TileView) -> None:
    """A tile in the hand: its face (colour and pattern), type word, VP, name and text."""
    x0, y0, x1, y1 = box
    draw_face(image, box, t.colour)
    word = type_word(t.type)
    vp = "" if t.type == "focus" else tr("{vp} VP", vp=t.vp) + ("*" if "*" in t.text else "")
    vp_w = _chip_w(vp) + 4 if vp else 0
    # the type's word where it fits beside the VP (a longer language's word may not), else
    # its letter
    fits = _chip_w(word) + vp_w <= (x1 - x0) - 16 and width(word, MIN, True) < (x1 - x0) - 80
    chip(image, draw, (x0 + 8, y0 + 8), word if fits else TYPE_LETTER[t.type])
    if vp:
        chip(image, draw, (x1 - 8 - _chip_w(vp), y0 + 8), vp)
    name_box = (x0 + 8, y0 + CARD_TOP, x1 - 8, y0 + CARD_TOP + NAME_H)
    name = fit_name(t.name, name_box[2] - name_box[0], name_box[3] - name_box[1])
    fill = TILE_FILL.get(t.colour, WHITE)
    _plate(image, draw, name_box, name or (MIN, (t.code,)), contrast_ink(fill), fill)
    tb = (x0 + 8, name_box[3] + 6, x1 - 8, y1 - 52)
    draw.rounded_rectangle(tb, radius=8, fill=WHITE)
    size, tl, line_h = _card_text(t, x1 - x0 - 28)
    yy = tb[1] + 4
    for ln in tl:
        stamp(image, (tb[0] + 6, yy), ln, size)
        yy += line_h


def _letter(
    image: Image.Image, draw: ImageDraw.ImageDraw, bottom_centre: tuple[int, int], letter: str
) -> None:
    """The tile's letter, as action labels name it ("Place tile B at ...")."""
    cx, by = bottom_centre
    r = MIN - 2
    draw.ellipse((cx - r, by - 2 * r - 4, cx + r, by - 4), fill=INK)
    w = width(letter, MIN + 3, True)
    stamp(image, (cx - w // 2, by - 2 * r + 1), letter, MIN + 3, bold=True, fill=WHITE)


def plan_pattern(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    ring: str,
    centre: str,
    s: int,
) -> None:
    """A master plan's pattern: two ``ring`` tiles around a ``centre`` tile, with their cues."""
    x, y = xy
    for k, colour in enumerate((ring, centre, ring)):
        draw_face(image, (x + k * s, y, x + k * s + s - 4, y + s - 4), colour)


def render_hand(view: APView) -> bytes:
    hand = view.hand or []
    per_row, gap = (4 if len(hand) <= 8 else 5), 10
    cw = (WIDTH - 2 * MARGIN - (per_row - 1) * gap) // per_row
    n_rows = max(1, (len(hand) + per_row - 1) // per_row)
    card_h = card_height(hand, cw)
    plan_h = 0
    plan_lines: tuple[str, ...] = ()
    if view.plan:
        plan_lines = _wrapped(shown(view.plan.text), WIDTH - 2 * MARGIN - 290, max_lines=4)
        plan_h = 24 + SIZES.name + 10 + max(110, len(plan_lines) * (MIN + 4) + MIN + 14) + 14
    act_lines = (
        _wrapped(
            tr("Act out: {card}", card=shown(view.card_to_act)), WIDTH - 2 * MARGIN, MIN, True, 4
        )
        if view.card_to_act
        else ()
    )
    who = (
        _wrapped(shown(view.character_text), WIDTH - 2 * MARGIN, MIN, False, 2)
        if view.character_text
        else ()
    )
    head = family.header_height(WIDTH)
    title_h = SIZES.name + 16 + len(who) * (MIN + 4)
    act_h = len(act_lines) * (MIN + 4) + (8 if act_lines else 0)
    cards_h = n_rows * (card_h + gap) if hand else MIN + 20
    height = head + title_h + act_h + cards_h + plan_h + MARGIN
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = Draw(image)
    y = family.header(draw, WIDTH, THEME, right=tr("your hand"))
    stamp(
        image,
        (MARGIN, y + 8),
        trn(
            "{player}'s hand: {n} tile",
            "{player}'s hand: {n} tiles",
            len(hand),
            player=view.viewer or "?",
        ),
        SIZES.name,
        bold=True,
    )
    for k, ln in enumerate(who):
        stamp(image, (MARGIN, y + SIZES.name + 12 + k * (MIN + 4)), ln, MIN)
    y += title_h
    for ln in act_lines:
        stamp(image, (MARGIN, y), ln, MIN, bold=True, fill=HEART)
        y += MIN + 4
    y += 8 if act_lines else 0
    if not hand:
        stamp(image, (MARGIN, y + 4), tr("No tiles in hand."), MIN, fill=MUTED)
    for i, t in enumerate(hand):
        r, c = divmod(i, per_row)
        x0 = MARGIN + c * (cw + gap)
        y0 = y + r * (card_h + gap)
        card(image, draw, (x0, y0, x0 + cw, y0 + card_h), t)
        _letter(image, draw, (x0 + cw // 2, y0 + card_h - 4), chr(ord("A") + i))
    y += cards_h
    if view.plan:
        y0 = y + 10
        draw.rounded_rectangle(
            (MARGIN, y0, WIDTH - MARGIN, y0 + plan_h - 14),
            radius=14,
            fill=WHITE,
            outline=INK,
            width=3,
        )
        stamp(
            image,
            (MARGIN + 14, y0 + 10),
            tr("Master plan: {plan}", plan=view.plan.name),
            SIZES.name,
            bold=True,
        )
        ty = y0 + 20 + SIZES.name
        for ln in plan_lines:
            stamp(image, (MARGIN + 14, ty), ln, MIN)
            ty += MIN + 4
        stamp(
            image,
            (MARGIN + 14, ty + 6),
            trn(
                "In the park now: {n} pattern(s)",
                "In the park now: {n} pattern(s)",
                view.plan.patterns_now,
            ),
            MIN,
            bold=True,
        )
        s = 86
        plan_pattern(
            image,
            draw,
            (WIDTH - MARGIN - 3 * s - 10, y0 + 16 + SIZES.name),
            view.plan.ring,
            view.plan.centre,
            s,
        )
    return to_png(image)
