"""Building Doge positions from small documents, and asserting refusals leave the state unchanged."""

from __future__ import annotations

import json
from typing import Any

import pytest

from meeple.engine import IllegalAction
from meeple.games.doge import GAME, DogeState
from meeple.games.doge.data import AREA_NAMES

CANNAREGIO, CASTELLO, DORSODURO, SAN_MARCO, SAN_POLO, SANTA_CROCE, QUARANTIA = range(7)
Q1, Q2, Q3 = 6, 7, 8  # the Quarantia's advisors


def position(n: int = 3, **fields: Any) -> DogeState:
    doc: dict[str, Any] = {"game": "doge", "num_players": n, "rng": 7}
    doc.update(fields)
    state = GAME.state_from_json(doc)
    assert isinstance(state, DogeState)
    return state


def election(area: int, n: int = 3, ballots: dict[int, list[int]] | None = None, **fields: Any) -> DogeState:
    """A position at the start of the elections with `area` voting first; ballots maps a player to
    the marker values they have on that area."""
    order = [area] + [x for x in range(7) if x != area]
    rows: list[list[list[int]]] = [[[] for _ in range(7)] for _ in range(n)]
    used: list[list[int]] = [[] for _ in range(n)]
    for p, values in (ballots or {}).items():
        rows[p][area] = values
        used[p] = [area]
    doc = {"phase": "elections", "order": order, "ballots": rows, "used": used}
    doc.update(fields)
    return position(n, **doc)


def houses(s: DogeState, p: int) -> list[int]:
    return s.houses[p * 6 : p * 6 + 6]


def palaces(s: DogeState, d: int) -> list[int]:
    return [o for o in s.spaces[d * 5 : d * 5 + 5] if o >= 0]


def refused(s: DogeState, p: int, action: tuple, *words: str) -> str:
    """Apply an illegal action: it must raise naming the rule, and change nothing."""
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        s.apply(p, action)
    message = str(info.value)
    for w in words:
        assert w in message, f"{w!r} not in {message!r}"
    assert json.dumps(s.to_json(), sort_keys=True) == before
    return message


def area_name(x: int) -> str:
    return AREA_NAMES[x]
