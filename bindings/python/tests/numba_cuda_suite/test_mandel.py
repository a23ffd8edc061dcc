# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_mandel.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

from kernelc.cuda import float64, uint32
from kernelc.cuda import compile_ptx


def test_mandel():
    """Just make sure we can compile this"""

    def mandel(tid, min_x, max_x, min_y, max_y, width, height, iters):
        pixel_size_x = (max_x - min_x) / width
        pixel_size_y = (max_y - min_y) / height

        x = tid % width
        y = tid / width

        real = min_x + x * pixel_size_x
        imag = min_y + y * pixel_size_y

        c = complex(real, imag)
        z = 0.0j

        for i in range(iters):
            z = z * z + c
            if (z.real * z.real + z.imag * z.imag) >= 4:
                return i
        return iters

    args = (
        uint32,
        float64,
        float64,
        float64,
        float64,
        uint32,
        uint32,
        uint32,
    )
    compile_ptx(mandel, args, device=True)


