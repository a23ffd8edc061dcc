"""167: '*args' parameters of device functions (indexed, len(), looped
over), given plain arguments, none, or a starred tuple; references in
NumPy."""
import numpy as np
from harness import Case


def star_params(a):
    out, t = a
    out = out.copy()
    out[0] = 1.0 + 2.0 * 3.0
    out[1] = out[2] + t[0] * t[1]
    out[3] = 0 + 3
    out[4] = 0.5 * 2 + 2 * t[1]
    out[6] = 0.0 + out[7] + 1.5 + t[0] + t[1]
    return {0: out}


CASES = [
    Case("167_star_params.py", "star_params", grid=(1,), block=(4,),
         args=lambda rng: [rng.standard_normal(8), (1.25, -0.5)],
         expect=star_params, rtol=1e-15),
]
