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
