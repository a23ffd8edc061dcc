# numba-cuda's `carray(ptr, shape[, dtype])` and `farray(...)`: an array of
# layout C or F over the elements a pointer points to, its extents an
# integer or a tuple (converted to intp), its strides those of a contiguous
# array; `dtype`, when given, must be the pointer's.
import cffi
from numba import cuda
from numba.cuda import types
from numba.cuda.np.numpy_support import carray, farray

ffi = cffi.FFI()


@cuda.jit(types.void(types.CPointer(types.float32)))
def add(a_ptr):
    a = carray(a_ptr, (1,), dtype=cuda.float32)
    if cuda.grid(1) == 0:
        a[0] += 1.2


@cuda.jit("void(float64[::1], int32, int32, float64[:, ::1])")
def views(flat, rows, cols, out):
    p = ffi.from_buffer(flat)
    c = carray(p, (rows, cols))
    f = farray(p, (rows, cols))
    v = carray(p, rows * cols)
    for i in range(rows):
        for j in range(cols):
            out[i, j] = c[i, j] - f[i, j] + v[i * cols + j] * c.strides[0] + f.strides[1]
    out[0, 0] = f.T[0, 1] + c.size + f.shape[0]
