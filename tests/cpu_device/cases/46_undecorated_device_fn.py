"""46: dense_relu computes y = relu(2*x + y) through two undecorated helper
functions; the case checks a guarded f64 launch with positive, negative, zero
and NaN pre-activations (NaN > 0 is false, so relu gives 0.0)."""
import numpy as np
from harness import Case

N = 1000


def args(rng):
    x = rng.standard_normal(N)
    y = rng.standard_normal(N)
    x[:4] = [0.0, -0.5, np.nan, 1.0]
    y[:4] = [0.0, 1.0, 0.0, -2.0]  # 2*x + y: 0.0, 0.0, NaN, 0.0
    return [x, y]


def expect(a):
    x, y = a
    v = 2.0 * x + y
    return {1: np.where(v > 0, v, 0.0)}


CASES = [
    Case("46_undecorated_device_fn.py", "dense_relu", grid=(4,), block=(256,), args=args, expect=expect),
]
