"""Dataclasses to JSON and back: the one encoder of every reply and the decoder of every request.

A field's name on the wire is its Python name unless :func:`named` gives another (the page's
JavaScript uses camelCase: ``mustCapture``, ``drawRules``). Decoding checks each field against
its type hint, so a handler receives exactly the types it declares, and a wrong request fails
with a :class:`BadRequestError` that says which field is wrong, before anything is changed.
"""

from __future__ import annotations

import json
import types
import typing
from dataclasses import MISSING, Field, dataclass, field, fields, is_dataclass
from enum import Enum
from typing import Any, Literal, Protocol, TypeVar, Union

from .errors import BadRequestError

T = TypeVar("T")

WIRE_NAME = "wire_name"
OMIT_NONE = "omit_none"


def named(name: str, default: Any = MISSING, *, omit_none: bool = False) -> Any:
    """A dataclass field called ``name`` on the wire; ``omit_none`` leaves a None value out."""
    metadata = {WIRE_NAME: name, OMIT_NONE: omit_none}
    if isinstance(default, (list, dict)):  # a mutable default: each instance gets its own copy
        return field(default_factory=type(default), metadata=metadata)
    return field(default=default, metadata=metadata)


def wire_name(f: Field[Any]) -> str:
    return str(f.metadata.get(WIRE_NAME, f.name))


# -- encoding --------------------------------------------------------------------------------

class HasDict(Protocol):
    """A library value that says itself how it crosses to the page (Outcome, Reason, Message...)."""

    def to_dict(self) -> dict[str, object]: ...


# The types that are JSON as they are. Checked by exact type first: most of a reply is these, and
# the checks below are slower (a runtime Protocol check cost half the time of the first game's
# reply in the page).
_PLAIN = frozenset({str, int, float, bool, type(None)})


def to_data(value: object) -> object:
    """Plain JSON data (dicts, lists, strings, numbers, booleans, None) for a reply."""
    if type(value) in _PLAIN:
        return value
    if callable(getattr(value, "to_dict", None)):
        return to_data(typing.cast(HasDict, value).to_dict())
    if is_dataclass(value) and not isinstance(value, type):
        out: dict[str, object] = {}
        for f in fields(value):
            item = getattr(value, f.name)
            if item is None and f.metadata.get(OMIT_NONE):
                continue
            out[wire_name(f)] = to_data(item)
        return out
    if isinstance(value, Enum):
        return to_data(value.value)
    if isinstance(value, dict):
        return {str(key): to_data(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_data(item) for item in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"cannot send a {type(value).__name__} to the page")


def encode(value: object) -> str:
    """The JSON text of a reply (compact: it crosses to the page once per request)."""
    return json.dumps(to_data(value), separators=(",", ":"))


# -- decoding --------------------------------------------------------------------------------

def decode(cls: type[T], data: object, where: str = "params") -> T:
    """An instance of the dataclass ``cls`` from JSON data, every field checked against its type."""
    if not isinstance(data, dict):
        raise BadRequestError(f"{where} must be an object, not {_kind(data)}")
    hints = typing.get_type_hints(cls)
    known = {wire_name(f): f for f in fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise BadRequestError(f"{where} has no field {', '.join(map(repr, unknown))}; "
                              f"it takes {', '.join(known) or 'none'}")
    values: dict[str, Any] = {}
    for key, f in known.items():
        if key in data:
            values[f.name] = _value(hints[f.name], data[key], f"{where}.{key}")
        elif f.default is MISSING and f.default_factory is MISSING:
            raise BadRequestError(f"{where}.{key} is missing")
    return cls(**values)


def _value(hint: Any, value: object, where: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any or hint is object:
        return value
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        errors = []
        for option in options:
            try:
                return _value(option, value, where)
            except BadRequestError as error:
                errors.append(str(error))
        raise BadRequestError(errors[0] if len(errors) == 1 else f"{where} has the wrong type ({_kind(value)})")
    if origin is Literal:
        if value in args and all(type(value) is type(a) for a in args if a == value):
            return value
        raise BadRequestError(f"{where} must be one of {', '.join(map(repr, args))}, not {value!r}")
    if origin is list:
        items = _sequence(value, where)
        return [_value(args[0], item, f"{where}[{n}]") for n, item in enumerate(items)]
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        items = _sequence(value, where)
        return tuple(_value(args[0], item, f"{where}[{n}]") for n, item in enumerate(items))
    if origin is tuple:
        items = _sequence(value, where)
        if len(items) != len(args):
            raise BadRequestError(f"{where} must have {len(args)} items, not {len(items)}")
        return tuple(_value(a, item, f"{where}[{n}]") for n, (a, item) in enumerate(zip(args, items)))
    if origin is dict:
        if not isinstance(value, dict):
            raise BadRequestError(f"{where} must be an object, not {_kind(value)}")
        return {str(key): _value(args[1], item, f"{where}.{key}") for key, item in value.items()}
    if isinstance(hint, type) and is_dataclass(hint):
        return decode(hint, value, where)
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(value)
        except ValueError:
            raise BadRequestError(f"{where} must be one of {', '.join(repr(m.value) for m in hint)}, "
                                  f"not {value!r}") from None
    return _scalar(hint, value, where)


def _scalar(hint: Any, value: object, where: str) -> Any:
    # JSON has one number type and booleans are ints in Python: both are told apart here.
    if hint is bool and isinstance(value, bool):
        return value
    if hint is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    if hint is float and isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if hint is str and isinstance(value, str):
        return value
    if hint in (bool, int, float, str):
        raise BadRequestError(f"{where} must be {_NAMES[hint]}, not {_kind(value)}")
    raise TypeError(f"no decoder for the type {hint!r} of {where}")


def _sequence(value: object, where: str) -> list[object]:
    if not isinstance(value, list):
        raise BadRequestError(f"{where} must be a list, not {_kind(value)}")
    return value


_NAMES: dict[object, str] = {bool: "true or false", int: "a whole number", float: "a number", str: "a text"}


def _kind(value: object) -> str:
    kinds = {bool: "true or false", int: "a number", float: "a number", str: "a text", list: "a list",
             dict: "an object", type(None): "null"}
    return kinds.get(type(value), type(value).__name__)


@dataclass(frozen=True)
class Nothing:
    """An empty reply, ``{}``."""
