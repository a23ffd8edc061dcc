"""Mixed int/float promotion: one thread; float32 op small int stays float32,
float32 op int32/int64/literal/float64 becomes float64.  i32[0] = 123456789 is
not representable in float32, so e = f32 + i32 shows the float64 promotion."""
import numpy as np
from harness import Case

F, D = np.float32, np.float64


def args(rng):
    return [np.array([1.75, 0.3, 0], F), np.array([2.2, 0, 0]), np.array([-3], np.int8),
            np.array([200], np.uint8), np.array([-300, 1001], np.int16), np.array([7], np.uint16),
            np.array([123456789], np.int32), np.array([2**40 + 1], np.int64)]


def expect(a):
    f32, f64, i8, u8, i16, u16, i32, i64 = a
    x = f32[0]
    a_, b, c, d, h, m = x + F(i8[0]), x + F(u8[0]), x * F(i16[0]), x - F(i16[1]), x * f32[1], x / f32[1]
    s32 = ((((a_ + b) + c) + d) + h) + m
    xd = D(x)
    e, f, g, k, l = xd + D(i32[0]), xd + D(i64[0]), xd + 1.0, xd + f64[0], xd * 2.0
    n, o, p = D(i32[0]) / 2.0, 3.5, f64[0] + D(i64[0])
    f32o, f64o = f32.copy(), f64.copy()
    f32o[2] = s32
    f64o[2] = ((((((e + f) + g) + k) + l) + n) + o) + p
    return {0: f32o, 1: f64o}


CASES = [
    # f32[0] = 1.75: f32 + 1 and f32 * 2.0 are exact in float32 too, so the simulator
    # (NumPy 2 keeps float32 there) agrees
    Case("25_float_promotion.py", "promote_float", grid=(2,), block=(32,), args=args, expect=expect),
]
