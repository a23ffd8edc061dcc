# kernelc: --kernel scalar_cell --sig "void(array(float64, 0d, C), float64[::1], array(float32, 0d, C))"
# 0-d arrays (Numba's `array(float64, 0d, C)`, NumPy's `np.array(2.5)`):
# one element, read and written as `a[()]`, passed to device functions;
# `size` 1, `ndim` 0, `shape` and `strides` the empty tuple, `reshape` to
# one dimension.
from numba import cuda


@cuda.jit(device=True)
def bump(cell, by):
    cell[()] += by


@cuda.jit
def scalar_cell(acc, xs, out):
    i = cuda.grid(1)
    if i == 0:
        for x in xs:
            acc[()] += x
        bump(out, 1)
        out[()] = out[()] * 2 + acc.ndim + acc.size + len(acc.shape) + len(acc.strides)
        flat = acc.reshape(1)
        flat[0] += 0.5
