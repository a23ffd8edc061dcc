# kernelc: --kernel k --sig "void(float64[::1])"
# Module-level named tuples that are not constants kernels can freeze: too
# many values, a field given twice or not at all, a field that does not
# exist, and a field holding a string; and a field a frozen one lacks.
# expect: error at line 20: Point() takes 2 arguments but 3 were given
# expect: error at line 21: Point() got several values for 'x'
# expect: error at line 22: Point() is missing a value for the field 'y'
# expect: error at line 23: Point() has no field named 'z'
# expect: error at line 24: the field 'y' of this Point is not a value kernels can use (a number, a bool, a tuple of them, a function or an array)
# expect: error at line 31: the named tuple 'Point' has no field 'z'
from collections import namedtuple

from numba import cuda

Point = namedtuple("Point", ["x", "y"])
GOOD = Point(1.5, 2)



THREE = Point(1, 2, 3)
TWICE = Point(1, x=2)
MISSING = Point(1)
UNKNOWN = Point(1, z=2)
TEXT = Point(1, "two")


@cuda.jit
def k(out):
    out[0] = THREE[0] + TWICE[0] + MISSING[0] + UNKNOWN[0] + TEXT[0]
    out[1] = GOOD.x
    out[2] = GOOD.z
