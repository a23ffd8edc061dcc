"""91: the typing cases where Numba differs from the spec's text (see
tests/numba/KNOWN_DIFFERENCES.md); kernelc follows Numba: f32 + u16 is
float64, float(f32) float32, u32 >> 3 uint64.  The "dyadic" case uses
float32 values whose sum with the uint16 is exact in float32, so it holds
under either typing (and on the simulator); "numba_typing" needs mixed to
be computed in float64."""
import numpy as np
from harness import Case

N = 300


def args(dyadic):
    def make(rng):
        if dyadic:
            f = (rng.integers(-64, 65, N) / 4).astype(np.float32)
        else:
            f = rng.standard_normal(N).astype(np.float32)
        u16 = rng.integers(0, 65536, N, dtype=np.uint16)
        u32 = rng.integers(0, 2**32, N, dtype=np.uint32)
        u32[:2] = [2**32 - 1, 7]
        return [f, u16, u32, np.zeros(N)]
    return make


def expect(a):
    f = a[0].astype(np.float64)
    mixed = f + a[1].astype(np.float64)
    return {3: (mixed + f) + (a[2] >> np.uint32(3)).astype(np.float64)}


CASES = [
    Case("91_spec_vs_numba_typing.py", "numba_typing_quirks", grid=(3,), block=(128,), args=args(True),
         expect=expect, name="dyadic"),
    Case("91_spec_vs_numba_typing.py", "numba_typing_quirks", grid=(3,), block=(128,), args=args(False),
         expect=expect, name="numba_typing",
         numba_skip="the simulator adds float32 and uint16 in float32 (NumPy); Numba in float64"),
]
