# print() of string literals and scalars inside kernels (GPU printf).
from numba import cuda


@cuda.jit("void(float32[::1], int32)")
def show(x, step):
    i = cuda.grid(1)
    if i == 0:
        print("kernel started")
        print("step", step, "size", x.size)
    if i < x.size and x[i] < 0:
        print("negative value at", i, ":", x[i])
    if i == 0:
        print(1.5, True, cuda.threadIdx.x, cuda.blockDim.x)


@cuda.jit("void(int64[::1])")
def show_device(a):
    tid = cuda.threadIdx.x
    if tid < 2:
        print("thread", tid, "of block", cuda.blockIdx.x, "sees", a[tid])
    print()
