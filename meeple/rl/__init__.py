"""Standard interfaces for learning agents (the optional extra `pip install 'meeple[rl]'`): every game
as a PettingZoo AEC environment (`aec_env`) and, with the other seats played by bots, as a Gymnasium
environment (`gym_env`). Observations: `Game.observation` (docs/rl.md)."""

from __future__ import annotations

from .aec import MeepleAEC, aec_env
from .gym import MeepleGym, gym_env

__all__ = ["MeepleAEC", "MeepleGym", "aec_env", "gym_env"]
