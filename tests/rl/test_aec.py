"""The PettingZoo AEC environments: PettingZoo's own API test for every game and player count, seeded
determinism, end-of-game rewards, secrecy of simultaneous choices taken in turn, render and refusals."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

from meeple.engine import BadOption, IllegalAction, UnknownGame
from meeple.rl import aec_env

from .configs import every_count

CYCLES = 8  # api_test's play test: cycles of all agents


@pytest.mark.parametrize(("game_id", "n"), every_count())
def test_pettingzoo_api_test_passes(game_id: str, n: int) -> None:
    env = aec_env(game_id, n, render_mode="ansi")
    with warnings.catch_warnings():
        # advice, not failures: dict observations are "not a NumPy array", seats are not named "player_0"
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=CYCLES)  # raises on any breach of the API
    assert env.steps > 0 and len(env.possible_agents) == n  # it did step a game of n seats


def play(env, seed: int, steps: int) -> list[tuple[str, bytes, float]]:  # type: ignore[no-untyped-def]
    """A seeded random game: per step the agent, its observation's bytes and its reward."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    trace = []
    for agent in env.agent_iter(steps):
        obs, reward, terminated, truncated, _ = env.last()
        trace.append((agent, obs["observation"].tobytes() + obs["action_mask"].tobytes(), reward))
        if terminated or truncated:
            env.step(None)
        else:
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
    return trace


@pytest.mark.parametrize("game_id", ["doge", "elgrande", "genesia", "goofspiel", "riodelaplata"])
def test_a_seed_replays_exactly(game_id: str) -> None:
    first = play(aec_env(game_id, 3), seed=4, steps=120)
    again = play(aec_env(game_id, 3), seed=4, steps=120)
    assert first == again
    other = play(aec_env(game_id, 3), seed=5, steps=120)
    assert other != first  # the seed matters: shuffles and dice differ


@pytest.mark.parametrize("reward", ["win", "margin"])
def test_rewards_come_at_the_end_from_the_result(reward: str) -> None:
    env = aec_env("goofspiel", 3, options={"cards": 4}, reward=reward)
    rng = np.random.default_rng(0)
    env.reset(seed=2)
    paid: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, r, terminated, truncated, _ = env.last()
        if terminated:
            paid[agent] = r
            env.step(None)
            continue
        assert r == 0.0, "nothing is paid before the end"
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    scores = list(env.unwrapped.state.result().scores)
    names = env.possible_agents
    if reward == "win":
        top = max(scores)
        winners = [a for a, s in zip(names, scores) if s == top]
        assert paid == {a: (1 / len(winners) if a in winners else 0.0) for a in names}
    else:
        assert paid == {a: s - max(t for b, t in zip(names, scores) if b != a) for a, s in zip(names, scores)}


def test_a_pending_secret_choice_shows_in_no_other_observation() -> None:
    """Goofspiel's bids are simultaneous: the first bidder's card, whichever it is, leaves the second
    bidder's observation as it is (but for 'has bid')."""
    seen = []
    for card in (1, 13):
        env = aec_env("goofspiel", 2)
        env.reset(seed=3)
        first = env.agent_selection
        env.step(card - 1)  # ("bid", card) is code card - 1
        second = env.agent_selection
        assert second != first
        seen.append(env.observe(second)["observation"])
    assert np.array_equal(seen[0], seen[1])


def test_only_the_agent_to_act_has_legal_actions() -> None:
    env = aec_env("doge", 3)
    env.reset(seed=0)
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == env.agent_selection)


def test_the_mask_marks_exactly_the_legal_actions_codes() -> None:
    # the codes come from the shared cache (action_codes.codes_of) and the 1s from put_ones: the same as
    # encoding each legal action afresh, in the legal actions' order
    env = aec_env("genesia", 3)
    env.reset(seed=1)
    for _ in range(60):
        agent = env.agent_selection
        legal = env.state.legal_actions(env.seat[agent])
        codes = [env.encoder.space.encode(a) for a in legal]
        mask = env.observe(agent)["action_mask"]
        assert env._legal_codes() == codes
        assert mask.dtype == np.int8 and np.flatnonzero(mask).tolist() == sorted(codes)
        env.step(codes[-1])


def test_render_is_the_text_board() -> None:
    env = aec_env("elgrande", 2, render_mode="ansi")
    env.reset(seed=0)
    board = env.render()
    assert isinstance(board, str) and "El Grande" in board and "King" in board
    assert aec_env("elgrande", 2).render() is None


def test_bad_setups_and_actions_are_refused_clearly() -> None:
    with pytest.raises(UnknownGame):
        aec_env("chess", 2)
    with pytest.raises(BadOption, match="for 3 to 4 players"):
        aec_env("doge", 2)
    with pytest.raises(BadOption, match="reward must be one of win, margin"):
        aec_env("doge", 3, reward="points")
    with pytest.raises(BadOption, match="render_mode"):
        aec_env("doge", 3, render_mode="human")
    with pytest.raises(BadOption, match="unknown option"):
        aec_env("goofspiel", 2, options={"decks": 2})
    env = aec_env("goofspiel", 2, options={"cards": 3})
    env.reset(seed=0)
    with pytest.raises(IllegalAction, match="outside 0..2"):
        env.step(99)
    env.step(0)  # P1 bids card 1
    env.step(0)  # P2 bids card 1: the round is over
    with pytest.raises(IllegalAction, match=r"action 0 \(\('bid', 1\)\) is not legal for P1"):
        env.step(0)  # card 1 is gone from P1's hand


def test_the_player_count_defaults_to_the_fewest_the_game_takes() -> None:
    assert aec_env("doge").possible_agents == ["Red", "Blue", "Green"]
    assert len(aec_env("genesia").possible_agents) == 1  # the solo game
