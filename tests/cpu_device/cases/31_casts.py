"""Builtin conversions: int() and int32() truncate toward zero, round() is
round-half-even to int64, bool(v), int16()/uint8() of ints wrap; the float
part mixes float32 and float64 conversions."""
import numpy as np
from harness import Case


def wrap(v, bits, signed=True):
    v %= 2**bits
    return v - 2**bits if signed and v >= 2**(bits - 1) else v


def expect(a):
    x, ints, floats = a[0], a[1].copy(), a[2].copy()
    F = np.float32
    for i, v in enumerate(x.tolist()):
        as_int = int(v)
        i32 = int(v)
        small = wrap(as_int, 16)
        byte = as_int & 0xff
        h = wrap(i32, 16)
        ints[i] = as_int + round(v) + int(v) + i32 + small + byte + h + (1 if v else 0)
        f32, f32b = F(v), F(as_int)
        floats[i] = (f32 + f32b) + F(float(as_int) + float(f32) + float(i32))
    return {1: ints, 2: floats}


def make_args(vals):
    def args(rng):
        x = np.concatenate([np.array(vals, np.float64), rng.standard_normal(40) * 1000])
        return [x, np.zeros(x.size, np.int64), np.zeros(x.size, np.float32)]
    return args


CASES = [
    Case("31_casts.py", "casts", grid=(2,), block=(32,), expect=expect,
         args=make_args([2.5, -2.5, 0.5, -0.5, 1.5, 0.0, -0.0, 3.7, -3.7, 1e-300, 255.9, -256.2])),
    Case("31_casts.py", "casts", grid=(2,), block=(32,), expect=expect, name="int16_wrap",
         args=make_args([40000.7, -70000.2, 32768.0, 2**31 - 1.5, -2**31 + 0.5]),
         numba_skip="np.int16(python int) raises OverflowError in the simulator for values outside int16; "
                    "compiled code wraps"),
]
