# 3-D volume kernel: cuda.grid(3), a.shape unpacking, .y/.z special registers.
from numba import cuda


@cuda.jit("void(float64[:, :, :], float64, float64[:, :, :])")
def scale_volume(vol, factor, out):
    x, y, z = cuda.grid(3)
    nx, ny, nz = vol.shape
    if x < nx and y < ny and z < nz:
        out[x, y, z] = vol[x, y, z] * factor


@cuda.jit("void(int32[:, :, ::1])")
def write_block_coords(out):
    # Same index computed from the raw registers, on every axis.
    x = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
    y = cuda.blockIdx.y * cuda.blockDim.y + cuda.threadIdx.y
    z = cuda.blockIdx.z * cuda.blockDim.z + cuda.threadIdx.z
    if x < out.shape[0] and y < out.shape[1] and z < out.shape[2]:
        out[x, y, z] = cuda.threadIdx.x + cuda.threadIdx.y * 8 + cuda.threadIdx.z * 64
