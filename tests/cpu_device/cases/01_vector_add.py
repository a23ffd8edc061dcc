import numpy as np
from harness import Case

N = 1000


def args(rng):
    a = rng.standard_normal(N).astype(np.float32)
    b = rng.standard_normal(N).astype(np.float32)
    return [a, b, np.zeros(N, np.float32)]


CASES = [
    Case("01_vector_add.py", "vector_add", grid=(4,), block=(256,), args=args,
         expect=lambda a: {2: a[0] + a[1]}),
]

# More threads than `a` has elements, and no guard against `a`: thread 4
# reads past the end of `a`, which the CPU device reports (always, checking
# on or off) instead of reading stray memory.
CASES.append(
    Case("01_vector_add.py", "vector_add", grid=(1,), block=(8,), name="out_of_bounds",
         args=lambda rng: [np.arange(4, dtype=np.float32), np.arange(4, dtype=np.float32), np.zeros(8, np.float32)],
         expect=lambda a: {},
         # `--check` (the harness's) compiles as boundscheck=True: the index
         # check traps before the access, naming the Python line.
         expect_error=r"trap executed: index out of bounds \(kernel `vector_add`, block \(0,0,0\), thread \(4,0,0\), "
                      r".*01_vector_add\.py:9 "))
