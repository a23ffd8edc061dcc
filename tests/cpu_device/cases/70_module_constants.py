"""70: module-level constants (derived ints, float, hex, negative, bool).
use_consts stages a block's first 128 values in shared memory; thread t reads
slot t % 64, scales by 0.5 (float64), adds 1e-6, multiplies by 1/sqrt(2*pi),
clamps to LIMIT = 60 and adds (i & 0xff) - 3.  Blocks of 256 also exercise
threads beyond TILE, and N = 700 a partial last block (slots past the end
hold 0)."""
import math

import numpy as np
from harness import Case

N = 700
B = 256


def args(rng):
    return [rng.uniform(-500, 500, N).astype(np.float32), np.zeros(N, np.float32)]


def expect(a):
    x = np.concatenate([a[0].astype(np.float64), np.zeros(3 * B - N)])
    i = np.arange(N)
    b = x[(i // B) * B + (i % B) % 64]
    v = (b * 0.5 + 1e-6) * (1.0 / math.sqrt(2 * math.pi))
    v = np.minimum(v, 60)
    return {1: ((v + (i & 0xFF)) + -3).astype(np.float32)}


CASES = [
    Case("70_module_constants.py", "use_consts", grid=(3,), block=(B,), args=args, expect=expect,
         numba_skip="simulator computes np.float32 * SCALE etc. in float32 (NEP 50); Numba types v as float64 "
                    "(the .numba.json oracle); the simulator agrees only to ~1e-5 absolute"),
]
