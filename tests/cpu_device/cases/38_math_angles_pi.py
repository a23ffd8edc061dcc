"""radians/degrees and module constants: float64 wrap r % 2pi (Python
modulo, negative angles too) plus the degrees round-trip error; float32
radians/degrees stay float32."""
import math

import numpy as np
from harness import Case


def ang_expect(a):
    deg = a[0]
    r = np.radians(deg)
    return {1: np.remainder(r, 2 * math.pi) + (np.degrees(r) - deg)}


CASES = [
    Case("38_math_angles_pi.py", "angles", grid=(2,), block=(64,),
         args=lambda rng: [rng.random(100) * 1440 - 720, np.zeros(100)], expect=ang_expect, rtol=1e-14, atol=1e-12),
    Case("38_math_angles_pi.py", "angles32", grid=(2,), block=(64,),
         args=lambda rng: [(rng.random(100) * 720 - 360).astype(np.float32)],
         expect=lambda a: {0: np.degrees(np.radians(a[0]))}, rtol=1e-6, atol=1e-5),
]
