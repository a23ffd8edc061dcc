"""166: the builtin tuple(): a loop over tuple((a, b, c)), tuple(t) of a
tuple argument, tuple() (the empty tuple), references in NumPy."""
import numpy as np
from harness import Case


def readout(a):
    out, t, n = a
    out = out.copy()
    n = n.copy()
    vals = [np.float64(out[0]) * 2, np.float64(out[1]) + 1, np.float64(out[2]) - 3]
    out[3:6] = np.array(vals, np.float32)
    n[0] = t[0] + t[2]
    n[1] = 3
    n[2] = 1
    return {0: out, 2: n}


CASES = [
    Case("166_tuple_builtin.py", "readout", grid=(1,), block=(1,),
         args=lambda rng: [rng.standard_normal(6).astype(np.float32), (4, -9, 2**35),
                           np.zeros(3, np.int64)],
         expect=readout),
]
