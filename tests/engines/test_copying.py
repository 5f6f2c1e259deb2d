"""State copies (``engines.copying``): equal to the original, and nothing in them can change
the original, except parts that cannot change at all, which copies share."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engines.copying import copy_model


class Fixed(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    owner: str | None = None


class FixedWithList(BaseModel):
    model_config = ConfigDict(frozen=True)

    items: list[str]


class Loose(BaseModel):
    name: str


class Board(BaseModel):
    cells: dict[str, Fixed]
    rows: list[list[Loose]]
    held: list[FixedWithList]
    maybe: Loose | None = None


def _board() -> Board:
    return Board(
        cells={"a": Fixed(name="x")},
        rows=[[Loose(name="r")]],
        held=[FixedWithList(items=["i"])],
        maybe=Loose(name="m"),
    )


def test_a_copy_equals_its_original():
    board = _board()
    assert copy_model(board) == board


def test_a_frozen_model_of_atoms_is_shared_by_the_copy():
    board = _board()
    assert copy_model(board).cells["a"] is board.cells["a"]


def test_a_frozen_model_holding_a_list_is_copied_because_its_list_can_change():
    board = _board()
    new = copy_model(board)
    new.held[0].items.append("j")
    assert board.held[0].items == ["i"]


def test_models_that_can_change_are_copied_at_every_depth():
    board = _board()
    new = copy_model(board)
    new.rows[0][0].name = "changed"
    new.maybe.name = "changed"  # type: ignore[union-attr]
    new.cells["b"] = Fixed(name="y")
    assert board == _board()


class Tree(BaseModel):
    name: str
    children: list[Tree] = []


def test_a_model_that_holds_itself_is_copied_at_every_depth():
    tree = Tree(name="a", children=[Tree(name="b", children=[Tree(name="c")])])
    new = copy_model(tree)
    new.children[0].children[0].name = "changed"
    assert new != tree and tree.children[0].children[0].name == "c"


class Leaf(BaseModel):
    model_config = ConfigDict(frozen=True)
    name: str


class Snapshot(BaseModel):
    model_config = ConfigDict(frozen=True)
    pairs: tuple[tuple[str, Leaf], ...] = ()
    names: tuple[str, ...] = ()


class Holder(BaseModel):
    snap: Snapshot


def test_a_frozen_model_of_tuples_of_frozen_models_is_shared_not_copied():
    held = Holder(snap=Snapshot(pairs=(("a", Leaf(name="x")),), names=("b",)))
    assert copy_model(held).snap is held.snap
