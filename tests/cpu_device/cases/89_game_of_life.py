"""89: one Game of Life step on a torus (neighbour indices wrap with floor
modulo, so row/column -1 is the last one) on a 2-d grid whose sizes are not
block multiples."""
import numpy as np
from harness import Case


def expect(a):
    b = a[0].astype(np.int64)
    alive = sum(np.roll(np.roll(b, di, 0), dj, 1) for di in (-1, 0, 1) for dj in (-1, 0, 1)) - b
    out = np.where((b == 1) & ((alive < 2) | (alive > 3)), 0, np.where((b == 0) & (alive == 3), 1, b))
    return {1: out.astype(np.uint8)}


def args(rng):
    b = (rng.random((27, 35)) < 0.4).astype(np.uint8)
    b[0, 0] = b[0, 34] = b[26, 0] = 1  # corners are neighbours across the wrap
    return [b, np.full((27, 35), 9, np.uint8)]


CASES = [
    Case("89_game_of_life.py", "life_step", grid=(4, 5), block=(8, 8), args=args, expect=expect),
]
