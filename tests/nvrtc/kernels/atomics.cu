// Global atomics.  Inputs are chosen so that every ordering of the updates
// gives the same bits (floats are multiples of 1/4, doubles of 1/1024).
extern "C" __global__ void atomic_accumulate(const int *iv, const float *fv, const double *dv, int n,
                                             int *isum, float *fsum, double *dsum, int *imax,
                                             int *imin, unsigned long long *usum, unsigned *bits,
                                             int *isub)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int v = iv[i];
    atomicAdd(isum, v);
    atomicAdd(fsum, fv[i]);
    atomicAdd(dsum, dv[i]);
    atomicMax(imax, v);
    atomicMin(imin, v);
    atomicAdd(usum, (unsigned long long)(unsigned)v * 4096ull);
    atomicOr(&bits[0], 1u << (v & 31));
    atomicAnd(&bits[1], ~(1u << ((v >> 5) & 31)));
    atomicXor(&bits[2], (unsigned)v);
    atomicSub(isub, v);
}

// atomicInc with wrap-around, atomicExch and atomicCAS claiming: each thread
// records the old values it saw; the host checks them as multisets.
extern "C" __global__ void atomic_inc_exch(unsigned *ctr, unsigned limit, unsigned *inc_old, int *slot,
                                           int *exch_old, int *owner, int *claimed)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    inc_old[i] = atomicInc(ctr, limit);
    exch_old[i] = atomicExch(slot, i + 1);
    // every 4 consecutive threads race for one owner slot (initially -1)
    int prev = atomicCAS(&owner[i / 4], -1, i);
    claimed[i] = (prev == -1) ? 1 : 0;
}

// atomicCAS loops: double add emulated on 64-bit words (the classic pre-sm_60
// code) and float max on the bit pattern.
__device__ double cas_add_double(double *addr, double val)
{
    unsigned long long *p = (unsigned long long *)addr;
    unsigned long long old = *p, assumed;
    do {
        assumed = old;
        old = atomicCAS(p, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
    } while (assumed != old);
    return __longlong_as_double(old);
}

__device__ float cas_max_float(float *addr, float val)
{
    int *p = (int *)addr;
    int old = *p, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= val)
            break;
        old = atomicCAS(p, assumed, __float_as_int(val));
    } while (assumed != old);
    return __int_as_float(old);
}

extern "C" __global__ void atomic_cas_loops(const double *dv, const float *fv, int n, double *dsum,
                                            float *fmax)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        cas_add_double(dsum, dv[i]);
        cas_max_float(fmax, fv[i]);
    }
}
