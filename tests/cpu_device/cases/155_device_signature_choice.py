"""155: a device function declared with several signatures runs the one
Numba's overload resolution picks (fewest unsafe, then safe, then promoting
conversions; the first declared of equals), the arguments converted to it."""
import numpy as np
from harness import Case

SRC = "155_device_signature_choice.py"


def expect(args):
    out, i, f, small, g = args
    out = out.copy()
    out[0] = np.float64(i) + f
    out[1] = np.float64(np.float32(g) + np.float32(g))
    out[2] = np.float64(small) + f
    out[3] = np.float64(i + i)
    out[4] = np.float64(np.float32(f)) + f
    out[5] = np.float64(np.int64(f))
    out[6] = 3.5
    return {0: out}


def inputs(rng):
    return [np.zeros(7), np.int64(rng.integers(-1000, 1000)), rng.uniform(-9, 9) + 1e-9,
            np.int32(rng.integers(-1000, 1000)), np.float32(rng.uniform(-9, 9))]


CASES = [Case(SRC, "choose", grid=(1,), block=(1,), args=inputs, expect=expect, rtol=0, atol=0,
              numba_skip="the simulator ignores declared signatures (numba-cuda's test_dispatcher "
                         "says so); real numba-cuda on the emulated driver gives these values")]
