# For the compiled build (Cython reads it beside observation_direct.py; the source does not need it): the
# encoder's offsets as C integers, the vector as a typed memoryview of float32, the loop indices as C
# integers, and the state's class as declared in state.pxd (its fields read from the object).
import cython

from meeple.engine.direct_writes cimport put_bits, put_counts, put_numbers, put_one_hots
from meeple.games.elgrande.state cimport ElGrandeState

cdef Py_ssize_t DISK_SET, DISK_AREA, CARD_COUNT


cdef class ElGrandeEncoder:
    cdef Py_ssize_t n, areas, rounds, round_i, phase, scores, parts, cab, court, prov, grande, king, mobile
    cdef Py_ssize_t france, captain, viceroy, discs, supply, used, back, maybe, played, order, bid_i, turns
    cdef Py_ssize_t turn_i, decks, faceup, vetoes, disk, disk_need, disk_kind, cur, card, placed, place_state
    cdef Py_ssize_t special_done, fresh, fresh_roles, eff, sub, step, left, own_left, opp_left, lock, held
    cdef Py_ssize_t queue, arg, last_start, kept, post, asking, taken_back, to_move, disc_width, veto_width
    cdef Py_ssize_t kept_width, disk_width
    cdef double caballeros, gold_supply, wares_supply

    @cython.locals(
        n=Py_ssize_t, A=Py_ssize_t, r=Py_ssize_t, x=Py_ssize_t, b=Py_ssize_t, kind=Py_ssize_t, area=Py_ssize_t,
        carrier=Py_ssize_t, i=Py_ssize_t, c=Py_ssize_t, holder=Py_ssize_t,
    )
    cpdef void encode(self, ElGrandeState s, Py_ssize_t player, float[::1] out)

    @cython.locals(p=Py_ssize_t, used=Py_ssize_t, back=Py_ssize_t, taken=Py_ssize_t, d=Py_ssize_t, b=Py_ssize_t)
    cpdef void put_players(self, ElGrandeState s, Py_ssize_t player, float[::1] out)

    @cython.locals(b=Py_ssize_t, r=Py_ssize_t, x=Py_ssize_t)
    cpdef void put_vetoes(self, vetoes, float[::1] out)

    @cython.locals(x=Py_ssize_t)
    cpdef void put_turn(self, ElGrandeState s, float[::1] out)
