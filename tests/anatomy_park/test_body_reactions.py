"""Body reactions: acted out in the channel (or -1 VP), diseases, ongoing effects, Migraine."""

from engines.anatomy_park import data
from engines.anatomy_park.engine import ENGINE
from tests.anatomy_park.helpers import act, card, disease, game, give, ids, put, trigger


def test_the_drawer_sees_the_body_reaction_privately_and_others_only_learn_they_drew():
    s = game()
    s, ev = trigger(s, "sneezing")
    private = [e for e in ev if e.private_to == "Ada"]
    public = [e for e in ev if e.private_to is None]
    assert any("Sneezing" in e.text for e in private)
    assert not any("Sneezing" in e.text for e in public)
    assert ENGINE.view(s, "Ada").card_to_act.startswith("Sneezing")
    assert ENGINE.view(s, None).card_to_act is None and ENGINE.view(s, "Bea").card_to_act is None
    assert "Sneezing" not in ENGINE.view(s, None).model_dump_json()
    assert set(ids(s, "Ada")) == {"acted", "penalty"}


def test_the_drawer_s_two_choices_say_what_each_costs():
    s, _ = trigger(game(), "burp")
    labels = {a.id: a.label for a in ENGINE.legal_actions(s, "Ada")}
    assert labels == {"acted": "I acted it out", "penalty": "Skip acting: lose 1 VP"}


def test_the_drawer_alone_is_told_the_card_and_how_to_answer():
    s, ev = trigger(game(), "burp")
    told = [e.text for e in ev if e.private_to == "Ada"]
    assert told == [
        "Your card: **Burp**. The drawer takes 1 tile from the stack. Act it out in the channel"
        " (no naming it!), then press 'I acted it out' - or take -1 VP."
    ]


def test_an_empty_reaction_deck_is_made_again_from_its_discard_pile():
    from engines.anatomy_park.flow import advance
    from engines.anatomy_park.state import Task

    s = game()
    burp = card("burp")
    s.reactions, s.reaction_discard = [], [burp]
    s.phase = "action"
    s.tasks = [Task(kind="draw_reaction", player="Ada")]
    advance(s, [])
    assert s.reaction_discard == [] and s.reactions == []
    assert s.tasks[0].kind == "act_out" and s.tasks[0].data["card"] == burp


def test_a_disease_drawn_by_a_character_off_the_park_appears_on_the_entrance():
    s = game()
    s.pos["Ada"] = "4,4"  # a space without a tile (its tile was washed away)
    s, _ = trigger(s, "hep_a")
    assert [(d.effect, d.pos) for d in s.diseases] == [("hep_a", "0,0")]


def test_acting_it_out_reveals_the_card_without_losing_vp():
    s = game()
    s.vp["Ada"] = 2
    s, _ = trigger(s, "burp")
    s, ev = act(s, "Ada", "acted")
    assert s.vp["Ada"] == 2 and any("Burp" in e.text and e.private_to is None for e in ev)


def test_not_acting_it_out_costs_one_vp():
    s = game()
    s.vp["Ada"] = 2
    s, _ = trigger(s, "burp")
    s, _ = act(s, "Ada", "penalty")
    assert s.vp["Ada"] == 1


def test_a_disease_card_needs_no_acting_its_token_goes_on_the_drawers_tile():
    s = game()
    put(s, "1,0", "Aorta Arcade")
    s.pos["Ada"] = "1,0"
    s, ev = trigger(s, "tuberculosis")
    assert [(d.effect, d.pos) for d in s.diseases] == [("tuberculosis", "1,0")]
    assert any("Tuberculosis" in e.text and e.private_to is None for e in ev)
    assert not s.tasks or s.tasks[0].kind != "act_out"


def test_an_ongoing_effect_lasts_until_the_end_of_the_drawers_next_turn():
    s = game()
    s, _ = trigger(s, "hiccups")
    s, _ = act(s, "Ada", "acted", "noaction")
    assert s.ongoing  # through the others' turns
    s, _ = act(s, "Bea", "nomove", "noaction")
    assert s.ongoing and s.current == "Ada"  # and the drawer's next turn
    s, _ = act(s, "Ada", "nomove", "noaction")
    assert not s.ongoing


def test_e_coli_and_tuberculosis_stay_in_effect_while_they_live():
    s = game()
    put(s, "1,0", "Aorta Arcade")
    s, _ = trigger(s, "e_coli")
    s.diseases[0].pos = "1,0"  # off the characters' tile, so nobody has to discard
    s, _ = act(s, "Ada", "noaction")
    for _ in range(3):
        s, _ = act(s, s.current, "nomove", "noaction")
    assert [d.effect for d in s.diseases] == ["e_coli"]


def test_migraine_gives_the_drawer_an_extra_turn():
    s = game()
    s, _ = trigger(s, "migraine")
    s, _ = act(s, "Ada", "acted", "noaction")
    assert s.current == "Ada" and s.on_extra_turn
    s, _ = act(s, "Ada", "nomove", "noaction")
    assert s.current == "Bea"


def test_a_player_who_left_skips_their_migraine_extra_turn():
    s = game()
    put(s, "1,0", "Nostril Exit")
    s.pos["Ada"] = "1,0"
    s, _ = trigger(s, "migraine")
    s, _ = act(s, "Ada", "acted", "leave")
    assert s.current == "Bea"


def test_most_such_card_effects_are_permanent_until_the_drawer_s_next_turn_ends():
    others = [r for r in data.reactions().values() if r.kind == "reaction"]
    assert len(others) == 16
    assert sum(r.ongoing for r in others) > len(others) / 2


def test_put_only_e_coli_and_tuberculosis_on_red_stands_no_other_disease_lasts():
    lasting = {r.name for r in data.reactions().values() if r.kind == "disease" and r.ongoing}
    assert lasting == {"E. coli", "Tuberculosis"}


def test_bubonic_plague_makes_the_drawer_discard_two_tiles_when_it_appears():
    s = game()
    s, _ = trigger(s, "plague")
    assert s.tasks[0].kind == "discard" and s.tasks[0].data["count"] == 2
    first, second = s.hands["Ada"][:2]
    s, _ = act(s, "Ada", f"discard:{first}", f"discard:{second}")
    assert len(s.hands["Ada"]) == 1 and not s.ongoing


def test_coughing_fit_stops_anyone_moving_the_diseases_until_the_drawer_s_next_turn_ends():
    s = game()
    put(s, "1,0", "Aorta Arcade")
    disease(s, "hep_a", "1,0")
    assert "diseases" in ids(s, "Ada")
    s, _ = trigger(s, "cough")
    s, _ = act(s, "Ada", "acted", "noaction")
    assert s.current == "Bea" and "diseases" not in ids(s, "Bea")
    s, _ = act(s, "Bea", "nomove", "noaction")
    s, _ = act(s, "Ada", "nomove", "noaction")
    assert "diseases" in ids(s, "Bea")


def test_goosebumps_cuts_the_drawer_s_range_to_1():
    from engines.anatomy_park.shooting import targets

    s = game(chars=["Rick", "Morty"])  # Rick's Range is 3
    put(s, "1,0", "Aorta Arcade")
    put(s, "2,0", "Spleen Mountain")
    disease(s, "hep_a", "2,0")
    assert targets(s, "Ada") == ["hep_a"]
    s, _ = trigger(s, "goosebumps")
    s, _ = act(s, "Ada", "acted")
    assert targets(s, "Ada") == [] and targets(s, "Bea") == ["hep_a"]


def test_shivers_makes_the_drawer_roll_one_die_fewer():
    from engines.anatomy_park.shooting import dice_count

    s = game(chars=["Rick", "Poncho"])  # both Combat 3
    s, _ = trigger(s, "shivers")
    s, _ = act(s, "Ada", "acted")
    assert dice_count(s, "Ada") == 2 and dice_count(s, "Bea") == 3


def test_burp_gives_the_drawer_a_tile():
    s = game()
    s, _ = trigger(s, "burp")
    s, _ = act(s, "Ada", "acted")
    assert len(s.hands["Ada"]) == 4


def test_gonorrhea_makes_everyone_pass_a_tile_to_the_left():
    s = game(3)
    a = give(s, "Ada", "Aorta Arcade")
    b = give(s, "Bea", "Spleen Mountain")
    c = give(s, "Cy", "Oxygen Bar")
    s, _ = trigger(s, "gonorrhea")
    assert set(ENGINE.to_act(s)) == {"Ada", "Bea", "Cy"}
    s, _ = act(s, "Bea", f"pass:{b[0]}")
    s, _ = act(s, "Cy", f"pass:{c[0]}")
    s, ev = act(s, "Ada", f"pass:{a[0]}")
    assert s.hands == {"Ada": c, "Bea": a, "Cy": b}
    received = [e for e in ev if "passes you" in e.text]
    assert received and all(e.private_to for e in received)


def test_gonorrhea_s_pass_choices_name_the_receiver_and_are_shown_to_the_passer_alone():
    s = game(3)
    give(s, "Ada", "Aorta Arcade")
    s, _ = trigger(s, "gonorrhea")
    (choice,) = ENGINE.legal_actions(s, "Ada")
    assert choice.label == "Pass tile A to Bea" and choice.private is True


def test_gonorrhea_with_an_empty_hand_you_pass_nothing_but_still_receive():
    s = game(3)
    a = give(s, "Ada", "Aorta Arcade")
    give(s, "Bea")
    c = give(s, "Cy", "Oxygen Bar")
    s, _ = trigger(s, "gonorrhea")
    assert set(ENGINE.to_act(s)) == {"Ada", "Cy"}
    s, _ = act(s, "Ada", f"pass:{a[0]}")
    s, _ = act(s, "Cy", f"pass:{c[0]}")
    assert s.hands == {"Ada": c, "Bea": a, "Cy": []}


def test_hepatitis_a_makes_the_drawer_discard_a_tile():
    s = game()
    s, _ = trigger(s, "hep_a")
    assert s.tasks[0].kind == "discard"
