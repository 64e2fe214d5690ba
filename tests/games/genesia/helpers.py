"""Build exact Genesia positions from a fresh game's JSON document (edited as a person would) and
load them through `state_from_json`, so the tests also exercise the documented schema."""

from __future__ import annotations

import json
from typing import Any

import pytest

from meeple.engine import IllegalAction
from meeple.games.genesia import GAME, GenesiaState
from meeple.games.genesia.data import region_id

RED, GREEN, GRAY, BLACK, WHITE = range(5)


def fresh_doc(n: int, seed: int = 1, **options: Any) -> dict[str, Any]:
    return GAME.new_state(n, seed, options).to_json()


def take(doc: dict[str, Any], card: int) -> int:
    """Remove `card` from wherever it is (deck, pack, hand...) so it can be put somewhere else."""
    for key in ("decks", "hands", "packs", "kept", "discards", "played"):
        for pile in doc[key]:
            if card in pile:
                pile.remove(card)
                return card
    raise AssertionError(f"card {card} is not in the game")


def give(doc: dict[str, Any], people: int, *cards: int, where: str = "hands") -> None:
    for c in cards:
        doc[where][people].append(take(doc, c))


def clear_cards(doc: dict[str, Any]) -> None:
    """Put every card in hand or in a draft pile back into its Age's deck."""
    for key in ("hands", "packs", "kept"):
        for pile in doc[key]:
            while pile:
                c = pile.pop()
                doc["decks"][(c - 1) // 30].append(c)
    doc["picks"] = [0] * len(doc["picks"])


def region(state_or_doc: Any, name: str) -> int:
    from meeple.games.genesia.data import board_for

    n = state_or_doc["peoples"] if isinstance(state_or_doc, dict) else state_or_doc.peoples
    return region_id(board_for(n), name)


def phase_doc(n: int, phase: str, age: int = 1, seed: int = 1, **options: Any) -> dict[str, Any]:
    """A position in `phase` of `age` with empty hands and board, turn order 0..n-1, objectives dealt."""
    doc = fresh_doc(n, seed, **options)
    clear_cards(doc)
    doc["phase"], doc["age"], doc["turn"] = phase, age, 0
    doc["order"] = list(range(doc["peoples"]))
    if doc["objective_options"]:
        doc["objective"] = [o[0] for o in doc["objective_options"]]
    return doc


def load(doc: dict[str, Any]) -> GenesiaState:
    s = GAME.state_from_json(json.loads(json.dumps(doc)))
    assert isinstance(s, GenesiaState)
    return s


def snapshot(s: GenesiaState) -> str:
    return json.dumps(s.to_json(), sort_keys=True)


def no_objectives(doc: dict[str, Any]) -> dict[str, Any]:
    """The same position played without Secret Objectives."""
    doc["options"]["objectives"] = False
    doc["objective"], doc["objective_options"], doc["objective_pool"] = [], [], []
    return doc


def refused(s: GenesiaState, player: int, action: tuple[Any, ...]) -> None:
    """The action is refused and the position is unchanged."""
    before = snapshot(s)
    with pytest.raises(IllegalAction):
        s.apply(player, action)
    assert snapshot(s) == before
