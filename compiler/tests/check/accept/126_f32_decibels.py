# Power to decibels and octaves on float32 (log10, log2, exp2, exp).
import math

from numba import cuda, float32


@cuda.jit("void(float32[::1], float32[::1], float32[::1])")
def decibels(power, db, octave):
    i = cuda.grid(1)
    if i < power.shape[0]:
        p = power[i]
        db[i] = float32(10) * math.log10(p)
        octave[i] = math.exp2(math.log2(p) - float32(1)) + math.exp(-p)
