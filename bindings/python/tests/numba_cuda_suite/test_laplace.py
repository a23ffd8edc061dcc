# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_laplace.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import numpy as np
from kernelc import cuda
from kernelc.cuda import float64, void

# NOTE: CUDA kernel does not return any value

# Upstream's sizes for its simulator (its GPU sizes take minutes on
# kernelc's CPU device).
tpb = 4
SM_SIZE = tpb, tpb


def test_laplace_small():
    @cuda.jit(float64(float64, float64), device=True, inline="always")
    def get_max(a, b):
        if a > b:
            return a
        else:
            return b

    @cuda.jit(void(float64[:, :], float64[:, :], float64[:, :]))
    def jocabi_relax_core(A, Anew, error):
        err_sm = cuda.shared.array(SM_SIZE, dtype=float64)

        ty = cuda.threadIdx.x
        tx = cuda.threadIdx.y
        bx = cuda.blockIdx.x
        by = cuda.blockIdx.y

        n = A.shape[0]
        m = A.shape[1]

        i, j = cuda.grid(2)

        err_sm[ty, tx] = 0
        if j >= 1 and j < n - 1 and i >= 1 and i < m - 1:
            Anew[j, i] = 0.25 * (
                A[j, i + 1] + A[j, i - 1] + A[j - 1, i] + A[j + 1, i]
            )
            err_sm[ty, tx] = Anew[j, i] - A[j, i]

        cuda.syncthreads()

        # max-reduce err_sm vertically
        t = tpb // 2
        while t > 0:
            if ty < t:
                err_sm[ty, tx] = get_max(err_sm[ty, tx], err_sm[ty + t, tx])
            t //= 2
            cuda.syncthreads()

        # max-reduce err_sm horizontally
        t = tpb // 2
        while t > 0:
            if tx < t and ty == 0:
                err_sm[ty, tx] = get_max(err_sm[ty, tx], err_sm[ty, tx + t])
            t //= 2
            cuda.syncthreads()

        if tx == 0 and ty == 0:
            error[by, bx] = err_sm[0, 0]

    # Upstream's sizes for its simulator (its GPU sizes take minutes on
    # kernelc's CPU device).
    NN, NM = 4, 4
    iter_max = 20

    A = np.zeros((NN, NM), dtype=np.float64)
    Anew = np.zeros((NN, NM), dtype=np.float64)

    n = NN

    tol = 1.0e-6
    error = 1.0

    for j in range(n):
        A[j, 0] = 1.0
        Anew[j, 0] = 1.0

    iter = 0

    blockdim = (tpb, tpb)
    griddim = (NN // blockdim[0], NM // blockdim[1])

    error_grid = np.zeros(griddim)

    stream = cuda.stream()

    dA = cuda.to_device(A, stream)  # to device and don't come back
    dAnew = cuda.to_device(Anew, stream)  # to device and don't come back
    derror_grid = cuda.to_device(error_grid, stream)

    while error > tol and iter < iter_max:
        assert error_grid.dtype == np.float64

        jocabi_relax_core[griddim, blockdim, stream](dA, dAnew, derror_grid)

        derror_grid.copy_to_host(error_grid, stream=stream)

        # error_grid is available on host
        stream.synchronize()

        error = np.abs(error_grid).max()

        # swap dA and dAnew
        tmp = dA
        dA = dAnew
        dAnew = tmp

        iter += 1


