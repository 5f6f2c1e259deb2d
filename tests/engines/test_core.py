"""The engine template in ``engines/core.py``: what ``apply``, ``remove_player`` and
``suggest`` check for every game, its defaults, and option validation. Checked on the toy
game (race to 21) and a bare engine that keeps every default."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from engines.core import (
    Action,
    ActionRole,
    Amount,
    Engine,
    Event,
    IllegalAction,
    OptionSpec,
    Result,
    Rng,
    move_with_amount,
    role_shown,
)
from tests.engines.toy import ToyEngine, ToyState

TOY = ToyEngine()


def _game() -> ToyState:
    return TOY.setup(["Ada", "Bo"], seed=1)


class Bare(Engine[ToyState]):
    """An engine that writes only the abstract methods and keeps every default."""

    name = "bare"
    title = "Bare"
    min_players = 2
    max_players = 2
    state_type = ToyState

    def setup(self, players, *, seed, options=None):
        return ToyState(players=list(players), pile=3, secrets={}, rng=Rng(seed=seed))

    def to_act(self, state):
        return ["Ada"] if state.winner is None else []

    def legal_actions(self, state, player):
        return (
            [Action(id="go", label="Go", role=ActionRole.NORMAL)]
            if player == "Ada" and state.pile
            else []
        )

    def view(self, state, viewer):
        return state

    def result(self, state):
        return None if state.winner is None else Result(winners=[state.winner], reason="won")


BARE = Bare()


# -- apply ---------------------------------------------------------------------------------------
def test_a_legal_action_changes_a_copy_and_returns_its_events():
    state = _game()
    new, events = TOY.apply(state, "Ada", "take:2")
    assert (new.pile, new.turn) == (19, 1)
    assert [e.text for e in events] == ["Ada takes 2; 19 left."]
    assert (state.pile, state.turn) == (21, 0), "the state given is never changed"


def test_a_stranger_is_told_they_are_not_playing():
    with pytest.raises(IllegalAction, match="^You are not playing in this game.$"):
        TOY.apply(_game(), "Zed", "take:1")


def test_no_action_is_taken_once_the_game_is_over():
    state = _game()
    state.over = True
    with pytest.raises(IllegalAction, match="^The game is over.$"):
        TOY.apply(state, "Ada", "take:1")


def test_a_player_with_no_move_now_is_told_whom_the_game_waits_for():
    with pytest.raises(IllegalAction, match="^The game is waiting for Ada, not you.$"):
        TOY.apply(_game(), "Bo", "take:1")


def test_an_action_that_is_not_among_the_player_s_moves_is_refused_by_its_id():
    with pytest.raises(IllegalAction, match="^'take:4' is not a move you can make now.$"):
        TOY.apply(_game(), "Ada", "take:4")


def test_a_refused_action_id_is_quoted_at_most_40_characters_long():
    with pytest.raises(IllegalAction) as refused:
        TOY.apply(_game(), "Ada", "x" * 100)
    assert refused.value.reason == f"'{'x' * 40}' is not a move you can make now."


def test_an_awaited_player_without_legal_moves_hears_the_id_refused_not_a_wait():
    state = _game()
    state.pile = 0  # crafted: Ada is awaited but has nothing to take
    with pytest.raises(IllegalAction, match="is not a move you can make now"):
        TOY.apply(state, "Ada", "take:1")


def test_a_move_offered_without_a_handler_is_the_engine_s_bug_not_a_refusal():
    with pytest.raises(TypeError, match="^bare's move 'go' carries no handler$"):
        BARE.apply(BARE.setup(["Ada", "Bo"], seed=1), "Ada", "go")


def test_a_move_runs_the_handler_it_carries_then_the_engine_s_settle():
    ran: list[str] = []

    class Settling(Bare):
        def legal_actions(self, state, player):
            return [
                Action(id="go", label="Go", role=ActionRole.NORMAL, do=lambda *a: ran.append("do"))
            ]

        def settle(self, state, events):
            ran.append("settle")

    Settling().apply(BARE.setup(["Ada", "Bo"], seed=1), "Ada", "go")
    assert ran == ["do", "settle"]


def test_the_players_of_the_state_are_seated_unless_the_engine_says_otherwise():
    state = BARE.setup(["Ada", "Bo"], seed=1)
    assert BARE.seated(state, "Bo") is True
    assert BARE.seated(state, "Zed") is False


def test_a_game_is_over_once_its_state_says_so():
    state = BARE.setup(["Ada", "Bo"], seed=1)
    assert BARE.is_over(state) is False
    state.over = True
    assert BARE.is_over(state) is True


def test_a_state_copy_is_equal_and_independent():
    state = _game()
    copy = TOY.copy_state(state)
    assert copy == state and copy is not state
    copy.secrets["Ada"] = 99
    assert state.secrets["Ada"] != 99


# -- remove_player -------------------------------------------------------------------------------
def test_a_player_leaves_through_the_engine_s_rules_on_a_copy():
    state = TOY.setup(["Ada", "Bo", "Cy"], seed=1)
    new, events = TOY.remove_player(state, "Bo")
    assert new.players == ["Ada", "Cy"] and state.players == ["Ada", "Bo", "Cy"]
    assert [e.text for e in events] == ["Bo leaves the game."]


def test_removing_a_stranger_is_refused():
    with pytest.raises(IllegalAction, match="^That player is not in this game.$"):
        TOY.remove_player(_game(), "Zed")


def test_nobody_is_removed_from_a_finished_game():
    state = _game()
    state.over = True
    with pytest.raises(IllegalAction, match="^The game is over.$"):
        TOY.remove_player(state, "Bo")


def test_by_default_a_game_cannot_go_on_without_a_player():
    with pytest.raises(IllegalAction, match="^This game cannot continue without that player.$"):
        BARE.remove_player(BARE.setup(["Ada", "Bo"], seed=1), "Bo")


# -- suggest -------------------------------------------------------------------------------------
def test_a_stand_in_picks_one_of_the_player_s_legal_actions():
    state = _game()
    picks = {TOY.suggest(state, "Ada", random.Random(seed)) for seed in range(40)}
    assert picks == {"take:1", "take:2", "take:3"}


def test_a_stand_in_for_a_player_with_nothing_to_do_is_refused():
    with pytest.raises(IllegalAction, match="^Bo has nothing to do now.$"):
        TOY.suggest(_game(), "Bo", random.Random(1))


def test_the_default_pick_follows_the_random_generator_it_is_given():
    actions = [Action(id=str(i), label=str(i), role=ActionRole.NORMAL) for i in range(10)]
    state = _game()
    assert BARE.pick(state, "Ada", actions, random.Random(7)) == random.Random(7).choice(actions).id


def test_an_engine_s_summary_is_empty_unless_it_writes_one():
    assert BARE.summary(BARE.setup(["Ada", "Bo"], seed=1)) == ""


# -- the random generator --------------------------------------------------------------------------
def test_each_draw_advances_the_generator_s_position_by_one():
    rng = Rng(seed=5)
    rng.randint(1, 6)
    rng.shuffle([1, 2, 3])
    rng.choice("abc")
    assert rng.draws == 3


def test_a_draw_depends_on_the_seed_and_the_position():
    assert Rng(seed=5, draws=3).next().random() == Rng(seed=5, draws=3).next().random()
    assert Rng(seed=5, draws=3).next().random() != Rng(seed=5, draws=4).next().random()
    assert Rng(seed=5).next().random() != Rng(seed=6).next().random()


def test_choice_picks_from_the_items_given():
    rng = Rng(seed=9)
    assert {rng.choice(["a", "b", "c"]) for _ in range(60)} == {"a", "b", "c"}


def test_randint_covers_both_ends():
    rng = Rng(seed=9)
    assert {rng.randint(1, 3) for _ in range(60)} == {1, 2, 3}


# -- events, actions, results --------------------------------------------------------------------
def test_an_event_is_public_information_unless_marked_private():
    event = Event(text="Ada draws.")
    assert (event.kind, event.private_to) == ("info", None)


def test_an_action_cannot_be_changed_once_made():
    action = Action(id="take:1", label="Take 1", role=ActionRole.NORMAL)
    with pytest.raises(ValueError):
        action.id = "take:3"


def test_an_action_saved_before_roles_loads_undeclared_and_is_treated_as_asking_first():
    saved = Action.model_validate({"id": "bankrupt", "label": "Declare bankruptcy"})
    assert (saved.role, saved.kind) == (None, None)
    assert role_shown(saved) is ActionRole.DESTRUCTIVE


def test_an_action_read_from_outside_data_is_validated():
    with pytest.raises(ValidationError):
        Action.model_validate({"id": 5, "label": 3, "role": "maybe"})


def test_a_move_made_with_a_typed_amount_keeps_the_role_and_kind_of_the_move_offered():
    bid = Action(
        id="bid:to",
        label="Bid",
        role=ActionRole.MAIN,
        kind="Bid",
        amount=Amount(low=1, high=9, made="Bid {n}"),
    )
    made = move_with_amount(bid, "5")
    assert (made.id, made.label, made.role, made.kind) == ("bid:to:5", "Bid 5", "main", "Bid")


def test_a_result_without_scores_has_an_empty_score_table():
    assert Result(winners=["Ada"], reason="won").scores == {}


def test_an_illegal_action_carries_its_reason_for_the_player():
    refusal = IllegalAction("Not now.")
    assert refusal.reason == str(refusal) == "Not now."


# -- options ---------------------------------------------------------------------------------------
class Optioned(Bare):
    options = [
        OptionSpec(key="mode", label="Mode", choices=["basic", "advanced"], default="basic"),
        OptionSpec(
            key="colour", label="Colour", choices=["red", "blue"], default="red", per_player=True
        ),
        OptionSpec(
            key="animal",
            label="Animal",
            choices=["cat", "dog"],
            default="cat",
            per_player=True,
            unique=True,
        ),
    ]


OPTIONED = Optioned()
PAIR = ["Ada", "Bo"]


def test_game_wide_options_default_when_not_chosen():
    assert OPTIONED.validate_options(PAIR, None) == {"mode": "basic", "colour": {}, "animal": {}}


def test_a_game_wide_choice_is_kept():
    assert OPTIONED.validate_options(PAIR, {"mode": "advanced"})["mode"] == "advanced"


def test_an_unknown_option_is_refused_with_the_valid_ones():
    with pytest.raises(
        IllegalAction, match="^Unknown option 'speed' for Bare. Options: mode, colour, animal.$"
    ):
        OPTIONED.validate_options(PAIR, {"speed": "fast"})


def test_an_engine_without_options_says_there_are_none():
    with pytest.raises(IllegalAction, match="Options: none.$"):
        BARE.validate_options(PAIR, {"speed": "fast"})


def test_a_game_wide_value_outside_the_choices_is_refused_with_them():
    with pytest.raises(
        IllegalAction, match="^'expert' is not a choice for Mode: basic, advanced.$"
    ):
        OPTIONED.validate_options(PAIR, {"mode": "expert"})


def test_an_invalid_per_player_choice_is_refused_with_the_choices():
    with pytest.raises(IllegalAction, match="^'green' is not a choice for Colour: red, blue.$"):
        OPTIONED.validate_options(PAIR, {"colour": {"Ada": "green"}})


def test_per_player_choices_are_kept_for_seated_players_only():
    chosen = {"Ada": "blue", "Zed": "red"}
    assert OPTIONED.validate_options(PAIR, {"colour": chosen})["colour"] == {"Ada": "blue"}


def test_a_player_who_chose_nothing_is_left_out_of_the_choices():
    out = OPTIONED.validate_options(PAIR, {"colour": {"Ada": None, "Bo": "red"}})
    assert out["colour"] == {"Bo": "red"}


def test_two_players_may_share_a_choice_that_is_not_unique():
    out = OPTIONED.validate_options(PAIR, {"colour": {"Ada": "red", "Bo": "red"}})
    assert out["colour"] == {"Ada": "red", "Bo": "red"}


def test_two_players_may_not_share_a_unique_choice():
    with pytest.raises(IllegalAction, match="^Two players chose the same Animal.$"):
        OPTIONED.validate_options(PAIR, {"animal": {"Ada": "cat", "Bo": "cat"}})


def test_players_who_chose_nothing_do_not_clash_over_a_unique_choice():
    out = OPTIONED.validate_options(PAIR, {"animal": {"Ada": None, "Bo": None}})
    assert out["animal"] == {}


class TwoAwaited(Bare):
    """Ada and Bo both decide now; Cy may only trade out of turn."""

    def to_act(self, state):
        return ["Ada", "Bo"]

    def legal_actions(self, state, player):
        return [Action(id="trade", label="Trade", role=ActionRole.NORMAL)] if player == "Cy" else []

    def pick(self, state, player, actions, rng):
        return f"{player} picks with the pile at {state.pile}"


TWO = TwoAwaited()


def test_a_player_not_awaited_hears_every_awaited_player_named():
    with pytest.raises(IllegalAction, match="^The game is waiting for Ada, Bo, not you.$"):
        TWO.apply(TWO.setup(["Ada", "Bo", "Cy", "Dee"], seed=1), "Dee", "go")


def test_a_player_with_out_of_turn_moves_hears_a_wrong_id_refused_not_a_wait():
    with pytest.raises(IllegalAction, match="^'go' is not a move you can make now.$"):
        TWO.apply(TWO.setup(["Ada", "Bo", "Cy"], seed=1), "Cy", "go")


def test_a_stand_in_asks_the_engine_s_pick_with_the_state_and_the_player():
    assert TWO.suggest(TWO.setup(["Ada", "Bo", "Cy"], seed=1), "Cy", random.Random(1)) == (
        "Cy picks with the pile at 3"
    )


def test_a_player_who_chose_nothing_does_not_hide_another_s_invalid_choice():
    with pytest.raises(IllegalAction, match="^'green' is not a choice for Colour"):
        OPTIONED.validate_options(PAIR, {"colour": {"Ada": None, "Bo": "green"}})


def test_self_play_stops_once_its_condition_holds():
    engine = ToyEngine()
    start = engine.setup(["a", "b"], seed=3)
    moved = engine.self_play(start, random.Random(3), 50, until=lambda s: s != start)
    again = engine.self_play(start, random.Random(3), 1)
    assert moved == again  # one move made the state differ: it stopped there


def test_self_play_stops_at_the_end_of_the_game():
    engine = ToyEngine()
    end = engine.self_play(engine.setup(["a", "b"], seed=3), random.Random(3), 10_000)
    assert end.over and engine.result(end) is not None
