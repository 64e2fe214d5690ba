# For the compiled build (Cython reads it beside action_codes.py; the source does not need it): the loops
# in C, the mask as a typed memoryview of int8 (numpy's int8 vector is passed as it is).
import cython

@cython.locals(out=list, action=object, code=object)
cpdef list codes_of(dict codes, space, list legal)

@cython.locals(code=Py_ssize_t)
cpdef void put_ones(signed char[::1] mask, list codes)
