# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_array_alignment.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import itertools
import numpy as np
import pytest
from kernelc import cuda
from kernelc import TypingError


# Set to true if you want to see dots printed for each subtest.
NOISY = False


# Left out: upstream's regexes of the alignment in the LLVM IR of the shared
# (SMEM_PATTERN) and local (LMEM_PATTERN) arrays, and the checks that use
# them (kernelc has no LLVM IR); the address checks are kept.


DTYPES = [np.uint8, np.uint32, np.uint64]

# Add in some record dtypes with and without alignment.
for align in (True, False):
    DTYPES += [
        np.dtype(
            [
                ("a", np.uint8),
                ("b", np.int32),
                ("c", np.float64),
            ],
            align=align,
        ),
        np.dtype(
            [
                ("a", np.uint32),
                ("b", np.uint8),
            ],
            align=align,
        ),
        np.dtype(
            [
                ("a", np.uint8),
                ("b", np.int32),
                ("c", np.float64),
                ("d", np.complex64),
                ("e", (np.uint8, 5)),
            ],
            align=align,
        ),
    ]

# N.B. We name the test class TestArrayAddressAlignment to avoid name conflict
#      with the test_alignment.TestArrayAlignment class.
# Upstream's TestArrayAddressAlignment (skipped on numba-cuda's simulator):



ALIGNMENT = pytest.mark.xfail(
    strict=True,
    reason="unsupported in kernelc: a closure variable holding None as the alignment "
    "(alignment=None: Untyped global name 'alignment', not a compile-time constant), "
    "an array's address in a kernel (local_array.ctypes.data: arrays have no "
    "attribute 'ctypes' in kernels) and alignments above 16 (64, 256: not supported "
    "yet, kernelc aligns these arrays to 16)",
)


@ALIGNMENT
def test_array_alignment_1d():
    shapes = (1, 8, 50)
    alignments = (None, 16, 64, 256)
    array_types = [(0, "local"), (1, "shared")]
    _do_test(array_types, shapes, DTYPES, alignments)


@ALIGNMENT
def test_array_alignment_2d():
    shapes = ((2, 3),)
    alignments = (None, 16, 64, 256)
    array_types = [(0, "local"), (1, "shared")]
    _do_test(array_types, shapes, DTYPES, alignments)


@ALIGNMENT
def test_array_alignment_3d():
    shapes = ((2, 3, 4), (1, 4, 5))
    alignments = (None, 16, 64, 256)
    array_types = [(0, "local"), (1, "shared")]
    _do_test(array_types, shapes, DTYPES, alignments)


def _do_test(array_types, shapes, dtypes, alignments):
    items = itertools.product(array_types, shapes, dtypes, alignments)

    for (which, array_type), shape, dtype, alignment in items:
        @cuda.jit
        def f(loc, shrd, which):
            i = cuda.grid(1)
            if which == 0:
                local_array = cuda.local.array(
                    shape=shape,
                    dtype=dtype,
                    alignment=alignment,
                )
                if i == 0:
                    loc[0] = local_array.ctypes.data
            else:
                shared_array = cuda.shared.array(
                    shape=shape,
                    dtype=dtype,
                    alignment=alignment,
                )
                if i == 0:
                    shrd[0] = shared_array.ctypes.data

        loc = np.zeros(1, dtype=np.uint64)
        shrd = np.zeros(1, dtype=np.uint64)
        f[1, 1](loc, shrd, which)

        # (left out: the LLVM IR checks of the alignment of the array, and
        # with no alignment given, that local memory has none and shared
        # memory a power of two)
        if alignment is not None:
            # Also verify that the address of the array is aligned.
            # If this fails, there problem is likely with NVVM.
            address = loc[0] if which == 0 else shrd[0]
            alignment_mod = int(address % alignment)
            assert alignment_mod == 0

        if NOISY:
            print(".", end="", flush=True)


@pytest.mark.xfail(
    strict=True,
    reason="message: an invalid alignment (-1, 0, 3...) is refused as in Numba, with "
    "kernelc's TypingError ('cuda.local.array': the alignment must be a positive power "
    "of two and a multiple of 8, not -1), not ValueError 'Alignment must be...'; and "
    "the kernel reads local_array.ctypes.data (arrays have no attribute 'ctypes')",
)
def test_invalid_aligments():
    shapes = (1, 50)
    dtypes = (np.uint8, np.uint64)
    invalid_alignment_values = (-1, 0, 3, 17, 33)
    invalid_alignment_types = ("1.0", "1", "foo", 1.0, 1.5, 3.2)
    alignments = invalid_alignment_values + invalid_alignment_types
    array_types = [(0, "local"), (1, "shared")]

    # Use regex pattern to match error message, handling potential ANSI
    # color codes which appear on CI.
    expected_invalid_type_error_regex = (
        r"RequireLiteralValue:.*alignment must be a constant integer"
    )

    items = itertools.product(array_types, shapes, dtypes, alignments)

    for (which, array_type), shape, dtype, alignment in items:
        if which == 0:

            @cuda.jit
            def f(dest_array):
                i = cuda.grid(1)
                local_array = cuda.local.array(
                    shape=shape,
                    dtype=dtype,
                    alignment=alignment,
                )
                if i == 0:
                    dest_array[0] = local_array.ctypes.data
        else:

            @cuda.jit
            def f(dest_array):
                i = cuda.grid(1)
                shared_array = cuda.shared.array(
                    shape=shape,
                    dtype=dtype,
                    alignment=alignment,
                )
                if i == 0:
                    dest_array[0] = shared_array.ctypes.data

        array = np.zeros(1, dtype=np.uint64)

        # The type of error we expect differs between an invalid value
        # that is still an int, and an invalid type.
        if isinstance(alignment, int):
            with pytest.raises(ValueError, match=r"Alignment must be.*"):
                f[1, 1](array)
        else:
            with pytest.raises(TypingError, match=expected_invalid_type_error_regex):
                f[1, 1](array)

        if NOISY:
            print(".", end="", flush=True)


# Left out: upstream's TestCudasimUnsupportedAlignment (numba-cuda's simulator
# only).
