# Declarations for the compiled build (Cython reads them beside bitsets.py; the source does not need
# them): bitsets of Regions in C's unsigned 64-bit integers (a board has at most 64 Regions).
import cython

cdef tuple _BIT_INDEX

@cython.locals(out=cython.ulonglong, byte=cython.ulonglong, k=cython.Py_ssize_t, near=cython.ulonglong)
cpdef unsigned long long neighbours(tuple table, unsigned long long regions) except? 0

@cython.locals(out=list, m=cython.ulonglong, low=cython.ulonglong, i=cython.Py_ssize_t)
cpdef list select(tuple row, unsigned long long regions)

cdef tuple _NUMBERS

cpdef list members(unsigned long long regions)

cpdef tuple next_to(tuple table, unsigned long long regions, unsigned long long charged)

@cython.locals(
    adj=tuple, table=tuple, levels=list, start=cython.ulonglong, seen=cython.ulonglong, new=cython.ulonglong,
    free=cython.ulonglong, paid=cython.ulonglong, paid_before=cython.ulonglong, c=cython.Py_ssize_t,
)
cpdef tuple reach_levels(b, src, unsigned long long charged, Py_ssize_t coins)
