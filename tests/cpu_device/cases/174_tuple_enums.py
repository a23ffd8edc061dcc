"""174: enum members whose values are tuples (Planet: (mass, radius)),
compared by value, unpacked, indexed, chosen at run time and passed
through device functions; Cell: int tuples with an alias member."""
import numpy as np
from harness import Case

PLANETS = {"MERCURY": (3.303e23, 2.4397e6), "VENUS": (4.869e24, 6.0518e6),
           "EARTH": (5.976e24, 6.37814e6), "MARS": (6.421e23, 3.3972e6)}
G = 6.673e-11


def gravity(p):
    mass, radius = p
    return G * mass / (radius * radius)


def planets_expect(args):
    ka, kb, flags, out = args
    flags, out = flags.copy(), out.copy()
    for i in range(flags.shape[0]):
        a = PLANETS["EARTH"] if ka == 0 else PLANETS["MARS"]
        b = PLANETS["EARTH"] if kb + i == 0 else PLANETS["VENUS"]
        flags[i, :6] = [a == b, a != b, a == b, a != b, a == PLANETS["EARTH"], True]
        out[i] = [gravity(a), gravity(PLANETS["MARS"]), a[1] - b[1], PLANETS["MERCURY"][0]]
    return {2: flags, 3: out}


def planets_args(ka, kb):
    return lambda rng: [np.int64(ka), np.int64(kb), np.zeros((3, 8), np.bool_),
                        np.zeros((3, 4), np.float64)]


def cells_expect(args):
    out, n = args
    out = out.copy()
    for i in range(n):
        out[i] = 3 if i % 2 == 1 else 10
    return {0: out}


CASES = [
    Case("174_tuple_enums.py", "planets", grid=(1,), block=(4,), args=planets_args(0, 0),
         expect=planets_expect, rtol=1e-15, name="earth"),
    Case("174_tuple_enums.py", "planets", grid=(1,), block=(4,), args=planets_args(1, -1),
         expect=planets_expect, rtol=1e-15, name="mars"),
    Case("174_tuple_enums.py", "cells", grid=(2,), block=(4,),
         args=lambda rng: [np.full(7, -1, np.int64), np.int64(7)], expect=cells_expect),
]
