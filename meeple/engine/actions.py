"""Actions: small immutable tuples, their JSON form, and a fixed integer encoding.

An action is a tuple whose first item is a verb (a short lower-case string) and whose other items are
ints, strings, bools or nested tuples of those, e.g. ``("place", 37, 2)`` or ``("pass",)``. Games may
use `typing.NamedTuple` subclasses for readability: they are tuples, so they compare, hash, and
serialise the same way. Tuples are chosen over dataclasses because bots and simulations create
millions of them and a tuple costs a tenth of a frozen dataclass.

JSON form: the tuple as a JSON list (nested tuples become nested lists).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
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


class Joint:
    """A joint domain: the value tuples that several consecutive arguments of a verb can take together.

    For verbs whose arguments are far from independent, e.g. a move's (from, to) pairs when a piece
    reaches a few spaces: the product of the two domains would number every pair of the board. The
    tuples are numbered in their order, as one digit of the verb's mixed radix; they must all have
    the same length (the arguments they span) and appear once each.
    """

    __slots__ = ("values", "width")

    def __init__(self, values: Iterable[tuple[Any, ...]]) -> None:
        self.values = [tuple(v) for v in values]
        widths = {len(v) for v in self.values}
        if len(widths) != 1 or 0 in widths:
            raise ValueError("a joint domain holds tuples, all of the same length (at least 1), and at least one")
        self.width: int = widths.pop()

    def __len__(self) -> int:
        return len(self.values)

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self.values)


class ActionSpace:
    """A fixed integer numbering of every action a game can ever take, for learning agents.

    Built from a grammar: one entry per verb with the finite domain of each argument, e.g.
    ``ActionSpace([("pass",), ("place", range(160), range(1, 4))])``; a `Joint` domain stands for
    several consecutive arguments at once, e.g. ``("move", Joint([(0, 1), (1, 0), (1, 2)]))``.
    Verbs are laid out one after another, and each verb's domains are numbered in mixed radix, so
    encode and decode are exact inverses and the size is known before any game starts.
    """

    def __init__(self, grammar: Sequence[tuple[Any, ...]]) -> None:
        # verb -> (first code, its digits: (arguments a joint domain spans or 0, values, value -> index),
        # arguments, codes)
        self._verbs: dict[str, tuple[int, list[tuple[int, list[Any], dict[Any, int]]], int, int]] = {}
        self._order: list[tuple[int, str]] = []
        offset = 0
        for entry in grammar:
            verb = entry[0]
            if verb in self._verbs:
                raise ValueError(f"verb {verb!r} appears twice in the action grammar")
            digits = []
            arity, count = 0, 1
            for d in entry[1:]:
                joint = isinstance(d, Joint)
                values = d.values if joint else list(d)
                index = {v: i for i, v in enumerate(values)}
                if len(index) != len(values):  # a value twice would have two codes: decode would not invert
                    raise ValueError(f"verb {verb!r}: a domain holds a value twice")
                width = d.width if joint else 0
                digits.append((width, values, index))
                arity += width or 1
                count *= len(values)
            self._verbs[verb] = (offset, digits, arity, count)
            self._order.append((offset, verb))
            offset += count
        self.size = offset

    def encode(self, action: Action) -> int:
        try:
            offset, digits, arity, _ = self._verbs[action[0]]
            if len(action) - 1 != arity:
                raise KeyError(action)
            code = 0
            i = 1
            for width, values, index in digits:
                if width:
                    code = code * len(values) + index[action[i:i + width]]
                    i += width
                else:
                    code = code * len(values) + index[action[i]]
                    i += 1
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
        offset, digits, _, _ = self._verbs[verb]
        rest = code - offset
        args: list[Any] = []
        for width, values, _ in reversed(digits):
            rest, i = divmod(rest, len(values))
            if width:
                args.extend(reversed(values[i]))
            else:
                args.append(values[i])
        return (verb, *reversed(args))
