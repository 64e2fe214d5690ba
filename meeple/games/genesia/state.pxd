# Declarations for the compiled build (Cython reads them beside state.py; the source does not need
# them): GenesiaState as an extension type, so that the rules' modules (which cimport it in their own
# .pxd) read its fields straight from the object instead of through the type's slot descriptors. The
# fields are the class's __slots__, typed `list` where the hint says a list (assigning anything else
# is then a TypeError in the compiled build: the tests run on it).
from meeple.engine.game cimport State


cdef class GenesiaState(State):
    cdef public object board
    cdef public object peoples
    cdef public object age
    cdef public object phase
    cdef public list order
    cdef public object turn
    cdef public object first
    cdef public list coins
    cdef public list clans
    cdef public list cities
    cdef public list hcities
    cdef public list hands
    cdef public list packs
    cdef public list kept
    cdef public list picks
    cdef public list decks
    cdef public list discards
    cdef public list played
    cdef public list copies
    cdef public list end_pp
    cdef public list pp
    cdef public list credit
    cdef public list rcost
    cdef public list rowfree
    cdef public list bonus
    cdef public list guard
    cdef public list equal
    cdef public list nobel
    cdef public list assaults
    cdef public list obj_pool
    cdef public list obj_opts
    cdef public list objective
    cdef public list wp
    cdef public list revealed
    cdef public list attackers
    cdef public object att_i
    cdef public object calm
    cdef public list chosen
    cdef public list ready
    cdef public list asl
    cdef public list pend
    cdef public list choosers
    cdef public list new_order
    cdef public object occ
    cdef public list presence
    cdef public list towns
    cdef public list placed
