"""67: popc/clz/ffs/brev.  bits32 stores popc + clz + ffs of uint32 values and
bit-reverses them in place; bits64 does the same on 64 bits (clz/ffs of int64,
including negative values and 0); round_up_pow2 calls next_pow2.

next_pow2 looks like a 32-bit round-up but Numba types `v - 1` (v int32) as
int64, so cuda.clz is the 64-bit clz and `32 - clz(v - 1)` is negative for
every v >= 2: the shift amount, read unsigned, is >= 64 and the PTX shift (and
kernelc's IR) gives 0.  The "clz64" case pins that; the simulator (32-bit clz)
computes the intended power of two instead."""
import numpy as np
from harness import Case

U32 = [0, 1, 2, 3, 0x80000000, 0xFFFFFFFF, 0x00010000, 0x7FFFFFFF, 0xF0F0F0F0]


def popc(v):
    return bin(v).count("1")


def clz(v, bits):
    return bits - v.bit_length()


def ffs(v):
    return (v & -v).bit_length()


def brev(v, bits):
    return int(format(v, f"0{bits}b")[::-1], 2)


def b32_args(rng):
    x = rng.integers(0, 2**32, 200, dtype=np.uint32)
    x[:len(U32)] = U32
    return [x, np.zeros(200, np.int32)]


def b32_expect(a):
    xs = [int(v) for v in a[0]]
    return {0: np.array([brev(v, 32) for v in xs], np.uint32),
            1: np.array([popc(v) + clz(v, 32) + ffs(v) for v in xs], np.int32)}


def b64_args(rng):
    u = rng.integers(0, 2**64, 100, dtype=np.uint64)
    s = rng.integers(-2**63, 2**63, 100, dtype=np.int64) >> rng.integers(0, 64, 100)
    u[:4] = [0, 1, 2**64 - 1, 2**63]
    s[:6] = [0, 1, -1, -2**63, 2**62, 12]
    return [u, s, np.zeros(100, np.int32)]


def b64_expect(a):
    us = [int(v) for v in a[0]]
    ss = [int(v) & (2**64 - 1) for v in a[1]]  # two's complement bits
    return {0: np.array([brev(v, 64) for v in us], np.uint64),
            2: np.array([popc(u) + clz(s, 64) + ffs(s) for u, s in zip(us, ss)], np.int32)}


CASES = [
    Case("67_bit_intrinsics.py", "bits32", grid=(2,), block=(128,), args=b32_args, expect=b32_expect),
    Case("67_bit_intrinsics.py", "bits64", grid=(1,), block=(128,), args=b64_args, expect=b64_expect,
         numba_skip="simulator's popc/clz/ffs/brev format values as 32-bit Python ints (wrong for 64-bit and negative)"),
    Case("67_bit_intrinsics.py", "round_up_pow2", grid=(1,), block=(64,), name="le_one",
         args=lambda rng: [np.array([1, 0, -1, -7, np.iinfo(np.int32).min, 1, 0], np.int32)],
         expect=lambda a: {0: np.ones(7, np.int32)}),
    Case("67_bit_intrinsics.py", "round_up_pow2", grid=(1,), block=(64,), name="clz64",
         args=lambda rng: [np.array([2, 3, 5, 17, 1000, 2**30, 2**31 - 1, 1], np.int32)],
         expect=lambda a: {0: np.where(a[0] <= 1, 1, 0).astype(np.int32)},
         numba_skip="simulator's clz is 32-bit, so it computes the intended power of two; Numba's clz here is 64-bit"),
]
