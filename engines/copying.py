"""Fast deep copies of game states, for ``apply`` and for searching bots.

A state is valid already, so copying it needs no validation: a copier per model class,
generated once from the field annotations, copies each field by what it holds (an atom is
shared, a list of atoms is sliced, a model is copied by its own copier, a frozen model of
atoms is shared). Several times faster than a dump-and-validate round trip or
``copy.deepcopy``, and a search copies a state per move.
"""

from __future__ import annotations

import copy
import types
import typing
from collections.abc import Callable
from typing import Any, Literal, TypeVar, Union, cast, get_args, get_origin

from pydantic import BaseModel

M = TypeVar("M")
Copier = Callable[[Any], Any]

_ATOMS = (str, int, float, bool, type(None))
_copiers: dict[type, Copier] = {}
_list_copiers: dict[type, Copier] = {}
_building: set[type] = set()


def copy_model(value: M) -> M:
    """A deep copy of ``value``: a pydantic model, or a tree of lists, dicts and atoms."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if isinstance(value, BaseModel):
        copier = _copiers.get(kind)
        if copier is None:
            model = cast(type[BaseModel], kind)
            copier = _copiers[kind] = _share if _immutable(model) else _model_copier(model)
        return cast(M, copier(value))
    return cast(M, _generic(value))


def _share(value: Any) -> Any:
    """The copy of a value that cannot change: the value itself."""
    return value


def _generic(value: Any) -> Any:
    """Copy a value whose type the annotations do not pin down (``dict``, ``Any``)."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        return [_generic(x) for x in value]
    if kind is dict:
        return {k: _generic(v) for k, v in value.items()}
    if isinstance(value, BaseModel):
        return copy_model(value)
    if kind is tuple:
        return tuple(_generic(x) for x in value)
    return copy.deepcopy(value)


def _type_copier(tp: Any) -> Copier | None:
    """How to copy a value of annotation ``tp``; None when it can be shared (immutable)."""
    if tp in _ATOMS:
        return None
    origin = get_origin(tp)
    if origin is Literal:
        return None
    if origin in (Union, types.UnionType):
        inner = [_type_copier(a) for a in get_args(tp) if a is not type(None)]
        if all(c is None for c in inner):
            return None
        if len(inner) == 1:
            one = cast(Copier, inner[0])
            return lambda v: None if v is None else one(v)
        return _generic
    if origin is tuple:  # a tuple of immutable items is itself immutable
        items = [a for a in get_args(tp) if a is not Ellipsis]
        if items and all(_type_copier(a) is None for a in items):
            return None
        return _generic
    if origin is list:
        (item,) = get_args(tp) or (Any,)
        each = _type_copier(item)
        if each is None:
            return list.copy
        return lambda v: [each(x) for x in v]
    if origin is dict:
        args = get_args(tp)
        value_copier = _type_copier(args[1]) if len(args) == 2 else _generic
        if value_copier is None:
            return dict.copy
        return lambda v: {k: value_copier(x) for k, x in v.items()}
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        if _immutable(tp):
            return None
        if tp in _building:  # a model that holds itself: look its copier up when copying
            return lambda v: _copiers[type(v)](v)
        return _copiers.get(tp) or _model_copier(tp)
    return _generic


def _immutable(cls: type[BaseModel]) -> bool:
    """A frozen model of immutable fields cannot change once made: copies may share it."""
    if not cls.model_config.get("frozen") or cls.model_config.get("extra") == "allow":
        return False
    if cls in _building:
        return False
    hints = typing.get_type_hints(cls)
    _building.add(cls)
    try:
        return all(_type_copier(hints.get(name, Any)) is None for name in cls.model_fields)
    finally:
        _building.discard(cls)


def _copy_expr(tp: Any, src: str, env: dict[str, Any], depth: int = 0) -> str | None:
    """Python source that copies ``src`` (a simple expression) of annotation ``tp``, written
    inline so a list of models costs one comprehension, not a call per level; None when the
    value can be shared (immutable)."""
    if _type_copier(tp) is None:
        return None
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        inner = [a for a in get_args(tp) if a is not type(None)]
        if len(inner) == 1:
            one = _copy_expr(inner[0], src, env, depth)
            return f"(None if {src} is None else {one})"
    elif origin is list:
        (item,) = get_args(tp) or (Any,)
        x = f"x{depth}"
        each = _copy_expr(item, x, env, depth + 1)
        if each is None:
            return f"{src}.copy()"
        if isinstance(item, type) and issubclass(item, BaseModel) and item not in _building:
            name = f"c{len(env)}"
            env[name] = _list_copier(item)
            return f"{name}({src})"
        return f"[{each} for {x} in {src}]"
    elif origin is dict:
        args = get_args(tp)
        if len(args) == 2:
            k, x = f"k{depth}", f"x{depth}"
            each = _copy_expr(args[1], x, env, depth + 1)
            if each is None:
                return f"{src}.copy()"
            return f"{{{k}: {each} for {k}, {x} in {src}.items()}}"
    name = f"c{len(env)}"
    env[name] = _type_copier(tp)
    return f"{name}({src})"


#: the slots every pydantic model has, set straight through their descriptors (the fastest way)
SET_DICT = BaseModel.__dict__["__dict__"].__set__
SET_FIELDS_SET = BaseModel.__dict__["__pydantic_fields_set__"].__set__
SET_EXTRA = BaseModel.__dict__["__pydantic_extra__"].__set__
SET_PRIVATE = BaseModel.__dict__["__pydantic_private__"].__set__


def _model_copier(cls: type[BaseModel]) -> Copier:
    """Generate the copier of one model class (once): a single function whose source copies
    each field inline (a model inside is copied by its own copier)."""
    _building.add(cls)
    env, body = _model_source(cls)
    lines = ["def copier(v):", *body, "    return new"]
    exec("\n".join(lines), env)  # noqa: S102 - code generated from the model's own field names
    copier = cast(Copier, env["copier"])
    _copiers[cls] = copier
    _building.discard(cls)
    return copier


def _list_copier(cls: type[BaseModel]) -> Copier:
    """Generate the copier of a list of ``cls`` (once): the model's copy written inside the
    loop, without a call per item (states hold lists of many small models)."""
    copier = _list_copiers.get(cls)
    if copier is None:
        _building.add(cls)
        env, body = _model_source(cls)
        _building.discard(cls)
        lines = [
            "def copier(items):",
            "    out = []",
            "    append = out.append",
            "    for v in items:",
            *("    " + line for line in body),
            "        append(new)",
            "    return out",
        ]
        exec("\n".join(lines), env)  # noqa: S102 - code generated from the model's own fields
        copier = _list_copiers[cls] = cast(Copier, env["copier"])
    return copier


def _model_source(cls: type[BaseModel]) -> tuple[dict[str, Any], list[str]]:
    """The statements that copy the model ``v`` into ``new``, and the names they use."""
    hints = typing.get_type_hints(cls)
    env: dict[str, Any] = {
        "new_": object.__new__,
        "cls": cls,
        "set_dict": SET_DICT,
        "set_fields_set": SET_FIELDS_SET,
        "set_extra": SET_EXTRA,
        "set_private": SET_PRIVATE,
        "generic": _generic,
    }
    fields = []
    for name in cls.model_fields:
        src = f"d[{name!r}]"
        expr = _copy_expr(hints.get(name, Any), src, env)
        fields.append(f"{name!r}: {expr or src}")
    # a model without extra fields always has None there (pydantic's own invariant)
    extra = (
        "None if v.__pydantic_extra__ is None else generic(v.__pydantic_extra__)"
        if cls.model_config.get("extra") == "allow"
        else "None"
    )
    # nor private attributes without any declared (an Action's lazy label keeps its words
    # there, but actions are frozen: shared, never copied field by field)
    private = (
        "None if v.__pydantic_private__ is None else generic(v.__pydantic_private__)"
        if cls.__private_attributes__
        else "None"
    )
    body = [
        "    d = v.__dict__",
        "    new = new_(cls)",
        f"    set_dict(new, {{{', '.join(fields)}}})",
        "    set_fields_set(new, v.__pydantic_fields_set__.copy())",
        f"    set_extra(new, {extra})",
        f"    set_private(new, {private})",
    ]
    return env, body
