# Matrix transpose through a padded 2-d shared tile (avoids bank conflicts).
from numba import cuda, float32

TILE_DIM = 32
BLOCK_ROWS = 8
PADDED = TILE_DIM + 1


@cuda.jit("void(float32[:, ::1], float32[:, ::1])")
def transpose(src, dst):
    tile = cuda.shared.array((TILE_DIM, PADDED), float32)
    x = cuda.blockIdx.x * TILE_DIM + cuda.threadIdx.x
    y = cuda.blockIdx.y * TILE_DIM + cuda.threadIdx.y
    rows, cols = src.shape
    for j in range(0, TILE_DIM, BLOCK_ROWS):
        if x < cols and y + j < rows:
            tile[cuda.threadIdx.y + j, cuda.threadIdx.x] = src[y + j, x]
    cuda.syncthreads()
    x = cuda.blockIdx.y * TILE_DIM + cuda.threadIdx.x
    y = cuda.blockIdx.x * TILE_DIM + cuda.threadIdx.y
    for j in range(0, TILE_DIM, BLOCK_ROWS):
        if x < rows and y + j < cols:
            dst[y + j, x] = tile[cuda.threadIdx.x, cuda.threadIdx.y + j]
