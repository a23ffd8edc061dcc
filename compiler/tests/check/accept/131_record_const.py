# kernelc: --kernel weights --sig "void(int64[::1], float64[::1])"
# kernelc: --const TABLE=Record(w[type=float64;offset=0],k[type=int8;offset=8];9;False)[4]
# A record array as a cuda.const.array_like constant (a packed record of a
# float64 and an int8), its fields read by name.
import numpy as np
from numba import cuda

TABLE = np.zeros(4, dtype=np.dtype([("w", np.float64), ("k", np.int8)]))


@cuda.jit
def weights(ks, out):
    table = cuda.const.array_like(TABLE)
    i = cuda.grid(1)
    if i < ks.size:
        r = table[ks[i] % 4]
        out[i] = r["w"] * r["k"] + len(table)
