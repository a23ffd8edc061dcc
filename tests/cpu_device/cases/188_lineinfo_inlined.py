"""188: a lineinfo=True kernel whose device functions are inlined: its PTX
carries `.loc ..., function_name ..., inlined_at ...` directives and a
.section .debug_str, which the CPU device skips; the values are
2 * a + 1."""
import numpy as np
from harness import Case

N = 300


def args(rng):
    return [np.zeros(N, np.float32), rng.standard_normal(N).astype(np.float32)]


CASES = [
    Case("188_lineinfo_inlined.py", "lineinfo_inlined", grid=(3,), block=(128,), args=args,
         expect=lambda a: {0: (a[1].astype(np.float64) * 2.0 + 1.0).astype(np.float32)},
         numba_skip="the simulator's cuda.jit takes no lineinfo; checked with real numba-cuda on "
                    "the emulated driver (harness.run_numba, NUMBA_CUDA_DRIVER)"),
]
