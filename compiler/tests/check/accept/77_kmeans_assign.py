# k-means assignment step: nearest centroid per point, plus cluster counts.
import math

from numba import cuda


@cuda.jit("void(float32[:, ::1], float32[:, ::1], int32[::1], int32[::1])")
def assign_clusters(points, centroids, labels, counts):
    p = cuda.grid(1)
    if p >= points.shape[0]:
        return
    dims = points.shape[1]
    best = -1
    best_d = math.inf
    for c in range(centroids.shape[0]):
        d = 0.0
        for k in range(dims):
            diff = points[p, k] - centroids[c, k]
            d += diff * diff
        if d < best_d:
            best_d = d
            best = c
    labels[p] = best
    cuda.atomic.add(counts, best, 1)
