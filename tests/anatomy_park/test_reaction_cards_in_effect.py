"""Where a lasting body reaction's card is while its effect lasts: face up beside the body, out
of the deck and its discard pile, so a reshuffle cannot deal it again; it is discarded when the
effect ends.

Rulebook, "Body Reactions": "Most such card effects are permanent, meaning they remain in effect
until the end of the next turn of the player who drew the card." and, for the diseases' cards,
"Place the disease card face up next to the park and leave it there until it dies."
"""

from engines.anatomy_park.engine import ENGINE
from engines.anatomy_park.flow import advance
from engines.anatomy_park.state import Task
from tests.anatomy_park.helpers import act, card, game, trigger


def _fever_in_effect(discard: list[str]):
    """Ada draws Fever (lasting), the deck's last card, over the discard pile ``discard``."""
    s = game()
    s.reactions, s.reaction_discard = [card("fever")], list(discard)
    s.phase = "action"
    s.tasks = [Task(kind="draw_reaction", player="Ada")]
    advance(s, [])
    s, _ = act(s, "Ada", "acted")
    return s


def test_a_lasting_reaction_lies_beside_the_body_not_in_the_discard_pile():
    """'they remain in effect until the end of the next turn of the player who drew the card'"""
    s = _fever_in_effect([])
    assert [o.card for o in s.ongoing] == [card("fever")]
    assert card("fever") not in s.reaction_discard + s.reactions


def test_a_reshuffle_cannot_deal_a_reaction_still_in_effect():
    """The deck is made again from the discard pile only: Fever, still in effect, is not in it."""
    burp = card("burp")
    s = _fever_in_effect([burp])
    s.tasks = [Task(kind="draw_reaction", player="Ada")]  # the deck is empty: a reshuffle
    advance(s, [])
    assert s.tasks[0].kind == "act_out" and s.tasks[0].data["card"] == burp
    assert s.reactions == [] and card("fever") not in s.reaction_discard
    assert [o.card for o in s.ongoing] == [card("fever")]


def test_a_lasting_reaction_is_discarded_when_its_effect_ends():
    """'until the end of the next turn of the player who drew the card': then the discard pile."""
    s = _fever_in_effect([])
    s, _ = act(s, "Ada", "noaction")
    s, _ = act(s, "Bea", "nomove", "noaction")
    s, _ = act(s, "Ada", "nomove", "noaction")
    assert not s.ongoing and s.reaction_discard == [card("fever")]


def test_a_lasting_reaction_is_discarded_when_its_drawer_leaves_the_game():
    s = game(3)
    s, _ = trigger(s, "fever")
    s, _ = act(s, "Ada", "acted")
    s, _ = ENGINE.remove_player(s, "Ada")
    assert not s.ongoing and card("fever") in s.reaction_discard


def test_a_card_being_acted_out_by_a_player_who_leaves_the_game_is_discarded():
    s = game(3)
    s, _ = trigger(s, "burp")
    assert s.tasks[0].kind == "act_out"
    s, _ = ENGINE.remove_player(s, "Ada")
    assert card("burp") in s.reaction_discard and not any(t.kind == "act_out" for t in s.tasks)
