"""177: closures in device functions: a factory returning a closure, a
closure over an array parameter, a closure defined in a loop, a captured
constant as a local array's shape, a default value read from the
enclosing function."""
import numpy as np
from harness import Case


def factory(args):
    out, a = args
    out = out.copy()
    s = 0.0
    for x in a:
        s += x * 0.5
    for i in range(out.size):
        out[i] = (a[i] + 7) + s + 3.0
    return {0: out}


def local_shape(args):
    (out,) = args
    out = out.copy()
    for i in range(out.size):
        tmp = np.array([np.float32(i + j) for j in range(4)], np.float32)
        s = 0.0
        for x in tmp:
            s += float(x)
        out[i] = s
    return {0: out}


def parent_defaults(args):
    (out,) = args
    out = out.copy()
    out[0], out[1] = 1 + 4, 1 + 10
    return {0: out}


CASES = [
    Case("177_closure_factory.py", "factory", grid=(1,), block=(32,),
         args=lambda rng: [np.zeros(24), rng.standard_normal(24)],
         expect=factory),
    Case("177_closure_factory.py", "local_shape", grid=(1,), block=(16,),
         args=lambda rng: [np.zeros(10, np.float32)],
         expect=local_shape),
    Case("177_closure_factory.py", "parent_defaults", grid=(1,), block=(1,),
         args=lambda rng: [np.zeros(2, np.int64)],
         expect=parent_defaults),
]
