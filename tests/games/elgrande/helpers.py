"""Building exact positions for the El Grande tests: a fresh game whose JSON document is edited (as
the independent scenario tests do) and read back with state_from_json."""

from __future__ import annotations

import json
from typing import Any

import pytest

import meeple
from meeple.engine import IllegalAction
from meeple.games.elgrande.data import CARDS, INDEX
from meeple.games.elgrande.state import ElGrandeState

GAME = meeple.load("elgrande")
A = INDEX  # region name -> area index


def card_id(name: str) -> int:
    return next(c["id"] for c in CARDS if c["name"] == name)


def empty_doc(n: int, options: dict[str, Any] | None = None, seed: int = 1) -> dict[str, Any]:
    """A new game's document with every Caballero back in the provinces (court 0, board empty)."""
    doc = GAME.new_state(n, seed, options or {}).to_json()
    for p in range(n):
        doc["cab"][p] = [0] * 14
        doc["court"][p] = 0
        doc["prov"][p] = 30
    doc["discs"] = []
    if doc["options"].get("colonies"):
        doc["supply"] = {"gold": 8, "wares": 10}
    return doc


def put(doc: dict[str, Any], p: int, area: str | int, k: int) -> None:
    """Move k of p's Caballeros from the provinces to an area (or 'court')."""
    if area == "court":
        doc["court"][p] += k
    else:
        a = A[area] if isinstance(area, str) else area
        doc["cab"][p][a] += k
    doc["prov"][p] -= k


def free_moves_doc(n: int = 2, king: str = "Aragon", options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Player 0's turn starts (power card 13: nobody to court) in the free moves of the Ship (the
    Colonies regions); nobody on the board yet."""
    doc = empty_doc(n, options or {"colonies": True})
    doc["king"] = A[king]
    doc["grande"] = [A["Galicia"], A["Granada"], A["Old Castile"], A["Aragon"], A["Seville"]][:n]
    doc["phase"] = "free"
    doc["cur"] = 0
    doc["played"] = [13 - q for q in range(n)]
    doc["used"] = [[13 - q] for q in range(n)]
    doc["bid_i"] = n
    doc["turns"] = list(range(n))
    return doc


def refused(s: ElGrandeState, p: int, action: tuple[Any, ...], words: str = "") -> None:
    """The action is refused with `words` in its message, and the position is unchanged."""
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        s.apply(p, action)
    assert words in str(info.value)
    assert json.dumps(s.to_json(), sort_keys=True) == before


def load(doc: dict[str, Any]) -> ElGrandeState:
    s = GAME.state_from_json(json.loads(json.dumps(doc)))
    assert isinstance(s, ElGrandeState)
    s.check_invariants()
    return s


def turn_doc(n: int, p: int, card: str, king: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A position in p's turn, right after taking `card` (placement and special action to come)."""
    doc = empty_doc(n, options)
    doc["king"] = A[king]
    doc["phase"] = "act"
    doc["cur"] = p
    doc["card"] = card_id(card)
    doc["played"] = [13 - q for q in range(n)]
    doc["used"] = [[13 - q] for q in range(n)]
    doc["bid_i"] = n
    doc["turns"] = list(range(n))
    doc["turn_i"] = p
    doc["order"] = list(range(n))
    doc["faceup"] = [c for c in doc["faceup"] if c != doc["card"]]
    return doc
