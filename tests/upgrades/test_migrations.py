"""Each engine's numbered state migrations, one step at a time, and the promise that every
shipped state carries the version its engine's migrations lead to."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import engines
from engines.anatomy_park import migrations as anatomy_park
from engines.cemetery import migrations as cemetery
from engines.cemetery.engine import ENGINE as CEMETERY
from engines.cemetery.state import Slot
from engines.monopoly import migrations as monopoly
from engines.monopoly.engine import ENGINE as MONOPOLY
from engines.run_animals import migrations as run_animals
from tests.shipped import shipped_games

SAVED = sorted((Path(__file__).parent / "saved_states").glob("*.json"))


@pytest.mark.parametrize("game", sorted(shipped_games()))
def test_a_new_game_carries_the_version_its_engine_s_migrations_lead_to(game):
    engine = engines.get_engine(game)
    players = ["Ada", "Bo", "Cy", "Dee"][: engine.min_players]
    state = engine.setup(players, seed=1)
    assert state.schema_version == len(engine.migrations)
    saved = json.loads(state.model_dump_json())
    assert saved["schema_version"] == len(engine.migrations), "the version is saved"
    assert engine.load_state(json.dumps(saved)) == state, "and runs no step at load"


@pytest.mark.parametrize("path", SAVED, ids=[p.stem for p in SAVED])
def test_a_saved_fixture_loads_through_its_migrations_to_the_current_version(path):
    saved = json.loads(path.read_text())
    engine = engines.get_engine(saved["game"])
    version = saved["state"].get("schema_version", 0)
    state = engine.load_state(json.dumps(saved["state"]))
    assert state.schema_version == len(engine.migrations) >= version


def test_the_fixtures_exercise_every_engine_s_migrations():
    """Fixtures recorded before a game's migrations keep them tested; re-record only with a new
    fixture beside the old one."""
    oldest: dict[str, int] = {}
    for path in SAVED:
        saved = json.loads(path.read_text())
        version = saved["state"].get("schema_version", 0)
        oldest[saved["game"]] = min(version, oldest.get(saved["game"], version))
    for game, version in oldest.items():
        assert version == 0 or not engines.get_engine(game).migrations, game


# -- Anatomy Park ------------------------------------------------------------------------------
def _active(card: str, owner: str = "Ada", since: int = 3) -> dict:
    return {"card": card, "owner": owner, "since_turn": since}


def test_anatomy_park_0_to_1_an_active_reaction_leaves_the_discard_pile():
    raw = {"ongoing": [_active("R22")], "reaction_discard": ["R11", "R22"], "reactions": ["R09"]}
    migrated = anatomy_park.active_reactions_leave_the_discard(raw)
    assert migrated["reaction_discard"] == ["R11"] and migrated["reactions"] == ["R09"]
    assert migrated["ongoing"] == [_active("R22")], "still in effect, beside the body"


def test_anatomy_park_0_to_1_an_active_reaction_reshuffled_into_the_deck_leaves_the_deck():
    raw = {"ongoing": [_active("R22")], "reaction_discard": [], "reactions": ["R09", "R22"]}
    assert anatomy_park.active_reactions_leave_the_discard(raw)["reactions"] == ["R09"]


def test_anatomy_park_0_to_1_a_card_drawn_again_while_in_effect_is_in_effect_once():
    """Drawn again after a reshuffle: one card, its newest draw stands."""
    raw = {
        "ongoing": [_active("R22", "Ada", 3), _active("R22", "Bo", 6)],
        "reaction_discard": ["R22"],
        "reactions": [],
    }
    migrated = anatomy_park.active_reactions_leave_the_discard(raw)
    assert migrated["ongoing"] == [_active("R22", "Bo", 6)] and migrated["reaction_discard"] == []


def test_anatomy_park_0_to_1_a_card_being_acted_out_again_ends_its_older_effect():
    """The card is in the drawer's hands now; acting it out puts it in effect anew."""
    raw = {
        "ongoing": [_active("R22")],
        "tasks": [{"kind": "act_out", "player": "Bo", "data": {"card": "R22"}}],
        "reaction_discard": ["R11"],
        "reactions": [],
    }
    migrated = anatomy_park.active_reactions_leave_the_discard(raw)
    assert migrated["ongoing"] == [] and migrated["reaction_discard"] == ["R11"]


def test_anatomy_park_a_game_saved_with_a_reaction_in_effect_loads_with_it_beside_the_body():
    saved = json.loads(
        (Path(__file__).parent / "saved_states/anatomy_park-basic-2p.json").read_text()
    )
    assert saved["state"]["schema_version"] == 0
    active = [o["card"] for o in saved["state"]["ongoing"]]
    assert active and set(active) <= set(saved["state"]["reaction_discard"]), "the old layout"
    state = engines.get_engine("anatomy_park").load_state(json.dumps(saved["state"]))
    assert [o.card for o in state.ongoing] == active
    assert not set(active) & set(state.reaction_discard + state.reactions)


# -- Cemetery Creatures ----------------------------------------------------------------------
def test_cemetery_0_to_1_the_finished_flag_becomes_over():
    assert cemetery.over_was_finished({"finished": True}) == {"over": True}
    assert cemetery.over_was_finished({"finished": False}) == {"over": False}


def test_cemetery_0_to_1_a_state_already_saying_over_is_left_alone():
    assert cemetery.over_was_finished({"over": True}) == {"over": True}


def _pet(*slots: dict) -> dict:
    return {"players": [{"name": "Ada", "pet": list(slots)}], "cemetery": []}


def test_cemetery_1_to_2_organic_face_down_parts_are_seen_by_nobody_not_even_their_owner():
    state = _pet({"card": "P-leg-1", "face_up": False, "seen_by": ["Ada"]})
    migrated = cemetery.organic_parts_are_unseen(state)
    assert migrated["players"][0]["pet"][0]["seen_by"] == []
    assert migrated["players"][0]["pet"][0]["face_up"] is False, "still face down"


def test_cemetery_1_to_2_a_face_up_pet_cemetery_part_keeps_its_record():
    face_up = {"card": "P-leg-1", "face_up": True, "seen_by": ["Ada"]}
    assert cemetery.organic_parts_are_unseen(_pet(dict(face_up)))["players"][0]["pet"] == [face_up]


def test_cemetery_1_to_2_a_part_binding_peeked_at_in_the_cemetery_stays_known_to_its_binder():
    bound = {"card": "M-arm-1", "face_up": False, "seen_by": ["Ada"]}
    state = {"players": [{"name": "Ada", "pet": []}], "cemetery": [[{"card": "F-leg-1"}, bound]]}
    assert cemetery.organic_parts_are_unseen(state)["cemetery"][0][1]["seen_by"] == ["Ada"]


def test_cemetery_an_old_save_no_longer_shows_its_owner_an_organic_part():
    state = CEMETERY.setup(["Ada", "Bo"], seed=1)
    state.sides[0].pet = [Slot(card=state.part_pile.pop(), face_up=False, seen_by=["Ada"])]
    bound = Slot(card=state.part_pile.pop(), face_up=False, seen_by=["Ada"])
    state.cemetery[0].append(bound)
    raw = _cemetery_saved_before_sides(state)
    del raw["schema_version"]
    old = CEMETERY.load_state(json.dumps(raw))
    assert CEMETERY.view(old, "Ada").players[0].pet[0].hidden
    assert not CEMETERY.view(old, "Ada").cemetery[0].cards[-1].hidden, "Binding's peek is kept"


# -- Monopoly ----------------------------------------------------------------------------------
def _before_figures(players: list[str], seed: int) -> dict:
    raw = json.loads(MONOPOLY.setup(players, seed=seed).model_dump_json())
    del raw["figures"], raw["schema_version"]
    return raw


def test_monopoly_0_to_1_players_without_figures_are_dealt_them_as_at_setup():
    raw = _before_figures(["Ada", "Bo", "Cy"], seed=5)
    migrated = monopoly.deal_missing_figures(json.loads(json.dumps(raw)))
    assert migrated["figures"] == MONOPOLY.setup(["Ada", "Bo", "Cy"], seed=5).figures
    assert len(set(migrated["figures"].values())) == 3, "one figure each"


def test_monopoly_0_to_1_dealing_figures_leaves_the_dice_and_decks_as_they_were():
    raw = _before_figures(["Ada", "Bo"], seed=5)
    migrated = monopoly.deal_missing_figures(json.loads(json.dumps(raw)))
    assert migrated["rng"] == raw["rng"]
    assert migrated["decks"] == raw["decks"]


def test_monopoly_0_to_1_figures_already_dealt_are_kept():
    raw = {"players": ["Ada"], "figures": {"Ada": "plumbus"}, "rng": {"seed": 1}}
    assert monopoly.deal_missing_figures(raw)["figures"] == {"Ada": "plumbus"}


def test_monopoly_1_to_2_a_player_still_moving_is_named_as_the_roller():
    raw = {"players": ["Ada", "Bo"], "turn": 1, "stage": "move", "again": False, "dice": [3, 4]}
    assert monopoly.record_who_rolled(raw)["roller"] == "Bo"


def test_monopoly_1_to_2_a_player_rolling_again_after_doubles_is_named_as_the_roller():
    raw = {"players": ["Ada", "Bo"], "turn": 0, "stage": "roll", "again": True, "dice": [2, 2]}
    assert monopoly.record_who_rolled(raw)["roller"] == "Ada"


def test_monopoly_1_to_2_dice_left_from_an_earlier_turn_name_nobody():
    """The turn has passed: the dice belong to someone before the current player, unknown."""
    raw = {"players": ["Ada", "Bo"], "turn": 1, "stage": "roll", "again": False, "dice": [5, 1]}
    assert monopoly.record_who_rolled(raw)["roller"] is None


def test_monopoly_2_to_3_buildings_are_taken_as_bought_row_by_row_in_board_order():
    raw = {"level": {"34": 1, "1": 5, "31": 2, "3": 5, "32": 1}}
    bought = monopoly.record_building_order(raw)["bought"]
    assert bought == [1, 3] * 5 + [31, 32, 34, 31]


def test_monopoly_2_to_3_a_game_without_buildings_has_none_in_its_order():
    assert monopoly.record_building_order({"level": {}})["bought"] == []


def test_monopoly_an_old_save_sells_each_group_from_its_last_building_and_plays_on():
    """The classic fixture (saved before the order was kept): Chidi's brown boxes and green
    stilts (Birdperson Planet 2, Planet Squanch 1, Dwarf Terrace 9 1)."""
    saved = json.loads(
        (Path(__file__).parent / "saved_states/monopoly-classic-3p.json").read_text()
    )
    state = MONOPOLY.load_state(json.dumps(saved["state"]))
    sales = sorted(a.id for a in MONOPOLY.legal_actions(state, "Chidi") if a.id.startswith("sell:"))
    assert sales == ["sell:3", "sell:31"]
    state, _ = MONOPOLY.apply(state, "Chidi", "sell:31")
    sales = sorted(a.id for a in MONOPOLY.legal_actions(state, "Chidi") if a.id.startswith("sell:"))
    assert sales == ["sell:3", "sell:34"]


def _cemetery_saved_before_sides(state) -> dict:
    """``state`` as Cemetery saved it at version 2: ``players`` held the records."""
    raw = json.loads(state.model_dump_json())
    raw["players"] = raw.pop("sides")
    raw["schema_version"] = 2
    return raw


def test_cemetery_2_to_3_the_players_are_names_and_their_records_are_their_sides():
    raw = {"players": [{"name": "Ada", "hand": ["F-arm-1"]}, {"name": "Bo", "hand": []}]}
    migrated = cemetery.players_are_names(raw)
    assert migrated["players"] == ["Ada", "Bo"]
    assert migrated["sides"] == [{"name": "Ada", "hand": ["F-arm-1"]}, {"name": "Bo", "hand": []}]


def test_cemetery_an_old_save_loads_with_the_same_sides_and_plays_on():
    state = CEMETERY.setup(["Ada", "Bo"], seed=3)
    old = CEMETERY.load_state(json.dumps(_cemetery_saved_before_sides(state)))
    assert old == state
    mover = CEMETERY.to_act(old)[0]
    CEMETERY.apply(old, mover, CEMETERY.legal_actions(old, mover)[0].id)


def test_cemetery_3_to_4_a_saved_game_has_noted_no_turn_yet():
    migrated = cemetery.turns_are_noted({"turn": 5})
    assert migrated == {"turn": 5, "tally": {}, "changed": [], "last_turn": None}


def test_cemetery_a_save_from_before_turn_notes_loads_and_notes_its_next_turn():
    state = CEMETERY.setup(["Ada", "Bo"], seed=3)
    raw = json.loads(state.model_dump_json())
    for key in ("tally", "changed", "last_turn"):
        del raw[key]
    raw["schema_version"] = 3
    old = CEMETERY.load_state(json.dumps(raw))
    assert old.last_turn is None
    rng = random.Random(3)
    while old.turn == 1:
        mover = CEMETERY.to_act(old)[0]
        old, _ = CEMETERY.apply(old, mover, CEMETERY.suggest(old, mover, rng))
    assert old.last_turn is not None and old.last_turn.player == state.me.name


def test_monopoly_3_to_4_a_running_game_is_not_over_and_has_no_winners_yet():
    migrated = monopoly.record_the_end({"winners": None})
    assert migrated["over"] is False and migrated["winners"] == []


def test_monopoly_3_to_4_a_finished_game_is_over_with_its_winners():
    assert monopoly.record_the_end({"winners": ["Bo"]}) == {"over": True, "winners": ["Bo"]}
    assert monopoly.record_the_end({"winners": []})["over"] is True, "nobody won, still over"


def test_monopoly_a_finished_game_saved_before_over_was_stored_stays_finished():
    state = MONOPOLY.setup(["Ada", "Bo"], seed=5, options={"mode": "quick"})
    rng = random.Random(5)
    while not state.over:
        actor = MONOPOLY.to_act(state)[0]
        state, _ = MONOPOLY.apply(state, actor, MONOPOLY.suggest(state, actor, rng))
    raw = json.loads(state.model_dump_json())
    del raw["over"]
    raw["schema_version"] = 3
    old = MONOPOLY.load_state(json.dumps(raw))
    assert MONOPOLY.result(old) == MONOPOLY.result(state) and MONOPOLY.to_act(old) == []


# -- Run Animals, Run! -------------------------------------------------------------------------
def test_run_animals_0_to_1_a_running_game_has_nobody_at_the_target_yet():
    raw = {"players": ["Ada", "Bo"], "phase": "turn", "end_reason": ""}
    assert run_animals.record_who_reached_the_target(raw)["reached_target"] is None


def test_run_animals_0_to_1_a_game_ended_by_reaching_the_target_names_its_winner():
    raw = {"players": ["Ada", "Bo"], "phase": "over", "end_reason": "Bo reached 21 points"}
    assert run_animals.record_who_reached_the_target(raw)["reached_target"] == "Bo"


def test_run_animals_0_to_1_a_game_ended_another_way_has_nobody_at_the_target():
    raw = {"players": ["Ada", "Bo"], "phase": "over", "end_reason": "the goal deck ran out"}
    assert run_animals.record_who_reached_the_target(raw)["reached_target"] is None


def test_run_animals_0_to_1_an_end_reason_naming_a_stranger_names_no_winner():
    raw = {"players": ["Ada", "Bo"], "phase": "over", "end_reason": "Zed reached 21 points"}
    assert run_animals.record_who_reached_the_target(raw)["reached_target"] is None


def test_run_animals_0_to_1_a_running_game_whose_reason_looks_like_a_win_names_no_winner():
    raw = {"players": ["Ada", "Bo"], "phase": "turn", "end_reason": "Ada reached 21 points"}
    assert run_animals.record_who_reached_the_target(raw)["reached_target"] is None


def test_run_animals_2_to_3_a_game_in_its_last_phase_is_over():
    assert run_animals.record_the_end({"phase": "over"})["over"] is True


def test_run_animals_2_to_3_a_running_game_is_not_over():
    assert run_animals.record_the_end({"phase": "goal"})["over"] is False


def test_run_animals_a_finished_game_saved_before_over_was_stored_stays_finished():
    engine = engines.get_engine("run_animals")
    state = engine.setup(["Ada", "Bo"], seed=8)
    rng = random.Random(8)
    while not state.over:
        actor = engine.to_act(state)[0]
        state, _ = engine.apply(state, actor, engine.suggest(state, actor, rng))
    raw = json.loads(state.model_dump_json())
    del raw["over"]
    raw["schema_version"] = 2
    old = engine.load_state(json.dumps(raw))
    assert engine.result(old) == engine.result(state) and engine.to_act(old) == []


def test_monopoly_4_to_5_an_auction_saved_while_it_ran_ends_open_as_it_began():
    raw = {"auction": {"item": "space", "space": 3, "bidders": ["Ada", "Bo"], "turn": 1}}
    migrated = monopoly.keep_open_bidding(raw)["auction"]
    assert migrated["open"] is True and migrated["limits"] == {}


def test_monopoly_4_to_5_a_game_saved_without_an_auction_is_unchanged():
    assert monopoly.keep_open_bidding({"auction": None}) == {"auction": None}


def test_monopoly_4_to_5_a_saved_open_auction_still_awaits_the_bidder_in_turn():
    s = MONOPOLY.setup(["Ada", "Bo", "Cy"], seed=1)
    s.turn, s.offer = 0, 3
    s, _ = MONOPOLY.apply(s, "Ada", "auction")
    raw = json.loads(s.model_dump_json())
    raw["schema_version"] = 4
    del raw["auction"]["open"], raw["auction"]["limits"]
    loaded = MONOPOLY.load_state(json.dumps(raw))
    assert loaded.auction.open and MONOPOLY.to_act(loaded) == ["Ada"]
