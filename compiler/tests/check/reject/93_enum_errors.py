# expect: error at line 24: cannot type heterogeneous enum 'Mixed': its values have types int64 and float64
# expect: error at line 28: the value of this constant, 1180591620717411303424, does not fit in 64 bits (Numba's integers are int64 or uint64)
# expect: error at line 34: methods of enum classes are not supported in kernels
# expect: error at line 39: duplicate values found in the unique enum 'Twice': B -> A
# expect: error at line 62: the enum 'Color' has no member 'PURPLE'
# expect: error at line 63: unsupported operand types for +: Enum<int64>(Shape) and int64
# expect: error at line 64: cannot compare Enum<int64>(Shape) with int64
# expect: error at line 65: cannot compare Enum<int64>(Shape) with IntEnum<int64>(Color)
# expect: error at line 66: calling the enum class 'Color' is not supported in kernels (Numba does not type it)
# expect: error at line 67: a member of the enum 'Color' (IntEnum<int64>(Color)) has no attribute 'name' in kernels
# expect: error at line 68: the enum 'Color' has no member 'BLEU'
# expect: error at line 69: cannot store a member of the enum 'Shape' (Enum<int64>(Shape)) into an array element of type int64
# expect: error at line 70: the branches of this conditional expression have incompatible types IntEnum<int64>(Color) and IntEnum<int64>(Other)
# expect: error at line 71: cannot compare Enum<int64>(Shape) with Enum<int64>(Shape)
# expect: error at line 73: 'class' definitions are not supported in kernels
import enum
from enum import Enum, IntEnum, auto, unique

from numba import cuda


class Mixed(Enum):
    A = 1
    B = 2.5


class Huge(IntEnum):
    HUGE = 2 ** 70


class WithMethod(Enum):
    A = 1

    def describe(self):
        return 1


@unique
class Twice(IntEnum):
    A = 1
    B = 1


class Color(IntEnum):
    RED = 1
    GREEN = 2


class Other(IntEnum):
    X = 1


class Shape(Enum):
    CIRCLE = 10
    SQUARE = 20




@cuda.jit("void(int64[::1], int64)")
def k(out, x):
    out[0] = Color.PURPLE
    out[1] = Shape.CIRCLE + 1
    out[2] = Shape.CIRCLE == 10
    out[3] = Shape.CIRCLE == Color.RED
    out[4] = Color(1)
    out[5] = Color.RED.name
    out[6] = Color['BLEU']
    out[7] = Shape.SQUARE
    c = Color.RED if x > 0 else Other.X
    out[8] = Shape.CIRCLE < Shape.SQUARE

    class Local(Enum):
        A = 1
