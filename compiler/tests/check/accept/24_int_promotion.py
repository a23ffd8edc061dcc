# Integer promotion rules: every integer result widens to 64 bits,
# uint64 only when both operands are unsigned.
from numba import cuda


@cuda.jit("void(int8[::1], uint8[::1], int16[::1], uint16[::1], int32[::1], uint32[::1], int64[::1], uint64[::1])")
def promote(i8, u8, i16, u16, i32, u32, i64, u64):
    t = cuda.grid(1)
    if t != 0:
        return
    p_i8 = i8[0] * i8[1]          # int64
    p_u8 = u8[0] + u8[1]          # uint64
    p_u16 = u16[0] * u16[1]       # uint64
    p_mix16 = i16[0] - u16[0]     # int64
    d_u32_i32 = u32[0] - i32[0]   # int64
    s_u64_i64 = u64[0] + i64[0]   # int64
    s_u64 = u64[0] + u64[1]       # uint64
    lit_u32 = u32[0] + 1          # int64 (literal is int64)
    m_i32 = i32[0] * i32[1]       # int64
    neg_u8 = -u8[0]               # uint64
    inv_u32 = ~u32[0]             # uint64
    inv_i16 = ~i16[0]             # int64
    pos_i8 = +i8[0]               # int64
    fdiv = i32[0] // i32[1]       # int64
    idiv = i32[0] / i32[1]        # float64
    i64[2] = p_i8 + p_mix16 + d_u32_i32 + s_u64_i64 + lit_u32 + m_i32 + inv_i16 + pos_i8 + fdiv
    u64[2] = p_u8 + p_u16 + s_u64 + neg_u8 + inv_u32
    i32[2] = int(idiv)
    # stores convert to the element type
    i8[2] = p_i8
    u8[2] = p_u8
    i16[2] = p_mix16
    u16[2] = p_u16
