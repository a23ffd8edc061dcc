"""3-D kernels: scale a float64 volume (cuda.grid(3), shape unpacking) and
write threadIdx-derived codes from the raw x/y/z registers; the grids
overhang the arrays on every axis."""
import numpy as np
from harness import Case


def scale_args(rng):
    vol = rng.standard_normal((10, 7, 5))
    return [vol, np.float64(-2.5), np.zeros((10, 7, 5))]


def coords_expect(a, block):
    out = a[0]
    x, y, z = np.indices(out.shape)
    return {0: (x % block[0] + (y % block[1]) * 8 + (z % block[2]) * 64).astype(np.int32)}


CASES = [
    Case("04_volume_scale_3d.py", "scale_volume", grid=(3, 2, 2), block=(4, 4, 4), args=scale_args,
         expect=lambda a: {2: a[0] * a[1]}),
    Case("04_volume_scale_3d.py", "write_block_coords", grid=(2, 3, 3), block=(8, 4, 2),
         args=lambda rng: [np.full((13, 9, 5), -1, np.int32)],
         expect=lambda a: coords_expect(a, (8, 4, 2))),
]
