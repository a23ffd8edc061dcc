"""Bitwise ops and shifts: int32/uint32 operands widen to 64 bits before the
op (x << 3 does not wrap at 32 bits, >> is arithmetic on signed), the uint32
store truncates; swap_nibbles on uint8."""
import numpy as np
from harness import Case


def bit_args(lo, hi):
    def args(rng):
        a = rng.integers(lo, hi, 100).astype(np.int32)
        u = rng.integers(0, hi, 100).astype(np.uint32)
        return [a, u, np.zeros(100, np.int64)]
    return args


def bit_expect(a):
    x, y = a[0].astype(np.int64), a[1].astype(np.int64)
    out = (x & 0xF0) + (x | 1) + (x ^ y) + ~x + (x << 3) + (x >> 2) + ((y ^ (y >> 16)) & 1)
    u = ((y >> 4) | (y << 1)) & 0xffffffff
    return {1: u.astype(np.uint32), 2: out}


CASES = [
    Case("28_bitwise_shifts.py", "bit_ops", grid=(2,), block=(64,), args=bit_args(-1000, 1000),
         expect=bit_expect, name="small"),
    Case("28_bitwise_shifts.py", "bit_ops", grid=(2,), block=(64,), args=bit_args(-2**31, 2**31),
         expect=bit_expect,
         numba_skip="the simulator shifts np.int32/np.uint32 scalars in 32 bits (x << 3 wraps); "
                    "Numba widens to int64/uint64 first"),
    Case("28_bitwise_shifts.py", "swap_nibbles", grid=(2,), block=(256,),
         args=lambda rng: [np.arange(300).astype(np.uint8), np.zeros(300, np.uint8)],
         expect=lambda a: {1: (((a[0] & 0x0F) << 4) | (a[0] >> 4)).astype(np.uint8)}),
]
