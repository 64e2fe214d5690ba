# For the compiled build: the state's class as declared in state.pxd, so that the hint `s: DogeState`
# lets this module read the state's fields straight from the object (the source does not need this).
from meeple.games.doge.state cimport DogeState
