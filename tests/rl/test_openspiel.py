"""The OpenSpiel games (`meeple.rl.openspiel`): OpenSpiel's own random-simulation test, serialization,
pickling and clone round-trips, the observer, determinizations, and ISMCTS playing every game."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts

import meeple.rl.openspiel  # noqa: F401  (registers the games)
from meeple import load
from meeple.engine import BadOption
from meeple.rl.openspiel import IsmctsAgent, LeafEvaluation

COUNTS = {"doge": 3, "elgrande": 3, "genesia": 2, "goofspiel": 3, "riodelaplata": 2}
ROUND_TRIPS = 40  # decisions of a random game, each state round-tripped


def test_every_game_is_registered_with_its_type() -> None:
    for game_id in COUNTS:
        game = pyspiel.load_game(f"meeple_{game_id}")
        kind = game.get_type()
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.provides_information_state_string and kind.provides_observation_tensor
        assert game.num_distinct_actions() == load(game_id).new_state(game.num_players()).action_space_size()


@pytest.mark.parametrize(("game_id", "n"), [("goofspiel", 3), ("elgrande", 2), ("genesia", 1)])
def test_openspiels_random_simulation_test_passes(game_id: str, n: int) -> None:
    """OpenSpiel's own checks of a whole random game, serializing every state (the longer games pass it
    too: docs/rl.md; here they would take minutes, so they get the round trips below)."""
    game = pyspiel.load_game(f"meeple_{game_id}", {"players": n})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)  # raises on a failed check
    assert game.num_players() == n and game.num_distinct_actions() > 1


@pytest.mark.parametrize("game_id", sorted(COUNTS))
def test_states_round_trip_through_clone_serialization_and_pickle(game_id: str) -> None:
    game = pyspiel.load_game(f"meeple_{game_id}", {"players": COUNTS[game_id], "seed": 3})
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(ROUND_TRIPS):
        if state.is_terminal():
            break
        copies = [
            state.clone(),
            pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
            pickle.loads(pickle.dumps(state)),
        ]
        for copy in copies:
            assert str(copy) == str(state) and copy.history() == state.history()
            player = state.current_player()
            assert copy.information_state_string(player) == state.information_state_string(player)
            assert copy.legal_actions() == state.legal_actions()
        copies[0].apply_action(copies[0].legal_actions()[0])
        assert copies[0].history() != state.history(), "a clone is independent"
        state.apply_action(rng.choice(state.legal_actions()))


def test_the_observer_is_the_games_observation() -> None:
    game = pyspiel.load_game("meeple_doge", {"players": 3})
    state = game.new_initial_state()
    for _ in range(10):
        state.apply_action(state.legal_actions()[-1])
    meeple_state = state.pos.state
    for p in range(3):
        assert np.array_equal(state.observation_tensor(p), np.float32(load("doge").observation(meeple_state, p)))
        assert state.information_state_string(p).startswith(state.observation_string(p))


def test_a_resampled_state_keeps_what_the_player_knows() -> None:
    game = pyspiel.load_game("meeple_goofspiel", {"players": 3})
    state = game.new_initial_state()
    state.apply_action(4)  # the first bidder bids 5, in secret
    player = state.current_player()
    others = set()
    for k in range(20):
        sample = state.resample_from_infostate(player, lambda k=k: (k + 0.5) / 20)
        assert sample.information_state_string(player) == state.information_state_string(player)
        others.add(str(sample))
    assert len(others) > 1, "the first bidder's card and the prize deck are redrawn"


def test_a_bad_parameter_is_refused_clearly() -> None:
    with pytest.raises(BadOption, match="3 to 4 players"):
        pyspiel.load_game("meeple_doge", {"players": 2})


@pytest.mark.parametrize("game_id", sorted(COUNTS))
def test_openspiels_ismcts_plays_every_game(game_id: str) -> None:
    game = pyspiel.load_game(f"meeple_{game_id}", {"players": COUNTS[game_id]})
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game, LeafEvaluation(), 2.0, 4, random_state=rng, allow_inconsistent_action_sets=True
    )
    state = game.new_initial_state()
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_the_ismcts_agent_plays_a_whole_game_with_random_rollouts() -> None:
    from meeple.engine.match import play_match

    match = play_match(load("goofspiel"), [IsmctsAgent(8, seed=1), IsmctsAgent(8, seed=2)], seed=0, options={"cards": 5})
    assert match.state.is_terminal() and len(match.history) == 10


def test_the_leaf_evaluation_is_our_mcts_judge_of_a_cut_off_rollout() -> None:
    from meeple.bots.common import outcome

    game = pyspiel.load_game("meeple_doge", {"players": 3, "seed": 4})
    state = game.new_initial_state()
    pick = random.Random(2)
    for _ in range(80):  # into the first elections: the players' estimates differ
        state.apply_action(pick.choice(state.legal_actions()))
    values = LeafEvaluation().evaluate(state)
    assert values.tolist() == outcome(state.pos.state, "margin")[0]
    assert len(values) == 3 and all(0.0 <= v <= 1.0 for v in values) and len(set(values.tolist())) > 1


def test_the_ismcts_agent_judging_leaves_by_the_evaluation_plays_rio_de_la_plata() -> None:
    agent = IsmctsAgent(6, seed=3, judge="evaluation")
    meeple_game = load("riodelaplata")
    state = meeple_game.new_state(2, 5, {})
    player = state.to_move()[0]
    assert agent.act(state, player) in state.legal_actions(player)
    with pytest.raises(ValueError, match="judge must be"):
        IsmctsAgent(6, judge="rollouts")
