# For the compiled build (Cython reads it beside observation_direct.py; the source does not need it): the
# encoder's offsets and sizes as C integers, the vector as a typed memoryview of float32, the loop
# indices as C integers, and the state's class as declared in state.pxd (its fields read from the object).
import cython

from meeple.engine.direct_writes cimport put_bits, put_counts, put_numbers
from meeple.games.doge.state cimport DogeState


cdef class DogeEncoder:
    cdef Py_ssize_t n, areas, districts, advisors_n, spaces, houses_each, palaces_each, rings_each, max_markers
    cdef Py_ssize_t tasks_shown, year, phase, rnd, houses, house_supply, palace_supply, palaces, advisors
    cdef Py_ssize_t rings_free, order, shown, hidden, used, ballot_counts, hand_counts, revealed, ready
    cdef Py_ssize_t election, votes, q_left, tasks_length, my_hand, my_ballots, my_pending, adv_width
    cdef Py_ssize_t adv_area, tasks, task_width, t_kind, t_player, t_area, t_district, t_count, t_cost
    cdef Py_ssize_t t_tied, t_players, pending_markers

    @cython.locals(
        n=Py_ssize_t, A=Py_ssize_t, D=Py_ssize_t, i=Py_ssize_t, v=Py_ssize_t, p=Py_ssize_t, d=Py_ssize_t,
        on_board=Py_ssize_t, built=Py_ssize_t, rings=Py_ssize_t, x=Py_ssize_t, b=Py_ssize_t,
        face_down=Py_ssize_t, in_hand=Py_ssize_t, o=Py_ssize_t, a=Py_ssize_t, pos=Py_ssize_t, r=Py_ssize_t,
        card=Py_ssize_t, phase=Py_ssize_t, ballots=bint,
    )
    cpdef encode(self, DogeState s, Py_ssize_t player, float[::1] out)

    @cython.locals(r=Py_ssize_t, b=Py_ssize_t, p=Py_ssize_t, area=Py_ssize_t, i=Py_ssize_t)
    cpdef put_tasks(self, tasks, float[::1] out)
