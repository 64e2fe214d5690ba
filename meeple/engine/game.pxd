# Declarations for the compiled build (Cython reads them beside game.py; the source does not need
# them): State as an extension type, its fields those of its __slots__. A game's state class may be
# declared the same way in its own .pxd (Genesia's is), or stay a Python class deriving from it.
cdef class State:
    cdef public object game
    cdef public object num_players
    cdef public object options
    cdef public object rng
    cdef public object events
    cdef public object log
