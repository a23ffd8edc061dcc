"""100: tuples indexed by run-time values (shapes, strides, literal tuples,
tuples of arrays), references written with NumPy and Python tuples."""
import numpy as np
from harness import Case


def shapes(args):
    c, out = args
    out = out.copy()
    for i in range(out.size):
        axis = i % 3
        out[i] = c.shape[axis] * 1000 + c.strides[-1 - axis] + c.shape[2 - axis] * 100000
    return {1: out}


def pick(args):
    a, b, out = args
    out = out.copy()
    weights = (0.5, 1.5, -2.0, 4.0)
    for i in range(out.size):
        k = i % 4
        src = (a, b)[i % 2]
        out[i] = weights[k] * src[i] + weights[-k - 1]
    return {2: out}


CASES = [
    Case("100_tuple_runtime_index.py", "shapes", grid=(1,), block=(32,),
         args=lambda rng: [np.zeros((2, 3, 5), np.float32), np.zeros(9, np.int64)],
         expect=shapes),
    Case("100_tuple_runtime_index.py", "pick", grid=(2,), block=(32,),
         args=lambda rng: [rng.standard_normal(50), rng.standard_normal(50), np.zeros(50)],
         expect=pick),
]

CASES += [
    Case("100_tuple_runtime_index.py", "choose", grid=(1,), block=(1,), name=f"k{k}",
         args=lambda rng, k=k: [np.zeros(1, np.int64), np.int64(k)],
         expect=lambda a: {0: np.array([(10, 20, 30)[int(a[1])]])})
    for k in (0, 2, -1, -3)
] + [
    Case("100_tuple_runtime_index.py", "choose", grid=(1,), block=(1,), name=f"k{k}_out_of_range",
         args=lambda rng, k=k: [np.zeros(1, np.int64), np.int64(k)],
         # Numba raises IndexError, which ends the thread without debug=True:
         # nothing is stored
         expect=lambda a: {0: np.zeros(1, np.int64)},
         numba_skip="the simulator raises the IndexError even without debug=True; Numba's CUDA "
                    "target ignores it there (the thread ends), as kernelc does")
    for k in (3, -4)
]
