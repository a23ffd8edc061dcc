"""Recursive device functions that read a frozen global NumPy array and
write a captured device array (hidden parameters passed down every
recursive call), against a Python reference."""

import numpy as np

from kernelc import cuda

TABLE = np.array([3, 1, 4, 1, 5, 9, 2, 6], dtype=np.int64)
DEV = cuda.to_device(np.zeros(64, dtype=np.int64))


@cuda.jit(device=True)
def walk(i, depth):
    if depth == 0:
        DEV[i % 64] += 1
        return TABLE[i % 8]
    return walk(i + 1, depth - 1) * 2 + TABLE[(i * 3) % 8]


@cuda.jit
def kernel(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = walk(i, i % 5)


def walk_ref(i, depth, hits):
    if depth == 0:
        hits[i % 64] += 1
        return TABLE[i % 8]
    return walk_ref(i + 1, depth - 1, hits) * 2 + TABLE[(i * 3) % 8]


def test_recursion_reads_frozen_and_writes_captured_arrays():
    out = np.zeros(40, dtype=np.int64)
    kernel[1, 64](out)
    hits = np.zeros(64, dtype=np.int64)
    want = [walk_ref(i, i % 5, hits) for i in range(40)]
    np.testing.assert_array_equal(out, want)
    np.testing.assert_array_equal(DEV.copy_to_host(), hits)
