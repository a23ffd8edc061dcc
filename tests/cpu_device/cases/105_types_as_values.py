"""105: scalar types passed as values (converting, and as a local array's
dtype); references with NumPy's scalar types."""
import numpy as np
from harness import Case


def scratch_sum(dtype, x):
    buf = [dtype(x * (k + 1)) for k in range(4)]
    if dtype == np.float32:
        s = buf[0]
        for v in buf[1:]:
            s = np.float32(s + v)
        return s
    return sum(int(v) for v in buf)


def types(args):
    a, out = args
    out = out.copy()
    for i, x in enumerate(a):
        out[i] = [np.float32(x), np.int16(np.trunc(x * 1000)), scratch_sum(np.float32, x),
                  scratch_sum(lambda v: np.int32(np.trunc(v)), x), np.uint8(np.trunc(abs(x) * 10)),
                  np.uint8(np.trunc(abs(x) * 20)), np.float16(x)]
    return {1: out}


CASES = [
    Case("105_types_as_values.py", "types", grid=(1,), block=(32,),
         args=lambda rng: [rng.standard_normal(24), np.zeros((24, 7))],
         expect=types),
]
