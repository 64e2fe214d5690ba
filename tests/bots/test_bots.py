"""Bots on every registered game: legal actions only, seeded reproducibility, no peeking at hidden
information, the time budget, the move hint."""

from __future__ import annotations

import time

import pytest

from meeple.bots import make_bot, top_moves
from meeple.engine import Rng, load, play_match
from tests.bots.helpers import game_ids, player_counts, positions

SPECS = ["random", "greedy", "greedy:samples=1,chain=0", "mcts:iterations=25,depth=4"]


@pytest.mark.parametrize("game_id", game_ids())
def test_bots_return_only_legal_actions(game_id):
    for players in player_counts(game_id):
        for i, state in enumerate(positions(game_id, players, 6, seed=players)):
            before = state.to_json()
            for spec in SPECS:
                for p in state.to_move():
                    action = make_bot(spec, seed=i).act(state, p)
                    assert action in state.legal_actions(p), (game_id, players, spec, action)
            assert state.to_json() == before, "a bot changed the state it was asked about"


@pytest.mark.parametrize("game_id", game_ids())
def test_whole_games_between_bots(game_id):
    g = load(game_id)
    players = g.min_players
    specs = (["greedy", "mcts:iterations=15,depth=3", "random"] * 2)[:players]
    m = play_match(g, [make_bot(s, seed=k) for k, s in enumerate(specs)], seed=3)  # apply() checks legality
    assert m.state.is_terminal()


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("spec", ["greedy", "mcts:iterations=40,depth=5", "random"])
def test_seeded_bots_are_reproducible(game_id, spec):
    g = load(game_id)
    n = g.min_players

    def run():
        return play_match(g, [make_bot(spec, seed=11 + k) for k in range(n)], seed=5).history

    assert run() == run()


def _hidden_twins(game_id: str, players: int, count: int):
    """Pairs (state, twin, player): the twin is a determinization of the state for `player`, i.e.
    the same to `player` and different in what `player` cannot see."""
    rng = Rng(99)
    for s in positions(game_id, players, count, seed=7):
        p = s.to_move()[-1]  # in a simultaneous choice, the last mover: others have chosen in secret
        twin = s.determinize(p, rng.fork())
        assert twin.view(p) == s.view(p)
        yield s, twin, p


def test_ismcts_ignores_hidden_pending_bids_goofspiel():
    """Goofspiel, 3 players: P1 and P2 have bid in secret; P3's decision must not depend on their
    bids. Twins differ only in those pending bids (prize deck order kept)."""
    g = load("goofspiel")
    for seed in range(6):
        s = g.new_state(3, seed)
        rng = Rng(seed)
        s.apply(0, rng.choice(s.legal_actions(0)))
        s.apply(1, rng.choice(s.legal_actions(1)))
        doc = s.to_json()
        doc["bids"] = [rng.choice(s.hands[0]), rng.choice(s.hands[1]), 0]
        twin = g.state_from_json(doc)
        assert twin.view(2) == s.view(2) and twin.bids != s.bids or doc["bids"] == s.bids
        for spec in ("mcts:iterations=60,depth=6", "greedy"):
            assert make_bot(spec, seed=seed).act(s, 2) == make_bot(spec, seed=seed).act(twin, 2)


@pytest.mark.parametrize("game_id", game_ids())
def test_ismcts_same_decision_when_only_hidden_information_differs(game_id):
    g = load(game_id)
    if not g.hidden_information:
        pytest.skip("no hidden information")
    for s, twin, p in _hidden_twins(
        game_id, max(g.min_players, 3) if g.max_players >= 3 else g.min_players, 4
    ):
        for spec in ("mcts:iterations=40,depth=5", "greedy"):
            a = make_bot(spec, seed=3).act(s, p)
            b = make_bot(spec, seed=3).act(twin, p)
            assert a == b, (game_id, spec, "decision depends on hidden information")


def test_time_budget_is_kept():
    g = load("goofspiel")
    s = g.new_state(4, 1)
    bot = make_bot("mcts:seconds=0.1", seed=1)
    for _ in range(3):
        t0 = time.perf_counter()
        bot.act(s, 0)
        assert time.perf_counter() - t0 <= 0.11
        assert bot.last_iterations > 10


def test_iteration_budget_is_exact():
    g = load("goofspiel")
    bot = make_bot("mcts:iterations=77", seed=1)
    bot.act(g.new_state(2, 1), 0)
    assert bot.last_iterations == 77


def test_hint_top_moves():
    g = load("goofspiel")
    s = g.new_state(3, 2)
    before = s.to_json()
    hints = top_moves(s, 0, k=3, iterations=200)
    assert len(hints) == 3 and len({a for a, _ in hints}) == 3
    assert all(a in s.legal_actions(0) and 0.0 <= r <= 1.0 for a, r in hints)
    assert s.to_json() == before
    assert top_moves(s, 0, k=3, iterations=200) == hints  # seeded


def test_mcts_beats_random_in_goofspiel():
    g = load("goofspiel")
    wins = 0.0
    for k in range(10):
        bots = [make_bot("mcts:iterations=200", seed=k), make_bot("random", seed=1000 + k)]
        me = k % 2
        if me:
            bots.reverse()
        res = play_match(g, bots, seed=k, options={"cards": 8}).state.result()
        if res.ranks[me] == 1:
            wins += 1.0 / len(res.winners)
    assert wins >= 7
