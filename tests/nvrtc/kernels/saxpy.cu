// 1-D indexing, grid-stride loop, scalar parameters, __restrict__ (ld.global.nc),
// float4 vector loads/stores, FMA contraction (a*x+y -> fma.rn.f32).
extern "C" __global__ void saxpy(int n, float a, const float *__restrict__ x, float *y)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = a * x[i] + y[i];
}

extern "C" __global__ void scale_vec4(const float4 *__restrict__ in, float4 *out, int n4, float s)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) {
        float4 v = in[i];
        v.x *= s;
        v.y *= s;
        v.z *= s;
        v.w *= s;
        out[i] = v;
    }
}
