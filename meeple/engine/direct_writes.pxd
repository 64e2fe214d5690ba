# For the compiled build (Cython reads it beside direct_writes.py; the source does not need it): the vector
# as a typed memoryview of float32 and the places as C integers; the games' observation_direct.pxd cimport
# these, so their encoders call them as C functions.
import cython

@cython.locals(i=Py_ssize_t, k=cython.longlong)
cpdef void put_numbers(float[::1] out, Py_ssize_t at, values, double scale)

@cython.locals(i=Py_ssize_t)
cpdef void put_counts(float[::1] out, Py_ssize_t at, items)

@cython.locals(v=Py_ssize_t)
cpdef void put_one_hots(float[::1] out, Py_ssize_t at, values, Py_ssize_t width, Py_ssize_t lowest=*)

@cython.locals(q=Py_ssize_t)
cpdef void put_bits(float[::1] out, Py_ssize_t at, Py_ssize_t mask)


cdef class OnesCache:
    cdef object places
    cdef tuple fields
    cdef list ones

    @cython.locals(i=Py_ssize_t)
    cpdef void write(self, float[::1] out, a, b)
