# Declarations for the compiled build (Cython reads them beside state.py; the source does not need
# them): ElGrandeState as an extension type, so that the rules' modules (which cimport it in their own
# .pxd) read its fields straight from the object instead of through the type's slot descriptors. The
# fields are the class's __slots__ (tests/engine/test_compiled.py checks it), as Python objects.
from meeple.engine.game cimport State


cdef class ElGrandeState(State):
    cdef public object colonies
    cdef public object veto_on
    cdef public object rounds
    cdef public object round_i
    cdef public object phase
    cdef public object scores
    cdef public object parts
    cdef public object cab
    cdef public object court
    cdef public object prov
    cdef public object grande
    cdef public object king
    cdef public object mobile
    cdef public object france
    cdef public object captain
    cdef public object viceroy
    cdef public object discs
    cdef public object supply
    cdef public object used
    cdef public object back
    cdef public object maybe
    cdef public object played
    cdef public object order
    cdef public object bid_i
    cdef public object turns
    cdef public object turn_i
    cdef public object decks
    cdef public object faceup
    cdef public object vetoes
    cdef public object disk
    cdef public object disk_need
    cdef public object disk_kind
    cdef public object cur
    cdef public object card
    cdef public object placed
    cdef public object place_state
    cdef public object special_done
    cdef public object fresh
    cdef public object fresh_roles
    cdef public object eff
    cdef public object sub
    cdef public object step
    cdef public object left
    cdef public object own_left
    cdef public object opp_left
    cdef public object lock
    cdef public object held
    cdef public object queue
    cdef public object arg
    cdef public object last_start
    cdef public object kept
    cdef public object post
    cdef public object asking
