"""Labels worded when first read (``Action(label=<words>, role=ActionRole.NORMAL)``): the action is the same as one
built with the label at once, whatever reads it first, and an engine's lazy labels read after
the game has moved on are the ones it would have worded when it listed the moves."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from pydantic import BaseModel

import engines
from engines.core import Action, ActionRole, Engine

PLAYERS = ["Ada", "Brook", "Cy", "Dee"]


def _lazy(**given) -> Action:
    return Action(id="go", label=lambda: "Go north", **given, role=ActionRole.NORMAL)


EAGER = Action(id="go", label="Go north", role=ActionRole.NORMAL)


class _Holder(BaseModel):
    moves: list[Action]


@pytest.mark.parametrize(
    "read",
    [
        lambda a: a.label,
        lambda a: a.model_dump(),
        lambda a: a.model_dump_json(),
        lambda a: _Holder.model_construct(moves=[a]).model_dump(),
        repr,
        dict,
        hash,
        lambda a: pickle.loads(pickle.dumps(a)),
        copy.copy,
        copy.deepcopy,
        lambda a: a.model_copy(),
        lambda a: a == EAGER,
    ],
    ids=[
        "label",
        "dump",
        "json",
        "nested dump",
        "repr",
        "fields",
        "hash",
        "pickle",
        "copy",
        "deepcopy",
        "model_copy",
        "equality",
    ],
)
def test_a_lazy_label_reads_as_the_label_given_at_once_whatever_reads_it_first(read):
    lazy = _lazy()
    assert read(lazy) == read(EAGER)
    assert lazy == EAGER and lazy.model_dump() == EAGER.model_dump()


def test_a_lazy_label_is_worded_once():
    calls = []
    lazy = Action(id="go", label=lambda: calls.append(1) or "Go north", role=ActionRole.NORMAL)
    assert (lazy.label, lazy.label, lazy.model_dump()["label"]) == ("Go north",) * 3
    assert calls == [1]


def test_an_unread_lazy_label_is_never_worded():
    action = Action(
        id="go", label=lambda: pytest.fail("worded without being read"), role=ActionRole.NORMAL
    )
    assert (action.id, action.private, action.amount) == ("go", False, None)


def test_a_lazy_action_keeps_the_fields_given_with_it():
    assert _lazy(private=True, step_of="bid") == Action(
        id="go", label="Go north", private=True, step_of="bid", role=ActionRole.NORMAL
    )


def _word_at_once(monkeypatch) -> None:
    """Every Action built from now on words its label when made."""
    built = Action.__init__

    def eager(self, *, label, **given):
        built(self, label=label if isinstance(label, str) else label(), **given)

    monkeypatch.setattr(Action, "__init__", eager)


@pytest.mark.parametrize("name", sorted(engines.names()))
def test_lazy_labels_read_after_the_move_equal_labels_worded_when_listed(name, monkeypatch):
    """Engines word labels from the state they listed moves in (a lambda's late binding or a
    state changed in place would show here): each listing is read only after its move."""
    engine: Engine = engines.get_engine(name)
    for seed in (1, 2, 3):
        state = engine.setup(PLAYERS[: engine.min_players], seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if engine.is_over(state):
                break
            player = engine.to_act(state)[0]
            lazy = engine.legal_actions(state, player)
            with monkeypatch.context() as m:
                _word_at_once(m)
                eager = engine.legal_actions(state, player)
            state, _ = engine.play(state, player, rng.choice(lazy))
            assert [a.model_dump() for a in lazy] == [a.model_dump() for a in eager]
