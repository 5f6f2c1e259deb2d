"""How turns end and hand on: a game nobody can move in any more ends after two whole idle
turns (a scoring turn is not idle), the last turn's Scoring says what the supply could not
give, and the end is announced as an ``end`` event (what the bot and the watch page read)."""

from __future__ import annotations

from engines.cemetery.engine import ENGINE
from engines.cemetery.flow import advance, do_scoring, start_turn
from tests.cemetery.helpers import creature, fresh, play, run_from, set_cemetery, take


def _texts(events):
    return [e.text for e in events]


def _frozen(state):
    """Nothing left to draft, and nothing in the Cemetery."""
    set_cemetery(state, [])
    state.core_pile, state.part_pile = [], []


def test_the_game_ends_after_two_whole_turns_in_which_nothing_could_happen():
    state = fresh()
    state.sides[0].hand = [take(state, "F-core-1")]
    _frozen(state)
    events = []
    start_turn(state, events)
    advance(state, events, acted=False)
    assert (state.phase, state.turn, state.over) == ("stitch", 1, False)
    state, events = play(state, "core:1")  # Ada's last move; after it nobody can do anything
    texts = _texts(events)
    assert "Turn 2: Brook to play." in texts and "Turn 3: Ada to play." in texts
    assert "Turn 4: Brook to play." not in texts
    assert texts[-2:] == [
        "Neither player can do anything any more: the game ends here.",
        "Game over. Tokens: Ada 0, Brook 0.",
    ]
    assert state.over and state.turn == 3 and ENGINE.to_act(state) == []


def test_the_end_of_a_game_nobody_can_move_in_is_announced_as_end_events():
    state = fresh()
    _frozen(state)
    events = []
    start_turn(state, events)
    advance(state, events, acted=False)
    ends = [e.text for e in events if e.kind == "end"]
    assert ends == [
        "Neither player can do anything any more: the game ends here.",
        "Game over. Tokens: Ada 0, Brook 0.",
    ]


def test_a_turn_in_which_a_creature_scores_is_not_an_idle_turn():
    state = fresh()
    creature(state, 0, "F-core-1", ["F-arm-1", "F-arm-2", "F-head-1", "F-tail-1"])
    _frozen(state)
    events = []
    start_turn(state, events)
    advance(state, events, acted=False)  # only Ada's creature ever does anything: it scores
    texts = _texts(events)
    assert "Neither player can do anything any more: the game ends here." not in texts
    assert "The Revenge supply is empty: Brook plays the final turn." in texts
    assert state.over and state.supply_revenge == 0
    assert state.sides[0].revenge + state.sides[1].revenge > 0


def test_the_game_over_event_after_the_final_turn_is_an_end_event():
    state = fresh()
    state.first, state.current = 1, 0  # Ada is second: her turn is the final one
    creature(state, 0, "F-core-1", ["F-arm-1", "F-arm-2", "F-head-1", "F-tail-1"])
    set_cemetery(state, [])
    state.supply_revenge = 2
    events = run_from(state, "mark")
    assert state.over
    assert [e.text for e in events if e.kind == "end"][-1].startswith("Game over. Tokens: Ada 2")


def test_scoring_from_a_short_supply_names_each_kind_it_could_not_give():
    state = fresh()
    creature(state, 0, "F-core-1", ["P-arm-1", "P-arm-2", "M-head-1", "M-tail-1"])  # 1 R, 2 S
    state.supply_revenge, state.supply_science = 0, 1
    state.final_round = True
    events = []
    do_scoring(state, events)
    assert _texts(events) == [
        "Ada's creature 1 (Flesh Core) scores 1 Science"
        " (the supply could not give 1 Revenge, 1 Science)."
    ]
    assert (state.sides[0].revenge, state.sides[0].science) == (0, 1)


def test_scoring_from_an_empty_supply_scores_nothing_and_says_so():
    state = fresh()
    creature(state, 0, "F-core-1", ["F-arm-1", "F-arm-2", "F-head-1", "F-tail-1"])
    state.supply_revenge, state.supply_science = 0, 0
    state.final_round = True
    events = []
    do_scoring(state, events)
    assert _texts(events) == [
        "Ada's creature 1 (Flesh Core) scores nothing (the supply could not give 3 Revenge)."
    ]


def test_when_both_supplies_run_out_at_once_the_announcement_names_both():
    state = fresh()
    creature(state, 0, "F-core-1", ["P-arm-1", "P-arm-2", "M-head-1", "M-tail-1"])  # 1 R, 2 S
    state.supply_revenge, state.supply_science = 1, 2
    events = []
    do_scoring(state, events)
    assert (
        _texts(events)[-1] == "The Revenge and Science supply is empty: Brook plays the final turn."
    )
    assert state.final_round and not state.over


def test_a_turn_whose_last_move_answers_a_pending_choice_is_not_idle():
    state = fresh()
    creature(state, 0, "M-core-1", ["F-arm-1", "P-head-1"])
    creature(state, 0, "F-core-1", [])
    _frozen(state)
    state.sides[0].science = 1
    run_from(state, "experiment")
    state, _ = play(state, "exp:0:W")
    assert state.pending.kind == "exp_dest"
    state, events = play(state, "to:1:E")  # the Part moves; nobody can do anything after it
    texts = _texts(events)
    assert "Turn 3: Ada to play." in texts and "Turn 4: Brook to play." not in texts
    assert texts[-1] == "Game over. Tokens: Ada 1, Brook 0."
    assert state.over and state.turn == 3


def test_a_draft_with_nothing_to_draft_leaves_no_picks():
    state = fresh()
    state.sides[0].hand = [take(state, "F-core-1")]
    _frozen(state)
    events = []
    start_turn(state, events)
    advance(state, events, acted=False)
    assert "Draft skipped: there is nothing left to draft." in _texts(events)
    assert state.phase == "stitch" and state.picks_left == 0
    assert ENGINE.view(state, None).picks_left == 0
