"""80: activations.  relu / leaky_relu (slope float32(0.01)) are exact;
sigmoid is 1 / (1 + expf(-v)) with the division in float64 (the literal 1
promotes), stored float32; hard_tanh_inplace clamps to [-1, 1] (NaN passes
through) and with mode 1 applies tanh in float64."""
import numpy as np
from harness import Case

N = 600


def act_args(rng, overflow=False):
    x = (rng.standard_normal(N) * 4).astype(np.float32)
    x[:5] = [0.0, -0.0, 100.0, -50.0, 1e-30]
    if overflow:
        x[5:7] = [-100.0, -89.0]  # expf overflows to inf: sigmoid 0
    return [x] + [np.zeros(N, np.float32) for _ in range(3)]


def act_expect(a):
    v = a[0]
    with np.errstate(over="ignore"):
        e = np.exp(-v)  # float32 exp
    return {1: np.where(v > 0, v, np.float32(0)), 2: np.where(v > 0, v, v * np.float32(0.01)),
            3: (1.0 / (1.0 + e.astype(np.float64))).astype(np.float32)}


def ht_args(mode):
    def make(rng):
        m = rng.standard_normal((17, 23)) * 2
        m[0, :5] = [np.nan, np.inf, -np.inf, -1.0, 1.0]
        return [m, np.int64(mode)]
    return make


def ht_expect(a):
    v = np.clip(a[0], -1.0, 1.0)  # np.clip passes NaN through, like the kernel
    return {0: np.tanh(v) if a[1] == 1 else v}


CASES = [
    Case("80_activations.py", "activations", grid=(3,), block=(256,), args=act_args, expect=act_expect,
         rtol=1e-6),
    Case("80_activations.py", "activations", grid=(3,), block=(256,), args=lambda r: act_args(r, True),
         expect=act_expect, rtol=1e-6, name="exp_overflow",
         numba_skip="simulator's math.exp returns a float64, so expf(100) does not overflow to inf as in Numba"),
    Case("80_activations.py", "hard_tanh_inplace", grid=(3, 2), block=(8, 16), args=ht_args(0), expect=ht_expect,
         name="clamp"),
    Case("80_activations.py", "hard_tanh_inplace", grid=(3, 2), block=(8, 16), args=ht_args(1), expect=ht_expect,
         name="tanh", rtol=1e-14),
]
