"""Every colour that carries a rule can be told apart by every eye (issue #31): the
colour-vision simulation is Machado et al. (2009) at severity 1.0, and no palette a game
declares (``RULE_COLOURS`` in its renderer) has two colours that come closer than
``vision.NEAR`` under normal vision, deuteranopia, protanopia or tritanopia unless both carry
different second cues (a letter, a pattern, a shape)."""

from __future__ import annotations

import pytest

import rendering
from rendering import vision
from rendering.kit import PLAYER_COLOURS
from rendering.vision import RuleColour
from tests.shipped import shipped_games

#: pure sRGB primaries through Machado et al. (2009)'s severity-1.0 matrices (applied to linear
#: RGB, clipped, encoded back to sRGB): each is the matrix's column for that primary
MACHADO = {
    "deuteranopia": {
        (255, 0, 0): (163, 144, 0),
        (0, 255, 0): (239, 214, 58),
        (0, 0, 255): (0, 61, 251),
    },
    "protanopia": {
        (255, 0, 0): (109, 95, 0),
        (0, 255, 0): (255, 229, 0),
        (0, 0, 255): (0, 89, 255),
    },
    "tritanopia": {
        (255, 0, 0): (255, 0, 15),
        (0, 255, 0): (0, 247, 217),
        (0, 0, 255): (0, 107, 150),
    },
}
#: Anatomy Park's red and brown tiles, which a deuteranope sees as one olive
RED, BROWN = (196, 52, 60), (128, 86, 52)


def close(a, b, tolerance: int = 3) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize(
    ("kind", "colour", "seen"),
    [(kind, colour, seen) for kind, known in MACHADO.items() for colour, seen in known.items()],
)
def test_a_pure_colour_looks_as_machado_2009_says(kind, colour, seen):
    assert close(vision.simulate(colour, kind), seen), vision.simulate(colour, kind)


@pytest.mark.parametrize("kind", vision.KINDS)
def test_white_black_and_grey_stay_as_they_are(kind):
    for grey in ((255, 255, 255), (0, 0, 0), (128, 128, 128)):
        assert close(vision.simulate(grey, kind), grey, tolerance=1)


def test_the_three_simulations_are_the_three_dichromacies():
    assert set(vision.KINDS) == {"deuteranopia", "protanopia", "tritanopia"}


def test_the_distance_is_ciede2000():
    assert vision.distance(RED, RED) == 0
    assert vision.distance(RED, BROWN) == pytest.approx(vision.distance(BROWN, RED))
    # black to white is the whole lightness scale: CIEDE2000 weighs lightness 1 at mid-grey
    assert vision.distance((0, 0, 0), (255, 255, 255)) == pytest.approx(100, abs=0.5)


def test_red_and_brown_with_no_other_cue_are_caught():
    palette = [RuleColour("red tile", RED, ""), RuleColour("brown tile", BROWN, "")]
    found = vision.confusable_pairs(palette)
    assert all({a.meaning, b.meaning} == {"red tile", "brown tile"} for a, b, _, _ in found)
    assert found and {kind for _, _, kind, _ in found} <= {"deuteranopia", "protanopia"}
    assert all(dist < vision.NEAR for _, _, _, dist in found)


def test_red_and_brown_become_one_olive_under_deuteranopia():
    seen = [vision.simulate(c, "deuteranopia") for c in (RED, BROWN)]
    assert vision.distance(*seen) < vision.NEAR <= vision.distance(RED, BROWN)


def test_a_cue_on_one_colour_only_does_not_tell_them_apart():
    palette = [RuleColour("red tile", RED, "letter R"), RuleColour("brown tile", BROWN, "")]
    assert vision.confusable_pairs(palette)


def test_red_and_brown_each_with_its_own_letter_are_told_apart():
    palette = [RuleColour("red tile", RED, "letter R"), RuleColour("brown tile", BROWN, "letter B")]
    assert vision.confusable_pairs(palette) == []


def test_colours_far_apart_for_every_eye_need_no_cue():
    palette = [RuleColour("light", (250, 250, 250), ""), RuleColour("dark", (20, 20, 40), "")]
    assert vision.confusable_pairs(palette) == []


def test_the_player_colours_each_with_its_seat_letter_are_told_apart():
    palette = [
        RuleColour(f"player {k + 1}", rgb, f"letter of seat {k + 1}")
        for k, rgb in enumerate(PLAYER_COLOURS)
    ]
    assert vision.confusable_pairs(palette) == []


@pytest.mark.parametrize("game", sorted(shipped_games()))
def test_every_game_declares_the_colours_that_carry_its_rules(game):
    palettes = rendering.renderer(game).RULE_COLOURS
    assert palettes and all(len(p) >= 2 for p in palettes.values())
    for palette in palettes.values():
        assert all(isinstance(c, RuleColour) and c.meaning for c in palette)


@pytest.mark.parametrize("game", sorted(shipped_games()))
def test_no_two_colours_that_carry_a_rule_are_confusable(game):
    for name, palette in rendering.renderer(game).RULE_COLOURS.items():
        pairs = [
            f"{a.meaning} ~ {b.meaning} ({kind}, {d:.1f})"
            for a, b, kind, d in vision.confusable_pairs(palette)
        ]
        assert not pairs, f"{game} {name}: " + "; ".join(pairs)
