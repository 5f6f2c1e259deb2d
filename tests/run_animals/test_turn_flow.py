"""The turn's steps and their words: giving up an animal to recycle (which one, what is said,
and not once the species is gone), the choices' labels, expelling one animal or all that are
left, and what follows a completed goal: the end at exactly the target, or no goal left."""

from __future__ import annotations

from engines.run_animals.engine import DATA, ENGINE
from engines.run_animals.graveyard import bury
from tests.run_animals.helpers import act, game, give_goal, ids

GOAL_2F_1N = 1  # 2 points


def _labels(state):
    return {a.id: a.label for a in ENGINE.legal_actions(state, state.current)}


def _ready_to_complete(state):
    give_goal(state, "Ada", GOAL_2F_1N, {"F": 2})
    state.seats["Ada"].hand = ["cat1", "cat2"]
    state.seats["Ada"].discard = ["cat3", "cat4"]
    return state


def test_recycling_buries_the_animal_on_the_chosen_tile_and_says_so():
    state = game("cat", "bear")
    mine = [m for m in state.meeples if m.owner == "Ada"]
    mine[-1].tile = 7  # not her first animal
    state.seats["Ada"].discard = ["cat2", "cat3"]
    state, events = act(state, "recycle:7")
    assert sorted(m.tile for m in state.meeples if m.owner == "Ada" and m.tile > 0) == [6] * (
        len(mine) - 1
    )
    texts = [e.text for e in events]
    assert texts[0] == "Ada gives up an animal on tile 7 to recycle."
    assert texts[-1] == "Ada recycles 2 cards from the discard pile."
    assert len(texts) >= 3  # the burial is told between the two
    again = ENGINE.load_state(state.model_dump_json())
    assert again == state and again.recycled_this_turn is True


def test_the_recycle_choice_counts_the_cards_it_brings_back():
    state = game("cat", "bear")
    state.seats["Ada"].discard = ["cat2"]
    assert _labels(state)["recycle:6"] == "Remove your meeple on tile 6 to recycle 1 card"
    state.seats["Ada"].discard = ["cat2", "cat3"]
    assert _labels(state)["recycle:6"] == "Remove your meeple on tile 6 to recycle 2 cards"


def test_giving_up_the_last_animal_ends_the_game_without_recycling():
    state = game("bear", "frog")
    bury(state, DATA, 0)
    state.seats["Ada"].discard = ["bear1"]
    hand = list(state.seats["Ada"].hand)
    state, events = act(state, "recycle:6")
    assert state.phase == "over"
    assert state.seats["Ada"].hand == hand and state.seats["Ada"].discard == ["bear1"]
    assert not any("recycles" in e.text for e in events)


def test_a_card_of_two_alternatives_may_be_skipped_as_neither():
    state = game("bear", "kite")
    state, _ = act(state, "play:bear5")  # Move or Expel
    assert _labels(state)["skip"] == "Do neither action"


def test_the_expel_choices_name_the_animal_and_offer_all_only_while_two_or_more_remain():
    state = game("bear", "kite")
    state, _ = act(state, "play:bear5", "expel")
    queue = state.pending.expel_queue
    first = state.meeples[queue[0]]
    who = f"{first.owner}'s {ENGINE.view(state, None).players[0].species_short}"
    labels = _labels(state)
    assert labels["to:2"].startswith(f"Send {who} to tile 2 (")
    assert labels["all:2"].startswith(f"Send all {len(queue)} remaining animals to tile 2")
    state, _ = act(state, "to:7")
    assert len(state.pending.expel_queue) == 2 and "all:2" in _labels(state)
    state, _ = act(state, "to:7")
    assert len(state.pending.expel_queue) == 1
    assert not any(a.startswith("all:") for a in _labels(state))


def test_sending_all_remaining_animals_says_how_many_went_where():
    state = game("bear", "kite")
    state, _ = act(state, "play:bear5", "expel")
    n = len(state.pending.expel_queue)
    state, events = act(state, "all:5")
    assert f"{n} expelled animals go to tile 5." in [e.text for e in events]
    assert state.pending is None and state.current == "Brook"


def _completed_worth(points: int) -> list[int]:
    """Goal ids (other than the one about to be completed) worth ``points`` together."""
    out, left = [], points
    for goal in sorted(DATA.goals.values(), key=lambda g: -g.points):
        if goal.id != GOAL_2F_1N and goal.points <= left:
            out.append(goal.id)
            left -= goal.points
    assert left == 0
    return out


def test_reaching_exactly_the_target_ends_the_game_with_an_end_event():
    target = DATA.components.win_points.points
    state = _ready_to_complete(game("cat", "bear"))
    state.seats["Ada"].completed = _completed_worth(target - DATA.goals[GOAL_2F_1N].points)
    state, events = act(state, "play:cat1", "acq:N")
    assert state.phase == "over" and ENGINE.result(state).winners == ["Ada"]
    assert events[-1].text == f"The game ends: Ada reached {target} points."
    assert events[-1].kind == "end"


def test_a_goal_completed_when_none_is_left_to_take_recycles_and_ends_the_turn():
    state = _ready_to_complete(game("cat", "bear"))
    state.face_up, state.goal_deck = [], []
    state, events = act(state, "play:cat1", "acq:N")
    texts = [e.text for e in events]
    assert "No survival goal is left to take." in texts
    assert "Ada recycles 3 cards from the discard pile." in texts
    assert sorted(state.seats["Ada"].hand) == ["cat1", "cat2", "cat3", "cat4"]
    assert state.seats["Ada"].goal is None and state.current == "Brook"


def test_a_player_without_a_goal_plays_a_card_and_the_turn_passes():
    state = game("cat", "bear")
    state.seats["Ada"].goal = None
    state.seats["Ada"].hand = ["cat1", "cat2"]
    state, _ = act(state, "play:cat1")
    while state.current == "Ada" and state.phase != "turn":
        state, _ = act(state, "skip" if "skip" in ids(state) else ids(state)[0])
    assert state.current == "Brook" and state.seats["Ada"].completed == []
    assert state.seats["Ada"].discard == ["cat1"]


def test_recycling_is_offered_again_on_the_next_turn():
    state = game("cat", "bear")
    state.seats["Ada"].discard = ["cat2"]
    state, _ = act(state, "recycle:6")
    state, _ = act(state, "play:cat1")
    while state.current == "Ada":
        state, _ = act(state, "skip" if "skip" in ids(state) else ids(state)[0])
    assert state.recycled_this_turn is False
    state.seats["Brook"].discard = ["bear2"]
    assert "recycle:6" in ids(state)
    assert ENGINE.load_state(state.model_dump_json()) == state


def test_a_goal_completed_with_none_left_by_the_last_player_of_a_round_starts_the_next():
    state = _ready_to_complete(game("cat", "bear", start=1))
    state.face_up, state.goal_deck = [], []
    state.turn_in_round = 1  # Brook started the round: Ada plays last
    assert state.current == "Ada"
    state, events = act(state, "play:cat1", "acq:N")
    assert "No survival goal is left to take." in [e.text for e in events]
    assert state.round == 2 and state.phase == "turn"


def test_a_card_that_goes_on_after_expelling_everyone_saves_and_loads():
    state = game("bear", "kite")
    state, _ = act(state, "play:bear3", "expel", "all:2")  # Expel then Acquire
    assert state.phase == "step" and state.pending.expel_queue == []
    assert ENGINE.load_state(state.model_dump_json()) == state
