"""172: cache-hint loads and stores (cuda.ldca ... cuda.stwt) of every
integer and float type, on C, F and A arrays of 1 to 3 dimensions, with
negative (wrapped) indices, a view and values cast to the element type."""
import numpy as np
from harness import Case

# numba-cuda's simulator has no cache hints (upstream skips
# test_cache_hints on it); these references agree with real numba-cuda
# (NVVM's `ld.global.cg` ...) run on kernelc's emulated driver.
NO_SIM = "Numba's simulator has no cache-hint loads and stores"

INT_TYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]


def ints_args(rng):
    return [rng.integers(0, 100, 8).astype(t) for t in INT_TYPES]


def ints_expect(args):
    a, b, c, d, e, f, g, h = (x.copy() for x in args)
    return {
        0: (a.astype(np.int64) + 1).astype(np.int8),
        1: (b.astype(np.int64) * 2).astype(np.int16),
        2: (c.astype(np.int64) - 3).astype(np.int32),
        3: d + 4,
        4: (e.astype(np.int64) + 7).astype(np.uint8),
        5: (f.astype(np.int64) + 5).astype(np.uint16),
        6: (g.astype(np.int64) + 6).astype(np.uint32),
        7: h,
    }


def floats_args(rng):
    return [rng.random(8).astype(np.float16), rng.random(8).astype(np.float32),
            rng.random(8), np.zeros(8, np.float32)]


def floats_expect(args):
    a, b, c, _ = args
    c2 = c * 2.0
    return {0: a * a, 1: (b.astype(np.float64) + 0.5).astype(np.float32), 2: c2,
            3: (c2 + 1.0).astype(np.float32)}


def layouts_args(rng):
    return [rng.random((4, 3)).astype(np.float32), np.asfortranarray(rng.random((4, 3))),
            rng.integers(-50, 50, (4, 3)).astype(np.int32),
            rng.integers(-50, 50, (4, 3, 2)).astype(np.int64)]


def layouts_expect(args):
    c2, f2, a2, a3 = args
    return {0: c2 + np.float32(1), 1: np.asfortranarray(f2 * 3), 2: a2 + a2,
            3: a3 + np.arange(2)}


def view_expect(args):
    a, n = args
    a = a.copy()
    a[1] = n
    a[n - 1] = a[1] + a[0]
    return {0: a}


CASES = [
    Case("172_cache_hints.py", "ints", grid=(1,), block=(8,), args=ints_args,
         expect=ints_expect, numba_skip=NO_SIM),
    Case("172_cache_hints.py", "floats", grid=(2,), block=(4,), args=floats_args,
         expect=floats_expect, numba_skip=NO_SIM),
    Case("172_cache_hints.py", "layouts", grid=(2, 1), block=(2, 3), args=layouts_args,
         expect=layouts_expect, numba_skip=NO_SIM),
    Case("172_cache_hints.py", "view_and_cast", grid=(1,), block=(4,),
         args=lambda rng: [rng.random(6).astype(np.float32), np.int64(5)], expect=view_expect,
         numba_skip=NO_SIM),
]
