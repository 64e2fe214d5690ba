"""Every door of the engine refuses garbage with one clear error and changes nothing: state documents
(`state_from_json`), records (`replay`/`verify`) and actions (`apply`), fuzzed per game with hypothesis.

The property: an input is either refused with a `MeepleError` (BadState, BadRecord, IllegalAction),
leaving everything as it was byte for byte, or accepted as a position the rules can go on from."""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple.engine import IllegalAction, MeepleError, load
from meeple.engine.record import make_record, replay, verify

GAMES = [("goofspiel", 3), ("doge", 3), ("elgrande", 4), ("genesia", 3), ("riodelaplata", 3)]
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def _game_log(game_id: str, n: int, seed: int) -> tuple[list[str], list[tuple[int, Any]]]:
    """A seeded random game: the document before each move, and the moves."""
    game = load(game_id)
    state = game.new_state(n, seed)
    rng = random.Random(seed)
    docs, moves = [], []
    while not state.is_terminal():
        docs.append(json.dumps(state.to_json()))
        p = state.to_move()[0]
        action = rng.choice(state.legal_actions(p))
        state.apply(p, action)
        moves.append((p, action))
    return docs, moves


def _mid_game(game_id: str, n: int, seed: int, where: float) -> dict[str, Any]:
    docs, _ = _game_log(game_id, n, seed)
    return json.loads(docs[int(where * (len(docs) - 1))])


def _paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix] if prefix else []
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, prefix + (i,))
    return out


def _mutate(doc: dict[str, Any], pick: int, kind: int, value: Any) -> dict[str, Any]:
    """One edit a careless hand or a damaged file makes: delete, retype, shift, double, empty, add."""
    doc = copy.deepcopy(doc)
    paths = [p for p in _paths(doc) if p[0] != "game"]
    path = paths[pick % len(paths)]
    parent = doc
    for k in path[:-1]:
        parent = parent[k]
    key = path[-1]
    old = parent[key]
    if kind == 0:
        del parent[key]
    elif kind == 1:
        parent[key] = value
    elif kind == 2 and isinstance(old, int) and not isinstance(old, bool):
        parent[key] = float(old)
    elif kind == 3 and isinstance(old, int) and not isinstance(old, bool):
        parent[key] = old + (value if isinstance(value, int) else 1)
    elif kind == 4 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(old))
    elif kind == 5:
        parent[key] = {} if isinstance(old, dict) else []
    elif isinstance(parent, dict):
        parent[f"{key}x"] = old  # a misspelt field beside the real one
    else:
        parent[key] = value
    return doc


def _plays_on(state: Any, seed: int, moves: int = 60) -> None:
    """An accepted position is one the rules can go on from: invariants, someone to move with a legal
    action, and moves that apply."""
    state.check_invariants()
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            state.result()
            return
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        assert legal, f"{state.player_name(p)} is to move without a legal action"
        state.apply(p, rng.choice(legal))
    state.check_invariants()


SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**20), 10**20), st.floats(allow_nan=False), st.text(max_size=5)
)


@pytest.mark.parametrize(("game_id", "n"), GAMES)
@FUZZ
@given(
    seed=st.integers(0, 3),
    where=st.floats(0, 1),
    pick=st.integers(0, 10**6),
    kind=st.integers(0, 6),
    value=SCALARS,
)
def test_a_damaged_state_document_is_refused_or_plays_on(
    game_id: str, n: int, seed: int, where: float, pick: int, kind: int, value: Any
) -> None:
    doc = _mutate(_mid_game(game_id, n, seed, where), pick, kind, value)
    before = json.dumps(doc, sort_keys=True)
    try:
        state = load(game_id).state_from_json(doc)
    except MeepleError:
        assert json.dumps(doc, sort_keys=True) == before, "the reader changed the document it refused"
        return
    _plays_on(state, seed)


def _record(game_id: str, n: int, seed: int) -> dict[str, Any]:
    game = load(game_id)
    state = game.new_state(n, seed)
    _, moves = _game_log(game_id, n, seed)
    for p, a in moves:
        state.apply(p, a)
    return make_record(state, ["random"] * n, seed, moves)


@pytest.mark.parametrize(("game_id", "n"), GAMES)
@FUZZ
@given(seed=st.integers(0, 3), pick=st.integers(0, 10**6), kind=st.integers(0, 6), value=SCALARS)
def test_a_damaged_record_is_refused_or_verifies(
    game_id: str, n: int, seed: int, pick: int, kind: int, value: Any
) -> None:
    record = _mutate(_record(game_id, n, seed), pick, kind, value)
    from meeple.engine.record import check_record

    try:
        verify(check_record(record))
    except MeepleError:
        return
    # what verifies must replay to the same end as the record says
    assert replay(record).state_hash() == record["final_hash"]


ITEMS = st.one_of(SCALARS, st.lists(st.integers(0, 5), max_size=3))


@pytest.mark.parametrize(("game_id", "n"), GAMES)
@FUZZ
@given(seed=st.integers(0, 3), where=st.floats(0, 0.99), index=st.integers(0, 10**6), item=ITEMS, slot=st.integers(0, 4))
def test_an_action_that_only_equals_a_legal_one_is_refused_and_changes_nothing(
    game_id: str, n: int, seed: int, where: float, index: int, item: Any, slot: int
) -> None:
    game = load(game_id)
    state = game.state_from_json(_mid_game(game_id, n, seed, where))
    p = state.to_move()[0]
    legal = state.legal_actions(p)
    base = legal[index % len(legal)]
    # the same action with one item swapped for something else: a float, a bool, a string, a list...
    items = list(base)
    i = 1 + slot % max(1, len(items) - 1) if len(items) > 1 else len(items)
    items[i:i + 1] = [item]
    action = tuple(items)
    before = json.dumps(state.to_json(), sort_keys=True)
    try:
        state.apply(p, action)
    except IllegalAction:
        assert json.dumps(state.to_json(), sort_keys=True) == before
        return
    assert any(a == action and type(a[i]) is type(action[i]) for a in legal), f"{action!r} was taken"


@pytest.mark.parametrize(("game_id", "n"), GAMES)
def test_a_float_or_a_bool_for_an_integer_is_not_the_action(game_id: str, n: int) -> None:
    """`("card", 0.0)` and `True` for 1 equal a legal action in Python; both are refused, naming the
    types, and the state is left as it was (a float once reached the rules and failed half-way)."""
    def with_integers(where: float) -> bool:
        s = load(game_id).state_from_json(_mid_game(game_id, n, 0, where))
        return any(type(x) is int for a in s.legal_actions(s.to_move()[0]) for x in a)

    where = next(w / 20 for w in range(20) if with_integers(w / 20))
    state = load(game_id).state_from_json(_mid_game(game_id, n, 0, where))
    p = state.to_move()[0]
    before = json.dumps(state.to_json(), sort_keys=True)
    tried = 0
    for real in state.legal_actions(p):
        for i, x in enumerate(real):
            if type(x) is not int:
                continue
            fakes = [float(x)] + ([bool(x)] if x in (0, 1) else [])
            for fake in fakes:
                action = real[:i] + (fake,) + real[i + 1:]
                assert action == real
                with pytest.raises(IllegalAction, match="types of the game's actions"):
                    state.apply(p, action)
                tried += 1
    assert tried, "no legal action with an integer to fake"
    assert json.dumps(state.to_json(), sort_keys=True) == before


@pytest.mark.parametrize(("game_id", "n"), GAMES)
def test_an_item_no_integer_can_hold_is_refused_in_one_message(game_id: str, n: int) -> None:
    """An infinite or not-a-number float, or an integer beyond 64 bits, where an action holds an integer
    (one action of each kind, at four points of a game): one `IllegalAction`, the state unchanged. The
    compiled build's typed explanations could not take such an item and let the conversion's
    `OverflowError` out (Río's trade and track steps, found by the fuzz above in the compiled build)."""
    tried = 0
    for where in (0.0, 0.3, 0.5, 0.6):
        state = load(game_id).state_from_json(_mid_game(game_id, n, 0, where))
        p = state.to_move()[0]
        before = json.dumps(state.to_json(), sort_keys=True)
        kinds = {a[0]: a for a in reversed(state.legal_actions(p))}  # the first action of each kind
        for real in kinds.values():
            for i, x in enumerate(real):
                if type(x) is not int:
                    continue
                for fake in (float("inf"), float("-inf"), float("nan"), 2**70, -(2**70)):
                    with pytest.raises(IllegalAction, match="illegal action"):
                        state.apply(p, real[:i] + (fake,) + real[i + 1:])
                    tried += 1
        assert json.dumps(state.to_json(), sort_keys=True) == before
    assert tried, "no position with an integer item to fake"


@pytest.mark.parametrize(("game_id", "n"), GAMES)
def test_every_field_of_a_whole_document_is_required_and_no_other(game_id: str, n: int) -> None:
    """A whole document (as `to_json` writes it) read with a field deleted, misspelt, or of an older
    rules version is refused naming it (Río without `players` used to reset everyone to the set-up)."""
    game = load(game_id)
    doc = _mid_game(game_id, n, 1, 0.4)
    for key in doc:
        if key in ("game", "num_players") or key in game.optional_fields:
            continue
        edited = {k: v for k, v in doc.items() if k != key}
        if key == "version":
            continue  # without a version it is a hand-written position (tested below)
        with pytest.raises(MeepleError, match=f"'{key}'"):
            game.state_from_json(edited)
        misspelt = dict(edited, **{key + "_x": doc[key]})
        with pytest.raises(MeepleError, match=f"'{key}_x'.* unknown|unknown state field.*'{key}_x'"):
            game.state_from_json(misspelt)
    with pytest.raises(MeepleError, match=f"'version' must be '{game.version}'"):
        game.state_from_json(dict(doc, version="0"))
    assert game.state_from_json(doc).to_json() == doc


def test_el_grande_with_empty_decks_is_refused() -> None:
    doc = _mid_game("elgrande", 4, 1, 0.4)
    with pytest.raises(MeepleError, match="decks"):
        load("elgrande").state_from_json(dict(doc, decks={}))
