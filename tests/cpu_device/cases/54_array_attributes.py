"""54: shape/size/ndim/len on 1-, 2- and 3-d arrays (thread 0 of two blocks
writes seven int64 results; out[7] must stay untouched).

The simulator refuses m.shape[-1] (its FakeShape forbids negative indices);
with that check patched out it agrees with this reference."""
import numpy as np
from harness import Case


def args(rng):
    return [np.zeros(7, np.float32), np.zeros((3, 5), np.float32), np.zeros((2, 4, 6), np.float32),
            np.full(8, -1, np.int64)]


def expect(a):
    v, m, t, out = a
    out = out.copy()
    out[0] = v.size + m.size + t.size
    out[1] = 1 + 2 + 3
    out[2] = len(v) + len(m) + len(t)
    out[3] = m.shape[0] * m.shape[1] + t.shape[2]
    out[4] = v.shape[0] + m.shape[1] + t.shape[2]
    out[5] = m.shape[0] * m.shape[1] + t.shape[0] * t.shape[1] * t.shape[2]
    out[6] = m.shape[-1]
    return {3: out}


CASES = [
    Case("54_array_attributes.py", "attrs", grid=(2,), block=(32,), args=args, expect=expect,
         numba_skip="simulator's FakeShape rejects negative indices (m.shape[-1] raises IndexError)"),
]
