# Declarations for the compiled build (Cython reads them beside state.py; the source does not need
# them): RioState as an extension type, so that the rules' modules (which cimport it in their own
# .pxd) read its fields straight from the object instead of through the type's slot descriptors. The
# fields are the class's __slots__ (tests/engine/test_compiled.py checks it), as Python objects.
from meeple.engine.game cimport State


cdef class RioState(State):
    cdef public object silver
    cdef public object wood
    cdef public object stone
    cdef public object precious
    cdef public object vp
    cdef public object free
    cdef public object placed
    cdef public object bought
    cdef public object offered
    cdef public object field
    cdef public object artisan
    cdef public object dock
    cdef public object loads
    cdef public object order_add
    cdef public object attacked
    cdef public object bid
    cdef public object perks
    cdef public object bkind
    cdef public object bowner
    cdef public object wowner
    cdef public object wcount
    cdef public object walls
    cdef public object roads
    cdef public object completed
    cdef public object office_owner
    cdef public object office_turn
    cdef public object office_bid
    cdef public object cargo
    cdef public object enemies
    cdef public object order
    cdef public object built_now
    cdef public object conn
    cdef public object tile
    cdef public object trade
    cdef public object pick
    cdef public object turn
    cdef public object num_turns
    cdef public object phase
    cdef public object cur
    cdef public object ship_away
    cdef public object ship_depart
    cdef public object shipments
    cdef public object pieces
    cdef public object roll
    cdef public object grid
    cdef public object mine
    cdef public object act
    cdef public object war
    cdef public object tally
    cdef public object space_vp
    cdef public object track_costs
    cdef public object facts
    cdef public object wshared
    cdef public object roads_held
