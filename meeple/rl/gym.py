"""One learning seat as a Gymnasium environment: the other seats are played by bots (`make_bot` specs:
"random", "greedy", "mcts:iterations=200"...), inside `step`, until the learning seat is to move again
or the game ends. Observation and action spaces are the AEC environment's (aec.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from meeple.bots import make_bot
from meeple.engine import Action, BadOption, Game, IllegalAction, State
from meeple.engine.registry import load

from .aec import Encoder, check_setup
from .render import text_board
from .rewards import final_rewards


class MeepleGym(gymnasium.Env):
    """`seat` learns; `opponents[i]` plays the i-th other seat. Rewards come at the end (aec.py's).

    An action the mask does not allow changes nothing: the step pays `illegal_reward` and says
    `info["illegal"]` (Gymnasium's checks, and agents that ignore the mask, send any action of the
    space); it counts towards `max_steps`."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: Game,
        opponents: Sequence[str],
        seat: int = 0,
        options: Mapping[str, Any] | None = None,
        reward: str = "win",
        render_mode: str | None = None,
        max_steps: int | None = None,
        illegal_reward: float = -1.0,
    ) -> None:
        num_players = len(opponents) + 1
        if not 0 <= seat < num_players:
            raise BadOption(f"seat must be 0..{num_players - 1} with {len(opponents)} opponent(s), not {seat}")
        if render_mode not in (None, "ansi"):
            raise BadOption(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = game
        self.num_players = num_players
        self.options = check_setup(game, num_players, options, reward)
        self.opponents = list(opponents)
        for spec in self.opponents:
            make_bot(spec, 0, game)  # refuses a bad spec now (BadBotSpec), not in the first step
        self.seat = seat
        self.reward_kind = reward
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.illegal_reward = illegal_reward
        self.encoder = Encoder(game, num_players, self.options)
        size = self.encoder.space.size
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self.encoder.layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(size)
        self.state: State | None = None
        self._legal: list[Action] = []

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game; `seed` fixes the dice, the shuffles and the bots' choices."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**32))
        self.state = self.game.new_state(self.num_players, game_seed, self.options)
        self.state.log = False
        others = [p for p in range(self.num_players) if p != self.seat]
        self.bots = {p: make_bot(spec, game_seed + 1 + i, self.game) for i, (p, spec) in enumerate(zip(others, self.opponents))}
        self.steps = 0
        self._play_bots()
        return self._observe(), {}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self.state is None or self.state.is_terminal():
            raise IllegalAction("the game is over: call reset() to start another")
        code = int(action)
        chosen = next((a for a in self._legal if self.encoder.code(a) == code), None)
        self.steps += 1
        info: dict[str, Any] = {}
        if chosen is None:
            reward = self.illegal_reward
            info["illegal"] = True
        else:
            self.state.apply(self.seat, chosen, check=False)
            self._play_bots()
            reward = 0.0
        terminated = self.state.is_terminal()
        if terminated:
            reward = final_rewards(self.state.result(), self.reward_kind)[self.seat]
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        return self._observe(), reward, terminated, truncated, info

    def _play_bots(self) -> None:
        state = self.state
        while not state.is_terminal():
            player = state.to_move()[0]
            if player == self.seat:
                self._legal = state.legal_actions(player)
                return
            state.apply(player, self.bots[player].act(state, player))
        self._legal = []

    def _observe(self) -> dict[str, np.ndarray]:
        return {
            "observation": self.encoder.observation(self.state, self.seat),
            "action_mask": self.encoder.mask(self._legal),
        }

    def render(self) -> str | None:
        return text_board(self.state) if self.render_mode == "ansi" else None


def gym_env(
    game_id: str,
    opponents: Sequence[str] = ("random",),
    seat: int = 0,
    options: Mapping[str, Any] | None = None,
    reward: str = "win",
    render_mode: str | None = None,
    max_steps: int | None = None,
    illegal_reward: float = -1.0,
) -> MeepleGym:
    """A Gymnasium environment of a registered game: `seat` learns against one bot per opponent spec."""
    return MeepleGym(load(game_id), opponents, seat, options, reward, render_mode, max_steps, illegal_reward)
