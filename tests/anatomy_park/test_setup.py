"""Setup, exactly as the rulebook describes it."""

import pytest

from engines.anatomy_park import data
from engines.anatomy_park.engine import ENGINE
from engines.core import IllegalAction
from tests.anatomy_park.helpers import NAMES


def test_component_data_validates_with_provenance_and_published_counts():
    tiles = data.tiles().values()
    assert sum(t.type not in ("focus",) for t in tiles) == 46  # 46 park tiles incl. the entrance
    assert sum(t.type == "focus" for t in tiles) == 9
    assert len(data.reactions()) == 24
    assert sum(r.kind == "heart" for r in data.reactions().values()) == 2
    assert sum(r.kind == "disease" for r in data.reactions().values()) == 6
    assert len(data.plans()) == 6 and len(data.characters()) == 6
    for group in (tiles, data.reactions().values(), data.plans().values()):
        assert all(x.provenance for x in group)  # validated per field at load


def test_tiles_named_in_public_sources_keep_designed_vp_and_effects():
    by_name = {t.name: t for t in data.tiles().values()}
    assert by_name["Haunted Liver"].origin("name") == "published:cryptozoic-blog"
    assert by_name["The Bone Train"].origin("name") == "published:apathetic-preview"
    assert by_name["Pirates of the Pancreas"].origin("name") == "published:apathetic-preview"
    for name in ("Haunted Liver", "The Bone Train", "Pirates of the Pancreas", "Sphincter Dam"):
        assert by_name[name].origin("vp") == "designed"
        assert by_name[name].origin("text") == "designed"


def test_disease_rewards_are_designed_even_where_the_disease_is_in_the_rulebook():
    for r in data.reactions().values():
        if r.kind == "disease":
            assert r.origin("reward_vp") == "designed" and r.origin("reward_tiles") == "designed"


def test_character_names_are_published_their_numbers_designed():
    for c in data.characters().values():
        assert c.origin("name") == "published:cryptozoic-blog"
        assert {c.origin(f) for f in ("movement", "combat", "range")} == {"designed"}


def test_each_player_is_dealt_three_tiles_and_the_rest_form_the_stack():
    s = ENGINE.setup(NAMES[:4], seed=3)
    assert all(len(h) == 3 for h in s.hands.values())
    assert len(s.stack) == 54 - 12


def test_entrance_is_in_the_middle_with_every_character_on_it():
    s = ENGINE.setup(NAMES[:5], seed=3)
    assert s.park["0,0"].tile == data.ENTRANCE and len(s.park) == 1
    assert set(s.pos.values()) == {"0,0"} and len(s.pos) == 5


def test_both_heart_attacks_are_in_the_bottom_half_of_the_body_reaction_deck():
    for seed in range(30):
        deck = ENGINE.setup(NAMES[:2], seed=seed).reactions  # the end of the list is the top
        hearts = [i for i, c in enumerate(deck) if data.reactions()[c].kind == "heart"]
        assert len(hearts) == 2 and all(i < 13 for i in hearts)


def test_each_player_has_five_control_markers():
    s = ENGINE.setup(NAMES[:3], seed=1)
    assert s.markers_left == {p: 5 for p in NAMES[:3]}


def test_advanced_game_deals_one_secret_master_plan_each_and_basic_none():
    adv = ENGINE.setup(NAMES[:6], seed=1, options={"mode": "advanced"})
    assert len(set(adv.plans.values())) == 6
    assert ENGINE.setup(NAMES[:6], seed=1).plans == {}


def test_players_choose_characters_and_the_others_are_dealt_distinct_ones():
    s = ENGINE.setup(NAMES[:4], seed=2, options={"character": {"Ada": "Poncho", "Cy": "Roger"}})
    assert s.characters["Ada"] == "Poncho" and s.characters["Cy"] == "Roger"
    assert len(set(s.characters.values())) == 4


def test_two_players_cannot_choose_the_same_character():
    with pytest.raises(IllegalAction, match="same"):
        ENGINE.setup(NAMES[:2], seed=1, options={"character": {"Ada": "Rick", "Bea": "Rick"}})


def test_first_player_is_rolled_for():
    firsts = {ENGINE.setup(NAMES[:4], seed=k).current for k in range(20)}
    assert len(firsts) > 1


def test_player_counts_outside_two_to_six_are_refused():
    with pytest.raises(IllegalAction):
        ENGINE.setup(NAMES[:1], seed=1)
