"""55: array layouts.  Element-wise copies between any/C/F layouts in 1, 2 and
3 dimensions (F-ordered arguments are passed as np.asfortranarray); guards on
every axis of 2-d and 3-d grids with sizes that are not block multiples."""
import numpy as np
from harness import Case


def c_to_f_args(rng):
    return [rng.standard_normal((19, 23)), np.asfortranarray(np.zeros((19, 23)))]


def f_to_any_args(rng):
    return [np.asfortranarray(rng.standard_normal((19, 23))), np.zeros((19, 23))]


def c3_args(rng):
    src = rng.integers(-32768, 32768, (5, 7, 9)).astype(np.int16)
    return [src, np.asfortranarray(np.zeros((5, 7, 9), np.int16))]


CASES = [
    Case("55_array_layouts.py", "copy_any_to_c", grid=(2,), block=(64,),
         args=lambda rng: [rng.standard_normal(100).astype(np.float32), np.zeros(100, np.float32)],
         expect=lambda a: {1: a[0]}),
    Case("55_array_layouts.py", "c_to_f", grid=(3, 3), block=(8, 8), args=c_to_f_args,
         expect=lambda a: {1: a[0]}),
    Case("55_array_layouts.py", "f_to_any", grid=(3, 3), block=(8, 8), args=f_to_any_args,
         expect=lambda a: {1: a[0]}),
    Case("55_array_layouts.py", "c3_to_f3", grid=(2, 2, 3), block=(4, 4, 4), args=c3_args,
         expect=lambda a: {1: a[0]}),
]
