"""158: device arrays captured by module-level names, read and written in
place (hidden parameters).  scale adds 1.5 to DEV[i] in a device function
and stores twice the new value (in float32); row_sums stores each row's sum
of MAT (a 2-D int64 array compiled for any layout) and negates the row.
Every kernel takes both arrays (the file's declarations), read or not."""
import numpy as np
from harness import Case


def scale_args(rng):
    dev = rng.standard_normal(70).astype(np.float32)
    return [np.zeros(80, np.float32), dev]


def scale_expect(a):
    out, dev = a
    new = (dev.astype(np.float64) + 1.5).astype(np.float32)
    out = out.copy()
    out[:dev.size] = (new.astype(np.float64) * 2).astype(np.float32)
    return {0: out, 1: new}


def rows_args(rng):
    return [np.zeros(9, np.int64), np.zeros(1, np.float32), rng.integers(-100, 100, (9, 5))]


CASES = [
    Case("158_captured_device_array.py", "scale", grid=(2,), block=(64,),
         globals={"DEV": "float32[::1]", "MAT": "int64[:, :]"},
         args=lambda rng: scale_args(rng) + [np.zeros((1, 1), np.int64)], expect=lambda a: scale_expect(a[:2])),
    Case("158_captured_device_array.py", "row_sums", grid=(1,), block=(32,),
         globals={"DEV": "float32[::1]", "MAT": "int64[:, :]"},
         args=rows_args,
         expect=lambda a: {0: a[2].sum(axis=1), 2: -a[2]}),
]
