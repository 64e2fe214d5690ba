# cython: annotation_typing=False
"""The legal actions' codes in a game's `ActionSpace` and the action mask's 1s, for the learning
environments (meeple/rl): the two loops a step runs over its legal actions. Compiled with the engine
(action_codes.pxd: the loops in C, the mask a typed memoryview written by C stores), where they
cost a third to a half less than as Python in meeple/rl; the source runs the same code as Python."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import Action, ActionSpace


def codes_of(codes: dict[Action, int], space: ActionSpace, legal: list[Action]) -> list[int]:
    """The codes of `legal`, in its order: from `codes` (a cache by action), else encoded and kept there."""
    out = []
    for action in legal:
        code = codes.get(action)
        if code is None:
            code = codes[action] = space.encode(action)
        out.append(code)
    return out


def put_ones(mask: Any, codes: list[int]) -> None:
    """A 1 at each of `codes` in `mask` (a writable int8 vector of zeros)."""
    for code in codes:
        mask[code] = 1
