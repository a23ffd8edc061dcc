// 2-D and 3-D thread indexing with bounds checks.
extern "C" __global__ void affine2d(const int *a, int *out, int rows, int cols)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r < rows && c < cols)
        out[r * cols + c] = 3 * a[r * cols + c] + 1000 * r - c;
}

// 7-point Laplacian on an nx*ny*nz grid (x fastest).
extern "C" __global__ void stencil7(const int *in, int *out, int nx, int ny, int nz)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= nx || y >= ny || z >= nz)
        return;
    int idx = (z * ny + y) * nx + x;
    int s = 6 * in[idx];
    if (x > 0) s -= in[idx - 1];
    if (x < nx - 1) s -= in[idx + 1];
    if (y > 0) s -= in[idx - nx];
    if (y < ny - 1) s -= in[idx + nx];
    if (z > 0) s -= in[idx - nx * ny];
    if (z < nz - 1) s -= in[idx + nx * ny];
    out[idx] = s;
}
