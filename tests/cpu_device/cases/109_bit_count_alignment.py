"""109: int.bit_count() (as cuda.popc) and aligned shared/local arrays."""
import numpy as np
from harness import Case


def popc(v, bits):
    return bin(int(v) & ((1 << bits) - 1)).count("1")


def bits(args):
    a, b, out = args
    return {2: np.array([popc(x, 64) * 1000 + popc(y, 8) for x, y in zip(a, b)], np.int64)}


CASES = [
    Case("109_bit_count_alignment.py", "bits", grid=(1,), block=(32,), name="nonnegative",
         args=lambda rng: [np.array([0, 1, 7, 2**40 + 3, 255, 2**63 - 1], np.int64),
                           np.array([0, 1, 3, 255, 128, 17], np.uint8), np.zeros(6, np.int64)],
         expect=bits),
    Case("109_bit_count_alignment.py", "bits", grid=(1,), block=(32,), name="negative",
         args=lambda rng: [np.array([-1, -8, -(2**63)], np.int64), np.array([6, 9, 1], np.uint8),
                           np.zeros(3, np.int64)],
         expect=bits,
         numba_skip="the simulator runs Python's int.bit_count (bits of the absolute value); compiled "
                    "numba-cuda's bit_count is cuda.popc, the two's-complement bits, as kernelc's"),
    Case("109_bit_count_alignment.py", "aligned", grid=(1,), block=(32,),
         args=lambda rng: [rng.standard_normal(32), np.zeros(32)],
         expect=lambda a: {1: a[0][::-1] + 3 * np.arange(32)},
         numba_skip="the simulator refuses alignment= ('Array alignment is not supported in cudasim')"),
]
