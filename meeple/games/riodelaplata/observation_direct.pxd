# For the compiled build (Cython reads it beside observation_direct.py; the source does not need it): the
# encoder's offsets as C integers, the vector as a typed memoryview of float32, the loop indices as C
# integers, and the state's class as declared in state.pxd (its fields read from the object).
import cython

from meeple.engine.direct_writes cimport OnesCache, put_counts, put_numbers, put_one_hots
from meeple.games.riodelaplata.state cimport RioState


cdef class RioEncoder:
    cdef Py_ssize_t n, cells, kinds, turn, num_turns, phase, cur, order, players, buildings, workers
    cdef Py_ssize_t activations, built_now, completed, walls, roads, enemies, trade, roll, to_move, grids
    cdef Py_ssize_t grid_width, mine, track_width, offices, office_owner, office_turn, office_bid, ship
    cdef Py_ssize_t cargo, away, depart, shipments, tile, tile_kind, tile_player, tile_left, pick
    cdef Py_ssize_t pick_verb, pick_arg, war, w_enemy, w_attacker, w_defenders, w_stage, w_groups
    cdef Py_ssize_t w_offlimits, w_gunner, w_moved, w_bonus, w_merged, w_fought, w_refused, w_consent
    cdef Py_ssize_t player_width, building_width, worker_width
    cdef dict verb_index, stage_index, token_index
    cdef list war_numbers, scales
    cdef OnesCache city, walls_and_roads

    @cython.locals(places=list, x=Py_ssize_t, base=Py_ssize_t)
    cpdef list city_places(self, tuple bkind, tuple bowner)

    @cython.locals(n=Py_ssize_t, i=Py_ssize_t, b=Py_ssize_t, p=Py_ssize_t, x=Py_ssize_t, count=Py_ssize_t, scale=double)
    cpdef void encode(self, RioState s, Py_ssize_t player, float[::1] out)

    cpdef void put_grids(self, grid, mine, float[::1] out)

    @cython.locals(owners=Py_ssize_t, r=Py_ssize_t, b=Py_ssize_t)
    cpdef void put_owned_rows(self, rows, Py_ssize_t at, Py_ssize_t width, float[::1] out)

    @cython.locals(n=Py_ssize_t, i=Py_ssize_t, b=Py_ssize_t, pos=Py_ssize_t, place=Py_ssize_t, scale=double)
    cpdef void put_war(self, w, float[::1] out)
