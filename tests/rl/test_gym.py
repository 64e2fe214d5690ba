"""One learning seat as a Gymnasium environment, the other seats played by bots."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from meeple.bots import BadBotSpec
from meeple.engine import BadOption
from meeple.rl import gym_env

OPPONENTS = {
    "doge": ["greedy", "random"],
    "elgrande": ["random"],
    "genesia": [],  # the solo game: the learning seat alone
    "goofspiel": ["greedy", "mcts:iterations=20"],
    "riodelaplata": ["random"],
}


@pytest.mark.parametrize("game_id", sorted(OPPONENTS))
def test_gymnasium_check_env_passes(game_id: str) -> None:
    env = gym_env(game_id, OPPONENTS[game_id], render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice: unbounded Box, no render_fps, no registered spec
        check_env(env)


def episode(env, seed: int) -> tuple[list[bytes], float]:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    seen, total, done = [obs["observation"].tobytes()], 0.0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, _ = env.step(action)
        seen.append(obs["observation"].tobytes())
        total += reward
        done = terminated or truncated
    return seen, total


def test_an_episode_ends_with_the_seats_reward_and_replays_from_its_seed() -> None:
    env = gym_env("goofspiel", ["greedy", "random"], seat=1, options={"cards": 6})
    seen, total = episode(env, 7)
    assert len(seen) == 7  # six bids, each answered by the bots inside step
    result = env.state.result()
    assert total == (1.0 / len(result.winners) if 1 in result.winners else 0.0)
    assert episode(env, 7) == (seen, total)


def test_an_illegal_action_changes_nothing_and_is_paid_for() -> None:
    env = gym_env("goofspiel", ["random"], options={"cards": 4}, illegal_reward=-0.5)
    obs, _ = env.reset(seed=0)
    before = env.state.to_json()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0]) if (obs["action_mask"] == 0).any() else None
    if illegal is None:  # every card is in hand at the start: play one, then ask for it again
        obs, *_ = env.step(0)
        before = env.state.to_json()
        illegal = 0
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert info == {"illegal": True} and reward == -0.5 and not terminated
    assert env.state.to_json() == before


def test_bad_setups_are_refused_clearly() -> None:
    with pytest.raises(BadBotSpec):
        gym_env("goofspiel", ["grandmaster"])
    with pytest.raises(BadOption, match="seat must be 0..1"):
        gym_env("goofspiel", ["random"], seat=2)
    with pytest.raises(BadOption, match="for 3 to 4 players"):
        gym_env("doge", ["random"])
