// 06_grid_stride_2d.py: 2-d grid-stride fill of a C-contiguous float64 matrix.
extern "C" __global__ void fill_2d(double *a, long long rows, long long cols, double value)
{
    long long x0 = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long y0 = (long long)blockIdx.y * blockDim.y + threadIdx.y;
    long long sx = (long long)gridDim.x * blockDim.x;
    long long sy = (long long)gridDim.y * blockDim.y;
    for (long long i = x0; i < rows; i += sx)
        for (long long j = y0; j < cols; j += sy)
            a[i * cols + j] = value + (double)i * 0.5 - (double)j;
}
