"""Cross-check NumPy references of per-thread control flow (divergent loops,
break/continue)
against Numba CUDA Python kernels run in Numba's simulator, with no GPU.

    NUMBA_ENABLE_CUDASIM=1 /work/.venv-bench/bin/python tests/nvrtc/validate_with_numba.py
"""

import os
import sys

os.environ["NUMBA_ENABLE_CUDASIM"] = "1"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np  # noqa: E402
from numba import cuda  # noqa: E402

from spec import check_outputs, copy_args  # noqa: E402
from specs import by_id  # noqa: E402

FULL = 0xFFFFFFFF


@cuda.jit
def diverge_exchange(inp, out, partner):
    g = cuda.grid(1)
    lane = cuda.threadIdx.x & 31
    v = inp[g]
    if lane & 1:
        r = 0
        for k in range(v & 15):
            r += k * v
    else:
        r = 1
        k = 0
        while k < (lane >> 1):
            r = r * 3 + v
            if r > 100000:
                r -= 99991
            k += 1
        if v < 0:
            r = -r
    out[g] = r
    # Numba's simulator has no warp intrinsics: emulate the xor-1 shuffle
    # after a block barrier (same result once the warp has reconverged).
    cuda.syncthreads()
    partner[g] = out[g ^ 1]


@cuda.jit
def scan_row(m, cols, count, sm, where, rows):
    r = cuda.grid(1)
    if r >= rows:
        return
    c = 0
    s = 0
    w = -1
    for k in range(cols):
        v = m[r, k]
        if v < 0:
            continue
        if v == 99:
            w = k
            break
        c += 1
        s += v
    count[r] = c
    sm[r] = s
    where[r] = w


def main():
    specs = by_id()
    failures = 0
    for kern in (diverge_exchange, scan_row):
        spec = specs[kern.py_func.__name__ if hasattr(kern, "py_func") else kern.__name__]
        inputs = spec.make_inputs()
        work = copy_args(inputs)
        kern[tuple(spec.grid), tuple(spec.block)](*work)
        outputs = {i: a for i, a in enumerate(work) if isinstance(a, np.ndarray)}
        try:
            check_outputs(spec, inputs, outputs)
            print(f"ok    {spec.id}")
        except AssertionError as e:
            failures += 1
            print(f"FAIL  {spec.id}: {e}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
