"""Every meeple game as an OpenSpiel Python game: importing this module registers `meeple_<id>` for each
registered game, so that `pyspiel.load_game("meeple_doge", {"players": 4})` and OpenSpiel's Python
algorithms (ISMCTS, MCTS, random simulations) run on them.

The game type, and why:

- **Sequential dynamics.** A simultaneous secret choice is taken in turn, the choices made hidden from
  the others until the last one arrives, as in the PettingZoo environment (aec.py): game-theoretically
  the same as simultaneous moves, since no player learns another's choice before making its own, and
  it is what OpenSpiel's ISMCTS plays (it asserts sequential dynamics).
- **Deterministic chance, imperfect information.** Shuffles and dice come from the state's own
  generator inside the rules (no chance nodes), and the `seed` parameter fixes it: for given parameters
  a game is a deterministic function of its actions, and what a player does not know of the cards and
  dice to come is hidden information like the others' hands, which `resample_from_infostate` redraws.
  So every game is typed with imperfect information, Río de la Plata too (its views hide nothing but
  the dice to come). OpenSpiel's other choice, sampled stochastic chance, asks the game for its random
  generator's state to serialize or even pickle a state, which a Python game cannot give
  (`GetRNGState unimplemented`).
- **Terminal rewards**, the win share of the PettingZoo environment (constant sum 1).

Observations are the game's vector (`Game.observation`), the observation string the JSON of the
player's view. The information-state string adds the player's own past actions to the view; the
information-state tensor is the observation vector (our views are not perfect recall: a game's view
keeps what its players may look up at the table, not every past observation).

ISMCTS resamples a state from the acting player's information state with `resample_from_infostate`:
here the engine's determinization (`State.determinize`), which redraws everything that player may not
see and the future of chance.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts as spiel_mcts

from meeple.bots.common import outcome
from meeple.engine import Action, Game, Rng
from meeple.engine import State as MeepleState
from meeple.engine.game import canonical_json
from meeple.engine.observation import Layout
from meeple.engine.registry import games, load

from .aec import Encoder
from .rewards import final_rewards

MAX_GAME_LENGTH = 100_000  # decisions: a bound OpenSpiel asks for; Río de la Plata plays a few thousand


def short_name(game: Game) -> str:
    return f"meeple_{game.id}"


def _spiel_value(value: Any) -> Any:
    return value if isinstance(value, (bool, int, float, str)) else str(value)


def game_type(game: Game) -> pyspiel.GameType:
    counts = game.player_counts(game.parse_options({}))
    params = {"players": counts.start, "seed": 0}
    params.update({o.name: _spiel_value(o.default) for o in game.options})
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"meeple {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class SpielGame(pyspiel.Game):
    """One meeple game under OpenSpiel; parameters: `players`, `seed` and the game's own options."""

    meeple: Game  # set on each registered subclass

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game = self.meeple
        counts = game.player_counts(game.parse_options({}))
        num_players = int(params.get("players", counts.start))
        options = game.parse_options({o.name: params[o.name] for o in game.options if o.name in params})
        game.new_state(num_players, 0, options)  # refuses a bad count or option (BadOption)
        self.shared = Shared(game, num_players, int(params.get("seed", 0)), options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.shared.encoder.space.size,
            max_chance_outcomes=0,
            num_players=num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type(game), info, params)

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self.shared)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported; given {params}")
        perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        return Observer(self.shared.encoder.layout, perfect_recall)


class Shared:
    """What every state of one OpenSpiel game shares: never copied with a state (OpenSpiel clones a
    Python state by deep-copying each attribute)."""

    def __init__(self, game: Game, num_players: int, seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.encoder = Encoder(game, num_players, options)

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # by the game's id: unpickled, it is the registered game again (its caches with it)
        return (_shared, (self.game.id, self.num_players, self.seed, self.options))

    def fresh(self) -> MeepleState:
        state = self.game.new_state(self.num_players, self.seed, self.options)
        state.log = False
        return state


def _shared(game_id: str, num_players: int, seed: int, options: dict[str, Any]) -> Shared:
    return Shared(load(game_id), num_players, seed, options)


class Position:
    """A state's meeple side: the meeple state and each player's past action codes (for the
    information-state string). OpenSpiel's clone makes a new initial state and deep-copies the Python
    attributes onto it: a Position copies as `State.clone()` (a new initial state builds its meeple
    state only when first read, so that a clone does not set up a game it throws away); pickled, it is
    the state's JSON document."""

    __slots__ = ("shared", "_state", "own", "legal")

    def __init__(self, shared: Shared, state: MeepleState | None, own: list[list[int]]) -> None:
        self.shared = shared
        self._state = state
        self.own = own
        self.legal: dict[int, Action] | None = None

    @property
    def state(self) -> MeepleState:
        if self._state is None:
            self._state = self.shared.fresh()
        return self._state

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        return Position(self.shared, self.state.clone(), [o[:] for o in self.own])

    def __reduce__(self) -> tuple[Any, ...]:
        return (_position_from_doc, (self.shared, self.state.to_json(), self.own))

    def codes(self) -> dict[int, Action]:
        """The legal actions of the player to move, by code (computed once per position)."""
        if self.legal is None:
            state = self.state
            code = self.shared.encoder.code
            self.legal = {code(a): a for a in state.legal_actions(state.to_move()[0])}
        return self.legal


def _position_from_doc(shared: Shared, doc: dict[str, Any], own: list[list[int]]) -> Position:
    state = shared.game.state_from_json(doc)
    state.log = False
    return Position(shared, state, own)


class SpielState(pyspiel.State):
    """A meeple state under OpenSpiel (its one Python attribute, `pos`, is the meeple side)."""

    def __init__(self, game: SpielGame, shared: Shared) -> None:
        super().__init__(game)
        self.pos = Position(shared, None, [[] for _ in range(shared.num_players)])

    def current_player(self) -> int:
        state = self.pos.state
        if state.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return state.to_move()[0]

    def _legal_actions(self, player: int) -> list[int]:
        state = self.pos.state
        if state.is_terminal() or player != state.to_move()[0]:
            return []
        return sorted(self.pos.codes())

    def _apply_action(self, action: int) -> None:
        pos = self.pos
        player = pos.state.to_move()[0]
        pos.state.apply(player, pos.codes()[action], check=False)
        pos.own[player].append(action)
        pos.legal = None

    def _action_to_string(self, player: int, action: int) -> str:
        decoded = self.pos.shared.encoder.space.decode(action)
        return f"{self.pos.state.player_name(player)}: {self.pos.state.action_text(decoded)}"

    def is_terminal(self) -> bool:
        return self.pos.state.is_terminal()

    def returns(self) -> list[float]:
        state = self.pos.state
        if not state.is_terminal():
            return [0.0] * state.num_players
        return final_rewards(state.result(), "win")

    def __str__(self) -> str:
        return canonical_json(self.pos.state.to_json())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> SpielState:
        """A state consistent with what `player_id` knows: the engine's determinization (everything
        that player may not see redrawn, and the future of chance), drawn from `probability_sampler`
        (OpenSpiel's uniform sampler, called for a seed) when given."""
        seed = int(probability_sampler() * 2**53) if probability_sampler is not None else len(self.history())
        copy = self.clone()
        copy.pos = Position(self.pos.shared, self.pos.state.determinize(player_id, Rng(seed)), [o[:] for o in self.pos.own])
        return copy


class Observer:
    """OpenSpiel's PyObserver: the game's observation vector (`tensor`, with a named view per layout
    part in `dict`) and the view as a string."""

    def __init__(self, layout: Layout, perfect_recall: bool) -> None:
        self.layout = layout
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {name: self.tensor[start:stop] for start, stop, name, _ in layout.describe()}

    def set_from(self, state: SpielState, player: int) -> None:
        self.tensor.fill(0)
        self.layout.encode_into(state.pos.state.view(player), player, self.tensor)

    def string_from(self, state: SpielState, player: int) -> str:
        view = json.dumps(state.pos.state.view(player), sort_keys=True, separators=(",", ":"))
        if self.perfect_recall:
            return f"{view} own:{state.pos.own[player]}"
        return view


def _register() -> dict[str, type[SpielGame]]:
    registered = {}
    for game in games():
        cls = type(f"Spiel_{game.id}", (SpielGame,), {"meeple": game})
        pyspiel.register_game(game_type(game), cls)
        registered[short_name(game)] = cls
    return registered


GAMES = _register()


def spiel_state(state: MeepleState) -> SpielState:
    """An OpenSpiel state of a copy of a meeple state in play (its own past actions unknown: the
    information-state strings of a search from here leave them out, alike for every sample)."""
    name = short_name(state.game)
    params = {"players": state.num_players, **{k: _spiel_value(v) for k, v in state.options.items()}}
    game = pyspiel.load_game(name, params)
    spiel = game.new_initial_state()
    copy = state.clone()
    copy.log = False
    spiel.pos = Position(spiel.pos.shared, copy, [[] for _ in range(state.num_players)])
    return spiel


class IsmctsAgent:
    """OpenSpiel's ISMCTS (`open_spiel.python.algorithms.ismcts`) as a meeple agent (`act(state,
    player)`), to meet our bots in `play_match`: an independent search as a yardstick. Its leaves are
    judged by random rollouts to the end (`judge="random"`), or (`judge="evaluation"`) by the game's
    evaluation as our `mcts` judges a rollout cut off before the end (`LeafEvaluation`)."""

    def __init__(self, iterations: int, seed: int = 0, uct_c: float = 2.0, judge: str = "random") -> None:
        from open_spiel.python.algorithms import ismcts

        if judge not in ("random", "evaluation"):
            raise ValueError(f"judge must be 'random' or 'evaluation', not {judge!r}")
        self.name = f"openspiel-ismcts:iterations={iterations}" + ("" if judge == "random" else ",judge=evaluation")
        self.random = np.random.RandomState(seed)
        self.iterations = iterations
        self.uct_c = uct_c
        self._ismcts = ismcts
        self._evaluator = spiel_mcts.RandomRolloutEvaluator(1, self.random) if judge == "random" else LeafEvaluation()

    def act(self, state: MeepleState, player: int) -> Action:
        spiel = spiel_state(state)
        bot = self._ismcts.ISMCTSBot(
            spiel.get_game(), self._evaluator, self.uct_c, self.iterations, random_state=self.random,
            allow_inconsistent_action_sets=True,
        )
        return spiel.pos.codes()[bot.step(spiel)]


class LeafEvaluation(spiel_mcts.Evaluator):
    """An OpenSpiel evaluator that judges a leaf as our `mcts` judges a rollout cut off there
    (`mcts:depth=0`): `bots.common.outcome`, the game's evaluation turned into rewards in [0, 1]
    (`reward`: the margin by default); uniform priors. For searches where a random rollout to the end
    costs seconds (Doge, Río de la Plata)."""

    def __init__(self, reward: str = "margin", temp: float = 0.0) -> None:
        self.reward = reward
        self.temp = temp

    def evaluate(self, state: SpielState) -> np.ndarray:
        return np.array(outcome(state.pos.state, self.reward, self.temp)[0])

    def prior(self, state: SpielState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1 / len(legal)) for a in legal]
