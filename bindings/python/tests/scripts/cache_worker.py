"""A process of test_diskcache.py: compiles kernels with ``cache=True``
(the cache directory is the caller's ``KERNELC_CACHE_DIR``), checks every
result against NumPy and prints one JSON line of the cache's hits, misses
and corrupt files.

    cache_worker.py kernels          # a few kernels, once each
    cache_worker.py hammer ROUNDS    # ROUNDS fresh kernels, on one entry

``hammer`` makes a new kernel each round whose closure variable (a scale
of 1, 2 or 3) changes the cache key but not the file it goes to (the
kernels with explicit signatures above are compiled, and cached, when the
module is imported: one more file), so
processes running it at once keep replacing one file while others read
it: any torn read would show as a corrupt file or a wrong result.
"""

import json
import math
import os
import sys

import numpy as np

from kernelc import cuda

TABLE = np.array([1.0, 10.0, 100.0], dtype=np.float64)


@cuda.jit(device=True)
def poly(x):
    return 3.0 * x * x + 1.0


@cuda.jit(cache=True)
def with_device_function(a, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = poly(a[i])


@cuda.jit("void(float32[::1], float32[::1])", cache=True)
def explicit(a, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = math.sqrt(a[i]) + math.sin(a[i])


@cuda.jit(cache=True)
def with_constants(a, out):
    t = cuda.const.array_like(TABLE)
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] * t[i % 3]


def make_scaled(scale):
    @cuda.jit(cache=True)
    def scaled(a, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = a[i] * scale + 0.5

    return scaled


def totals(kernels):
    out = {"hits": 0, "misses": 0, "corrupt": 0}
    for k in kernels:
        s = k.stats
        out["hits"] += sum(s.cache_hits.values())
        out["misses"] += sum(s.cache_misses.values())
        out["corrupt"] += sum(s.cache_corrupt.values())
    return out


def kernels():
    a = np.linspace(0.5, 4.0, 50)
    out = np.zeros_like(a)
    with_device_function[1, 64](a, out)
    np.testing.assert_allclose(out, 3.0 * a * a + 1.0)
    a32, out32 = a.astype(np.float32), np.zeros(50, np.float32)
    explicit[1, 64](a32, out32)
    np.testing.assert_allclose(out32, np.sqrt(a32) + np.sin(a32), rtol=1e-6)
    with_constants[1, 64](a, out)
    np.testing.assert_allclose(out, a * TABLE[np.arange(50) % 3])
    return totals([with_device_function, explicit, with_constants])


def hammer(rounds):
    a = np.arange(40, dtype=np.float64)
    made = []
    for r in range(rounds):
        # Each value twice in a row: the second reads the file unless
        # another process replaced it meanwhile.
        scale = 1 + (os.getpid() + r // 2) % 3
        k = make_scaled(float(scale))
        out = np.zeros_like(a)
        k[1, 64](a, out)
        np.testing.assert_array_equal(out, a * scale + 0.5)
        made.append(k)
    return totals(made)


if __name__ == "__main__":
    mode = sys.argv[1]
    result = kernels() if mode == "kernels" else hammer(int(sys.argv[2]))
    print(json.dumps(result))
