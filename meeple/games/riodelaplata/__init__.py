"""Río de la Plata (Michele Quondam, Giochix.it 2010): the whole game, for 2 to 5 players.

See RULES.md for the map from the rulebook to the code and tests, the designed board values and the
state's JSON schema."""

from .game import RioDeLaPlata
from .state import RioState

__all__ = ["RioDeLaPlata", "RioState"]

GAME = RioDeLaPlata()
