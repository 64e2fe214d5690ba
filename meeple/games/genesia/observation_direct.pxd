# For the compiled build (Cython reads it beside observation_direct.py; the source does not need it): the
# encoder's offsets and sizes as C integers, the vector as a typed memoryview of float32, the loop
# indices as C integers, and the state's class as declared in state.pxd (its fields read from the object).
import cython

from meeple.engine.direct_writes cimport put_counts, put_numbers, put_one_hots
from meeple.games.genesia.state cimport GenesiaState

cdef Py_ssize_t CARDS, CHOICE_ZERO, SHOWN_BOOL


cdef class GenesiaEncoder:
    cdef Py_ssize_t P, R
    cdef tuple homelands
    cdef bint solo
    cdef Py_ssize_t age, phase, order, turn, coins, clans, cities, home_cities, played, copies, end_pp, pp
    cdef Py_ssize_t free_moves, recruit_cost, row_free, war_bonus, war_guard, equal_attack, nobel, assaults
    cdef Py_ssize_t revealed, attackers, attacker_index, calm, chosen, ready, assault, pending_length, pending
    cdef Py_ssize_t choosers, new_order, hands, packs, kept, passed, picked, decks, discards, objective_options
    cdef Py_ssize_t objective, war_peace, objectives_width, pile_width, chosen_width, assault_to
    cdef Py_ssize_t assault_defender, assault_stage, pending_width, pending_shown, kinds, passed_width

    cpdef void put_pile(self, float[::1] out, Py_ssize_t at, pile, bint shown)

    @cython.locals(
        P=Py_ssize_t, R=Py_ssize_t, solo=bint, over=bint, i=Py_ssize_t, p=Py_ssize_t, bits=cython.ulonglong,
        h=Py_ssize_t, b=Py_ssize_t, c=Py_ssize_t, r=Py_ssize_t, row=list, width=Py_ssize_t, o=Py_ssize_t, w=Py_ssize_t, mine=bint,
        hands=list, discards=list, chosen=list, obj_opts=list, objective=list, wp=list, packs=list, kept=list,
        picks=list, decks=list,
    )
    cpdef void encode(self, GenesiaState s, Py_ssize_t player, float[::1] out)

    @cython.locals(width=Py_ssize_t, pile=Py_ssize_t, p=Py_ssize_t, b=Py_ssize_t, t=Py_ssize_t, packs=list)
    cpdef void put_passed(self, GenesiaState s, Py_ssize_t player, float[::1] out)

    @cython.locals(b=Py_ssize_t, P=Py_ssize_t, x=Py_ssize_t, i=Py_ssize_t)
    cpdef void put_assault(self, list a, float[::1] out)

    @cython.locals(b=Py_ssize_t, after_kinds=Py_ssize_t, r=Py_ssize_t, k=Py_ssize_t, i=Py_ssize_t)
    cpdef void put_pending(self, list pend, float[::1] out)
