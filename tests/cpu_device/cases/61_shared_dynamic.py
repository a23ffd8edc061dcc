"""61: dynamic shared memory sized at launch.  reverse_block reverses each
block's slice (sizes are block multiples: a partial last block would read
unwritten shared slots); dynamic_int writes 2*((t+1) % blockDim) through an
int32 scratch array."""
import numpy as np
from harness import Case

B = 128


def rev_expect(a):
    x = a[0]
    return {1: x.reshape(-1, B)[:, ::-1].reshape(-1)}


def dyn_expect(a):
    t = np.arange(a[0].size) % 64
    return {0: (2 * ((t + 1) % 64)).astype(np.int32)}


CASES = [
    Case("61_shared_dynamic.py", "reverse_block", grid=(4,), block=(B,), shared=B * 4,
         args=lambda rng: [rng.standard_normal(4 * B).astype(np.float32), np.zeros(4 * B, np.float32)],
         expect=rev_expect),
    Case("61_shared_dynamic.py", "dynamic_int", grid=(3,), block=(64,), shared=64 * 4,
         args=lambda rng: [np.zeros(3 * 64, np.int32)], expect=dyn_expect),
]
