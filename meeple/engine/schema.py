"""Small readers for state documents, so that each game's `_state_from_json` reports a wrong or
missing field in one clear sentence instead of a traceback."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import BadState

_NAMES = {int: "an integer", str: "a string", list: "a list", dict: "an object", bool: "true or false"}


def field(doc: Mapping[str, Any], key: str, kind: type, where: str = "state") -> Any:
    """doc[key], checked to be of `kind` (bools are not accepted as ints)."""
    if key not in doc:
        raise BadState(f"{where} field {key!r} is missing")
    value = doc[key]
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if kind is dict:
        ok = isinstance(value, Mapping)
    if not ok:
        raise BadState(f"{where} field {key!r} must be {_NAMES.get(kind, kind.__name__)}, got {value!r}")
    return value


def int_in(doc: Mapping[str, Any], key: str, lo: int, hi: int, where: str = "state") -> int:
    value = field(doc, key, int, where)
    if not lo <= value <= hi:
        raise BadState(f"{where} field {key!r} must be in {lo}..{hi}, got {value}")
    return value


def int_list(
    doc: Mapping[str, Any],
    key: str,
    length: int | None = None,
    lo: int | None = None,
    hi: int | None = None,
    where: str = "state",
) -> list[int]:
    value = field(doc, key, list, where)
    if length is not None and len(value) != length:
        raise BadState(f"{where} field {key!r} must have {length} items, got {len(value)}")
    for x in value:
        if not isinstance(x, int) or isinstance(x, bool):
            raise BadState(f"{where} field {key!r} must hold integers, got {x!r}")
        if (lo is not None and x < lo) or (hi is not None and x > hi):
            raise BadState(f"{where} field {key!r} holds {x}, outside {lo}..{hi}")
    return list(value)


def require(condition: bool, message: str) -> None:
    """Raise BadState(message) unless the condition holds (for cross-field consistency)."""
    if not condition:
        raise BadState(message)
