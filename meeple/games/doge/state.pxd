# Declarations for the compiled build (Cython reads them beside state.py; the source does not need
# them): DogeState as an extension type, so that the rules' modules (which cimport it in their own
# .pxd) read its fields straight from the object instead of through the type's slot descriptors. The
# fields are the class's __slots__ (tests/engine/test_compiled.py checks it), as Python objects.
from meeple.engine.game cimport State


cdef class DogeState(State):
    cdef public object year
    cdef public object phase
    cdef public object rnd
    cdef public object houses
    cdef public object spaces
    cdef public object adv_owner
    cdef public object adv_area
    cdef public object hand
    cdef public object shown
    cdef public object placed
    cdef public object used
    cdef public object pend_card
    cdef public object pend_marks
    cdef public object ready
    cdef public object waiting
    cdef public object order
    cdef public object next_order
    cdef public object pos
    cdef public object election
    cdef public object votes
    cdef public object q_left
    cdef public object tasks
