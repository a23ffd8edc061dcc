"""Device functions in their own module (imported by test_modules.py)."""

from kernelc import cuda

OFFSET = 10


@cuda.jit(device=True)
def shifted_square(x):
    return x * x + OFFSET


@cuda.jit(device=True)
def store_far(a, i):
    a[i + 1000] = 1.0  # store_far's faulting line


@cuda.jit(device=True)
def adds_a_string(x):
    return x + "not a number"  # adds_a_string's bad line
