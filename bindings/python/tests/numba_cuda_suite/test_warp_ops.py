# Ported from numba-cuda 0.30.4 (NVIDIA/numba-cuda@152868224df4),
# numba_cuda/numba/cuda/tests/cudapy/test_warp_ops.py. Upstream: Copyright (c) 2025 NVIDIA
# CORPORATION & AFFILIATES, BSD-2-Clause. Only the import changed and the
# unittest scaffolding turned into pytest functions; see README.md.

import re

import numpy as np
import pytest
from kernelc import cuda, errors
from kernelc.cuda import int32, int64, float32, float64
from kernelc.cuda import compile_ptx


def useful_syncwarp(ary):
    i = cuda.grid(1)
    if i == 0:
        ary[0] = 42
    cuda.syncwarp(0xFFFFFFFF)
    ary[i] = ary[0]


def use_shfl_sync_idx(ary, idx):
    i = cuda.grid(1)
    val = cuda.shfl_sync(0xFFFFFFFF, i, idx)
    ary[i] = val


def use_shfl_sync_up(ary, delta):
    i = cuda.grid(1)
    val = cuda.shfl_up_sync(0xFFFFFFFF, i, delta)
    ary[i] = val


def use_shfl_sync_down(ary, delta):
    i = cuda.grid(1)
    val = cuda.shfl_down_sync(0xFFFFFFFF, i, delta)
    ary[i] = val


def use_shfl_sync_xor(ary, xor):
    i = cuda.grid(1)
    val = cuda.shfl_xor_sync(0xFFFFFFFF, i, xor)
    ary[i] = val


def use_shfl_sync_with_val(ary, into):
    i = cuda.grid(1)
    val = cuda.shfl_sync(0xFFFFFFFF, into, 0)
    ary[i] = val


def use_vote_sync_all(ary_in, ary_out):
    i = cuda.grid(1)
    pred = cuda.all_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = pred


def use_vote_sync_any(ary_in, ary_out):
    i = cuda.grid(1)
    pred = cuda.any_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = pred


def use_vote_sync_eq(ary_in, ary_out):
    i = cuda.grid(1)
    pred = cuda.eq_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = pred


def use_vote_sync_ballot(ary):
    i = cuda.threadIdx.x
    ballot = cuda.ballot_sync(0xFFFFFFFF, True)
    ary[i] = ballot


def use_match_any_sync(ary_in, ary_out):
    i = cuda.grid(1)
    ballot = cuda.match_any_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = ballot


def use_match_all_sync(ary_in, ary_out):
    i = cuda.grid(1)
    ballot, pred = cuda.match_all_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = ballot if pred else 0


def use_independent_scheduling(arr):
    i = cuda.threadIdx.x
    if i % 4 == 0:
        ballot = cuda.ballot_sync(0x11111111, True)
    elif i % 4 == 1:
        ballot = cuda.ballot_sync(0x22222222, True)
    elif i % 4 == 2:
        ballot = cuda.ballot_sync(0x44444444, True)
    elif i % 4 == 3:
        ballot = cuda.ballot_sync(0x88888888, True)
    arr[i] = ballot



def test_useful_syncwarp():
    compiled = cuda.jit("void(int32[:])")(useful_syncwarp)
    nelem = 32
    ary = np.empty(nelem, dtype=np.int32)
    compiled[1, nelem](ary)
    assert np.all(ary == 42)

def test_shfl_sync_idx():
    compiled = cuda.jit("void(int32[:], int32)")(use_shfl_sync_idx)
    nelem = 32
    idx = 4
    ary = np.empty(nelem, dtype=np.int32)
    compiled[1, nelem](ary, idx)
    assert np.all(ary == idx)

def test_shfl_sync_up():
    compiled = cuda.jit("void(int32[:], int32)")(use_shfl_sync_up)
    nelem = 32
    delta = 4
    ary = np.empty(nelem, dtype=np.int32)
    exp = np.arange(nelem, dtype=np.int32)
    exp[delta:] -= delta
    compiled[1, nelem](ary, delta)
    assert np.all(ary == exp)

def test_shfl_sync_down():
    compiled = cuda.jit("void(int32[:], int32)")(use_shfl_sync_down)
    nelem = 32
    delta = 4
    ary = np.empty(nelem, dtype=np.int32)
    exp = np.arange(nelem, dtype=np.int32)
    exp[:-delta] += delta
    compiled[1, nelem](ary, delta)
    assert np.all(ary == exp)

def test_shfl_sync_xor():
    compiled = cuda.jit("void(int32[:], int32)")(use_shfl_sync_xor)
    nelem = 32
    xor = 16
    ary = np.empty(nelem, dtype=np.int32)
    exp = np.arange(nelem, dtype=np.int32) ^ xor
    compiled[1, nelem](ary, xor)
    assert np.all(ary == exp)

@pytest.mark.xfail(
    strict=True,
    reason=(
        'unsupported in kernelc: compile_ptx(..., cc=(10, 0)); kernelc targets '
        'sm_50 to sm_90 (ValueError: unsupported architecture sm_100)'
    ),
)
def test_shfl_sync_const_mode_val_sm100():
    # Test shfl_sync compiles with cc=(10, 0)
    subtest = [
        use_shfl_sync_idx,
        use_shfl_sync_up,
        use_shfl_sync_down,
        use_shfl_sync_xor,
    ]

    for func in subtest:
        compile_ptx(func, (int32[:], int32), cc=(10, 0))

def test_shfl_sync_types():
    types = int32, int64, float32, float64
    values = (
        np.int32(-1),
        np.int64(1 << 42),
        np.float32(np.pi),
        np.float64(np.pi),
    )
    for typ, val in zip(types, values):
        compiled = cuda.jit((typ[:], typ))(use_shfl_sync_with_val)
        nelem = 32
        ary = np.empty(nelem, dtype=val.dtype)
        compiled[1, nelem](ary, val)
        assert np.all(ary == val)

@pytest.mark.xfail(
    strict=True,
    reason=(
        'unsupported in kernelc: compile_ptx(..., cc=(10, 0)); kernelc targets '
        'sm_50 to sm_90 (ValueError: unsupported architecture sm_100)'
    ),
)
def test_vote_sync_const_mode_val_sm100():
    subtest = [
        (use_vote_sync_all, "void(int32[:], int32[:])"),
        (use_vote_sync_any, "void(int32[:], int32[:])"),
        (use_vote_sync_eq, "void(int32[:], int32[:])"),
        (use_vote_sync_ballot, "void(uint32[:])"),
    ]

    for func, sig in subtest:
        compile_ptx(func, sig, cc=(10, 0))

@pytest.mark.xfail(
    strict=True,
    reason=(
        'kernelc differs: a float mask of cuda.all_sync is refused with '
        "kernelc's message ('needs an integer here'), not 'Mask type must be an"
        " integer', and a float32/float64 predicate is accepted where Numba "
        "refuses it ('Predicate must be an integer or boolean')"
    ),
)
def test_vote_sync_type_validation():
    nelem = 32

    def use_vote_sync_all_with_mask(mask, predicate, result):
        i = cuda.grid(1)
        if i < result.shape[0]:
            result[i] = cuda.all_sync(mask[i], predicate[i])

    invalid_cases = [
        (
            "void(float32[:], int32[:], int32[:])",
            "Mask type must be an integer",
        ),
        (
            "void(boolean[:], int32[:], int32[:])",
            "Mask type must be an integer",
        ),
        (
            "void(float64[:], int32[:], int32[:])",
            "Mask type must be an integer",
        ),
        (
            "void(int32[:], float32[:], int32[:])",
            "Predicate must be an integer or boolean",
        ),
        (
            "void(int32[:], float64[:], int32[:])",
            "Predicate must be an integer or boolean",
        ),
    ]

    for sig, expected_msg in invalid_cases:
        with pytest.raises(errors.TypingError, match=expected_msg):
            cuda.jit(sig)(use_vote_sync_all_with_mask)

    valid_cases = [
        # mask: unsigned/signed integer
        # predicate: unsigned/signed integer, boolean
        ("void(uint32[:], uint32[:], int32[:])", np.uint32, np.uint32),
        ("void(int64[:], int64[:], int32[:])", np.int64, np.int64),
        ("void(uint64[:], uint64[:], int32[:])", np.uint64, np.uint64),
        ("void(int32[:], int32[:], int32[:])", np.int32, np.int32),
        ("void(uint32[:], boolean[:], int32[:])", np.uint32, np.bool_),
        ("void(uint64[:], boolean[:], int32[:])", np.uint64, np.bool_),
    ]

    for sig, mask_dtype, pred_dtype in valid_cases:
        mask_val = (~np.array(0, dtype=mask_dtype)).item()
        compiled = cuda.jit(sig)(use_vote_sync_all_with_mask)
        ary_mask = np.full(nelem, mask_val, dtype=mask_dtype)
        ary_pred = np.ones(nelem, dtype=pred_dtype)
        ary_result = np.empty(nelem, dtype=np.int32)
        compiled[1, nelem](ary_mask, ary_pred, ary_result)

    # literals
    @cuda.jit
    def use_vote_sync_all_with_literal(result):
        i = cuda.grid(1)
        if i < result.shape[0]:
            result[i] = cuda.all_sync(0xFFFFFFFF, 1)

    ary_result = np.empty(nelem, dtype=np.int32)
    use_vote_sync_all_with_literal[1, nelem](ary_result)

    @cuda.jit
    def use_vote_sync_all_with_predicate_literal(mask, result):
        i = cuda.grid(1)
        if i < mask.shape[0]:
            result[i] = cuda.all_sync(mask[i], 1)

    ary_mask = np.full(nelem, 0xFFFFFFFF, dtype=np.uint32)
    ary_result = np.empty(nelem, dtype=np.int32)
    use_vote_sync_all_with_predicate_literal[1, nelem](ary_mask, ary_result)

def test_vote_sync_all():
    compiled = cuda.jit("void(int32[:], int32[:])")(use_vote_sync_all)
    nelem = 32
    ary_in = np.ones(nelem, dtype=np.int32)
    ary_out = np.empty(nelem, dtype=np.int32)
    compiled[1, nelem](ary_in, ary_out)
    assert np.all(ary_out == 1)
    ary_in[-1] = 0
    compiled[1, nelem](ary_in, ary_out)
    assert np.all(ary_out == 0)

def test_vote_sync_any():
    compiled = cuda.jit("void(int32[:], int32[:])")(use_vote_sync_any)
    nelem = 32
    ary_in = np.zeros(nelem, dtype=np.int32)
    ary_out = np.empty(nelem, dtype=np.int32)
    compiled[1, nelem](ary_in, ary_out)
    assert np.all(ary_out == 0)
    ary_in[2] = 1
    ary_in[5] = 1
    compiled[1, nelem](ary_in, ary_out)
    assert np.all(ary_out == 1)

def test_vote_sync_eq():
    compiled = cuda.jit("void(int32[:], int32[:])")(use_vote_sync_eq)
    nelem = 32
    ary_in = np.zeros(nelem, dtype=np.int32)
    ary_out = np.empty(nelem, dtype=np.int32)
    compiled[1, nelem](ary_in, ary_out)
    assert np.all(ary_out == 1)
    ary_in[1] = 1
    compiled[1, nelem](ary_in, ary_out)
    assert np.all(ary_out == 0)
    ary_in[:] = 1
    compiled[1, nelem](ary_in, ary_out)
    assert np.all(ary_out == 1)

def test_vote_sync_ballot():
    compiled = cuda.jit("void(uint32[:])")(use_vote_sync_ballot)
    nelem = 32
    ary = np.empty(nelem, dtype=np.uint32)
    compiled[1, nelem](ary)
    assert np.all(ary == np.uint32(0xFFFFFFFF))

def test_match_any_sync():
    compiled = cuda.jit("void(int32[:], int32[:])")(use_match_any_sync)
    nelem = 10
    ary_in = np.arange(nelem, dtype=np.int32) % 2
    ary_out = np.empty(nelem, dtype=np.int32)
    exp = np.tile((0b0101010101, 0b1010101010), 5)
    compiled[1, nelem](ary_in, ary_out)
    assert np.all(ary_out == exp)

def test_match_all_sync():
    compiled = cuda.jit("void(int32[:], int32[:])")(use_match_all_sync)
    nelem = 10
    ary_in = np.zeros(nelem, dtype=np.int32)
    ary_out = np.empty(nelem, dtype=np.int32)
    compiled[1, nelem](ary_in, ary_out)
    assert np.all(ary_out == 0b1111111111)
    ary_in[1] = 4
    compiled[1, nelem](ary_in, ary_out)
    assert np.all(ary_out == 0)

def test_independent_scheduling():
    compiled = cuda.jit("void(uint32[:])")(use_independent_scheduling)
    arr = np.empty(32, dtype=np.uint32)
    exp = np.tile((0x11111111, 0x22222222, 0x44444444, 0x88888888), 8)
    compiled[1, 32](arr)
    assert np.all(arr == exp)

def test_activemask():
    @cuda.jit
    def use_activemask(x):
        i = cuda.grid(1)
        if (i % 2) == 0:
            # Even numbered threads fill in even numbered array entries
            # with binary "...01010101"
            x[i] = cuda.activemask()
        else:
            # Odd numbered threads fill in odd numbered array entries
            # with binary "...10101010"
            x[i] = cuda.activemask()

    out = np.zeros(32, dtype=np.uint32)
    use_activemask[1, 32](out)

    # 0x5 = 0101: The pattern from even-numbered threads
    # 0xA = 1010: The pattern from odd-numbered threads
    expected = np.tile((0x55555555, 0xAAAAAAAA), 16)
    np.testing.assert_equal(expected, out)

def test_lanemask_lt():
    @cuda.jit
    def use_lanemask_lt(x):
        i = cuda.grid(1)
        x[i] = cuda.lanemask_lt()

    out = np.zeros(32, dtype=np.uint32)
    use_lanemask_lt[1, 32](out)

    # A string of 1s that grows from the LSB for each entry:
    # 0, 1, 3, 7, F, 1F, 3F, 7F, FF, 1FF, etc.
    # or in binary:
    # ...0001, ....0011, ...0111, etc.
    expected = np.asarray([(2**i) - 1 for i in range(32)], dtype=np.uint32)
    np.testing.assert_equal(expected, out)


