# Misuses of pointers, with Numba's messages where it has them.
# expect: error at line 22: a pointer (float32*) takes one integer index, not a float32 value
# expect: error at line 23: a pointer (float32*) takes one integer index, not a tuple of type UniTuple(int64, 2)
# expect: error at line 24: a pointer (float32*) takes one integer index, not a bool value
# expect: error at line 30: from_buffer() unsupported on non-contiguous buffers (got array(float32, 1d, A))
# expect: error at line 31: from_buffer() only supports multidimensional arrays with C layout (got array(float32, 2d, F))
# expect: error at line 32: from_buffer() expected a buffer object, got float32
# expect: error at line 33: kernelc's ffi.from_buffer() takes an array in global memory (a kernel argument or a view of one), not an array of type array(float32, 1d, C, shared)
# expect: error at line 34: 'ext' takes a pointer of type float32* here, not an array of type array(float32, 1d, C)
# expect: error at line 35: 'ext' takes a pointer of type float32* here, not a pointer of type int32*
import cffi
from numba import cuda

ffi = cffi.FFI()

ext = cuda.declare_device("ext", "void(CPointer(float32))", abi="c")


@cuda.jit("void(CPointer(float32), float32)")
def bad_index(p, x):
    i = cuda.grid(1)
    p[x] = 1
    p[i, i] = 1
    p[True] = 1


@cuda.jit("void(float32[::1], float32[::1, :], int32[::1])")
def bad_buffers(a, f, b):
    s = cuda.shared.array(4, dtype=cuda.float32)  # numba.cuda's float32
    ffi.from_buffer(a[::2])
    ffi.from_buffer(f)
    ffi.from_buffer(a[0])
    ffi.from_buffer(s)
    ext(a)
    ext(ffi.from_buffer(b))
