# For the compiled build: the state's class as declared in state.pxd, so that the hint `s: ElGrandeState`
# lets this module read the state's fields straight from the object (the source does not need this).
from meeple.games.elgrande.state cimport ElGrandeState
