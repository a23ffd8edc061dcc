// 77_kmeans_assign.py: nearest centroid per point, plus cluster counts.
extern "C" __global__ void assign_clusters(const float *points, long long npoints, long long dims,
                                           const float *centroids, long long ncentroids, long long cdims,
                                           int *labels, int *counts)
{
    long long p = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npoints)
        return;
    long long best = -1;
    double best_d = __longlong_as_double(0x7ff0000000000000LL); // math.inf
    for (long long c = 0; c < ncentroids; c++) {
        double d = 0.0;
        for (long long k = 0; k < dims; k++) {
            float diff = points[p * dims + k] - centroids[c * cdims + k];
            d += diff * diff;
        }
        if (d < best_d) {
            best_d = d;
            best = c;
        }
    }
    labels[p] = (int)best;
    atomicAdd(&counts[best], 1);
}
