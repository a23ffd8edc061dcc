"""104: device functions passed as values, held in variables and tuples,
and bound under other names; references in plain Python."""
import numpy as np
from harness import Case


def functions(args):
    a, out = args
    out = out.copy()
    square, twice, cube = (lambda x: x * x), (lambda x: 2 * x), (lambda x: x * x * x)
    for i, x in enumerate(a):
        out[i] = [square(x), twice(x), cube(x), square(twice(x)), twice(x) + twice(1.0),
                  square(x) + twice(x), cube(x)]
    return {1: out}


CASES = [
    Case("104_function_values.py", "functions", grid=(1,), block=(32,),
         args=lambda rng: [rng.standard_normal(20), np.zeros((20, 7))],
         expect=functions),
]
