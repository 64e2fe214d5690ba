"""Genesia (Éric Labouze; Super Meeple / Citizen Game): the whole game for 1 to 5 players, solo mode and
advanced rules. The printed board and card texts are not public: ours are designed as data (see RULES.md)."""

from .game import GAME, Genesia
from .state import GenesiaState

__all__ = ["GAME", "Genesia", "GenesiaState"]
