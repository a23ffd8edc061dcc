# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/doc_examples/test_cpointer.py. Upstream: Copyright (c) 2025
# NVIDIA CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and
# the unittest scaffolding turned into pytest functions; see ../README.md.


def test_ex_cpointer():
    # ex_cpointer.sig.begin
    import numpy as np
    from kernelc import cuda
    from kernelc.cuda import types

    # The first kernel argument is a pointer to a uint8 array.
    # The second argument holds the length as a uint32.
    # The return type of a kernel is always void.
    sig = types.void(types.CPointer(types.uint8), types.uint32)
    # ex_cpointer.sig.end

    # ex_cpointer.kernel.begin
    @cuda.jit(sig)
    def add_one(x, n):
        i = cuda.grid(1)
        if i < n:
            x[i] += 1

    # ex_cpointer.kernel.end

    # ex_cpointer.launch.begin
    x = cuda.to_device(np.arange(10, dtype=np.uint8))

    # Print initial values of x
    print(x.copy_to_host())  # [0 1 2 3 4 5 6 7 8 9]

    # Obtain a pointer to the data from from the CUDA Array Interface
    x_ptr = x.__cuda_array_interface__["data"][0]
    x_len = len(x)

    # Launch the kernel with the pointer and length
    add_one[1, 32](x_ptr, x_len)

    # Demonstrate that the data was updated by the kernel
    print(x.copy_to_host())  # [ 1  2  3  4  5  6  7  8  9 10]
