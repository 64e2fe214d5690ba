"""The leak test: two states that differ only in what a player may not see give that player the same
observation. The second state is a clone with everything hidden from the player redrawn
(`resample_hidden`, the game's determinization); the test also checks that the redraw changed the
state and that some other player's observation saw it, so that it cannot pass by comparing equals.
It runs on both paths: the view's encoding (`Game.observation`) and the game's direct encoder (what
the learning environments use, tests/rl/test_direct.py)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from meeple import load
from meeple.engine import Game, Rng, State
from meeple.rl.aec import Encoder

from .configs import every_count

STEPS = 300  # decisions of one game at most
GAMES = 3  # games at most, until another player's secret has been seen to change its observation
SHARE = 0.3  # of the decisions compared (drawn: a fixed spacing can fall at the same point of every round)


Observe = Callable[[State, int], list[float]]


def survey(game: Game, n: int, observation: Observe) -> tuple[int, int, int, str | None]:
    """Random games compared with their redraws: (positions compared, redraws that changed the state,
    redraws some other player's observation saw, the first leak found or None)."""
    pick = random.Random(6)
    resampled = seen_by_others = compared = 0
    for seed in range(GAMES):
        state = game.new_state(n, seed, {})
        state.log = False
        rng = random.Random(seed)
        for step in range(STEPS):
            if state.is_terminal():
                break
            if pick.random() < SHARE:
                for p in range(n):
                    other = state.clone()
                    other.resample_hidden(p, Rng(1000 * step + p))
                    if observation(other, p) != observation(state, p):
                        return compared, resampled, seen_by_others, (
                            f"{game.id} game {seed} step {step}: player {p}'s observation changed with what"
                            " it may not see"
                        )
                    compared += 1
                    if other.to_json() != state.to_json():
                        resampled += 1
                        others = [q for q in range(n) if q != p]
                        if any(observation(other, q) != observation(state, q) for q in others):
                            seen_by_others += 1
            player = state.to_move()[0]
            state.apply(player, rng.choice(state.legal_actions(player)), check=False)
        if seen_by_others or not game.hidden_information or n == 1:
            break
    return compared, resampled, seen_by_others, None


def direct_observation(game: Game, n: int) -> Observe | None:
    """The observation the learning environments use: the game's direct encoder (None without one)."""
    encoder = Encoder(game, n, game.parse_options({}))
    if encoder.direct is None:
        return None
    return lambda state, p: encoder.observation(state, p).tolist()


# (game, players, path): every game's view encoding, and the direct encoder of those that have one
PATHS = [(g, n, "view") for g, n in every_count()] + [
    (g, n, "direct") for g, n in every_count() if direct_observation(load(g), n) is not None]


@pytest.mark.parametrize(("game_id", "n", "path"), PATHS)
def test_what_a_player_may_not_see_never_changes_its_observation(game_id: str, n: int, path: str) -> None:
    game = load(game_id)
    observation = game.observation if path == "view" else direct_observation(game, n)
    assert observation is not None
    compared, resampled, seen_by_others, leak = survey(game, n, observation)
    assert leak is None, leak
    assert compared > 10
    if game.hidden_information and n > 1:
        assert resampled, f"{game_id}: the redraw never changed anything; the test would prove nothing"
        assert seen_by_others, f"{game_id}: no other player's observation ever holds its own secrets"


def test_a_direct_encoder_that_reads_another_players_hand_is_caught() -> None:
    """The survey finds a leak of the direct path: Doge's encoder, with the next player's hand (hidden:
    only its size is public) added to the observer's own."""
    game = load("doge")
    encoder = Encoder(game, 3, {})
    direct = encoder.direct
    my_hand = encoder.layout.start("my_hand")

    def leaky(state: State, p: int, out: Any) -> None:
        direct(state, p, out)
        q = (p + 1) % 3
        for v in range(4):
            out[my_hand + v] += state.hand[q * 4 + v]  # type: ignore[attr-defined]

    encoder.direct = leaky
    *_, leak = survey(game, 3, lambda state, p: encoder.observation(state, p).tolist())
    assert leak is not None and "changed with what it may not see" in leak
