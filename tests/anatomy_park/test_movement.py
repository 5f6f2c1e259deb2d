"""The movement phase: walk (free transport rides), move every disease, or move a tile."""

import pytest

from engines.anatomy_park.engine import ENGINE
from engines.core import IllegalAction
from tests.anatomy_park.helpers import act, card, disease, game, ids, put


def test_start_of_turn_discard_one_tile_per_disease_on_your_tile():
    s = game()
    disease(s, "hep_a", "0,0")
    disease(s, "gonorrhea", "0,0")
    s = _start(s, "Ada")
    assert s.tasks[0].kind == "discard" and s.tasks[0].data["count"] == 2
    choices = ENGINE.legal_actions(s, "Ada")
    assert all(a.private is True and a.label.startswith("Discard ") for a in choices)
    assert [a.label for a in choices][0] == "Discard tile A (disease on your tile)"
    first, second = s.hands["Ada"][:2]
    s, ev = act(s, "Ada", f"discard:{first}", f"discard:{second}")
    assert len(s.hands["Ada"]) == 1 and {first, second} <= set(s.discard)
    assert s.phase == "move"
    assert any("discards" in e.text and e.private_to is None for e in ev)  # face up


def _start(s, player):
    from engines.anatomy_park.flow import advance, begin_turn

    s.tasks = []
    begin_turn(s, player, [])
    advance(s, [])
    return s


def test_annie_discards_one_tile_fewer_for_diseases():
    s = game(chars=["Annie", "Rick"])
    disease(s, "hep_a", "0,0")
    s = _start(s, "Ada")
    assert s.phase == "move" and len(s.hands["Ada"]) == 3


def test_for_each_disease_token_on_your_tile_you_discard_1_tile_the_plague_included():
    s = game()
    disease(s, "plague", "0,0")
    s = _start(s, "Ada")
    assert s.tasks[0].data["count"] == 1


def test_move_character_at_most_its_movement_value():
    s = game(chars=["Rick", "Morty"])  # Rick: Movement 2
    for i, name in enumerate(["Aorta Arcade", "Spleen Mountain", "Oxygen Bar"], start=1):
        put(s, f"{i},0", name)
    legal = ids(s, "Ada")
    assert "go:1,0" in legal and "go:2,0" in legal and "go:3,0" not in legal
    s, _ = act(s, "Ada", "go:2,0")
    assert s.pos["Ada"] == "2,0" and s.phase == "action"


def test_stepping_onto_transport_tiles_is_free_and_stepping_off_costs_one():
    s = game(chars=["Rick", "Morty"])  # Movement 2
    put(s, "1,0", "Aorta Arcade")
    put(s, "2,0", "Lymph Lift")
    put(s, "3,0", "Tendon Tram", closed=True)  # closed tiles count as transports
    put(s, "4,0", "Vein Gondola")
    put(s, "5,0", "Spleen Mountain")
    put(s, "6,0", "Oxygen Bar")
    legal = ids(s, "Ada")
    assert {"go:2,0", "go:3,0", "go:4,0", "go:5,0"} <= set(legal)  # 1 + free rides + 1
    assert "go:6,0" not in legal


def test_move_each_disease_token_1_space_mover_chooses_each_direction():
    s = game()
    put(s, "1,0", "Aorta Arcade")
    put(s, "0,1", "Spleen Mountain")
    disease(s, "hep_a", "0,0")
    disease(s, "tuberculosis", "0,0")
    s, _ = act(s, "Ada", "diseases")
    assert set(ids(s, "Ada")) == {"dmove:E", "dmove:S"}
    s, _ = act(s, "Ada", "dmove:E", "dmove:S")
    assert {d.effect: d.pos for d in s.diseases} == {"hep_a": "1,0", "tuberculosis": "0,1"}
    assert s.phase == "action" and not s.tasks


def test_move_each_disease_token_1_space_no_disease_may_be_left_where_it_can_move():
    s = game()
    put(s, "1,0", "Aorta Arcade")
    disease(s, "hep_a", "0,0")
    s, _ = act(s, "Ada", "diseases")
    assert ids(s, "Ada") == ["dmove:E"]
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, "Ada", "dmove:stay")


def test_move_each_disease_token_1_space_only_a_disease_with_no_tile_to_move_to_stays():
    s = game()
    put(s, "1,0", "Aorta Arcade")
    put(s, "5,5", "Spleen Mountain")  # a detached tile with no neighbour
    disease(s, "hep_a", "5,5")
    disease(s, "tuberculosis", "0,0")
    s, _ = act(s, "Ada", "diseases")
    assert ids(s, "Ada") == ["dmove:E"]  # the stranded one is not asked about
    s, _ = act(s, "Ada", "dmove:E")
    assert {d.effect: d.pos for d in s.diseases} == {"hep_a": "5,5", "tuberculosis": "1,0"}
    assert s.phase == "action" and not s.tasks


def test_diseases_treat_transport_tiles_as_ordinary_tiles():
    s = game()
    put(s, "1,0", "Lymph Lift")
    put(s, "2,0", "Vein Gondola")
    disease(s, "hep_a", "0,0")
    s, _ = act(s, "Ada", "diseases")
    assert "dmove:E" in ids(s, "Ada")
    s, _ = act(s, "Ada", "dmove:E")
    assert s.diseases[0].pos == "1,0"  # one space, no ride


def test_move_a_tile_carries_characters_and_diseases_then_draws_a_body_reaction():
    s = game()
    put(s, "1,0", "Aorta Arcade")
    s.pos["Bea"] = "1,0"
    disease(s, "hep_a", "1,0")
    s.reactions.append(card("burp"))
    s, ev = act(s, "Ada", "mtile:1,0:S")
    assert "1,1" in s.park and "1,0" not in s.park
    assert s.pos["Bea"] == "1,1" and s.diseases[0].pos == "1,1"
    assert s.tasks[0].kind == "act_out"
    assert any("act it out" in e.text for e in ev)


def test_entrance_and_transport_tiles_cannot_be_moved_by_players():
    s = game()
    put(s, "1,0", "Lymph Lift")
    put(s, "0,1", "Tendon Tram", closed=True)
    legal = ids(s, "Ada")
    assert not [a for a in legal if a.startswith(("mtile:0,0", "mtile:1,0", "mtile:0,1"))]


def test_only_your_tile_or_an_adjacent_one_can_be_moved():
    s = game()
    put(s, "1,0", "Aorta Arcade")
    put(s, "2,0", "Spleen Mountain")
    legal = ids(s, "Ada")
    assert any(a.startswith("mtile:1,0") for a in legal)
    assert not any(a.startswith("mtile:2,0") for a in legal)


def test_roger_may_move_a_tile_two_spaces():
    s = game(chars=["Roger", "Rick"])
    put(s, "1,0", "Aorta Arcade")
    assert "mtile:1,0:N2" in ids(s, "Ada")
    s.reactions.append(card("burp"))
    s, _ = act(s, "Ada", "mtile:1,0:N2")
    assert "1,-2" in s.park


def test_character_on_a_detached_tile_returns_to_the_entrance_at_end_of_turn():
    s = game()
    put(s, "1,0", "Aorta Arcade")
    put(s, "2,0", "Spleen Mountain")
    s.pos["Bea"] = "2,0"
    disease(s, "hep_a", "2,0")
    s.pos["Ada"] = "1,0"
    s.reactions.append(card("burp"))
    s, _ = act(s, "Ada", "mtile:2,0:N", "acted")
    assert s.pos["Bea"] == "2,-1"  # still there during the turn
    s, _ = act(s, "Ada", "noaction")
    assert s.pos["Bea"] == "0,0" and s.diseases[0].pos == "2,-1"  # diseases stay
    assert "2,-1" in s.park  # the detached tile stays in place


def test_stomach_rumble_forbids_moving_tiles():
    s = game()
    put(s, "1,0", "Aorta Arcade")
    from engines.anatomy_park.state import Ongoing

    s.ongoing.append(Ongoing(card=card("rumble"), owner="Bea", since_turn=s.turn_no))
    assert not any(a.startswith("mtile") for a in ids(s, "Ada"))


def test_hiccups_limit_the_drawers_movement_to_one():
    s = game(chars=["Roger", "Rick"])
    put(s, "1,0", "Aorta Arcade")
    put(s, "2,0", "Spleen Mountain")
    from engines.anatomy_park.state import Ongoing

    s.ongoing.append(Ongoing(card=card("hiccups"), owner="Ada", since_turn=s.turn_no))
    assert "go:2,0" not in ids(s, "Ada") and "go:1,0" in ids(s, "Ada")


def test_skipping_movement_goes_to_the_action_phase():
    s = game()
    s, _ = act(s, "Ada", "nomove")
    assert s.phase == "action"
    assert ENGINE.to_act(s) == ["Ada"]
