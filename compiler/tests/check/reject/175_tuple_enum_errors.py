# expect: error at line 19: an enum member's tuple value holds numbers of one type in kernels
# expect: error at line 23: an IntEnum member's value is an integer, not a tuple
# expect: error at line 28: cannot type heterogeneous enum 'Shape': its values have types UniTuple(float64 x 2) and float64
# expect: error at line 33: cannot type heterogeneous enum 'Grid': its values have types UniTuple(int64 x 2) and UniTuple(int64 x 3)
# expect: error at line 37: an enum member's tuple value holds numbers of one type in kernels
# expect: error at line 41: an enum member's tuple value holds numbers of one type in kernels
# Enums with tuple values kernels cannot hold: a tuple of mixed types
# (Numba's `Tuple(int64, float64)`), an IntEnum member given a tuple
# (Python's `int()` of it fails), values of different types or lengths
# (Numba's "Can't type heterogeneous enum"), a nested tuple and an empty
# one.
from enum import Enum, IntEnum

from numba import cuda


class Mixed(Enum):
    A = (1, 2)
    B = (1, 2.5)


class Code(IntEnum):
    A = (1, 2)


class Shape(Enum):
    SQUARE = (1.0, 1.0)
    DOT = 0.5


class Grid(Enum):
    FLAT = (4, 4)
    CUBE = (4, 4, 4)


class Nested(Enum):
    A = ((1, 2), (3, 4))


class Empty(Enum):
    A = ()


@cuda.jit("void(float64[::1])")
def k(out):
    out[0] = Shape.SQUARE.value[0]
