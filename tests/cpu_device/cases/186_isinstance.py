"""186: isinstance() of number types is a constant (numba-cuda's
ol_isinstance): `int` is int64 and `float` float64, so an int32 is not an
`int` and a float32 not a `float`; a tuple matches when any class does.
Numba's simulator cannot run it (its isinstance is Python's, and Numba's
types are not classes); real numba-cuda on kernelc's emulated driver
(``NUMBA_CUDA_DRIVER``) gives these values."""
import numpy as np
from harness import Case


def args(rng):
    return [rng.standard_normal(4).astype(np.float32), np.int64(3), np.int32(4), np.zeros(8, np.bool_)]


CASES = [
    Case("186_isinstance.py", "kinds", grid=(1,), block=(1,), args=args,
         expect=lambda a: {3: np.array([1, 0, 1, 0, 1, 1, 0, 1], np.bool_)}),
]
