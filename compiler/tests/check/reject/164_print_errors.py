# expect: error at line 16: print() in a kernel supports strings, numbers, booleans, tuples of them
# expect: error at line 17: print() in a kernel supports strings, numbers, booleans, tuples of them
# expect: error at line 18: print() in a kernel supports strings, numbers, booleans, tuples of them
# expect: error at line 19: cannot print a string
# What numba-cuda's print() cannot format (its print_item has no rule for
# complex numbers, arrays or named tuples), and a string among more than 30
# items (CPython passes them as one tuple: Numba sees a unicode_type).
from collections import namedtuple
from numba import cuda

Point = namedtuple("Point", ["x", "y"])


@cuda.jit("void(float64[::1], complex128)")
def k(r, z):
    print(z)
    print((1, r))
    print(Point(1.0, 2.0))
    print("s", r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10],
          r[11], r[12], r[13], r[14], r[15], r[16], r[17], r[18], r[19], r[20],
          r[21], r[22], r[23], r[24], r[25], r[26], r[27], r[28], r[29])
