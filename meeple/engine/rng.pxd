# Declarations for the compiled build (Cython reads them beside rng.py; the source does not need them):
# SplitMix64's arithmetic in C's unsigned 64-bit integers, which wrap around as `& _MASK` does.
import cython

cdef unsigned long long _MASK, _GOLDEN, _MIX1, _MIX2

@cython.locals(z=cython.ulonglong, x=cython.ulonglong, m=cython.ulonglong)
cpdef _below(self, n)

# the loop indexes as C integers (a list is then indexed directly), the draw as a C double
@cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t)
cpdef _shuffle(self, seq)

@cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t, x=cython.double)
cpdef _draw_shuffle(self, seq)
