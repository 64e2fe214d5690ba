"""Every meeple game as a PettingZoo AEC environment: the seats are the agents, one acts at a time.

A simultaneous secret choice (Doge's ballots, El Grande's disks, Genesia's draft, Goofspiel's bids) is
taken in turn, in the order of `state.to_move()`: the state keeps a choice made secret until the last
one arrives, and observations are encoded from `view(agent)` alone, so no agent's observation shows
another's pending choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from meeple.engine import Action, BadOption, Game, IllegalAction, State
from meeple.engine.action_codes import codes_of, put_ones
from meeple.engine.game import _freeze
from meeple.engine.observation import DirectEncode, Layout, direct_for, layout_for
from meeple.engine.registry import load

from .render import text_board
from .rewards import REWARDS, final_rewards


def seat_agents(game: Game, num_players: int) -> list[str]:
    """The agents' names: the seats' names (the game's colours), or P1..Pn."""
    names = [game.seat_names[p] if p < len(game.seat_names) else f"P{p + 1}" for p in range(num_players)]
    return names if len(set(names)) == num_players else [f"P{p + 1}" for p in range(num_players)]


class Encoder:
    """What an environment needs of a game for one player count and option set, built once: the
    observation layout, the game's direct encoder if it has one (the same vector, written from the
    state's fields without building the view), the action space, and each action's code (a dict hit
    after its first use)."""

    def __init__(self, game: Game, num_players: int, options: dict[str, Any]) -> None:
        frozen = _freeze(options)
        self.layout: Layout = layout_for(game, num_players, frozen)
        self.direct: DirectEncode | None = direct_for(game, num_players, frozen)
        self.space = game.action_space(num_players, frozen)
        self.codes: dict[Action, int] = {}

    def code(self, action: Action) -> int:
        code = self.codes.get(action)
        if code is None:
            code = self.codes[action] = self.space.encode(action)
        return code

    def codes_of(self, legal: list[Action]) -> list[int]:
        """The codes of a list of actions, in its order."""
        return codes_of(self.codes, self.space, legal)

    def observation(self, state: State, player: int) -> np.ndarray:
        out = np.zeros(self.layout.size, dtype=np.float32)
        if self.direct is not None:
            self.direct(state, player, memoryview(out))
        else:
            self.layout.encode_into(state.view(player), player, out)
        return out

    def mask(self, legal: list[Action]) -> np.ndarray:
        return self.mask_of(self.codes_of(legal))

    def mask_of(self, codes: list[int]) -> np.ndarray:
        mask = np.zeros(self.space.size, dtype=np.int8)
        put_ones(mask, codes)  # a C loop (compiled engine): beats numpy's fancy indexing and item writes
        return mask


def check_setup(game: Game, num_players: int, options: Mapping[str, Any] | None, reward: str) -> dict[str, Any]:
    """The parsed options, after refusing (BadOption) a player count, option or reward the game does not
    take."""
    if reward not in REWARDS:
        raise BadOption(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    opts = game.parse_options(options)
    game.new_state(num_players, 0, opts)  # refuses a player count or option combination
    return opts


class MeepleAEC(AECEnv):
    """One game of `game` per episode; `reset(seed)` replays exactly (chance comes from the seed)."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: Game,
        num_players: int,
        options: Mapping[str, Any] | None = None,
        reward: str = "win",
        render_mode: str | None = None,
        max_steps: int | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise BadOption(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = game
        self.num_players = num_players
        self.options = check_setup(game, num_players, options, reward)
        self.reward_kind = reward
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.metadata = {**self.metadata, "name": f"meeple_{game.id}_v0"}
        self.encoder = Encoder(game, num_players, self.options)
        self.possible_agents = seat_agents(game, num_players)
        self.seat = {a: p for p, a in enumerate(self.possible_agents)}
        size = self.encoder.layout.size
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.encoder.space.size,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.encoder.space.size) for a in self.possible_agents}
        self.state: State | None = None
        self._legal: list[Action] = []  # the legal actions of the agent selected, computed once
        self._codes: list[int] | None = None  # their codes, computed once when first needed

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ----- an episode ---------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; `seed` fixes every roll and shuffle (None: a fresh one). The game's options are
        the environment's own (given at construction); `options` here is accepted and not used."""
        if seed is None:
            seed = int(np.random.SeedSequence().entropy) & 0xFFFFFFFF
        self.state = self.game.new_state(self.num_players, seed, self.options)
        self.state.log = False
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        player = self.state.to_move()[0]
        self.agent_selection = self.possible_agents[player]
        self._legal = self.state.legal_actions(player)
        self._codes = None

    def _legal_codes(self) -> list[int]:
        if self._codes is None:
            self._codes = self.encoder.codes_of(self._legal)
        return self._codes

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = self.seat[agent]
        if agent == self.agent_selection and not self.terminations[agent] and not self.truncations[agent]:
            mask = self.encoder.mask_of(self._legal_codes())
        else:
            mask = np.zeros(self.encoder.space.size, dtype=np.int8)
        return {"observation": self.encoder.observation(self.state, player), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = self._action(int(action))
        player = self.seat[agent]
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(player, chosen, check=False)
        self.steps += 1
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, final_rewards(self.state.result(), self.reward_kind)):
                self.rewards[a] = r
                self.terminations[a] = True
            self.agent_selection = agent
            self._legal, self._codes = [], None
        elif self.max_steps is not None and self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
            self._legal, self._codes = [], None
        else:
            self._select()
        self._accumulate_rewards()

    def _action(self, code: int) -> Action:
        space = self.encoder.space
        if not 0 <= code < space.size:
            raise IllegalAction(f"action {code} is outside 0..{space.size - 1}")
        codes = self._legal_codes()
        if code in codes:
            return self._legal[codes.index(code)]
        raise IllegalAction(
            f"action {code} ({space.decode(code)!r}) is not legal for {self.agent_selection} now;"
            " the observation's action_mask marks the legal ones"
        )

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return text_board(self.state)

    def close(self) -> None:
        self.state = None


def aec_env(
    game_id: str,
    num_players: int | None = None,
    options: Mapping[str, Any] | None = None,
    reward: str = "win",
    render_mode: str | None = None,
    max_steps: int | None = None,
) -> MeepleAEC:
    """A PettingZoo AEC environment of a registered game, for `num_players` (default: the fewest its
    options allow); UnknownGame, BadOption for bad input."""
    game = load(game_id)
    if num_players is None:
        num_players = game.player_counts(game.parse_options(options)).start
    return MeepleAEC(game, num_players, options, reward, render_mode, max_steps)
