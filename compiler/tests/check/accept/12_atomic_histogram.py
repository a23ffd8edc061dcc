# Histogram of byte values: privatised shared-memory bins, then global atomics.
from numba import cuda, int32

NBINS = 256


@cuda.jit("void(uint8[::1], int32[::1])")
def histogram(data, bins):
    local_bins = cuda.shared.array(NBINS, int32)
    t = cuda.threadIdx.x
    # each thread clears a strided subset of the bins
    for b in range(t, NBINS, cuda.blockDim.x):
        local_bins[b] = 0
    cuda.syncthreads()

    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, data.size, stride):
        cuda.atomic.add(local_bins, data[i], 1)
    cuda.syncthreads()

    for b in range(t, NBINS, cuda.blockDim.x):
        cuda.atomic.add(bins, b, local_bins[b])


@cuda.jit("void(float32[::1], float32, float32, int32[::1])")
def histogram_float(x, lo, hi, bins):
    i = cuda.grid(1)
    if i >= x.size:
        return
    nb = bins.shape[0]
    k = int((x[i] - lo) / (hi - lo) * nb)
    k = min(max(k, 0), nb - 1)
    cuda.atomic.add(bins, k, 1)
