// 03_matrix_add_2d.py: 2-d matrix addition on strided ("A" layout) matrices.
// Strides are in elements.
extern "C" __global__ void matrix_add(const float *a, long long as0, long long as1,
                                      const float *b, long long bs0, long long bs1,
                                      float *c, long long rows, long long cols,
                                      long long cs0, long long cs1)
{
    long long row = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long col = (long long)blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols)
        c[row * cs0 + col * cs1] = a[row * as0 + col * as1] + b[row * bs0 + col * bs1];
}
