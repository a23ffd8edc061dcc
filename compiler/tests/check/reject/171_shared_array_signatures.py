# expect: error at line 21: >>> array(shape=Tuple(Literal[int](1), array(float32, 1d, A)), dtype=class(float32))
# expect: error at line 27: >>> array(shape=list(int64)<iv=[5, 6]>, dtype=class(float32))
# expect: error at line 33: >>> array(shape=float32, dtype=class(float32))
# expect: error at line 39: Invalid NumPy dtype specified: 'int33'
# expect: error at line 40: No implementation of function Function(<function local.array>)
# expect: error at line 40: >>> array(int32, Literal[str](int32))
# expect: error at line 48: 'cuda.local.array' needs a constant shape
# A shape that is not a constant, or a string naming no dtype, is Numba's
# "No implementation of function" error for `cuda.shared.array` /
# `cuda.local.array`, with the call's argument types as Numba spells them.
from numba import cuda, float32, int32

GLOBAL_CONSTANT = 5
GLOBAL_CONSTANT_2 = 6




@cuda.jit("void(float32[:, :])")
def tuple_with_runtime_extent(A):
    sa = cuda.shared.array(shape=(1, A[0]), dtype=float32)
    A[0, 0] = sa[0, 0]


@cuda.jit("void(float32[:, :])")
def list_shape(A):
    sa = cuda.shared.array(shape=[GLOBAL_CONSTANT, GLOBAL_CONSTANT_2], dtype=float32)
    A[0, 0] = sa[0, 0]


@cuda.jit("void(float32[:])")
def float_shape(A):
    sa = cuda.shared.array(shape=A[0], dtype=float32)
    A[0] = sa[0]


@cuda.jit("void(int32[:])")
def bad_dtypes(A):
    sa = cuda.shared.array(10, dtype="int33")
    sb = cuda.local.array(A[0], "int32")
    A[0] = sa[0] + sb[0]


@cuda.jit("void(int32[:])")
def untyped_argument(A):
    # An argument kernelc cannot type (an empty list) leaves Numba's
    # signature line out: kernelc's reason alone.
    sa = cuda.local.array(shape=[], dtype="float32")
    A[0] = sa[0]
