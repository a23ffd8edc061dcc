# cuda.gridsize(3) and gridDim.x/.y/.z.
from numba import cuda


@cuda.jit("void(int64[:, :, :])")
def count_threads(out):
    x, y, z = cuda.grid(3)
    gx, gy, gz = cuda.gridsize(3)
    blocks = cuda.gridDim.x * cuda.gridDim.y * cuda.gridDim.z
    if x < out.shape[0] and y < out.shape[1] and z < out.shape[2]:
        out[x, y, z] = gx * gy * gz + blocks


@cuda.jit("void(int64[::1])")
def total_size(out):
    dims = cuda.gridsize(3)
    if cuda.grid(1) == 0:
        out[0] = dims[0] * dims[1] * dims[2]
