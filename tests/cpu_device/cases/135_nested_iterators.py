"""135: enumerate() and zip() nested in each other, with references written
as the same Python loops over NumPy values."""
import numpy as np
from harness import Case, fma


# Numba's simulator adds a float32 item to an int64 in float32 (NumPy 2
# promotes a Python int weakly); compiled Numba, like kernelc, computes in
# float64 (135_nested_iterators.numba.json has Numba's types).
SIM_FLOAT32 = ("the simulator adds float32 and int64 in float32 (NumPy 2 promotion); "
               "compiled Numba, like kernelc, in float64")


def enumerate_zip(args, fused=False):
    x, y, out = args
    out = out.copy()
    count = 0
    for i, (xv, yv) in enumerate(zip(x, y)):
        # `xv * 10 + yv` rounds once at -O2.
        head = fma(xv, 10.0, np.float64(yv)) if fused else xv * 10 + np.float64(yv)
        out[i] = head + count
        count += 1
    out[len(out) - 1] = count
    return {2: out}


def zip_enumerate(args):
    x, y, out = args
    out = out.copy()
    for (i, xv), yv in zip(enumerate(x, 5), y):
        out[i - 5] = i * 1000 + int(yv)
    return {2: out}


def zips_of_zips(args):
    x, y, out = args
    out = out.copy()
    for t in zip(zip(x, range(2, 9)), enumerate(y, -1)):
        j = t[0][1] - 2
        out[j] = np.float64(t[0][0]) + t[1][0] * 100 + np.float64(t[1][1] * 10000)
    return {2: out}


def enumerate_enumerate(args):
    x, out = args
    out = out.copy()
    for i, (j, v) in enumerate(enumerate(x, 3), 7):
        out[i - 7] = i * 100 + j * 10 + int(v)
    return {1: out}


CASES = [
    Case("135_nested_iterators.py", "enumerate_zip", grid=(1,), block=(1,), name=f"n{n}",
         args=lambda rng, n=n: [rng.standard_normal(n), rng.integers(-9, 9, 7).astype(np.int32),
                                np.zeros(12)],
         expect=enumerate_zip, fused=lambda a: enumerate_zip(a, fused=True))
    for n in (5, 9, 0)
] + [
    Case("135_nested_iterators.py", "zip_enumerate", grid=(1,), block=(1,),
         args=lambda rng: [rng.standard_normal(6), rng.integers(-9, 9, 4).astype(np.int32),
                           np.zeros(6, np.int64)],
         expect=zip_enumerate),
    Case("135_nested_iterators.py", "zips_of_zips", grid=(1,), block=(1,),
         args=lambda rng: [rng.standard_normal(10).astype(np.float32), rng.integers(-50, 50, 9),
                           np.zeros(8)],
         expect=zips_of_zips, numba_skip=SIM_FLOAT32),
    Case("135_nested_iterators.py", "enumerate_enumerate", grid=(1,), block=(1,),
         args=lambda rng: [rng.integers(-300, 300, 5).astype(np.int16), np.zeros(5, np.int64)],
         expect=enumerate_enumerate),
]
