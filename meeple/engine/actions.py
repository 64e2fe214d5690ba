"""Actions: small immutable tuples, their JSON form, and a fixed integer encoding.

An action is a tuple whose first item is a verb (a short lower-case string) and whose other items are
ints, strings, bools or nested tuples of those, e.g. ``("place", 37, 2)`` or ``("pass",)``. Games may
use `typing.NamedTuple` subclasses for readability: they are tuples, so they compare, hash, and
serialise the same way. Tuples are chosen over dataclasses because bots and simulations create
millions of them and a tuple costs a tenth of a frozen dataclass.

JSON form: the tuple as a JSON list (nested tuples become nested lists).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import IllegalAction

Action = tuple


def action_to_json(action: Action) -> list[Any]:
    return [action_to_json(x) if isinstance(x, tuple) else x for x in action]


def action_from_json(doc: Any) -> Action:
    """Rebuild an action from its JSON form; raises IllegalAction for anything that is not one."""
    if not isinstance(doc, list) or not doc or not isinstance(doc[0], str):
        raise IllegalAction(
            f'not an action: {doc!r}; an action is a JSON list starting with a verb, e.g. ["pass"]'
        )
    return _tuplify(doc, 0)


_MAX_NESTING = 8  # actions nest a few levels at most; deeper input is garbage, not a deeper action


def _tuplify(doc: list[Any], depth: int) -> tuple:
    if depth > _MAX_NESTING:
        raise IllegalAction(f"not an action: lists nested more than {_MAX_NESTING} deep")
    out = []
    for x in doc:
        if isinstance(x, list):
            out.append(_tuplify(x, depth + 1))
        elif isinstance(x, (str, int, bool)) or x is None:
            out.append(x)
        else:
            raise IllegalAction(f"not an action item: {x!r}; allowed: ints, strings, bools, lists")
    return tuple(out)


def same_action(a: Any, b: Any) -> bool:
    """Equal and of the same types throughout: Python finds ``("card", 1) == ("card", 1.0) ==
    ("card", True)``, but only the first is the game's action (a float or a bool where the rules
    count would reach the rules as something they never handle)."""
    if isinstance(a, tuple):
        return isinstance(b, tuple) and len(a) == len(b) and all(map(same_action, a, b))
    return type(a) is type(b) and a == b


def default_action_text(action: Action) -> str:
    return " ".join(str(x) for x in action)


class ActionSpace:
    """A fixed integer numbering of every action a game can ever take, for learning agents.

    Built from a grammar: one entry per verb with the finite domain of each argument, e.g.
    ``ActionSpace([("pass",), ("place", range(160), range(1, 4))])``. Verbs are laid out one after
    another, and each verb's arguments are numbered in mixed radix, so encode and decode are
    exact inverses and the size is known before any game starts.
    """

    def __init__(self, grammar: Sequence[tuple[Any, ...]]) -> None:
        self._verbs: dict[str, tuple[int, list[list[Any]], list[dict[Any, int]], int]] = {}
        self._order: list[tuple[int, str]] = []
        offset = 0
        for entry in grammar:
            verb, domains = entry[0], [list(d) for d in entry[1:]]
            if verb in self._verbs:
                raise ValueError(f"verb {verb!r} appears twice in the action grammar")
            index = [{v: i for i, v in enumerate(d)} for d in domains]
            count = 1
            for d in domains:
                count *= len(d)
            self._verbs[verb] = (offset, domains, index, count)
            self._order.append((offset, verb))
            offset += count
        self.size = offset

    def encode(self, action: Action) -> int:
        try:
            offset, domains, index, _ = self._verbs[action[0]]
            if len(action) - 1 != len(domains):
                raise KeyError(action)
            code = 0
            for value, idx, dom in zip(action[1:], index, domains):
                code = code * len(dom) + idx[value]
        except (KeyError, IndexError, TypeError):
            raise IllegalAction(f"action {action!r} is outside this game's action space") from None
        return offset + code

    def decode(self, code: int) -> Action:
        if not 0 <= code < self.size:
            raise IllegalAction(f"action code {code} is outside 0..{self.size - 1}")
        verb = ""
        for off, v in self._order:
            if off > code:
                break
            verb = v
        offset, domains, _, _ = self._verbs[verb]
        rest = code - offset
        args = []
        for dom in reversed(domains):
            rest, i = divmod(rest, len(dom))
            args.append(dom[i])
        return (verb, *reversed(args))
