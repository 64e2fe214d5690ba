"""The generic battery every registered game passes (see DESIGN.md, "Conformance").

Seeded random games; after every step the cheap checks run, and on a sample of steps (every step
with MEEPLE_CONFORMANCE_DEEP=1) the expensive ones: applying legal actions on clones, illegal
actions, JSON round trips, views against determinizations. MEEPLE_CONFORMANCE_GAMES sets how many
games each variant plays (default 2; CI keeps it small, a soak run raises it).
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

from meeple.engine import IllegalAction, Rng, State
from meeple.engine.record import make_record, verify

from .variants import variant_id, variants

GAMES = int(os.environ.get("MEEPLE_CONFORMANCE_GAMES", "2"))
DEEP = os.environ.get("MEEPLE_CONFORMANCE_DEEP") == "1"
DEEP_EVERY = 9  # on average one step in nine gets the expensive checks
MAX_DECISIONS = 200_000

VARIANTS = variants()


def snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def check_cheap(state: State) -> None:
    state.check_invariants()
    movers = state.to_move()
    assert movers, "a game that is not over must have someone to move"
    assert len(set(movers)) == len(movers) and all(0 <= p < state.num_players for p in movers)
    for p in movers:
        assert state.legal_actions(p), f"{state.player_name(p)} is to move but has no legal action"


def check_deep(state: State, rng: Rng, hidden_changes: list[int]) -> None:
    before = snapshot(state)
    movers = state.to_move()
    n = state.num_players

    # every legal action applies on a clone, and the clone is independent of the original
    for p in movers:
        legal = state.legal_actions(p)
        for action in rng.sample(legal, min(3, len(legal))):
            c = state.clone()
            c.apply(p, action)
            assert snapshot(state) == before, "applying to a clone changed the original"
            code = state.encode(action)
            assert 0 <= code < state.action_space_size() and state.decode(code) == action

    # illegal actions raise IllegalAction and leave the state unchanged
    p = movers[0]
    for bad_player, bad_action in [
        (p, ("__not_a_verb__",)),
        (p, ("__not_a_verb__", 10**9)),
        *[(q, state.legal_actions(p)[0]) for q in range(n) if q not in movers][:1],
        (n, state.legal_actions(p)[0]),
    ]:
        with pytest.raises(IllegalAction) as info:
            state.apply(bad_player, bad_action)
        assert str(info.value), "IllegalAction must say what was wrong"
        assert snapshot(state) == before, f"an illegal action {bad_action!r} changed the state"
    # an action that is legal for nobody now: take one the mover could not take (a verb of another
    # player's list, or an out-of-range argument of its own)
    mutated = _mutate(state.legal_actions(p)[0])
    if mutated not in state.legal_actions(p):
        with pytest.raises(IllegalAction):
            state.apply(p, mutated)
        assert snapshot(state) == before

    # the whole state round-trips through JSON and behaves the same
    doc = json.loads(json.dumps(state.to_json()))
    again = state.game.state_from_json(doc)
    assert again == state, "state_from_json(to_json()) must rebuild an equal state"
    assert again.to_move() == movers
    for q in movers:
        assert again.legal_actions(q) == state.legal_actions(q)
    # a search's key of the position: the same whatever the random generator's state, and the fields
    # a game names as read by reports only are fields of its JSON
    assert set(state.game.report_only) <= set(doc) - {"rng"}, "report_only names fields of to_json()"
    reseeded = state.clone()
    reseeded.rng = rng.fork()
    assert reseeded.position_key() == state.position_key() == again.position_key()

    # views are JSON, and a determinization for p (hidden information redrawn) looks the same to p
    json.dumps(state.view(None))
    for q in range(n):
        view = state.view(q)
        json.dumps(view)
        d = state.determinize(q, rng.fork())
        d.check_invariants()
        assert d.view(q) == view, (
            f"{state.player_name(q)}'s view changes with hidden information it cannot see"
        )
        if q in movers:
            assert d.legal_actions(q) == state.legal_actions(q)
        # the redraw depends only on what q knows: from a state that differs from this one only in
        # q's hidden information, the same seed must give the very same determinization
        seed = rng.next64()
        twin = d.determinize(q, Rng(seed))
        assert twin.to_json() == state.determinize(q, Rng(seed)).to_json(), (
            f"determinize({state.player_name(q)}) depends on hidden information (sort hidden pools before shuffling)"
        )
        d_doc = d.to_json()
        d_doc["rng"] = doc["rng"]
        if d_doc != doc:
            hidden_changes[0] += 1
    assert snapshot(state) == before, "checks must not change the state"


def _mutate(action: tuple) -> tuple:
    for i in range(len(action) - 1, 0, -1):
        if isinstance(action[i], int) and not isinstance(action[i], bool):
            return (*action[:i], action[i] + 10**6, *action[i + 1 :])
    return (*action, 10**6)


def play_checked(game: Any, n: int, options: dict[str, Any], seed: int, hidden_changes: list[int]) -> None:
    state = game.new_state(n, seed, options)
    state.log = True
    rng = Rng(seed * 7919 + 1)
    history = []
    rounds = state.game_round()  # None (no rounds) or a number that never goes down
    while not state.is_terminal():
        assert len(history) < MAX_DECISIONS, "the game does not end"
        check_cheap(state)
        if DEEP or rng.below(DEEP_EVERY) == 0:
            check_deep(state, rng, hidden_changes)
        player = state.to_move()[0]
        action = rng.choice(state.legal_actions(player))
        state.apply(player, action)
        history.append((player, action))
        now = state.game_round()
        assert (now is None) == (rounds is None), "game_round() is None in some positions only"
        assert now is None or (isinstance(now, int) and now >= rounds), f"game_round() went from {rounds} to {now}"
        rounds = now
        if len(history) % 50 == 0:
            state.log = not state.log  # exercise both modes: logging must not change the rules
    assert state.to_move() == [] and all(state.legal_actions(p) == [] for p in range(n))
    result = state.result()
    assert len(result.scores) == n and len(result.ranks) == n
    assert result.winners and all(1 <= r <= n for r in result.ranks)
    json.dumps(result.to_json())
    record = json.loads(json.dumps(make_record(state, ["random"] * n, seed, history)))
    replayed = verify(record)
    assert replayed.state_hash() == state.state_hash()


@pytest.mark.parametrize("variant", VARIANTS, ids=[variant_id(v) for v in VARIANTS])
def test_random_games_obey_the_contract(variant: tuple[Any, int, dict[str, Any]]) -> None:
    game, n, options = variant
    hidden_changes = [0]
    for g in range(GAMES):
        play_checked(game, n, options, seed=1000 + 37 * g + n, hidden_changes=hidden_changes)
    if game.hidden_information:
        assert hidden_changes[0] > 0, (
            "determinize never redrew anything, yet the game declares hidden information"
        )


@pytest.mark.parametrize("variant", VARIANTS, ids=[variant_id(v) for v in VARIANTS])
def test_same_seed_same_game(variant: tuple[Any, int, dict[str, Any]]) -> None:
    game, n, options = variant
    hashes = []
    for _ in range(2):
        s = game.new_state(n, 42, options)
        rng = Rng(5)
        steps = 0
        while not s.is_terminal() and steps < 300:
            p = s.to_move()[0]
            s.apply(p, rng.choice(s.legal_actions(p)), check=False)
            steps += 1
        hashes.append(s.state_hash())
    assert hashes[0] == hashes[1]
