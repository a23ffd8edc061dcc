# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_typeinfer.py. Upstream: Copyright
# (c) 2025 NVIDIA CORPORATION & AFFILIATES, BSD-2-Clause. Only the part
# that types a function: `test_partial_typing_error`, whose function is
# compiled here with `cuda.compile_ptx(..., device=True)` (upstream runs
# Numba's untyped passes and type inference in a custom pipeline,
# `get_func_typing_errs`); the classes that call Numba's typing context
# directly (`TestUnify`, `TestTypeConversion`, `TestResolveOverload`) are
# left out; see README.md.

import pytest

from kernelc import TypingError, cuda, types


@pytest.mark.xfail(
    strict=True,
    reason="message: refused as in Numba (a string as a value), with kernelc's message "
    "('strings are only supported as arguments of print() in kernels'), not Numba's "
    "\"Cannot unify Literal[int](1) and Literal[str]() for 'a'\"",
)
def test_partial_typing_error():
    """
    Make sure partial typing stores type errors in compiler state properly
    """

    # example with type unification error
    def impl(flag):
        if flag:
            a = 1
        else:
            a = ""
        return a

    with pytest.raises(
        TypingError,
        match=r"Cannot unify Literal\[int\]\(1\) and Literal\[str\]\(\) for 'a'",
    ):
        cuda.compile_ptx(impl, (types.bool_,), device=True)
