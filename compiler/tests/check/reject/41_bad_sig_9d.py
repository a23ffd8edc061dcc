# expect: error at line 5: bad signature "void(float32[:,:,:,:,:,:,:,:,:])": arrays have 1 to 8 dimensions, not 9
from numba import cuda


@cuda.jit("void(float32[:,:,:,:,:,:,:,:,:])")
def zero9(x):
    a, b, c = cuda.grid(3)
    for d in range(x.shape[3]):
        x[a, b, c, d, 0, 0, 0, 0, 0] = 0.0
