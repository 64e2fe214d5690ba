"""Goofspiel: the engine's own small reference game (public domain).

Each player holds the cards 1..K. A prize card is turned up; every player bids one card of their
hand secretly and at the same time; the highest bid wins the prize's value. When several players
tie for the highest bid, nobody wins it and the prize is discarded. After K prizes the highest
total wins. It exercises simultaneous secret choices, hidden information (pending bids, the order
of the prize deck) and chance (the shuffle) in a few dozen lines.
"""

from .game import GAME, Goofspiel, GoofState

__all__ = ["GAME", "Goofspiel", "GoofState"]
