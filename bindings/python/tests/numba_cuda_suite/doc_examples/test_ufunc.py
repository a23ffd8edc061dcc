# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/doc_examples/test_ufunc.py. Upstream: Copyright (c) 2025
# NVIDIA CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and
# the unittest scaffolding turned into pytest functions; see ../README.md.


def test_ex_cuda_ufunc_call():
    # ex_cuda_ufunc.begin
    import numpy as np
    from kernelc import cuda

    # A kernel calling a ufunc (sin, in this case)
    @cuda.jit
    def f(r, x):
        # Compute sin(x) with result written to r
        np.sin(x, r)

    # Declare input and output arrays
    x = np.arange(10, dtype=np.float32) - 5
    r = np.zeros_like(x)

    # Launch kernel that calls the ufunc
    f[1, 1](r, x)

    # A quick sanity check demonstrating equality of the sine computed by
    # the sin ufunc inside the kernel, and NumPy's sin ufunc
    np.testing.assert_allclose(r, np.sin(x))
