"""A player on turn who leaves the game ends that turn: whatever ends a turn happens."""

from engines.anatomy_park.engine import ENGINE
from engines.anatomy_park.shooting import dice_count
from engines.anatomy_park.state import Ongoing
from tests.anatomy_park.helpers import act, card, game, ids, put, trigger


def test_a_character_cut_off_goes_home_when_the_player_on_turn_leaves_the_game():
    s = game(3)
    s.pos["Cy"] = "4,4"  # their tile was washed away by a Sphincter Dam this turn
    s, ev = ENGINE.remove_player(s, "Ada")
    assert s.current == "Bea"
    assert s.pos["Cy"] == "0,0"
    assert "Cy's character is cut off from the entrance and returns to it." in [e.text for e in ev]


def test_the_player_on_turn_leaving_ends_their_turn_with_no_extra_turn_for_the_next():
    s = game(3)
    s.extra_turn = True  # Ada drew a Migraine this turn
    s, _ = ENGINE.remove_player(s, "Ada")
    assert ENGINE.load_state(s.model_dump_json()) == s
    s, _ = act(s, "Bea", "nomove", "noaction")
    assert s.current == "Cy"


def test_a_player_leaving_the_game_during_gonorrhea_neither_passes_nor_receives():
    s = game(3)
    s, _ = trigger(s, "gonorrhea")
    cys_pick = ids(s, "Cy")[0]
    s, _ = ENGINE.apply(s, "Cy", cys_pick)
    s, _ = ENGINE.remove_player(s, "Cy")
    ada_gives = ids(s, "Ada")[0].split(":")[1]
    bea_gives = ids(s, "Bea")[0].split(":")[1]
    s, _ = act(s, "Ada", f"pass:{ada_gives}")
    s, _ = act(s, "Bea", f"pass:{bea_gives}")
    assert ada_gives in s.hands["Bea"] and bea_gives in s.hands["Ada"]


def test_gonorrhea_is_dropped_when_only_one_player_in_the_park_is_left_to_pass():
    s = game(3)
    s.pos.pop("Cy")  # Cy got out of the park earlier
    s.left.append("Cy")
    s, _ = trigger(s, "gonorrhea")
    assert ENGINE.to_act(s) == ["Ada", "Bea"]
    hand = list(s.hands["Ada"])
    s, _ = ENGINE.remove_player(s, "Bea")
    assert not any(a.startswith("pass:") for a in ids(s, "Ada"))
    assert s.hands["Ada"] == hand


def test_a_player_leaving_the_game_is_skipped_by_flatulence():
    s = game(3)
    put(s, "1,0", "Aorta Arcade")
    put(s, "-1,0", "Oxygen Bar")
    s, _ = trigger(s, "flatulence")
    s, _ = act(s, "Ada", "acted")
    s, _ = ENGINE.remove_player(s, "Bea")
    s, ev = act(s, "Ada", ids(s, "Ada")[0])
    assert ENGINE.to_act(s) == ["Cy"]
    assert not [e.text for e in ev if "Bea" in e.text]


def test_a_rival_leaving_leaves_the_player_on_turn_what_they_still_have_to_do():
    s = game(3)
    s, _ = trigger(s, "hep_a")  # Ada must discard a tile
    s, _ = ENGINE.remove_player(s, "Bea")
    assert ENGINE.to_act(s) == ["Ada"] and ids(s, "Ada")[0].startswith("discard:")


def test_an_ongoing_card_leaves_with_the_player_who_drew_it():
    s = game(3, chars=["Annie", "Rick", "Morty"])
    s.ongoing.append(Ongoing(card=card("fever"), owner="Bea", since_turn=s.turn_no))
    assert dice_count(s, "Ada") == 2
    s, _ = ENGINE.remove_player(s, "Bea")
    assert dice_count(s, "Ada") == 1


def test_a_player_already_out_of_the_park_can_still_leave_the_game():
    s = game(3)
    s.pos.pop("Cy")
    s.left.append("Cy")
    s.final_turns = {"Ada": 2, "Bea": 2}  # the heart attack came after Cy got out
    s, ev = ENGINE.remove_player(s, "Cy")
    assert "Cy" in s.removed and not s.over


def test_a_player_leaving_during_the_final_rounds_has_no_final_turns_left():
    s = game(3)
    s.final_turns = {"Ada": 2, "Bea": 2, "Cy": 2}
    s, _ = ENGINE.remove_player(s, "Cy")
    seen = {p.name: p.final_turns_left for p in ENGINE.view(s, None).players}
    assert seen == {"Ada": 2, "Bea": 2, "Cy": 0}


def test_the_last_player_left_wins_and_the_game_says_why():
    s = game(2)
    s, ev = ENGINE.remove_player(s, "Bea")
    assert ENGINE.result(s).reason == "everyone else left the game"
    assert ENGINE.load_state(s.model_dump_json()) == s
    assert ev[0].text == (
        "Bea leaves the game; their character leaves the park and their tiles are discarded."
    )
    assert [(e.text, e.kind) for e in ev if e.kind == "end"] == [
        ("Ada wins: everyone else left.", "end")
    ]


def test_the_game_ends_when_the_player_on_turn_leaves_and_nobody_is_left_in_the_park():
    s = game(3)
    s.pos.pop("Bea")
    s.left.append("Bea")
    s.pos.pop("Cy")
    s.left.append("Cy")
    s, ev = ENGINE.remove_player(s, "Ada")
    assert s.over and ENGINE.result(s).reason == "everyone has left the park"
