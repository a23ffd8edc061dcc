// 71_shared_2d_transpose.py: transpose through a padded shared tile.
#define TILE_DIM 32
#define BLOCK_ROWS 8
#define PADDED (TILE_DIM + 1)
extern "C" __global__ void transpose(const float *src, long long rows, long long cols, float *dst)
{
    __shared__ float tile[TILE_DIM][PADDED];
    long long x = (long long)blockIdx.x * TILE_DIM + threadIdx.x;
    long long y = (long long)blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows)
            tile[threadIdx.y + j][threadIdx.x] = src[(y + j) * cols + x];
    __syncthreads();
    x = (long long)blockIdx.y * TILE_DIM + threadIdx.x;
    y = (long long)blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < rows && y + j < cols)
            dst[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}
