"""Integer promotion: one thread (of 64) computes mixes of every width; all
results widen to 64 bits (uint64 only when both sides are unsigned) and wrap
when stored back to the narrow arrays.  The reference is Python ints reduced
modulo 2**bits."""
import numpy as np
from harness import Case


def wrap(v, dtype):
    bits = np.dtype(dtype).itemsize * 8
    v %= 2**bits
    if np.issubdtype(dtype, np.signedinteger) and v >= 2**(bits - 1):
        v -= 2**bits
    return v


def make_args(i8, u8, i16, u16, i32, u32, i64, u64):
    def args(rng):
        out = []
        for vals, dt in ((i8, np.int8), (u8, np.uint8), (i16, np.int16), (u16, np.uint16),
                         (i32, np.int32), (u32, np.uint32), (i64, np.int64), (u64, np.uint64)):
            out.append(np.array(list(vals) + [0], dt))
        return out
    return args


def expect(a):
    i8, u8, i16, u16, i32, u32, i64, u64 = ([int(v) for v in arr] for arr in a)
    s64 = lambda v: wrap(v, np.int64)
    p_i8 = i8[0] * i8[1]
    p_u8 = u8[0] + u8[1]
    p_u16 = u16[0] * u16[1]
    p_mix16 = i16[0] - u16[0]
    d_u32_i32 = u32[0] - i32[0]
    s_u64_i64 = s64(s64(u64[0]) + i64[0])
    s_u64 = u64[0] + u64[1]
    lit_u32 = u32[0] + 1
    m_i32 = i32[0] * i32[1]
    # Numba negates and inverts in the operand's width, then widens.
    neg_u8 = wrap(-u8[0], np.uint8)
    inv_u32 = wrap(~u32[0], np.uint32)
    inv_i16 = wrap(~i16[0], np.int16)
    pos_i8 = i8[0]
    fdiv = i32[0] // i32[1]
    idiv = i32[0] / i32[1]
    r = [arr.copy() for arr in a]
    r[6][2] = s64(p_i8 + p_mix16 + d_u32_i32 + s_u64_i64 + lit_u32 + m_i32 + inv_i16 + pos_i8 + fdiv)
    r[7][2] = wrap(p_u8 + p_u16 + s_u64 + neg_u8 + inv_u32, np.uint64)
    r[4][2] = int(idiv)
    r[0][2] = wrap(p_i8, np.int8)
    r[1][2] = wrap(p_u8, np.uint8)
    r[2][2] = wrap(p_mix16, np.int16)
    r[3][2] = wrap(p_u16, np.uint16)
    return dict(enumerate(r))


CASES = [
    Case("24_int_promotion.py", "promote", grid=(2,), block=(32,), expect=expect, name="small",
         args=make_args([-7, 3], [20, 10], [-300, 5], [600, 3], [-100000, 7], [4000, 5], [-5, 0], [105, 10]),
         numba_skip="the simulator computes ~np.uint32 in uint32 (Numba: uint64), so u64[2] differs"),
    Case("24_int_promotion.py", "promote", grid=(2,), block=(32,), expect=expect,
         args=make_args([-7, 100], [200, 100], [-300, 5], [60000, 3], [-100000, 7], [4000000000, 5],
                        [-5, 0], [2**63 + 5, 2**64 - 10]),
         numba_skip="the simulator does NumPy scalar arithmetic: int8*int8 wraps in int8, uint8+uint8 in "
                    "uint8 and uint64+int64 gives float64, where Numba widens to 64-bit integers"),
]
