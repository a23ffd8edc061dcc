"""115: cooperative groups: blocks exchange data through global memory
across the grid barrier (`cuda.cg.this_grid().sync()`), in a kernel and in a
device function; kernels that use a grid group are launched cooperatively.
Numba's simulator runs cooperative grids of one block only, so the cases of
several blocks are checked against NumPy alone."""
import numpy as np
from harness import Case

MULTI = "Numba's simulator runs cooperative grids of one block only"


def grid_sum(args):
    x, partial, out = (a.copy() for a in args)
    blocks = partial.shape[0]
    tpb = x.shape[0] // blocks
    partial[:] = [x[b * tpb:(b + 1) * tpb].sum(dtype=np.float64) for b in range(blocks)]
    out[0] = partial.sum(dtype=np.float64)
    return {1: partial, 2: out}


def rows(args):
    (m,) = args
    return {0: np.tile(np.arange(m.shape[0], dtype=np.int32), (m.shape[1], 1)).T.copy()}


def via_device(args):
    a, status = (x.copy() for x in args)
    n = a.shape[0]
    a[:] = np.arange(n, dtype=np.int32)
    status[:] = a[::-1]
    return {0: a, 1: status}


CASES = [
    Case("115_cooperative.py", "grid_sum", grid=(4,), block=(64,),
         args=lambda rng: [rng.standard_normal(256).astype(np.float32),
                           np.zeros(4, np.float32), np.zeros(1, np.float32)],
         expect=grid_sum, rtol=1e-5, atol=1e-5, numba_skip=MULTI),
    Case("115_cooperative.py", "grid_sum", grid=(1,), block=(64,), name="one_block",
         args=lambda rng: [rng.standard_normal(64).astype(np.float32),
                           np.zeros(1, np.float32), np.zeros(1, np.float32)],
         expect=grid_sum, rtol=1e-5, atol=1e-5),
    Case("115_cooperative.py", "sequential_rows", grid=(8,), block=(32,),
         args=lambda rng: [np.zeros((12, 256), np.int32)],
         expect=rows, numba_skip=MULTI),
    Case("115_cooperative.py", "sequential_rows", grid=(1,), block=(32,), name="one_block",
         args=lambda rng: [np.zeros((12, 32), np.int32)],
         expect=rows),
    Case("115_cooperative.py", "via_device", grid=(4,), block=(32,),
         args=lambda rng: [np.zeros(128, np.int32), np.zeros(128, np.int32)],
         expect=via_device, numba_skip=MULTI),
    Case("115_cooperative.py", "via_device", grid=(1,), block=(32,), name="one_block",
         args=lambda rng: [np.zeros(32, np.int32), np.zeros(32, np.int32)],
         expect=via_device,
         numba_skip="the simulator's GridGroup.sync() returns None; numba-cuda's (and "
         "kernelc's) returns the int32 status 0, which this kernel adds"),
    Case("115_cooperative.py", "only_this_grid", grid=(1,), block=(1,),
         args=lambda rng: [np.zeros(1)],
         expect=lambda args: {0: np.ones(1)}),
]
