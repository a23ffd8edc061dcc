# kernelc: --kernel tally --sig "void(float32[::1], float64[::1])"
# kernelc: --kernel block_pairs --sig "void(float32[::1], float32[::1])"
# Records in local and shared memory: module-level record dtypes
# (np.dtype([...]) and Numba's from_dtype of one; an array field, nested
# records, one written in place) as the dtype of cuda.local.array and
# cuda.shared.array. Fields by name (r["x"]): Numba's simulator gives such
# records as NumPy void scalars.
import numba
import numpy as np
from numba import cuda, from_dtype

POINT = np.dtype([("x", np.float32), ("y", np.float32), ("hits", np.int16, 2)], align=True)
INNER = np.dtype([("a", np.int32), ("b", np.float64)], align=True)
BOX = np.dtype(
    [("lo", INNER), ("hi", np.dtype([("a", np.int32), ("b", np.float64)], align=True)),
     ("n", np.uint8, (2, 2))],
    align=True,
)
POINT_T = from_dtype(POINT)  # Numba's Record type, also a dtype
BOX_T = numba.from_dtype(BOX)


@cuda.jit
def tally(xs, out):
    i = cuda.grid(1)
    if i < xs.size:
        pts = cuda.local.array(3, POINT)
        for k in range(3):
            pts[k]["x"] = xs[i] * k
            pts[k]["y"] = -xs[i]
            pts[k]["hits"][0] = k
            pts[k]["hits"][1] = 2 * k
        s = 0.0
        for k in range(3):
            p = pts[k]
            s += p["x"] + p["y"] + p["hits"][0] * p["hits"][1]
        box = cuda.local.array(1, BOX_T)
        box[0]["lo"]["a"] = 1
        box[0]["lo"]["b"] = xs[i]
        box[0]["hi"] = box[0]["lo"]
        box[0]["n"][1, 0] = 7
        out[i] = s + box[0]["hi"]["b"] + box[0]["n"][1, 0] + box[0]["hi"]["a"]


@cuda.jit
def block_pairs(xs, out):
    sh = cuda.shared.array(32, POINT_T)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    sh[t]["x"] = xs[i]
    sh[t]["hits"][0] = t
    cuda.syncthreads()
    out[i] = sh[(t + 1) % 32]["x"] + sh[t]["hits"][0]

