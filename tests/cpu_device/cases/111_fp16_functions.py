"""111: cuda.fp16 functions against NumPy's float16 (which rounds each
operation to float16, as CUDA's __h* functions do)."""
import numpy as np
from harness import Case

h = np.float16


def halves(args):
    a, b, out, flags = args
    out, flags = out.copy(), flags.copy()
    with np.errstate(all="ignore"):
        for i in range(a.size):
            x, y = a[i], b[i]
            fma = h(np.float64(x) * np.float64(y) + np.float64(x))
            out[i] = [x + y, x - y, x * y, x / y, fma, -x, abs(y), np.fmax(x, y), np.fmin(x, y),
                      np.sqrt(abs(x)), np.floor(x), np.ceil(y), np.trunc(x), np.rint(y)]
            flags[i] = [x == y, x != y, x > y, x >= y, x < y, x <= y]
    return {2: out, 3: flags}


def inputs(rng):
    a = (rng.standard_normal(32) * 4).astype(h)
    b = (rng.standard_normal(32) * 4).astype(h)
    a[:6] = [1.5, -0.0, np.nan, 65504, 2.5, 3.0]
    b[:6] = [1.5, 0.0, 1.0, 2.0, np.nan, -3.5]
    return [a, b, np.zeros((32, 14), h), np.zeros((32, 6), np.bool_)]


CASES = [
    Case("111_fp16_functions.py", "halves", grid=(1,), block=(32,), args=inputs, expect=halves,
         numba_skip="the simulator's cuda.fp16 differs from CUDA's __h* functions: its hfloor is "
                    "np.ceil, its hfma rounds the product to float16 before adding, and its hmax/hmin "
                    "are Python's max/min (NaN handling); compiled numba-cuda calls CUDA's"),
]

CASES.append(
    Case("111_fp16_functions.py", "selects", grid=(1,), block=(32,),
         args=lambda rng: [rng.integers(-5, 5, 20).astype(np.int32), rng.standard_normal(20).astype(np.float32),
                           np.zeros(20, np.int64), np.zeros(20, np.float32)],
         expect=lambda a: {2: np.where(a[0] > 0, np.arange(20), -np.arange(20)).astype(np.int64),
                           3: np.abs(a[1])}))
