"""106: tuple kernel arguments (given to `kernelc run` as their items),
references in NumPy."""
import numpy as np
from harness import Case


def combine(args):
    coef, nested, arrays, out = args
    src = arrays[0]
    out = out.copy()
    i = np.arange(out.size)
    out[:] = (coef[0] * src[: out.size] + coef[1] + np.float64(nested[1][0]) * i + nested[0] + 2)
    return {3: out}


CASES = [
    Case("106_tuple_arguments.py", "combine", grid=(1,), block=(32,),
         args=lambda rng: [(2.0, 0.5), (3, (np.float32(1.5), np.float32(-2.0))),
                           (rng.standard_normal(20), np.zeros(20)), np.zeros(20)],
         expect=combine),
    Case("106_tuple_arguments.py", "extents", grid=(1,), block=(4,),
         args=lambda rng: [(np.int32(7), np.int32(-3), np.int32(11)), np.zeros(3, np.int64)],
         expect=lambda a: {1: np.array([7, -6, 33], np.int64)}),
]
