"""77: k-means assignment.  Each point takes the first centroid with the
smallest squared distance (float32 differences and squares, summed in
float64) and atomically bumps counts[label] (counts start at 10).  Centroid
3 duplicates centroid 1, so ties must go to the lower index.  Coordinates are
multiples of 1/8, so squared distances are exact in float32 too (the
simulator sums them in float32)."""
import numpy as np
from harness import Case

P, D, C = 500, 5, 6


def args(rng):
    pts = (rng.integers(-80, 81, (P, D)) / 8).astype(np.float32)
    cen = (rng.integers(-80, 81, (C, D)) / 8).astype(np.float32)
    cen[3] = cen[1]
    pts[0] = cen[1]
    return [pts, cen, np.full(P, -9, np.int32), np.full(C, 10, np.int32)]


def expect(a):
    pts, cen = a[0], a[1]
    d = np.zeros((P, C))
    for k in range(D):
        diff = pts[:, None, k] - cen[None, :, k]  # float32
        d = d + (diff * diff).astype(np.float64)
    labels = np.argmin(d, axis=1)  # first minimum
    return {2: labels.astype(np.int32), 3: (10 + np.bincount(labels, minlength=C)).astype(np.int32)}


CASES = [
    Case("77_kmeans_assign.py", "assign_clusters", grid=(4,), block=(128,), args=args, expect=expect),
]
