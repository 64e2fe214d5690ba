"""Doge (Leo Colovini, 2000): the Venice election game, for 3 and 4 players.

Each year the players secretly put ballot markers on area cards, then the 6 districts and the
Quarantia hold elections in the order of the voting-order cards: winners take advisors (extra
votes where they stand) and place or move houses; houses become palaces. A player with palaces in
all 6 districts, or 7 in 5, or 8 in 4 at the end of a year becomes Doge. See RULES.md.
"""

from .game import GAME, Doge
from .state import DogeState

__all__ = ["GAME", "Doge", "DogeState"]
