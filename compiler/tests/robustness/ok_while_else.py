# while/else: the else clause runs when the condition ends the loop (Numba
# supports it; kernelc too).
from numba import cuda

@cuda.jit('void(float32[:])')
def k(a):
    i = 0
    while i < 3:
        i += 1
    else:
        a[0] = 1.0
