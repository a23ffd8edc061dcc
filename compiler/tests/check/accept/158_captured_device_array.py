# kernelc: --global DEV=float32[::1]
# kernelc: --global MAT=int64[:,:]
# Device arrays captured from module-level names (in numba-cuda, a
# `cuda.to_device` array held in a global or closure variable): not
# copied, the kernel reads and writes the device memory itself. kernelc
# passes each as a hidden parameter after the kernel's own (the host
# supplies it: the binding passes the captured array), and device
# functions that read one get it from their caller.
from numba import cuda


@cuda.jit(device=True)
def bump(i, by):
    DEV[i] += by
    return DEV[i]


@cuda.jit("void(float32[::1])")
def scale(out):
    i = cuda.grid(1)
    if i < DEV.size:
        out[i] = bump(i, 1.5) * 2


@cuda.jit("void(int64[::1])")
def row_sums(out):
    r = cuda.grid(1)
    if r < MAT.shape[0]:
        total = 0
        for c in range(MAT.shape[1]):
            total += MAT[r, c]
            MAT[r, c] = -MAT[r, c]
        out[r] = total
