# expect: error at line 17: namedtuple(..., defaults=...) is not supported in kernel files
# expect: error at line 18: '_b' starts with '_', which named tuples refuse
# expect: error at line 19: 'a' is a field name twice
# expect: error at line 24: named tuple fields with default values are not supported in kernels
# expect: error at line 30: a named tuple class body holds annotated fields (`x: float`) only
# expect: error at line 37: the named tuple 'Point' has no field 'z'
# expect: error at line 38: Point() is missing a value for the field 'y'
# expect: error at line 39: Point() takes 2 arguments but 3 were given
# expect: error at line 40: Point() has no field named 'z'
# expect: error at line 41: 'Point' is a named tuple class, not a value
from collections import namedtuple
from typing import NamedTuple

from numba import cuda

Point = namedtuple("Point", ["x", "y"])
WithDefaults = namedtuple("WithDefaults", "a b", defaults=(1,))
Private = namedtuple("Private", ["a", "_b"])
Twice = namedtuple("Twice", "a a")


class Defaulted(NamedTuple):
    a: float
    b: float = 0.0


class WithMethod(NamedTuple):
    a: float

    def twice(self):
        return 2 * self.a


@cuda.jit("void(float64[::1])")
def k(out):
    p = Point(1.0, 2.0)
    out[0] = p.z
    q = Point(1.0)
    r = Point(1.0, 2.0, 3.0)
    s = Point(x=1.0, z=2.0)
    t = Point
