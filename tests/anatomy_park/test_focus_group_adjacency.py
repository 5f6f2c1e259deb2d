"""A focus group's space must touch its colour and type along a side; only a park tile's own
requirements may be met across a gap.

Rulebook, "Option: Play a Focus Group Tile": "Find an empty space adjacent to a tile or tiles of
the suitable color and type."
FAQ: "Adjacent: only a tile that touches another along one of its sides is considered adjacent.
Tiles touching diagonally are not considered adjacent!"
Rulebook, "Option: Place a Tile" (a tile's own requirements): "The required tile may also be on
the other side of a gap."

Ada stands on the entrance at (0,0); the space tried is (0,-1), above her.
"""

from tests.anatomy_park.helpers import game, give, ids, put, tid

FOCUS = "Focus Group: Red Attraction"  # needs a red tile and an attraction


def _focus_spaces(s) -> set[str]:
    return {a.split(":")[3] for a in ids(s, "Ada") if a.startswith("focus:")}


def _ada_with(*hand: str):
    s = game()
    s.phase = "action"
    give(s, "Ada", FOCUS, *hand)
    return s


def test_a_focus_group_does_not_count_a_tile_across_a_gap():
    """'adjacent to a tile or tiles of the suitable color and type': a gap is not adjacent."""
    s = _ada_with("Spleen Mountain")
    put(s, "0,-3", "Aorta Arcade")  # a red attraction, (0,-2) empty between
    assert "0,-1" not in _focus_spaces(s)


def test_a_focus_group_needs_both_its_colour_and_type_touching():
    """The red tile touches (0,-1); the attraction is only across a gap: not adjacent."""
    s = _ada_with("Spleen Mountain")
    put(s, "1,-1", "Vein Drain Slide")  # red slide, touching (0,-1)
    put(s, "-2,-1", "Lung Lift-Off")  # blue attraction, (-1,-1) empty between
    assert "0,-1" not in _focus_spaces(s)


def test_a_focus_group_does_not_count_a_diagonal_tile():
    """FAQ: 'Tiles touching diagonally are not considered adjacent!'"""
    s = _ada_with("Spleen Mountain")
    put(s, "1,-2", "Aorta Arcade")  # diagonal to (0,-1)
    assert "0,-1" not in _focus_spaces(s)


def test_a_focus_group_counts_a_tile_touching_along_a_side():
    """FAQ: 'only a tile that touches another along one of its sides is considered adjacent.'"""
    s = _ada_with("Spleen Mountain")
    put(s, "1,-1", "Aorta Arcade")  # a red attraction touching (0,-1)
    assert "0,-1" in _focus_spaces(s)


def test_the_tile_a_focus_group_places_may_meet_its_own_requirement_across_a_gap():
    """'The required tile may also be on the other side of a gap.' still holds for the park
    tile placed with a focus group: only the focus group's own needs must touch."""
    s = _ada_with("Ventricle Vortex")  # needs a cafe
    put(s, "1,-1", "Aorta Arcade")  # the focus group's red attraction, touching (0,-1)
    put(s, "0,-3", "Oxygen Bar")  # the Vortex's cafe, across the gap at (0,-2)
    focus, vortex = tid(FOCUS), tid("Ventricle Vortex")
    assert f"focus:{focus}:{vortex}:0,-1" in ids(s, "Ada")
