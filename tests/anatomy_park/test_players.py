"""Private information, conceding players, the status line."""

import random

from engines.anatomy_park import data
from engines.anatomy_park.engine import ENGINE
from tests.anatomy_park.helpers import NAMES, act, game, give, ids, put


def _hidden_names(s):
    """Tiles in hands; master plans until final scoring reveals them (the board's end
    standings show each plan and what it scored)."""
    hand = {data.tile(t).name for h in s.hands.values() for t in h}
    plans = set() if s.over else {data.plans()[p].name for p in s.plans.values()}
    return hand | plans


def test_hands_and_plans_appear_only_in_their_owners_view():
    s = ENGINE.setup(NAMES[:3], seed=4, options={"mode": "advanced"})
    public = ENGINE.view(s, None)
    assert public.hand is None and public.plan is None
    text = public.model_dump_json()
    assert not any(name in text for name in _hidden_names(s))
    mine = ENGINE.view(s, "Ada")
    assert [t.id for t in mine.hand] == s.hands["Ada"] and mine.plan is not None
    other = ENGINE.view(s, "Bea").model_dump_json()
    for t in s.hands["Ada"]:
        assert data.tile(t).name not in other


def test_no_hidden_tile_or_plan_in_public_events_views_or_visible_action_labels():
    for seed in range(2):
        s = ENGINE.setup(NAMES[:4], seed=seed, options={"mode": "advanced"})
        rng = random.Random(seed)
        while not s.over:
            player = rng.choice(ENGINE.to_act(s))
            labels = " ".join(a.label for p in ENGINE.to_act(s) for a in ENGINE.legal_actions(s, p))
            hidden = _hidden_names(s)
            assert not any(name in labels for name in hidden)
            s, events = ENGINE.apply(s, player, ENGINE.suggest(s, player, rng))
            hidden = _hidden_names(s)
            public = " ".join(e.text for e in events if e.private_to is None)
            assert not any(name in public for name in hidden), public
            assert not any(name in ENGINE.summary(s) for name in hidden)
            assert not any(name in ENGINE.view(s, None).model_dump_json() for name in hidden)


def test_action_labels_name_hand_tiles_by_their_letter():
    s = game()
    s.phase = "action"
    give(s, "Ada", "Aorta Arcade", "Spleen Mountain")
    labels = [a.label for a in ENGINE.legal_actions(s, "Ada") if a.id.startswith("place:")]
    assert "Place tile B at (0,-1)" in labels


def test_a_conceding_player_leaves_the_park_and_their_tiles_go_to_the_discard():
    s = game(3)
    hand = list(s.hands["Bea"])
    s, ev = ENGINE.remove_player(s, "Bea")
    assert "Bea" not in s.pos and set(hand) <= set(s.discard) and not s.hands["Bea"]
    assert not s.over
    s, _ = act(s, "Ada", "nomove", "noaction")
    assert s.current == "Cy"


def test_removing_the_player_on_turn_passes_the_turn():
    s = game(3)
    s, _ = ENGINE.remove_player(s, "Ada")
    assert s.current == "Bea" and ENGINE.to_act(s) == ["Bea"]


def test_when_one_player_remains_they_win():
    s = game(2)
    s, _ = ENGINE.remove_player(s, "Bea")
    result = ENGINE.result(s)
    assert result.winners == ["Ada"] and ENGINE.to_act(s) == []


def test_a_removed_player_cannot_act_and_gonorrhea_skips_them():
    from tests.anatomy_park.helpers import trigger

    s = game(3)
    s, _ = trigger(s, "gonorrhea")
    s, _ = ENGINE.remove_player(s, "Cy")
    assert set(ENGINE.to_act(s)) == {"Ada", "Bea"}
    assert ENGINE.legal_actions(s, "Cy") == []


def test_summary_is_a_public_status_line():
    s = game()
    put(s, "1,0", "Aorta Arcade")
    line = ENGINE.summary(s)
    assert "Ada" in line and "stack" in line
    assert ids(s, "Ada")
