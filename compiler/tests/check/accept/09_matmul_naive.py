# Naive matrix multiply on C-contiguous float64 matrices.
from numba import cuda


@cuda.jit("void(float64[:, ::1], float64[:, ::1], float64[:, ::1])")
def matmul(A, B, C):
    i, j = cuda.grid(2)
    if i < C.shape[0] and j < C.shape[1]:
        tmp = 0.
        for k in range(A.shape[1]):
            tmp += A[i, k] * B[k, j]
        C[i, j] = tmp
