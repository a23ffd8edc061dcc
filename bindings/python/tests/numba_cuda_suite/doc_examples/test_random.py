# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/doc_examples/test_random.py. Upstream: Copyright (c) 2025
# NVIDIA CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and
# the unittest scaffolding turned into pytest functions; see ../README.md.


def test_ex_3d_grid():
    # magictoken.ex_3d_grid.begin
    from kernelc import cuda
    from kernelc.cuda.random import (
        create_xoroshiro128p_states,
        xoroshiro128p_uniform_float32,
    )
    import numpy as np

    @cuda.jit
    def random_3d(arr, rng_states):
        # Per-dimension thread indices and strides
        startx, starty, startz = cuda.grid(3)
        stridex, stridey, stridez = cuda.gridsize(3)

        # Linearized thread index
        tid = (startz * stridey * stridex) + (starty * stridex) + startx

        # Use strided loops over the array to assign a random value to each entry
        for i in range(startz, arr.shape[0], stridez):
            for j in range(starty, arr.shape[1], stridey):
                for k in range(startx, arr.shape[2], stridex):
                    arr[i, j, k] = xoroshiro128p_uniform_float32(
                        rng_states, tid
                    )

    # Array dimensions
    # Upstream's GPU size is 701 x 900 x 719 with a 16 x 16 x 16 grid of
    # 8 x 8 x 8 blocks: minutes on the CPU device (see ../README.md).
    X, Y, Z = 71, 90, 72

    # Block and grid dimensions
    bx, by, bz = 8, 8, 8
    gx, gy, gz = 4, 4, 4

    # Total number of threads
    nthreads = bx * by * bz * gx * gy * gz

    # Initialize a state for each thread
    rng_states = create_xoroshiro128p_states(nthreads, seed=1)

    # Generate random numbers
    arr = cuda.device_array((X, Y, Z), dtype=np.float32)
    random_3d[(gx, gy, gz), (bx, by, bz)](arr, rng_states)
    # magictoken.ex_3d_grid.end

    # Some basic tests of the randomly-generated numbers
    host_arr = arr.copy_to_host()
    assert np.mean(host_arr) > 0.49
    assert np.mean(host_arr) < 0.51
    assert np.all(host_arr <= 1.0)
    assert np.all(host_arr >= 0.0)
