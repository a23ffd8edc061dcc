"""189: a debug=True kernel: its PTX carries a DWARF compile unit
(.section .debug_abbrev, .debug_info), which the CPU device skips; it
sleeps (cuda.nanosleep, a constant and an argument's nanoseconds); the
values are `a` clamped to [0, 100]."""
import numpy as np
from harness import Case

N = 300


def args(rng):
    return [np.zeros(N, np.int32), rng.integers(-200, 300, N).astype(np.int32), np.uint32(100)]


CASES = [
    Case("189_debug_info.py", "debug_info", grid=(3,), block=(128,), args=args,
         expect=lambda a: {0: np.clip(a[1], 0, 100).astype(np.int32)},
         numba_skip="the simulator has no cuda.nanosleep; checked with real numba-cuda on the "
                    "emulated driver (harness.run_numba, NUMBA_CUDA_DRIVER)"),
]
