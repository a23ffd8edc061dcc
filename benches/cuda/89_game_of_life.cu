// 89_game_of_life.py: Game of Life on a torus (Python modulo), uint8 cells.
__device__ __forceinline__ long long pymod(long long a, long long b)
{
    long long r = a % b;
    return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
extern "C" __global__ void life_step(const unsigned char *board, long long rows, long long cols,
                                     unsigned char *out)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long j = (long long)blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= rows || j >= cols)
        return;
    long long alive = 0;
    for (long long di = -1; di < 2; di++)
        for (long long dj = -1; dj < 2; dj++) {
            if (di == 0 && dj == 0)
                continue;
            alive += board[pymod(i + di, rows) * cols + pymod(j + dj, cols)];
        }
    unsigned char cell = board[i * cols + j];
    if (cell == 1 && (alive < 2 || alive > 3))
        out[i * cols + j] = 0;
    else if (cell == 0 && alive == 3)
        out[i * cols + j] = 1;
    else
        out[i * cols + j] = cell;
}
