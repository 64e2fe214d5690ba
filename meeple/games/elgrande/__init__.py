"""El Grande, with the Colonies regions of "Grand Inquisitor & Colonies" as option colonies=true."""

from .game import ElGrande
from .state import ElGrandeState

GAME = ElGrande()

__all__ = ["GAME", "ElGrande", "ElGrandeState"]
