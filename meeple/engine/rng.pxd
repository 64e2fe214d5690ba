# Declarations for the compiled build (Cython reads them beside rng.py; the source does not need them):
# SplitMix64's arithmetic in C's unsigned 64-bit integers, which wrap around as `& _MASK` does.
import cython

cdef unsigned long long _MASK, _GOLDEN, _MIX1, _MIX2

@cython.locals(z=cython.ulonglong, x=cython.ulonglong)
cpdef _below(self, n)
