"""Device functions in their own module (imported by test_modules.py)."""

from kernelc import cuda

OFFSET = 10


@cuda.jit(device=True)
def shifted_square(x):
    return x * x + OFFSET
